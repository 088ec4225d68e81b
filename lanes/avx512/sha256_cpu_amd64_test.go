//go:build !purego

package avx512

import (
	"testing"

	"golang.org/x/sys/cpu"
)

// requireAVX512 skips t unless the CPU and OS support the AVX-512 subsets
// the SHA-256 kernel uses (F for the arithmetic, BW for VPSHUFB on zmm).
func requireAVX512(tb testing.TB) {
	tb.Helper()
	if !cpu.X86.HasAVX512F || !cpu.X86.HasAVX512VL || !cpu.X86.HasAVX512BW {
		tb.Skip("CPU lacks AVX-512 F/VL/BW (or the OS does not enable zmm state)")
	}
}
