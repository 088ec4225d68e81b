//go:build !purego

package shani

import (
	"crypto/sha256"
	"math/rand/v2"
	"testing"
)

// requireSHANI skips a test on a CPU without the SHA extensions, the
// only reason a test here may be skipped.
func requireSHANI(tb testing.TB) {
	tb.Helper()
	if !Supported() {
		tb.Skip("CPU lacks SHA-NI (CPUID leaf 7 EBX bit 29) or SSSE3/SSE4.1")
	}
}

// randomBytes returns n bytes from a generator seeded with seed, so
// every pair and every lane holds different data.
func randomBytes(seed uint64, n int) []byte {
	r := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

// stdPairs is the reference: crypto/sha256 on each 64-byte pair.
func stdPairs(src []byte) []byte {
	out := make([]byte, 0, len(src)/2)
	for i := 0; i+64 <= len(src); i += 64 {
		d := sha256.Sum256(src[i : i+64])
		out = append(out, d[:]...)
	}
	return out
}

// mustPanic fails the test unless f panics.
func mustPanic(t *testing.T, name string, f func()) {
	t.Helper()
	defer func() {
		if recover() == nil {
			t.Errorf("%s: no panic", name)
		}
	}()
	f()
}
