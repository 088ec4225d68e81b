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
		copyChunk(unsafe.Add(flat, 32*uintptr(g.Node)), unsafe.Add(a.bases[g.Src], g.Off), g.Len)
	}
	for _, level := range r.levels {
		pairs := a.pairs[:64*len(level)]
		pp := unsafe.Pointer(unsafe.SliceData(pairs))
		for j, op := range level {
			copy32(unsafe.Add(pp, 64*j), unsafe.Add(flat, 32*uintptr(op.Left)))
			copy32(unsafe.Add(pp, 64*j+32), unsafe.Add(flat, 32*uintptr(op.Right)))
		}
		r.k.Pairs(pairs[:32*len(level)], pairs)
		for j, op := range level {
			copy32(unsafe.Add(flat, 32*uintptr(op.Out)), unsafe.Add(pp, 32*j))
		}
		c.treePairs += uint64(len(level))
		c.kernelCalls++
	}
	copy(dst[i][:], a.flat[32*r.p.Root:])
	c.instances++
	return nil
}

// copy32 copies one chunk with two 16-byte moves (a [32]byte assignment
// compiles to a memmove call).
func copy32(dst, src unsafe.Pointer) {
	*(*[16]byte)(dst) = *(*[16]byte)(src)
	*(*[16]byte)(unsafe.Add(dst, 16)) = *(*[16]byte)(unsafe.Add(src, 16))
}

// copyChunk copies n (1..32) bytes from src to dst, with single moves
// for the common leaf sizes.
func copyChunk(dst, src unsafe.Pointer, n uint32) {
	switch n {
	case 32:
		copy32(dst, src)
	case 8:
		*(*[8]byte)(dst) = *(*[8]byte)(src)
	case 16:
		*(*[16]byte)(dst) = *(*[16]byte)(src)
	case 1:
		*(*byte)(dst) = *(*byte)(src)
	default:
		copy(unsafe.Slice((*byte)(dst), n), unsafe.Slice((*byte)(src), n))
	}
}
