package sched_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/sched"
)

// TestClimbAndLadderMatchesTreeByTree roots batches of trees of random
// sizes (empty, one chunk, up to 40) at depths from 0 to 30 through the
// level queue stopped at one node per tree plus the shared zero-hash
// ladder, and compares every root with a plain merkleization of that
// tree alone; level 0 laid out by the caller (as the packed rooter
// does) and by the queue; with and without lengths mixed in.
func TestClimbAndLadderMatchesTreeByTree(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	for _, k := range testKernels(t) {
		tree := sched.NewTree(k, nil)
		for _, c := range []struct {
			depth int
			laid  bool
			mix   bool
		}{{0, false, false}, {0, true, true}, {1, true, false}, {2, false, true}, {2, true, false}, {6, true, true}, {25, false, false}, {25, true, true}, {30, true, false}} {
			depth := c.depth
			t.Run(fmt.Sprintf("%s/depth=%d/laid=%v/mix=%v", kernelName(k), depth, c.laid, c.mix), func(t *testing.T) {
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
				var lengths []uint64
				if c.mix {
					lengths = make([]uint64, trees)
					for i := range lengths {
						lengths[i] = rng.Uint64() >> rng.IntN(64)
					}
				}
				tree.ClimbAndLadder(roots, a, b, counts, depth, c.laid, lengths)
				for i, cs := range chunks {
					buf := make([]byte, sched.BufLen(len(cs)))
					for j, c := range cs {
						copy(buf[32*j:], c[:])
					}
					tree.Merkleize(buf, len(cs), depth)
					if c.mix {
						tree.MixInLength(buf, lengths[i])
					}
					if want := [32]byte(buf); roots[i] != want {
						t.Fatalf("tree %d of %d chunks: root %x, want %x", i, len(cs), roots[i], want)
					}
				}
			})
		}
	}
}

// TestLaddersFromMixedLevels raises nodes that start at different
// levels (any, or two adjacent ones: the rebalanced climb), in no
// order, some already at the top, through the shared ladders, with and without lengths, and compares every root with a
// plain merkleization of the node's own chunks to the full depth: the
// node is the root of the same chunks merkleized to its level.
func TestLaddersFromMixedLevels(t *testing.T) {
	rng := rand.New(rand.NewPCG(33, 34))
	for _, k := range testKernels(t) {
		tree := sched.NewTree(k, nil)
		for _, depth := range []int{0, 1, 2, 5, 25} {
			for _, c := range []struct{ mix, flat bool }{{false, false}, {true, false}, {false, true}, {true, true}} {
				mix := c.mix
				n := 1 + rng.IntN(300)
				low := rng.IntN(depth + 1) // with flat, every level is low or low+1
				roots := make([][32]byte, n)
				want := make([][32]byte, n)
				levels := make([]uint8, n)
				var lengths []uint64
				if mix {
					lengths = make([]uint64, n)
				}
				for i := range roots {
					l := rng.IntN(depth + 1)
					if c.flat {
						l = min(low+rng.IntN(2), depth)
					}
					cs := 1 + rng.IntN(min(1<<l, 40))
					buf := make([]byte, sched.BufLen(cs))
					for j := range buf[:32*cs] {
						buf[j] = byte(rng.Uint32())
					}
					top := append([]byte(nil), buf...)
					tree.Merkleize(buf, cs, l)
					tree.Merkleize(top, cs, depth)
					if mix {
						lengths[i] = rng.Uint64() >> rng.IntN(64)
						tree.MixInLength(top, lengths[i])
					}
					roots[i], want[i], levels[i] = [32]byte(buf), [32]byte(top), uint8(l)
				}
				tree.Ladders(roots, levels, depth, lengths)
				for i := range roots {
					if roots[i] != want[i] {
						t.Fatalf("%s depth=%d %+v: node %d of %d from level %d: root %x, want %x", kernelName(k), depth, c, i, n, levels[i], roots[i], want[i])
					}
				}
			}
		}
	}
}

// TestLadderRunRemainders raises nodes in runs whose running counts leave
// every remainder modulo two groups of 16 that matters to the native
// ladder (none, a few nodes climbing through Pairs, more climbing in the
// kernel's partial pass), one run or several at different levels, on
// every kernel and the automatic ones, and compares every root with a
// plain merkleization of the node's own chunks to the full depth.
func TestLadderRunRemainders(t *testing.T) {
	rng := rand.New(rand.NewPCG(35, 36))
	ks := testKernels(t)
	for _, h := range []lanes.Hash{lanes.SHA256, lanes.Keccak256} {
		k, err := lanes.Select(h, "")
		if err != nil {
			t.Fatal(err)
		}
		ks = append(ks, k)
	}
	// Each case is a list of runs: count nodes at level.
	type run struct{ count, level int }
	cases := [][]run{
		{{1, 0}}, {{4, 3}}, {{8, 6}}, {{12, 6}}, {{13, 6}}, {{16, 2}}, {{17, 2}},
		{{31, 5}}, {{32, 5}}, {{33, 5}}, {{44, 6}}, {{45, 6}}, {{200, 6}}, {{204, 4}}, {{212, 1}},
		{{5, 2}, {3, 4}, {200, 6}},
		{{8, 3}, {30, 5}},
		{{33, 1}, {7, 2}, {12, 9}},
		{{1, 0}, {1, 1}, {1, 24}},
	}
	for _, k := range ks {
		tree := sched.NewTree(k, nil)
		const depth = 25
		for _, c := range cases {
			for _, mix := range []bool{false, true} {
				var roots, want [][32]byte
				var levels []uint8
				var lengths []uint64
				for _, r := range c {
					for range r.count {
						cs := 1 + rng.IntN(min(1<<r.level, 8))
						buf := make([]byte, sched.BufLen(cs))
						for j := range buf[:32*cs] {
							buf[j] = byte(rng.Uint32())
						}
						top := append([]byte(nil), buf...)
						tree.Merkleize(buf, cs, r.level)
						tree.Merkleize(top, cs, depth)
						if mix {
							lengths = append(lengths, rng.Uint64()>>rng.IntN(64))
							tree.MixInLength(top, lengths[len(lengths)-1])
						}
						roots, want, levels = append(roots, [32]byte(buf)), append(want, [32]byte(top)), append(levels, uint8(r.level))
					}
				}
				// Shuffled: ladders orders the nodes by level itself.
				rng.Shuffle(len(roots), func(i, j int) {
					roots[i], roots[j] = roots[j], roots[i]
					want[i], want[j] = want[j], want[i]
					levels[i], levels[j] = levels[j], levels[i]
					if mix {
						lengths[i], lengths[j] = lengths[j], lengths[i]
					}
				})
				tree.Ladders(roots, levels, depth, lengths)
				for i := range roots {
					if roots[i] != want[i] {
						t.Fatalf("%s runs %v mix=%v: node %d of %d from level %d: root %x, want %x", kernelName(k), c, mix, i, len(roots), levels[i], roots[i], want[i])
					}
				}
			}
		}
	}
}
