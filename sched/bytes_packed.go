package sched

import (
	"github.com/lanehash/lanehash/internal/checked"

	"github.com/lanehash/lanehash/internal/graph"
)

// rootBytes checks and roots the packed value serialized in b (a
// boolean's byte above 1 is an error, PackedNode.Bools). The bytes are the chunks, so the first
// level of a plain tree is hashed straight from b into scratch: nothing
// is copied but the last, partial pair (zero padding, a bitlist's
// delimiter bit cleared).
func (r *packedRooter) rootBytes(x *run, b []byte) ([32]byte, error) {
	v, err := r.checkBytes(b)
	if err != nil {
		return [32]byte{}, err
	}
	return r.hashBytes(x, b, v)
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

// hashBytes roots the checked packed value v serialized in b.
func (r *packedRooter) hashBytes(x *run, b []byte, v packedValue) ([32]byte, error) {
	if root, ok := r.tiledRootOf(x, v); ok {
		return root, nil
	}
	t := x.e.tree
	pairs := (v.chunks + 1) / 2
	if r.progressive() || r.depth == 0 || x.workers > 1 && v.chunks >= 2*minChunksPerWorker {
		// Progressive subtrees start at odd chunks, and a parallel tree
		// splits level 0: both copy the chunks into scratch first.
		bp := getBuf(treeBufLen(v.chunks, r.progressive()))
		defer putBuf(bp)
		buf := *bp
		r.fill(buf, v)
		if err := t.merkleizeTree(buf, v.chunks, r.depth, r.progressive(), x.workers); err != nil {
			return [32]byte{}, err
		}
		return r.mixLength(t, buf, v), nil
	}
	// Room for level 1, its odd pad, and the last pair of level 0.
	bp := getBuf(BufLen(pairs) + 64)
	defer putBuf(bp)
	buf := *bp
	// The pairs wholly inside b, before the byte holding a bitlist's
	// delimiter.
	whole := len(b)
	if r.bitlist() {
		whole--
	}
	full := min(whole/64, v.chunks/2)
	var c counts
	if full > 0 {
		t.k.Pairs(buf[:32*full], b[:64*full])
		c.treePairs += uint64(full)
		c.kernelCalls++
	}
	if full < pairs {
		last := buf[len(buf)-64:]
		k := copy(last, b[64*full:])
		clear(last[k:])
		if i := v.length/8 - 64*uint64(full); r.bitlist() && i < 64 {
			last[i] &^= 1 << (v.length % 8)
		}
		if 2*full+1 == v.chunks {
			// One chunk left: its pair is the zero chunk, zero_hashes[0].
			clear(last[32:])
		}
		t.k.Pairs(buf[32*full:32*full+32], last)
		c.treePairs++
		c.kernelCalls++
	}
	t.merkleize(buf, pairs, 1, r.depth, &c)
	t.stats.add(&c)
	return r.mixLength(t, buf, v), nil
}

// mixLength returns the root in buf[0:32], with the length mixed in
// for lists and bitlists.
func (r *packedRooter) mixLength(t *Tree, buf []byte, v packedValue) [32]byte {
	if r.mixesLength() {
		t.MixInLength(buf, v.length)
	}
	return [32]byte(buf[:32])
}
