package lanes_test

import (
	"testing"

	"github.com/lanehash/lanehash/lanes"
)

// BenchmarkAutomaticTails measures the automatic SHA-256 kernel's Pairs
// at the counts where its split of a remainder onto the narrow kernel
// is decided: 17..31 pairs (one group of its Pairs kernel and a
// remainder) and 49..63 (three groups and a remainder), as
// docs/kernels.md ("The automatic kernel's split") reads them.
func BenchmarkAutomaticTails(b *testing.B) {
	k, err := lanes.Select(lanes.SHA256, "sha256/auto")
	if err != nil {
		b.Fatal(err)
	}
	for _, lo := range []int{17, 49} {
		for n := lo; n < lo+15; n++ {
			b.Run("pairs="+itoa(n), func(b *testing.B) {
				src := make([]byte, 64*n)
				for i := range src {
					src[i] = byte(i)
				}
				dst := make([]byte, 32*n)
				cpu := startCPU(b)
				for b.Loop() {
					k.Pairs(dst, src)
				}
				reportPerPair(b, n, cpu)
			})
		}
	}
}
