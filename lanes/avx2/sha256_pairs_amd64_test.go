//go:build !purego

package avx2

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"testing"
)

// pairCounts are every count from 0 to 3W+1 and a few large ones, so each
// tail length is met after 0, 1 and 2 full batches.
func pairCounts() []int {
	var ns []int
	for n := 0; n <= 3*SHA256Width+1; n++ {
		ns = append(ns, n)
	}
	return append(ns, 1023, 1025, 65536)
}

func TestSHA256PairsMatchesStdlib(t *testing.T) {
	requireAVX2(t)
	for _, n := range pairCounts() {
		for _, off := range []int{0, 1, 5} {
			src, srcOK := guarded(64*n, off)
			copy(src, randomBytes(uint64(n), 64*n))
			orig := bytes.Clone(src)
			dst, dstOK := guarded(32*n, (off+3)%8)
			SHA256Pairs(dst, src)
			if want := wantPairs(orig); !bytes.Equal(dst, want) {
				t.Fatalf("n=%d off=%d: first difference at digest %d", n, off, firstDiff(dst, want)/32)
			}
			if !bytes.Equal(src, orig) {
				t.Fatalf("n=%d off=%d: src was modified", n, off)
			}
			srcOK(t)
			dstOK(t)
		}
	}
}

func TestSHA256PairsInPlace(t *testing.T) {
	requireAVX2(t)
	for _, n := range pairCounts() {
		buf, ok := guarded(64*n, 3)
		copy(buf, randomBytes(uint64(n)+1000, 64*n))
		want := wantPairs(buf)
		SHA256Pairs(buf, buf)
		if !bytes.Equal(buf[:32*n], want) {
			t.Fatalf("n=%d: in-place result differs at digest %d", n, firstDiff(buf[:32*n], want)/32)
		}
		ok(t)
	}
}

func TestSHA256PairsLongDst(t *testing.T) {
	requireAVX2(t)
	// A dst longer than needed keeps its bytes past the n digests.
	src := randomBytes(7, 64*11)
	dst := bytes.Repeat([]byte{0x5a}, 32*11+40)
	SHA256Pairs(dst, src)
	if !bytes.Equal(dst[:32*11], wantPairs(src)) {
		t.Fatal("digests differ")
	}
	if !bytes.Equal(dst[32*11:], bytes.Repeat([]byte{0x5a}, 40)) {
		t.Fatal("bytes after the digests were overwritten")
	}
}

func TestSHA256PairsMisuse(t *testing.T) {
	requireAVX2(t)
	expectPanic(t, "len(src)=65", func() { SHA256Pairs(make([]byte, 64), make([]byte, 65)) })
	expectPanic(t, "short dst", func() { SHA256Pairs(make([]byte, 63), make([]byte, 128)) })
	SHA256Pairs(nil, nil) // zero pairs need no dst
}

func firstDiff(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

func ExampleSHA256Pairs() {
	src := make([]byte, 64) // one pair of zero chunks
	dst := make([]byte, 32)
	if hasAVX2() {
		SHA256Pairs(dst, src)
	} else {
		// Without AVX2 the kernel cannot run; the digest is the same.
		d := sha256.Sum256(src)
		copy(dst, d[:])
	}
	fmt.Printf("%x\n", dst[:8])
	// Output: f5a5fd42d16a2030
}
