package kerneltest

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// PairsCounts hashes every count from 0 to 3W+1 pairs and a few large
// ones, src and dst at several offsets, against k.Ref, and checks no byte
// around dst changes.
func PairsCounts(t *testing.T, k *Kernel) {
	k.Require(t)
	r := rand.New(rand.NewPCG(1, 2))
	var counts []int
	for n := 0; n <= 3*k.Width+1; n++ {
		counts = append(counts, n)
	}
	counts = append(counts, 1023, 1025, 65536)
	const guard = 37
	for _, n := range counts {
		for _, shift := range []int{0, 1, 7} {
			src := Random(r, 64*n+shift)[shift:]
			buf := Random(r, 32*n+2*guard+shift)
			before := bytes.Clone(buf)
			dst := buf[guard+shift : guard+shift+32*n]
			k.Pairs(dst, src)
			for i := 0; i < n; i++ {
				if want := k.Ref(src[64*i : 64*i+64]); !bytes.Equal(dst[32*i:32*i+32], want) {
					t.Fatalf("n=%d shift=%d: pair %d = %x, want %x", n, shift, i, dst[32*i:32*i+32], want)
				}
			}
			if !bytes.Equal(buf[:guard+shift], before[:guard+shift]) || !bytes.Equal(buf[guard+shift+32*n:], before[guard+shift+32*n:]) {
				t.Fatalf("n=%d shift=%d: bytes outside dst changed", n, shift)
			}
		}
	}
}

// PairsInPlace hashes a level in place (dst is src) and checks the
// digests and that the input past them is left alone.
func PairsInPlace(t *testing.T, k *Kernel) {
	k.Require(t)
	r := rand.New(rand.NewPCG(3, 4))
	for _, n := range []int{1, k.Width - 1, k.Width, 2*k.Width + 3, 1025} {
		buf := Random(r, 64*n)
		want := make([]byte, 0, 32*n)
		for i := 0; i < n; i++ {
			want = append(want, k.Ref(buf[64*i:64*i+64])...)
		}
		tail := bytes.Clone(buf[32*n:])
		k.Pairs(buf, buf)
		if !bytes.Equal(buf[:32*n], want) {
			t.Fatalf("n=%d: in-place digests differ from the reference", n)
		}
		if !bytes.Equal(buf[32*n:], tail) {
			t.Fatalf("n=%d: in-place call wrote past the digests", n)
		}
	}
}
