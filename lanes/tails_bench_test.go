package lanes_test

import (
	"strings"
	"testing"

	"github.com/lanehash/lanehash/lanes"
)

// BenchmarkAutomaticTails measures Pairs at every count from 1 to 80
// pairs (up to five groups of the avx512x16 kernel) on the automatic
// SHA-256 kernel and on its two options: "split" (the automatic kernel
// sending every remainder to its narrow kernel) and its Pairs kernel
// forced alone ("pairs=<name>"); and the narrow kernel alone on the
// remainders it may take (1..15 pairs): shanix2 beside avx512x16 on Zen
// 5, stdlibx1 beside avx2x8 without SHA-NI. docs/kernels.md ("The
// automatic kernel's split", "The one-stream kernel") reads the split
// rule off these figures: at each count the automatic kernel should cost
// what the better of "all on the Pairs kernel" and "full groups on it,
// the remainder on the narrow kernel" costs. Kernels this CPU lacks are
// left out.
func BenchmarkAutomaticTails(b *testing.B) {
	chosen := lanes.Calibration().Hashes[0].Chosen
	kernels := []struct {
		name string
		max  int
	}{
		{"sha256/auto", 80},
		{"split", 80},
		{chosen.Pairs, 80},
		{chosen.Narrow, 15},
	}
	ks := make([]*lanes.Kernel, len(kernels))
	for i, kn := range kernels {
		if kn.name != "" {
			ks[i], _ = lanes.Select(lanes.SHA256, kn.name) // nil: not on this CPU, or hidden
		}
	}
	// split is the automatic kernel sending every remainder to its narrow
	// kernel: the split's cost as run, two calls and all.
	if auto := ks[0]; auto != nil && auto.TailThreshold() > 0 {
		ks[1] = auto.WithTailThreshold(auto.Width())
	} else {
		ks[1] = nil
	}
	// The kernels alternate count by count, so the figures compared at
	// one count are taken close together on a busy machine.
	for n := 1; n <= 80; n++ {
		for i, kn := range kernels {
			k := ks[i]
			if k == nil || n > kn.max {
				continue
			}
			b.Run("kernel="+strings.TrimPrefix(kn.name, "sha256/")+"/pairs="+itoa(n), func(b *testing.B) {
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
