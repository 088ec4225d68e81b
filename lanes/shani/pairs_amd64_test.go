//go:build !purego

package shani

import (
	"bytes"
	"encoding/hex"
	"fmt"
	"testing"
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
		src := randomBytes(uint64(n), 64*n)
		want := stdPairs(src)
		dst := make([]byte, 32*n)
		SHA256Pairs(dst, src)
		if i := firstDiff(dst, want); i >= 0 {
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
			srcBuf := randomBytes(uint64(100*n+off), 64*n+off)
			src := srcBuf[off:]
			want := stdPairs(src)
			dstBuf := randomBytes(uint64(7*n+off), 2*guard+32*n+off)
			orig := bytes.Clone(dstBuf)
			lo, hi := guard+off, guard+off+32*n
			SHA256Pairs(dstBuf[lo:hi], src)
			if i := firstDiff(dstBuf[lo:hi], want); i >= 0 {
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
		buf := randomBytes(uint64(n)+5000, 64*n+1)[1:] // unaligned too
		want := stdPairs(buf)
		rest := bytes.Clone(buf[32*n:])
		SHA256Pairs(buf, buf)
		if i := firstDiff(buf[:32*n], want); i >= 0 {
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
	src := randomBytes(11, 3*64)
	dst := bytes.Repeat([]byte{0xa5}, 3*32+40)
	SHA256Pairs(dst, src)
	if i := firstDiff(dst[:96], stdPairs(src)); i >= 0 {
		t.Errorf("pair %d differs", i/32)
	}
	if !bytes.Equal(dst[96:], bytes.Repeat([]byte{0xa5}, 40)) {
		t.Error("bytes after the digests changed")
	}
}

func TestSHA256PairsMisusePanics(t *testing.T) {
	requireSHANI(t)
	mustPanic(t, "len(src)=63", func() { SHA256Pairs(make([]byte, 32), make([]byte, 63)) })
	mustPanic(t, "short dst", func() { SHA256Pairs(make([]byte, 63), make([]byte, 128)) })
	SHA256Pairs(nil, nil) // zero pairs: nothing to do, no panic
}

// firstDiff returns the index of the first differing byte, or -1.
func firstDiff(a, b []byte) int {
	if len(a) != len(b) {
		panic(fmt.Sprintf("firstDiff: lengths %d and %d", len(a), len(b)))
	}
	for i := range a {
		if a[i] != b[i] {
			return i
		}
	}
	return -1
}
