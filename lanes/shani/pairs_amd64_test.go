//go:build !purego

package shani

import (
	"bytes"
	"encoding/hex"
	"testing"

	"github.com/lanehash/lanehash/lanes/internal/kerneltest"
)

// pairCounts are every count up to 3·Width+1 and a few large ones with
// odd tails.
func pairCounts() []int {
	var ns []int
	for n := 0; n <= 3*Width+1; n++ {
		ns = append(ns, n)
	}
	return append(ns, 1023, 1025, 65536)
}

func TestSHA256PairsKnownVector(t *testing.T) {
	requireSHANI(t)
	dst := make([]byte, 32)
	SHA256Pairs(dst, make([]byte, 64))
	const want = "f5a5fd42d16a20302798ef6ed309979b43003d2320d9f0e8ea9831a92759fb4b"
	if got := hex.EncodeToString(dst); got != want {
		t.Fatalf("SHA-256 of 64 zero bytes = %s, want %s", got, want)
	}
}

func TestSHA256PairsCounts(t *testing.T) {
	requireSHANI(t)
	for _, n := range pairCounts() {
		src := kerneltest.Seeded(uint64(n), 64*n)
		want := sha256Kernel.RefPairs(src)
		dst := make([]byte, 32*n)
		SHA256Pairs(dst, src)
		if i := kerneltest.FirstDiff(dst, want); i >= 0 {
			t.Errorf("n=%d: pair %d differs", n, i/32)
		}
	}
}

// TestSHA256PairsUnaligned places src and dst at every offset mod 16
// inside larger buffers and checks the bytes around dst stay untouched.
func TestSHA256PairsUnaligned(t *testing.T) {
	requireSHANI(t)
	const guard = 64
	for _, n := range []int{1, 2, 3, 5} {
		for off := 0; off < 16; off++ {
			srcBuf := kerneltest.Seeded(uint64(100*n+off), 64*n+off)
			src := srcBuf[off:]
			want := sha256Kernel.RefPairs(src)
			dstBuf := kerneltest.Seeded(uint64(7*n+off), 2*guard+32*n+off)
			orig := bytes.Clone(dstBuf)
			lo, hi := guard+off, guard+off+32*n
			SHA256Pairs(dstBuf[lo:hi], src)
			if i := kerneltest.FirstDiff(dstBuf[lo:hi], want); i >= 0 {
				t.Errorf("n=%d off=%d: pair %d differs", n, off, i/32)
			}
			if !bytes.Equal(dstBuf[:lo], orig[:lo]) || !bytes.Equal(dstBuf[hi:], orig[hi:]) {
				t.Errorf("n=%d off=%d: bytes outside dst changed", n, off)
			}
		}
	}
}

// TestSHA256PairsInPlace hashes a level in place: dst is src.
func TestSHA256PairsInPlace(t *testing.T) {
	requireSHANI(t)
	for _, n := range pairCounts() {
		buf := kerneltest.Seeded(uint64(n)+5000, 64*n+1)[1:] // unaligned too
		want := sha256Kernel.RefPairs(buf)
		rest := bytes.Clone(buf[32*n:])
		SHA256Pairs(buf, buf)
		if i := kerneltest.FirstDiff(buf[:32*n], want); i >= 0 {
			t.Errorf("n=%d: pair %d differs in place", n, i/32)
		}
		if !bytes.Equal(buf[32*n:], rest) {
			t.Errorf("n=%d: bytes beyond the digests changed", n)
		}
	}
}

// TestSHA256PairsLongerDst checks a dst longer than needed is written
// only in its first 32·n bytes.
func TestSHA256PairsLongerDst(t *testing.T) {
	requireSHANI(t)
	src := kerneltest.Seeded(11, 3*64)
	dst := bytes.Repeat([]byte{0xa5}, 3*32+40)
	SHA256Pairs(dst, src)
	if i := kerneltest.FirstDiff(dst[:96], sha256Kernel.RefPairs(src)); i >= 0 {
		t.Errorf("pair %d differs", i/32)
	}
	if !bytes.Equal(dst[96:], bytes.Repeat([]byte{0xa5}, 40)) {
		t.Error("bytes after the digests changed")
	}
}

func TestSHA256PairsMisusePanics(t *testing.T) {
	requireSHANI(t)
	kerneltest.MustPanic(t, "len(src)=63", func() { SHA256Pairs(make([]byte, 32), make([]byte, 63)) })
	kerneltest.MustPanic(t, "short dst", func() { SHA256Pairs(make([]byte, 63), make([]byte, 128)) })
	SHA256Pairs(nil, nil) // zero pairs: nothing to do, no panic
}
