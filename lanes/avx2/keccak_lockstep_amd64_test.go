//go:build !purego

package avx2

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

func TestKeccak256PackUnpack(t *testing.T) {
	requireKeccakCPU(t)
	r := rand.New(rand.NewPCG(5, 6))
	for _, m := range []int{0, 1, 2, 5} {
		src := keccakRandom(r, m*keccak256NodeBytes)
		packed := make([]byte, len(src)+1)[1:] // unaligned
		Keccak256Pack(packed, src)
		if !bytes.Equal(packed, keccakPackRef(src)) {
			t.Fatalf("m=%d: Pack differs from the layout definition", m)
		}
		back := make([]byte, len(src))
		Keccak256Unpack(back, packed)
		if !bytes.Equal(back, src) {
			t.Fatalf("m=%d: Unpack(Pack(x)) != x", m)
		}
	}
}

// TestKeccak256Lockstep runs random multi-level op lists and compares
// every lane with Pairs run op by op in ordinary layout.
func TestKeccak256Lockstep(t *testing.T) {
	requireKeccakCPU(t)
	r := rand.New(rand.NewPCG(7, 8))
	for trial := 0; trial < 20; trial++ {
		nodes := 2 + r.IntN(30)
		// chunks[k][p] is node k of lane p in ordinary layout.
		ordinary := keccakRandom(r, nodes*keccak256NodeBytes)
		arena := make([]byte, len(ordinary))
		Keccak256Pack(arena, ordinary)
		var ops []uint32
		for i := 0; i < 1+r.IntN(40); i++ {
			ops = append(ops, uint32(r.IntN(nodes)), uint32(r.IntN(nodes)), uint32(r.IntN(nodes)))
		}
		for o := 0; o < len(ops); o += 3 {
			lft, rgt, out := int(ops[o]), int(ops[o+1]), int(ops[o+2])
			pairs := make([]byte, 64*keccakW)
			for p := 0; p < keccakW; p++ {
				copy(pairs[64*p:], ordinary[(lft*keccakW+p)*32:][:32])
				copy(pairs[64*p+32:], ordinary[(rgt*keccakW+p)*32:][:32])
			}
			for p := 0; p < keccakW; p++ {
				copy(ordinary[(out*keccakW+p)*32:], keccakRef(pairs[64*p:64*p+64]))
			}
		}
		Keccak256Lockstep(arena, ops)
		got := make([]byte, len(arena))
		Keccak256Unpack(got, arena)
		if !bytes.Equal(got, ordinary) {
			t.Fatalf("trial %d: lockstep arena differs from op-by-op reference", trial)
		}
	}
}

// TestKeccak256LockstepLevels hashes full binary trees of 2..32 leaves
// per lane with one Lockstep call and checks the roots against Pairs run
// level by level in ordinary layout.
func TestKeccak256LockstepLevels(t *testing.T) {
	requireKeccakCPU(t)
	r := rand.New(rand.NewPCG(9, 10))
	for leaves := 2; leaves <= 32; leaves *= 2 {
		ordinary := keccakRandom(r, leaves*keccak256NodeBytes)
		arena := make([]byte, 2*leaves*keccak256NodeBytes)
		Keccak256Pack(arena, ordinary)
		// Per lane, level by level: a level of k nodes is k/2 pairs.
		level := make([][]byte, keccakW)
		for p := range level {
			for k := 0; k < leaves; k++ {
				level[p] = append(level[p], ordinary[(k*keccakW+p)*32:][:32]...)
			}
		}
		var ops []uint32
		base, next := 0, leaves
		for width := leaves; width > 1; width /= 2 {
			for i := 0; i < width/2; i++ {
				ops = append(ops, uint32(base+2*i), uint32(base+2*i+1), uint32(next+i))
			}
			for p := range level {
				Keccak256Pairs(level[p], level[p])
				level[p] = level[p][:len(level[p])/2]
			}
			base, next = next, next+width/2
		}
		Keccak256Lockstep(arena, ops)
		roots := make([]byte, keccak256NodeBytes)
		Keccak256Unpack(roots, arena[base*keccak256NodeBytes:][:keccak256NodeBytes])
		for p := range level {
			if !bytes.Equal(roots[32*p:32*p+32], level[p]) {
				t.Fatalf("%d leaves, lane %d: root %x, want %x", leaves, p, roots[32*p:32*p+32], level[p])
			}
		}
	}
}
