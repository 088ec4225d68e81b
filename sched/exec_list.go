package sched

import "unsafe"

// ListRoot returns hash_tree_root(List[T, limit]) of the instances of
// in, a SliceOf input: the instances' roots, or for a graph of a basic
// type (a ChunkNode marked Basic) their packed bytes, merkleized to the
// depth of limit with the length mixed in. A progressive list
// (EIP-7916) ignores limit. The caller checks the length against limit.
func (p *Prepared) ListRoot(in Input, limit uint64, progressive bool, workers int) ([32]byte, error) {
	if in.typ != p.typ || !in.direct() {
		return [32]byte{}, &Error{Index: -1, Kind: KindType, Msg: "ListRoot needs a slice of the graph's type"}
	}
	x := p.run(workers, 2)
	n := in.n
	chunks, depth := n, Depth(limit)
	basic, _ := p.root.(*chunkRooter)
	if basic != nil && !basic.basic {
		basic = nil
	}
	if basic != nil {
		size := uint64(basic.n)
		chunks = (n*basic.n + 31) / 32
		depth = Depth(limit/32*size + (limit%32*size+31)/32)
	}
	bp := getBuf(treeBufLen(chunks, progressive))
	defer putBuf(bp)
	buf := *bp
	if basic != nil {
		if n > 0 {
			data := unsafe.Slice((*byte)(in.base), n*basic.n)
			copy(buf, data)
			clear(buf[len(data) : 32*chunks])
		}
	} else if err := rootsInOrder(x, p.root, rootsView(buf, n), in); err != nil {
		return [32]byte{}, err
	}
	t := p.e.tree
	if err := t.merkleizeTree(buf, chunks, depth, progressive, x.workers); err != nil {
		return [32]byte{}, err
	}
	t.MixInLength(buf, uint64(n))
	return [32]byte(buf[:32]), nil
}
