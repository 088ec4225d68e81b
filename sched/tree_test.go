package sched_test

import (
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/lanehash/lanehash/sched"
)

func TestDepth(t *testing.T) {
	for _, c := range []struct {
		limit uint64
		depth int
	}{{0, 0}, {1, 0}, {2, 1}, {3, 2}, {4, 2}, {5, 3}, {1 << 40, 40}, {1<<40 + 1, 41}, {^uint64(0), 64}} {
		if d := sched.Depth(c.limit); d != c.depth {
			t.Errorf("Depth(%d) = %d, want %d", c.limit, d, c.depth)
		}
	}
}

func TestTreeMatchesTextbookMerkle(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for _, k := range testKernels(t) {
		tree := sched.NewTree(k, nil)
		for _, n := range []int{0, 1, 2, 3, 5, 16, 17, 255, 257, 1025} {
			for _, extra := range []int{0, 1, 7} {
				depth := sched.Depth(uint64(n)) + extra
				t.Run(fmt.Sprintf("%s/n=%d/depth=%d", kernelName(k), n, depth), func(t *testing.T) {
					chunks := make([][32]byte, n)
					buf := make([]byte, sched.BufLen(n))
					for i := range chunks {
						for j := range chunks[i] {
							chunks[i][j] = byte(rng.Uint32())
						}
						copy(buf[32*i:], chunks[i][:])
					}
					tree.Merkleize(buf, n, depth)
					want := merkle(k.Hash(), chunks, depth)
					if [32]byte(buf[:32]) != want {
						t.Fatalf("root %x, want %x", buf[:32], want)
					}
					tree.MixInLength(buf, uint64(n))
					var length [32]byte
					binary.LittleEndian.PutUint64(length[:], uint64(n))
					want = merkle(k.Hash(), [][32]byte{want, length}, 1)
					if [32]byte(buf[:32]) != want {
						t.Fatalf("mixed in length %x, want %x", buf[:32], want)
					}
				})
			}
		}
	}
}

func TestTreeParallelMatchesSerial(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	k := testKernels(t)[len(testKernels(t))-1]
	tree := sched.NewTree(k, nil)
	for _, n := range []int{8192, 9001, 20000} {
		depth := sched.Depth(uint64(n)) + 3
		data := make([]byte, 32*n)
		for i := range data {
			data[i] = byte(rng.Uint32())
		}
		serial := make([]byte, sched.BufLen(n))
		copy(serial, data)
		tree.Merkleize(serial, n, depth)
		for _, workers := range []int{2, 3, 8} {
			par := make([]byte, sched.BufLen(n))
			copy(par, data)
			if err := tree.MerkleizeParallel(par, n, depth, workers); err != nil {
				t.Fatal(err)
			}
			if [32]byte(par[:32]) != [32]byte(serial[:32]) {
				t.Errorf("n=%d workers=%d: parallel root %x, serial %x", n, workers, par[:32], serial[:32])
			}
		}
	}
}
