//go:build !purego

package shani

import (
	"testing"

	"github.com/lanehash/lanehash/lanes/internal/kerneltest"
)

// sha256Kernel is the kernel under the shared benchmarks, checked
// against crypto/sha256.
var sha256Kernel = &kerneltest.Kernel{
	Needs:    "SHA-NI (CPUID leaf 7 EBX bit 29) or SSSE3/SSE4.1",
	CPU:      Supported,
	Width:    Width,
	Ref:      kerneltest.SHA256,
	PackRef:  kerneltest.SHA256PackRef,
	Pairs:    SHA256Pairs,
	Lockstep: SHA256Lockstep,
	Pack:     SHA256Pack,
	Unpack:   SHA256Unpack,
}

// requireSHANI skips a test on a CPU without the SHA extensions, the
// only reason a test here may be skipped.
func requireSHANI(tb testing.TB) {
	tb.Helper()
	sha256Kernel.Require(tb)
}
