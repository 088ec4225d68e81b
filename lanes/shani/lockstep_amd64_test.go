//go:build !purego

package shani

import (
	"bytes"
	"crypto/sha256"
	"math/rand/v2"
	"testing"

	"github.com/lanehash/lanehash/lanes/internal/kerneltest"
)

// TestSHA256LockstepRandomOps runs random op lists, where inputs are
// often outputs of earlier ops and an op may overwrite its own input,
// against a model that hashes each lane with crypto/sha256.
func TestSHA256LockstepRandomOps(t *testing.T) {
	requireSHANI(t)
	for seed := uint64(0); seed < 50; seed++ {
		r := rand.New(rand.NewPCG(seed, 1))
		nodes := 1 + r.IntN(20)
		// model[i] holds node i as Width ordinary 32-byte chunks.
		model := kerneltest.Seeded(seed+1000, nodeSize*nodes)
		ops := make([]uint32, 0, 3*40)
		for range r.IntN(40) {
			ops = append(ops, uint32(r.IntN(nodes)), uint32(r.IntN(nodes)), uint32(r.IntN(nodes)))
		}
		// An unaligned arena with a tail that must stay untouched.
		buf := kerneltest.Seeded(seed+2000, nodeSize*nodes+5+16)
		arena := buf[5 : 5+nodeSize*nodes]
		tail := bytes.Clone(buf[5+nodeSize*nodes:])
		SHA256Pack(arena, model)

		SHA256Lockstep(arena, ops)
		for i := 0; i < len(ops); i += 3 {
			l, rt, o := ops[i], ops[i+1], ops[i+2]
			for p := 0; p < Width; p++ {
				var msg []byte
				msg = append(msg, chunk(model, l, p)...)
				msg = append(msg, chunk(model, rt, p)...)
				d := sha256.Sum256(msg)
				copy(chunk(model, o, p), d[:])
			}
		}

		got := make([]byte, len(arena))
		SHA256Unpack(got, arena)
		if i := kerneltest.FirstDiff(got, model); i >= 0 {
			t.Errorf("seed %d (%d nodes, %d ops): node %d lane %d differs", seed, nodes, len(ops)/3, i/nodeSize, i%nodeSize/32)
		}
		if !bytes.Equal(buf[5+nodeSize*nodes:], tail) {
			t.Errorf("seed %d: bytes after the arena changed", seed)
		}
	}
}

// chunk returns lane p's 32 bytes of node i in ordinary layout.
func chunk(ordinary []byte, i uint32, p int) []byte {
	off := nodeSize*int(i) + 32*p
	return ordinary[off : off+32]
}

// TestSHA256LockstepTreeMatchesPairs hashes a 16-leaf tree per lane
// level by level with SHA256Pairs in ordinary layout, and the same tree
// with one Lockstep call in lane layout, and compares the roots.
func TestSHA256LockstepTreeMatchesPairs(t *testing.T) {
	requireSHANI(t)
	const leaves = 16
	leafData := kerneltest.Seeded(77, nodeSize*leaves) // [leaf][lane][32]

	var want []byte
	for p := 0; p < Width; p++ {
		level := make([]byte, 0, 32*leaves)
		for i := 0; i < leaves; i++ {
			level = append(level, chunk(leafData, uint32(i), p)...)
		}
		for len(level) > 32 {
			SHA256Pairs(level, level)
			level = level[:len(level)/2]
		}
		want = append(want, level...)
	}

	arena := make([]byte, nodeSize*(2*leaves-1))
	SHA256Pack(arena[:nodeSize*leaves], leafData)
	var ops []uint32
	next := uint32(leaves)
	for lo, n := uint32(0), uint32(leaves); n > 1; lo, n = lo+n, n/2 {
		for i := uint32(0); i < n; i += 2 {
			ops = append(ops, lo+i, lo+i+1, next)
			next++
		}
	}
	SHA256Lockstep(arena, ops)
	got := make([]byte, nodeSize)
	SHA256Unpack(got, arena[len(arena)-nodeSize:])
	if !bytes.Equal(got, want) {
		t.Errorf("lockstep roots %x, want %x", got, want)
	}
}

func TestSHA256LockstepMisusePanics(t *testing.T) {
	requireSHANI(t)
	arena := kerneltest.Seeded(3, 3*nodeSize+10)
	orig := bytes.Clone(arena)
	kerneltest.MustPanic(t, "len(ops)=4", func() { SHA256Lockstep(arena, []uint32{0, 1, 2, 0}) })
	kerneltest.MustPanic(t, "index 3 of 3 nodes", func() { SHA256Lockstep(arena, []uint32{0, 1, 2, 0, 3, 1}) })
	kerneltest.MustPanic(t, "huge index", func() { SHA256Lockstep(arena, []uint32{^uint32(0), 0, 0}) })
	if !bytes.Equal(arena, orig) {
		t.Error("a rejected op list changed the arena")
	}
	SHA256Lockstep(nil, nil)
}
