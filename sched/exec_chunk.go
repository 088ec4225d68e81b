package sched

import "unsafe"

// chunkRooter runs a ChunkNode: the root is the value's own bytes.
type chunkRooter struct {
	off   uintptr
	n     int
	basic bool
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
