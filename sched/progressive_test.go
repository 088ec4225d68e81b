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

func randomChunks(rng *rand.Rand, n int) [][32]byte {
	chunks := make([][32]byte, n)
	for i := range chunks {
		for j := range chunks[i] {
			chunks[i][j] = byte(rng.Uint32())
		}
	}
	return chunks
}

// TestMerkleizeProgressiveBatch roots many trees of different sizes,
// empty ones and subtree-boundary sizes among them, with one call, and
// compares each with the spec's recursion.
func TestMerkleizeProgressiveBatch(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 16))
	for _, k := range testKernels(t) {
		tree := sched.NewTree(k, nil)
		for _, sizes := range [][]int{
			{0}, {1}, {5}, {0, 0}, {1, 2, 3, 4, 5, 6},
			{21, 0, 22, 1, 85, 86, 0, 341, 7},
			{1366, 3, 0, 400},
		} {
			t.Run(fmt.Sprintf("%s/%v", kernelName(k), sizes), func(t *testing.T) {
				total := 0
				for _, n := range sizes {
					total += n
				}
				a := make([]byte, sched.BatchBufLen(total, len(sizes)))
				b := make([]byte, len(a))
				want := make([][32]byte, len(sizes))
				at := 0
				for i, n := range sizes {
					chunks := randomChunks(rng, n)
					for _, ch := range chunks {
						copy(a[32*at:], ch[:])
						at++
					}
					want[i] = progressive(k.Hash(), chunks, 1)
				}
				keep := append([]int(nil), sizes...)
				roots := make([][32]byte, len(sizes))
				tree.MerkleizeProgressiveBatch(roots, a, b, sizes)
				for i := range roots {
					if roots[i] != want[i] {
						t.Errorf("tree %d (%d chunks): root %x, want %x", i, sizes[i], roots[i], want[i])
					}
				}
				if fmt.Sprint(keep) != fmt.Sprint(sizes) {
					t.Errorf("sizes changed to %v", sizes)
				}
			})
		}
	}
}

// TestMerkleizeProgressiveParallel covers lists whose big subtrees are
// split across workers, and the small-list fallback.
func TestMerkleizeProgressiveParallel(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 18))
	k := testKernels(t)[0]
	tree := sched.NewTree(k, nil)
	sizes := []int{100, 21845, 21846, 40000, 87381}
	if testing.Short() {
		sizes = []int{100, 21846}
	}
	for _, n := range sizes {
		for _, workers := range []int{1, 2, 3} {
			chunks := randomChunks(rng, n)
			buf := make([]byte, sched.ProgressiveBufLen(n))
			for i := range chunks {
				copy(buf[32*i:], chunks[i][:])
			}
			if err := tree.MerkleizeProgressiveParallel(buf, n, workers); err != nil {
				t.Fatal(err)
			}
			if want := progressive(k.Hash(), chunks, 1); [32]byte(buf[:32]) != want {
				t.Errorf("n=%d workers=%d: root %x, want %x", n, workers, buf[:32], want)
			}
		}
	}
}

// TestMerkleizeProgressiveBatchAllocates nothing once its pool is warm.
func TestMerkleizeProgressiveBatchAllocatesNothing(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector's sync.Pool drops items: allocations are not counted under -race")
	}
	tree := sched.NewTree(testKernels(t)[0], nil)
	sizes := []int{3, 0, 30, 100}
	a := make([]byte, sched.BatchBufLen(133, len(sizes)))
	b := make([]byte, len(a))
	roots := make([][32]byte, len(sizes))
	tree.MerkleizeProgressiveBatch(roots, a, b, sizes)
	if n := testing.AllocsPerRun(20, func() { tree.MerkleizeProgressiveBatch(roots, a, b, sizes) }); n > 0 {
		t.Errorf("%v allocations per call", n)
	}
}

func TestMixInActiveFields(t *testing.T) {
	k := testKernels(t)[0]
	tree := sched.NewTree(k, nil)
	roots := randomChunks(rand.New(rand.NewPCG(19, 20)), 5)
	active := [32]byte{0x15}
	want := make([][32]byte, len(roots))
	for i, r := range roots {
		want[i] = schedtest.Sum(k.Hash(), append(r[:], active[:]...))
	}
	tree.MixInActiveFields(roots, active, make([]byte, 64*len(roots)))
	for i := range roots {
		if roots[i] != want[i] {
			t.Errorf("root %d: %x, want %x", i, roots[i], want[i])
		}
	}
}
