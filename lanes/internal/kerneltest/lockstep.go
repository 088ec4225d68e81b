package kerneltest

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// PackUnpack checks k.Pack of 0, 1, 2 and 5 nodes into an unaligned dst
// against k.PackRef, and that k.Unpack restores the chunks.
func PackUnpack(t *testing.T, k *Kernel) {
	k.Require(t)
	r := rand.New(rand.NewPCG(5, 6))
	for _, m := range []int{0, 1, 2, 5} {
		src := Random(r, m*k.NodeBytes())
		packed := make([]byte, len(src)+1)[1:] // unaligned
		k.Pack(packed, src)
		if !bytes.Equal(packed, k.PackRef(k.Width, src)) {
			t.Fatalf("m=%d: Pack differs from the layout definition", m)
		}
		back := make([]byte, len(src))
		k.Unpack(back, packed)
		if !bytes.Equal(back, src) {
			t.Fatalf("m=%d: Unpack(Pack(x)) != x", m)
		}
	}
}

// LockstepRandomOps runs random multi-level op lists, where an op may
// overwrite any node including its own inputs, and compares every lane
// with k.Ref run op by op in ordinary layout.
func LockstepRandomOps(t *testing.T, k *Kernel) {
	k.Require(t)
	w := k.Width
	r := rand.New(rand.NewPCG(7, 8))
	for trial := 0; trial < 20; trial++ {
		nodes := 2 + r.IntN(30)
		// ordinary[(k·W+p)·32:] is node k of lane p in ordinary layout.
		ordinary := Random(r, nodes*k.NodeBytes())
		arena := make([]byte, len(ordinary))
		k.Pack(arena, ordinary)
		var ops []uint32
		for i := 0; i < 1+r.IntN(40); i++ {
			ops = append(ops, uint32(r.IntN(nodes)), uint32(r.IntN(nodes)), uint32(r.IntN(nodes)))
		}
		for o := 0; o < len(ops); o += 3 {
			lft, rgt, out := int(ops[o]), int(ops[o+1]), int(ops[o+2])
			pairs := make([]byte, 64*w)
			for p := 0; p < w; p++ {
				copy(pairs[64*p:], ordinary[(lft*w+p)*32:][:32])
				copy(pairs[64*p+32:], ordinary[(rgt*w+p)*32:][:32])
			}
			for p := 0; p < w; p++ {
				copy(ordinary[(out*w+p)*32:], k.Ref(pairs[64*p:64*p+64]))
			}
		}
		k.Lockstep(arena, ops)
		got := make([]byte, len(arena))
		k.Unpack(got, arena)
		if !bytes.Equal(got, ordinary) {
			t.Fatalf("trial %d: lockstep arena differs from op-by-op reference", trial)
		}
	}
}

// LockstepLevels hashes full binary trees of 2..32 leaves per lane with
// one k.Lockstep call and checks the roots against k.Pairs run level by
// level in ordinary layout.
func LockstepLevels(t *testing.T, k *Kernel) {
	k.Require(t)
	w, size := k.Width, k.NodeBytes()
	r := rand.New(rand.NewPCG(9, 10))
	for leaves := 2; leaves <= 32; leaves *= 2 {
		ordinary := Random(r, leaves*size)
		arena := make([]byte, 2*leaves*size)
		k.Pack(arena, ordinary)
		// Per lane, level by level: a level of n nodes is n/2 pairs.
		level := make([][]byte, w)
		for p := range level {
			for n := 0; n < leaves; n++ {
				level[p] = append(level[p], ordinary[(n*w+p)*32:][:32]...)
			}
		}
		var ops []uint32
		base, next := 0, leaves
		for width := leaves; width > 1; width /= 2 {
			for i := 0; i < width/2; i++ {
				ops = append(ops, uint32(base+2*i), uint32(base+2*i+1), uint32(next+i))
			}
			for p := range level {
				k.Pairs(level[p], level[p])
				level[p] = level[p][:len(level[p])/2]
			}
			base, next = next, next+width/2
		}
		k.Lockstep(arena, ops)
		roots := make([]byte, size)
		k.Unpack(roots, arena[base*size:][:size])
		for p := range level {
			if !bytes.Equal(roots[32*p:32*p+32], level[p]) {
				t.Fatalf("%d leaves, lane %d: root %x, want %x", leaves, p, roots[32*p:32*p+32], level[p])
			}
		}
	}
}
