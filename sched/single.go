package sched

import (
	"unsafe"

	"github.com/lanehash/lanehash/lanes"
)

// levels groups a program's ops by their height above the leaves: the
// ops of one level are independent and can go out in one Pairs call.
func levels(p *Program) [][]lanes.Op {
	height := make([]int, p.Nodes)
	var out [][]lanes.Op
	for _, op := range p.Ops {
		h := max(height[op.Left], height[op.Right]) + 1
		height[op.Out] = h
		for len(out) < h {
			out = append(out, nil)
		}
		out[h-1] = append(out[h-1], op)
	}
	return out
}

// single hashes one instance with the kernel's Pairs entry, level by
// level, in ordinary layout: a lone instance must not pay for W lanes
// of which one carries work.
func (r *Runner) single(a *arena, dst [][32]byte, in *Input, ext [][][32]byte, i int, c *counts) error {
	if err := r.resolve(a, in, ext, i, 0); err != nil {
		return err
	}
	flat := unsafe.Pointer(unsafe.SliceData(a.flat))
	for k := range r.p.Gathers {
		g := &r.p.Gathers[k]
		copy(unsafe.Slice((*byte)(unsafe.Add(flat, 32*uintptr(g.Node))), g.Len), unsafe.Slice((*byte)(unsafe.Add(a.bases[g.Src], g.Off)), g.Len))
	}
	for _, level := range r.levels {
		pairs := a.pairs[:64*len(level)]
		for j, op := range level {
			copy(pairs[64*j:64*j+32], a.flat[32*op.Left:32*op.Left+32])
			copy(pairs[64*j+32:64*j+64], a.flat[32*op.Right:32*op.Right+32])
		}
		r.k.Pairs(pairs[:32*len(level)], pairs)
		for j, op := range level {
			copy(a.flat[32*op.Out:32*op.Out+32], pairs[32*j:32*j+32])
		}
		c.treePairs += uint64(len(level))
		c.kernelCalls++
	}
	copy(dst[i][:], a.flat[32*r.p.Root:])
	c.instances++
	return nil
}
