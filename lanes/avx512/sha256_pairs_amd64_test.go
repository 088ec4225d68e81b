//go:build !purego

package avx512

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/lanehash/lanehash/lanes/internal/kerneltest"
)

// pairCounts covers every count up to 3W+1 and a few large ones around
// block boundaries.
func pairCounts() []int {
	var ns []int
	for n := 0; n <= 3*SHA256Lanes+1; n++ {
		ns = append(ns, n)
	}
	return append(ns, 1023, 1025, 65536)
}

func TestSHA256PairsMatchesCryptoSHA256(t *testing.T) {
	requireAVX512(t)
	r := rand.New(rand.NewPCG(1, 2))
	const guard = 64
	for _, n := range pairCounts() {
		for _, off := range []int{0, 1, 3} {
			// src sits at an odd offset inside a larger buffer; dst at
			// another, with guard bytes that must stay untouched.
			srcBuf := kerneltest.Random(r, 64*n+off)
			src := srcBuf[off:]
			want := sha256Kernel.RefPairs(src)

			dstBuf := kerneltest.Random(r, 32*n+2*guard+off)
			before := bytes.Clone(dstBuf)
			dst := dstBuf[guard+off : guard+off+32*n]
			SHA256Pairs(dst, src)

			if !bytes.Equal(dst, want) {
				t.Fatalf("n=%d off=%d: first wrong digest %d", n, off, kerneltest.FirstDiff(dst, want)/32)
			}
			if !bytes.Equal(dstBuf[:guard+off], before[:guard+off]) || !bytes.Equal(dstBuf[guard+off+32*n:], before[guard+off+32*n:]) {
				t.Fatalf("n=%d off=%d: bytes outside dst were written", n, off)
			}
			if !bytes.Equal(src, srcBuf[off:]) {
				t.Fatalf("n=%d off=%d: src was modified", n, off)
			}
		}
	}
}

func TestSHA256PairsInPlace(t *testing.T) {
	requireAVX512(t)
	r := rand.New(rand.NewPCG(3, 4))
	for _, n := range pairCounts() {
		buf := kerneltest.Random(r, 64*n+1)[1:]
		want := sha256Kernel.RefPairs(buf)
		tail := bytes.Clone(buf[32*n:])
		SHA256Pairs(buf, buf)
		if !bytes.Equal(buf[:32*n], want) {
			t.Fatalf("n=%d: first wrong digest %d", n, kerneltest.FirstDiff(buf[:32*n], want)/32)
		}
		if !bytes.Equal(buf[32*n:], tail) {
			t.Fatalf("n=%d: bytes past the digests were written", n)
		}
	}
}

func TestSHA256PairsPanicsOnMisuse(t *testing.T) {
	requireAVX512(t)
	cases := []struct {
		name     string
		dst, src []byte
	}{
		{"src not a multiple of 64", make([]byte, 64), make([]byte, 65)},
		{"dst too short", make([]byte, 63), make([]byte, 128)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { kerneltest.MustPanic(t, c.name, func() { SHA256Pairs(c.dst, c.src) }) })
	}
}
