package sched_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/sched"
	"github.com/lanehash/lanehash/sched/schedtest"
)

// progressive is EIP-7916's merkleize_progressive written as the spec
// writes it (v1.7.0-alpha.2 and later): H(first subtree, rest).
func progressive(h lanes.Hash, chunks [][32]byte, leaves int) [32]byte {
	if len(chunks) == 0 {
		return [32]byte{}
	}
	n := min(len(chunks), leaves)
	first := merkleRoot(h, chunks[:n], leaves)
	rest := progressive(h, chunks[n:], 4*leaves)
	return schedtest.Sum(h, append(first[:], rest[:]...))
}

func merkleRoot(h lanes.Hash, chunks [][32]byte, leaves int) [32]byte {
	return merkle(h, chunks, sched.Depth(uint64(leaves)))
}

func TestMerkleizeProgressive(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	for _, k := range testKernels(t) {
		tree := sched.NewTree(k, nil)
		for _, n := range []int{0, 1, 2, 3, 4, 5, 6, 20, 21, 22, 100, 341, 342, 1365, 1366, 2000, 5461} {
			t.Run(fmt.Sprintf("%s/n=%d", kernelName(k), n), func(t *testing.T) {
				chunks := make([][32]byte, n)
				buf := make([]byte, sched.ProgressiveBufLen(n))
				for i := range chunks {
					for j := range chunks[i] {
						chunks[i][j] = byte(rng.Uint32())
					}
					copy(buf[32*i:], chunks[i][:])
				}
				tree.MerkleizeProgressive(buf, n)
				if want := progressive(k.Hash(), chunks, 1); [32]byte(buf[:32]) != want {
					t.Fatalf("root %x, want %x", buf[:32], want)
				}
			})
		}
	}
}
