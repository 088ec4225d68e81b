package cpufeat

import (
	"strings"

	"golang.org/x/sys/cpu"
)

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

// ID is this CPU's identity from CPUID leaves 0, 1 and 0x80000002–4.
var ID = detectIdentity()

func detectIdentity() Identity {
	maxLeaf, b, c, d := cpuid(0, 0)
	id := Identity{Vendor: string(le32(b, d, c))}
	if maxLeaf >= 1 {
		eax, _, _, _ := cpuid(1, 0)
		id.Family, id.Model, id.Stepping = displayFamilyModel(eax)
	}
	if maxExt, _, _, _ := cpuid(0x80000000, 0); maxExt >= 0x80000004 {
		var brand []byte
		for leaf := uint32(0x80000002); leaf <= 0x80000004; leaf++ {
			a, b, c, d := cpuid(leaf, 0)
			brand = append(brand, le32(a, b, c, d)...)
		}
		id.Brand = strings.TrimSpace(strings.TrimRight(string(brand), "\x00"))
	}
	return id
}

// displayFamilyModel decodes CPUID leaf 1 EAX the way both vendors
// document it: the extended family is added when the base family is
// 0xF, and the extended model prefixed when it is 6 or 0xF.
func displayFamilyModel(eax uint32) (family, model, stepping uint32) {
	family, model, stepping = eax>>8&0xF, eax>>4&0xF, eax&0xF
	if family == 0xF || family == 6 {
		model |= (eax >> 16 & 0xF) << 4
	}
	if family == 0xF {
		family += eax >> 20 & 0xFF
	}
	return family, model, stepping
}

// le32 lays out register values as the little-endian bytes CPUID's
// strings are made of.
func le32(regs ...uint32) []byte {
	b := make([]byte, 0, 4*len(regs))
	for _, r := range regs {
		b = append(b, byte(r), byte(r>>8), byte(r>>16), byte(r>>24))
	}
	return b
}
