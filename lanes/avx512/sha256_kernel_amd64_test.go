//go:build !purego

package avx512

import (
	"testing"

	"golang.org/x/sys/cpu"

	"github.com/lanehash/lanehash/lanes/internal/kerneltest"
)

// sha256Kernel is the SHA-256 kernel under the shared benchmarks,
// checked against crypto/sha256. It needs AVX-512 F for the arithmetic
// and BW for VPSHUFB on zmm, with zmm state enabled by the OS.
var sha256Kernel = &kerneltest.Kernel{
	Needs:    "AVX-512 F/VL/BW",
	CPU:      func() bool { return cpu.X86.HasAVX512F && cpu.X86.HasAVX512VL && cpu.X86.HasAVX512BW },
	Width:    SHA256Lanes,
	Ref:      kerneltest.SHA256,
	PackRef:  kerneltest.SHA256PackRef,
	Pairs:    SHA256Pairs,
	Lockstep: SHA256Lockstep,
	Pack:     SHA256Pack,
	Unpack:   SHA256Unpack,
}

// requireAVX512 skips tb on a CPU that cannot run the SHA-256 kernel.
func requireAVX512(tb testing.TB) {
	tb.Helper()
	sha256Kernel.Require(tb)
}
