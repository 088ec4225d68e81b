package cpufeat

import "golang.org/x/sys/cpu"

// cpuid executes the CPUID instruction (cpuid_amd64.s).
func cpuid(leaf, subleaf uint32) (eax, ebx, ecx, edx uint32)

// The amd64 features the kernels need, detected once at init.
var (
	// SHA reports the SHA extensions: CPUID leaf 7, subleaf 0, EBX bit
	// 29. They use xmm registers only, whose state every amd64 OS saves,
	// so no XGETBV check is needed.
	SHA      = detectSHA()
	SSSE3    = cpu.X86.HasSSSE3
	SSE41    = cpu.X86.HasSSE41
	AVX      = cpu.X86.HasAVX
	AVX2     = cpu.X86.HasAVX2
	AVX512F  = cpu.X86.HasAVX512F
	AVX512VL = cpu.X86.HasAVX512VL
	AVX512BW = cpu.X86.HasAVX512BW
)

func detectSHA() bool {
	if maxLeaf, _, _, _ := cpuid(0, 0); maxLeaf < 7 {
		return false
	}
	_, ebx, _, _ := cpuid(7, 0)
	return ebx&(1<<29) != 0
}
