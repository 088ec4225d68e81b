//go:build !purego

package avx512_test

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/lanes/avx512"
	"github.com/lanehash/lanehash/lanes/lanestest"
)

// The partial second group: SHA256Pairs runs 17..31 pairs (and any
// count whose remainder after the 32-pair iterations is 17..31) as one
// full group interleaved with a masked partial one. These tests pin
// that path against crypto/sha256 (lanestest.Reference) at every count
// up to four iterations and in place, beyond the conformance suite's
// counts.

// randomPairs returns n pairs of bytes drawn from seed.
func randomPairs(seed uint64, n int) []byte {
	r := rand.New(rand.NewPCG(seed, 0x5eed))
	b := make([]byte, 64*n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

// TestSHA256PairsEveryCount checks every count 1..129 against
// crypto/sha256, with canary bytes after dst[:32n] that must survive.
func TestSHA256PairsEveryCount(t *testing.T) {
	if !avx512.Supported() {
		t.Skip("CPU or OS lacks AVX-512 F, VL and BW")
	}
	const canary, slack = 0xA5, 100
	for n := 1; n <= 129; n++ {
		src := randomPairs(uint64(n), n)
		want := lanestest.Reference(lanes.SHA256, src)
		dst := bytes.Repeat([]byte{canary}, 32*n+slack)
		avx512.SHA256Pairs(dst, src)
		if !bytes.Equal(dst[:32*n], want) {
			t.Fatalf("%d pairs: digests differ from crypto/sha256", n)
		}
		if !bytes.Equal(dst[32*n:], bytes.Repeat([]byte{canary}, slack)) {
			t.Fatalf("%d pairs: bytes past dst[:%d] changed", n, 32*n)
		}
	}
}

// TestSHA256PairsInPlaceEveryCount checks dst = src (the documented
// overlap) at every count 1..129: digests right, input past them kept.
func TestSHA256PairsInPlaceEveryCount(t *testing.T) {
	if !avx512.Supported() {
		t.Skip("CPU or OS lacks AVX-512 F, VL and BW")
	}
	for n := 1; n <= 129; n++ {
		buf := randomPairs(uint64(1000+n), n)
		want := lanestest.Reference(lanes.SHA256, buf)
		rest := append([]byte(nil), buf[32*n:]...)
		avx512.SHA256Pairs(buf, buf)
		if !bytes.Equal(buf[:32*n], want) {
			t.Fatalf("%d pairs in place: digests differ from crypto/sha256", n)
		}
		if !bytes.Equal(buf[32*n:], rest) {
			t.Fatalf("%d pairs in place: input past dst[:%d] changed", n, 32*n)
		}
	}
}

// TestSHA256PairsNoAllocs checks that a call allocates nothing, on every
// path: one group, a full and a partial group, and iterations before
// them.
func TestSHA256PairsNoAllocs(t *testing.T) {
	if !avx512.Supported() {
		t.Skip("CPU or OS lacks AVX-512 F, VL and BW")
	}
	for _, n := range []int{5, 16, 24, 32, 56, 200} {
		src := randomPairs(uint64(n), n)
		dst := make([]byte, 32*n)
		if a := testing.AllocsPerRun(50, func() { avx512.SHA256Pairs(dst, src) }); a != 0 {
			t.Errorf("%d pairs: %v allocations per call, want 0", n, a)
		}
	}
}
