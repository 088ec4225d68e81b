package sched

import (
	"github.com/lanehash/lanehash/internal/checked"

	"github.com/lanehash/lanehash/internal/graph"
)

// rootBytes checks and roots the packed value serialized in b (a
// boolean's byte above 1 is an error, PackedNode.Bools). The bytes are the chunks, so the first
// level of a plain tree is hashed straight from b into scratch: nothing
// is copied but the last, partial pair (zero padding, a bitlist's
// delimiter bit cleared; see binaryRootOf).
func (r *packedRooter) rootBytes(x *run, b []byte) ([32]byte, error) {
	v, err := r.checkBytes(b)
	if err != nil {
		return [32]byte{}, err
	}
	return r.rootOf(x, v), nil
}

// checkBytes checks a packed value's bytes as the decoder does and
// measures it.
func (r *packedRooter) checkBytes(b []byte) (packedValue, error) {
	n := r.n
	count := uint64(len(b))
	switch n.Kind {
	case graph.PackedVector, graph.Bitvector:
		size := n.Length * n.ElemSize
		if n.Kind == graph.Bitvector {
			size = checked.CeilDiv(n.Length, 8)
		}
		if count != size {
			return packedValue{}, errorf(-1, "", graph.KindLength, "%d bytes for a vector of %d", len(b), size)
		}
		count /= n.ElemSize
	case graph.PackedList, graph.PackedProgressiveList:
		if count%n.ElemSize != 0 {
			return packedValue{}, errorf(-1, "", graph.KindLength, "%d bytes is not a multiple of the element size %d", len(b), n.ElemSize)
		}
		count /= n.ElemSize
	default: // bitlists
		if count == 0 {
			return packedValue{}, errorf(-1, "", graph.KindBitlist, "empty bitlist has no delimiter bit")
		}
	}
	return r.check(b, count)
}
