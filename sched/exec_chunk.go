package sched

import "unsafe"

// chunkRooter runs a ChunkNode: the root is the value's own bytes.
type chunkRooter struct {
	off   uintptr
	n     int
	basic bool
}

// ChunkOf returns the ChunkNode of a program that is one leaf gathered
// straight from the instance (its root is its own bytes), or nil. A
// program with checks (bitvector padding) is not a chunk: the chunk
// rooter copies bytes and would drop the check.
func ChunkOf(p *Program) *ChunkNode {
	if len(p.Ops) != 0 || len(p.Gathers) != 1 || len(p.Sources) != 1 || len(p.Checks) != 0 || p.Root != p.Gathers[0].Node {
		return nil
	}
	g := p.Gathers[0]
	return &ChunkNode{Off: g.Off, Len: int(g.Len)}
}

func (r *chunkRooter) roots(_ *run, dst [][32]byte, in Input) error {
	if in.direct() && in.n > 0 && r.off == 0 && r.n == 32 && in.stride == 32 {
		// Roots back to back (Vector[Root, 8192]): one copy, as a
		// per-level hasher copies the vector, not one per root.
		copy(unsafe.Slice(&dst[0][0], 32*in.n), unsafe.Slice((*byte)(in.base), 32*in.n))
		return nil
	}
	for i := 0; i < in.n; i++ {
		p, err := in.at(i)
		if err != nil {
			return err
		}
		dst[i] = [32]byte{}
		copy(dst[i][:], unsafe.Slice((*byte)(unsafe.Add(p, r.off)), r.n))
	}
	return nil
}
