package sched

import (
	"fmt"
	"unsafe"

	"github.com/lanehash/lanehash/internal/graph"
)

// chunkRooter runs a ChunkNode: the root is the value's own bytes.
type chunkRooter struct {
	off   uintptr
	n     int
	basic bool
	bool  bool // a boolean: its byte must be 0 or 1
	path  string
}

// checkPacked checks the packed bytes of booleans, element i at b[i]
// (nothing to check for other types).
func (r *chunkRooter) checkPacked(b []byte) error {
	if !r.bool {
		return nil
	}
	for i, c := range b {
		if c > 1 {
			return r.badBool(i, c)
		}
	}
	return nil
}

func (r *chunkRooter) badBool(i int, c byte) error {
	return &Error{Index: i, Path: r.path, Kind: graph.KindBool, Msg: fmt.Sprintf("byte 0x%02x: bits %b must be zero", c, c&0xfe)}
}

// rootAt sets *dst to the root of the one value at base and reports
// true; for a boolean whose byte is neither 0 nor 1 it reports false
// and leaves *dst unchanged, so that the caller takes the general path,
// which builds the error.
func (r *chunkRooter) rootAt(dst *[32]byte, base unsafe.Pointer) bool {
	var c [32]byte
	copy(c[:], unsafe.Slice((*byte)(unsafe.Add(base, r.off)), r.n))
	if r.bool && c[0] > 1 {
		return false
	}
	*dst = c
	return true
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
		if r.bool && dst[i][0] > 1 {
			return r.badBool(i, dst[i][0])
		}
	}
	return nil
}
