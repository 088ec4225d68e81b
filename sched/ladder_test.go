package sched_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/lanehash/lanehash/sched"
)

// TestClimbAndLadderMatchesTreeByTree roots batches of trees of random
// sizes (empty, one chunk, up to 40) at depths from 0 to 30 through the
// level queue stopped at one node per tree plus the shared zero-hash
// ladder, and compares every root with a plain merkleization of that
// tree alone.
func TestClimbAndLadderMatchesTreeByTree(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	for _, k := range testKernels(t) {
		tree := sched.NewTree(k, nil)
		for _, depth := range []int{0, 1, 2, 6, 25, 30} {
			t.Run(fmt.Sprintf("%s/depth=%d", kernelName(k), depth), func(t *testing.T) {
				trees := 1 + rng.IntN(60)
				counts, chunks, a, b := randomBatch(rng, trees, min(1<<depth, 40), func(i int) int {
					switch i % 9 {
					case 0:
						return 0
					case 1:
						return 1
					}
					return -1
				})
				roots := make([][32]byte, trees)
				tree.ClimbAndLadder(roots, a, b, counts, depth)
				for i, cs := range chunks {
					buf := make([]byte, sched.BufLen(len(cs)))
					for j, c := range cs {
						copy(buf[32*j:], c[:])
					}
					tree.Merkleize(buf, len(cs), depth)
					if want := [32]byte(buf); roots[i] != want {
						t.Fatalf("tree %d of %d chunks: root %x, want %x", i, len(cs), roots[i], want)
					}
				}
			})
		}
	}
}
