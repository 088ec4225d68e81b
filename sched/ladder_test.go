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
// tree alone; level 0 laid out by the caller (as the packed rooter
// does) and by the queue.
func TestClimbAndLadderMatchesTreeByTree(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	for _, k := range testKernels(t) {
		tree := sched.NewTree(k, nil)
		for _, c := range []struct {
			depth int
			laid  bool
		}{{0, false}, {0, true}, {1, true}, {2, false}, {2, true}, {6, true}, {25, false}, {25, true}, {30, true}} {
			depth := c.depth
			t.Run(fmt.Sprintf("%s/depth=%d/laid=%v", kernelName(k), depth, c.laid), func(t *testing.T) {
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
				tree.ClimbAndLadder(roots, a, b, counts, depth, c.laid)
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
