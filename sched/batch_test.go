package sched_test

import (
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/lanehash/lanehash/sched"
)

func TestMerkleizeBatchMatchesTreeByTree(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	for _, k := range testKernels(t) {
		tree := sched.NewTree(k, nil)
		for _, depth := range []int{0, 1, 3, 6} {
			t.Run(fmt.Sprintf("%s/depth=%d", kernelName(k), depth), func(t *testing.T) {
				trees := 1 + rng.IntN(40)
				counts, chunks, a, b := randomBatch(rng, trees, 1<<depth, func(i int) int {
					if i%7 == 0 {
						return 0
					}
					return -1
				})
				roots := make([][32]byte, trees)
				tree.MerkleizeBatch(roots, a, b, counts, depth)
				lengths := make([]uint64, trees)
				for i := range lengths {
					lengths[i] = uint64(len(chunks[i])) * 3
				}
				mixed := append([][32]byte(nil), roots...)
				tree.MixInLengths(mixed, lengths, make([]byte, 64*trees))
				for i, cs := range chunks {
					want := merkle(k.Hash(), cs, depth)
					if roots[i] != want {
						t.Fatalf("tree %d of %d chunks: root %x, want %x", i, len(cs), roots[i], want)
					}
					var l [32]byte
					binary.LittleEndian.PutUint64(l[:], lengths[i])
					if m := merkle(k.Hash(), [][32]byte{want, l}, 1); mixed[i] != m {
						t.Fatalf("tree %d: mixed in %x, want %x", i, mixed[i], m)
					}
				}
			})
		}
	}
}

// randomBatch returns trees random trees of up to most chunks each, the
// count of tree i forced to force(i) when that is not negative, laid
// out for the level queue: their counts, their chunks, and its two
// buffers (the first holding the chunks back to back), exactly as long
// as BatchBufLen, so an overrun shows.
func randomBatch(rng *rand.Rand, trees, most int, force func(int) int) ([]int, [][][32]byte, []byte, []byte) {
	counts := make([]int, trees)
	var chunks [][][32]byte
	total := 0
	for i := range counts {
		counts[i] = rng.IntN(most + 1)
		if f := force(i); f >= 0 {
			counts[i] = min(f, most)
		}
		cs := make([][32]byte, counts[i])
		for j := range cs {
			for b := range cs[j] {
				cs[j][b] = byte(rng.Uint32())
			}
		}
		chunks = append(chunks, cs)
		total += counts[i]
	}
	a := make([]byte, sched.BatchBufLen(total, trees))
	b := make([]byte, sched.BatchBufLen(total, trees))
	at := 0
	for _, cs := range chunks {
		for _, c := range cs {
			copy(a[32*at:], c[:])
			at++
		}
	}
	return counts, chunks, a, b
}
