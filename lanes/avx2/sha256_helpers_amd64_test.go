//go:build !purego

package avx2

import (
	"testing"

	"golang.org/x/sys/cpu"

	"github.com/lanehash/lanehash/lanes/internal/kerneltest"
)

// sha256Kernel is the SHA-256 kernel under the shared benchmarks,
// checked against crypto/sha256.
var sha256Kernel = &kerneltest.Kernel{
	Needs:    "AVX2",
	CPU:      func() bool { return cpu.X86.HasAVX2 },
	Width:    SHA256Width,
	Ref:      kerneltest.SHA256,
	PackRef:  kerneltest.SHA256PackRef,
	Pairs:    SHA256Pairs,
	Lockstep: SHA256Lockstep,
	Pack:     SHA256Pack,
	Unpack:   SHA256Unpack,
}

// sha256Guarded returns a slice of n bytes at byte offset off inside a larger
// buffer filled with a guard pattern, and a check that the bytes around
// the slice still hold the pattern.
func sha256Guarded(n, off int) ([]byte, func(tb testing.TB)) {
	const pad = 64
	buf := make([]byte, off+n+pad)
	for i := range buf {
		buf[i] = 0xa5
	}
	s := buf[off : off+n : off+n]
	return s, func(tb testing.TB) {
		tb.Helper()
		for i := 0; i < off; i++ {
			if buf[i] != 0xa5 {
				tb.Fatalf("byte %d before the slice was overwritten", off-i)
			}
		}
		for i := off + n; i < len(buf); i++ {
			if buf[i] != 0xa5 {
				tb.Fatalf("byte %d after the slice was overwritten", i-off-n)
			}
		}
	}
}
