//go:build !purego

package avx512

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

func TestKeccak256PairsCounts(t *testing.T) {
	requireKeccakCPU(t)
	r := rand.New(rand.NewPCG(1, 2))
	var counts []int
	for n := 0; n <= 3*keccakW+1; n++ {
		counts = append(counts, n)
	}
	counts = append(counts, 1023, 1025, 65536)
	const guard = 37
	for _, n := range counts {
		for _, shift := range []int{0, 1, 7} {
			src := keccakRandom(r, 64*n+shift)[shift:]
			buf := keccakRandom(r, 32*n+2*guard+shift)
			before := bytes.Clone(buf)
			dst := buf[guard+shift : guard+shift+32*n]
			Keccak256Pairs(dst, src)
			for i := 0; i < n; i++ {
				if want := keccakRef(src[64*i : 64*i+64]); !bytes.Equal(dst[32*i:32*i+32], want) {
					t.Fatalf("n=%d shift=%d: pair %d = %x, want %x", n, shift, i, dst[32*i:32*i+32], want)
				}
			}
			if !bytes.Equal(buf[:guard+shift], before[:guard+shift]) || !bytes.Equal(buf[guard+shift+32*n:], before[guard+shift+32*n:]) {
				t.Fatalf("n=%d shift=%d: bytes outside dst changed", n, shift)
			}
		}
	}
}

func TestKeccak256PairsInPlace(t *testing.T) {
	requireKeccakCPU(t)
	r := rand.New(rand.NewPCG(3, 4))
	for _, n := range []int{1, keccakW - 1, keccakW, 2*keccakW + 3, 1025} {
		buf := keccakRandom(r, 64*n)
		want := make([]byte, 0, 32*n)
		for i := 0; i < n; i++ {
			want = append(want, keccakRef(buf[64*i:64*i+64])...)
		}
		tail := bytes.Clone(buf[32*n:])
		Keccak256Pairs(buf, buf)
		if !bytes.Equal(buf[:32*n], want) {
			t.Fatalf("n=%d: in-place digests differ from x/crypto/sha3", n)
		}
		if !bytes.Equal(buf[32*n:], tail) {
			t.Fatalf("n=%d: in-place call wrote past the digests", n)
		}
	}
}
