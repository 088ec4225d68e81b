//go:build !purego

package lanes

import (
	"strings"

	"golang.org/x/sys/cpu"
)

// cpuid executes the CPUID instruction (cpuid_amd64.s).
func cpuid(leaf, subleaf uint32) (eax, ebx, ecx, edx uint32)

// hasSHANI reports the SHA extensions: CPUID leaf 7, subleaf 0, EBX bit
// 29. golang.org/x/sys/cpu has no flag for them on amd64. They operate on
// xmm registers only, whose state every amd64 OS saves, so no XGETBV
// check is needed beyond what SSE already implies.
var hasSHANI = detectSHANI()

func detectSHANI() bool {
	if maxLeaf, _, _, _ := cpuid(0, 0); maxLeaf < 7 {
		return false
	}
	_, ebx, _, _ := cpuid(7, 0)
	return ebx&(1<<29) != 0
}

// Features of the amd64 kernels. x/sys/cpu already folds the OS's
// XGETBV-reported register state into its flags: HasAVX and HasAVX2 are
// false unless the OS saves ymm state, and HasAVX512* are false unless
// it saves opmask and zmm state.
var (
	featSHANI    = feature{"sha", hasSHANI}
	featSSSE3    = feature{"ssse3", cpu.X86.HasSSSE3}
	featSSE41    = feature{"sse4.1", cpu.X86.HasSSE41}
	featAVX      = feature{"avx", cpu.X86.HasAVX}
	featAVX2     = feature{"avx2", cpu.X86.HasAVX2}
	featAVX512F  = feature{"avx512f", cpu.X86.HasAVX512F}
	featAVX512VL = feature{"avx512vl", cpu.X86.HasAVX512VL}
	featAVX512BW = feature{"avx512bw", cpu.X86.HasAVX512BW}
)

// feature is one CPU capability a kernel needs, as detected at init.
type feature struct {
	name    string
	present bool
}

// missingFeatures lists, comma-separated, the features that are absent;
// "" means the kernel can run.
func missingFeatures(fs ...feature) string {
	var missing []string
	for _, f := range fs {
		if !f.present {
			missing = append(missing, f.name)
		}
	}
	return strings.Join(missing, ", ")
}
