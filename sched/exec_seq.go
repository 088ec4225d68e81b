package sched

import (
	"unsafe"

	"github.com/lanehash/lanehash/internal/graph"
)

// seqRooter runs a SeqNode: vectors and lists of composite elements: the element
// roots of every instance are computed in one batch by the element
// rooter (so short lists of many instances still fill the lanes), then
// each instance's roots are merkleized as a wide tree.
type seqRooter struct {
	n     *graph.SeqNode
	elem  rooter
	zero  unsafe.Pointer // a zero element slot
	depth int
}

func newSeqRooter(n *graph.SeqNode, elem rooter) *seqRooter {
	r := &seqRooter{n: n, elem: elem, zero: zeroValue(n.Stride)}
	switch n.Kind {
	case graph.SeqVector:
		r.depth = Depth(n.Length)
	case graph.SeqList:
		r.depth = Depth(n.Limit)
	}
	return r
}

// elements returns the instance's elements as an Input, checking the
// count. zero reports the zero vector (an empty slice), which has no
// elements to root: its root is zeroRoot.
func (r *seqRooter) elements(p unsafe.Pointer) (in Input, zero bool, err error) {
	t := r.n
	if t.Array {
		return Input{base: p, stride: t.Stride, n: int(t.Length)}, false, nil
	}
	// One read of the header: the length that is checked is the length
	// that is used, even if the caller races with us.
	h := *(*sliceHeader)(p)
	n := uint64(h.len)
	switch t.Kind {
	case graph.SeqVector:
		if n == 0 {
			return Input{}, true, nil
		}
		if n != t.Length {
			return Input{}, false, errorf(-1, r.n.Path, graph.KindLength, "length %d, want %d", n, t.Length)
		}
	case graph.SeqList:
		if n > t.Limit {
			return Input{}, false, errorf(-1, r.n.Path, graph.KindTooLong, "length %d, limit %d", n, t.Limit)
		}
	}
	return Input{base: h.data, stride: t.Stride, n: h.len}, false, nil
}

// zeroRoot is the root of the zero vector: the root of one zero element
// doubled level by level (Tree.MerkleizeRepeated), so a vector of 2^40
// composite elements is hashed without 2^40 element roots, as the
// reference does.
func (r *seqRooter) zeroRoot(x *run) ([32]byte, error) {
	var one [1][32]byte
	if err := r.elem.roots(x, one[:], Input{base: r.zero, stride: r.n.Stride, n: 1}); err != nil {
		return [32]byte{}, reindex(err, 0, r.n.Path, 0)
	}
	return x.e.tree.MerkleizeRepeated(one[0], r.n.Length, r.depth), nil
}

func (r *seqRooter) roots(x *run, dst [][32]byte, in Input) error {
	if in.n == 1 {
		p, err := in.at(0)
		if err != nil {
			return err
		}
		elems, zero, err := r.elements(p)
		switch {
		case err != nil:
			return setIndex(err, 0)
		case zero:
			dst[0], err = r.zeroRoot(x)
			return err
		}
		dst[0], err = r.root(x, elems)
		return err
	}
	// Many instances: check them all, then root them a tile at a time.
	np, zp := inputSlices.get(in.n), intSlices.get(in.n)
	defer inputSlices.put(np)
	defer intSlices.put(zp)
	inputs, sizes := *np, *zp
	firstZero := -1 // the first zero vector; they all get zeroRoot
	var zeros []bool
	for i := range inputs {
		p, err := in.at(i)
		if err != nil {
			return err
		}
		var zero bool
		if inputs[i], zero, err = r.elements(p); err != nil {
			return setIndex(err, i)
		}
		if zero && firstZero < 0 {
			firstZero, zeros = i, make([]bool, in.n)
		}
		if zero {
			zeros[i] = true
		}
		sizes[i] = inputs[i].n
	}
	var zeroRoot [32]byte
	if firstZero >= 0 {
		var err error
		if zeroRoot, err = r.zeroVectors(x, inputs, firstZero); err != nil {
			return err
		}
		// The batches see zero vectors as empty; their roots are set last.
		defer func() {
			for i, z := range zeros {
				if z {
					dst[i] = zeroRoot
				}
			}
		}()
	}
	// Small instances go through the level queue together, to fill the
	// lanes; a wide one by itself, in place (see tileChunks).
	return tileSpans(sizes, r.n.Kind != graph.SeqVector, func(lo, hi int, lengths []uint64) error {
		if hi-lo > 1 {
			return shiftIndex(r.batch(x, dst[lo:hi], inputs[lo:hi], sizes[lo:hi], lengths), lo)
		}
		if zeros != nil && zeros[lo] {
			return nil
		}
		root, err := r.root(x, inputs[lo])
		dst[lo] = root
		return setIndex(err, lo)
	})
}

// batch roots the instances whose elements are inputs (together at most
// a tile of them) through the level queue: all their elements in one
// batch (so short lists of many instances still fill the lanes), then
// every instance's tree level by level together (for progressive lists,
// every subtree of every instance). sizes holds the instances' element
// counts and is overwritten; so is lengths, scratch for the mix-ins
// (nil for vectors). An error names the instance's index in inputs.
func (r *seqRooter) batch(x *run, dst [][32]byte, inputs []Input, sizes []int, lengths []uint64) error {
	total := 0
	for _, e := range inputs {
		total += e.n
	}
	rb := getBuf(batchBufLen(total, len(inputs)))
	defer putBuf(rb)
	all := rootsView(*rb, total)
	if err := r.elementRoots(x, all, inputs, total); err != nil {
		return r.locate(err, inputs)
	}
	bp := getBuf(max(batchBufLen(total, len(inputs)), 64*len(inputs)))
	defer putBuf(bp)
	x.e.tree.merkleizeTrees(dst, *rb, *bp, sizes, r.depth, r.progressive())
	if r.n.Kind != graph.SeqVector {
		for i, e := range inputs {
			lengths[i] = uint64(e.n)
		}
		x.e.tree.MixInLengths(dst, lengths, *bp)
	}
	return nil
}

// elementRoots sets all to the roots of the elements of inputs, total in
// all, in order. An error names the element's index in all. Elements
// that are chunks (their root is their bytes) are copied instance by
// instance, each one array; others are rooted in one batch through a
// pointer list, so that their lockstep lanes fill across instances.
func (r *seqRooter) elementRoots(x *run, all [][32]byte, inputs []Input, total int) error {
	if _, chunk := r.elem.(*chunkRooter); chunk {
		at := 0
		for _, e := range inputs {
			if err := rootsInOrder(x, r.elem, all[at:at+e.n], e); err != nil {
				return shiftIndex(err, at)
			}
			at += e.n
		}
		return nil
	}
	ptrs := getPtrs(total)
	defer putPtrs(ptrs)
	at := 0
	for _, e := range inputs {
		for j := 0; j < e.n; j++ {
			(*ptrs)[at] = unsafe.Add(e.base, uintptr(j)*e.stride)
			at++
		}
	}
	return rootsInOrder(x, r.elem, all, Input{ptrs: *ptrs, n: total, zero: r.zero})
}

// zeroVectors returns the zero vector's root for a batch holding zero
// vectors (the first at instance firstZero). If the zero element itself
// is invalid, the error is the first in instance order: an earlier
// instance's own bad element wins over it.
func (r *seqRooter) zeroVectors(x *run, inputs []Input, firstZero int) ([32]byte, error) {
	root, zerr := r.zeroRoot(x)
	if zerr == nil {
		return root, nil
	}
	for i := 0; i < firstZero; i++ {
		if _, err := r.root(x, inputs[i]); err != nil {
			return root, setIndex(err, i)
		}
	}
	return root, setIndex(zerr, firstZero)
}

// locate maps an error about element k of the batch to its instance.
func (r *seqRooter) locate(err error, inputs []Input) error {
	if pe, ok := err.(*Error); ok && pe.Index >= 0 {
		k := pe.Index
		for i, e := range inputs {
			if k < e.n {
				return reindex(err, i, r.n.Path, k)
			}
			k -= e.n
		}
	}
	return err
}

// root hashes the elements of one instance; a long list (a state's
// registry) a tile at a time (see listTileDepth).
func (r *seqRooter) root(x *run, elems Input) ([32]byte, error) {
	n := elems.n
	var root [32]byte
	var err error
	if tiledList(n, r.depth, x.workers, r.progressive()) {
		root, err = tiledListRoot(x, inputRoots(r.elem, elems), n, r.depth, r.progressive())
	} else {
		bp := getBuf(treeBufLen(n, r.progressive()))
		defer putBuf(bp)
		if err = rootsInOrder(x, r.elem, rootsView(*bp, n), elems); err == nil {
			// Errors come only from workers, which cannot fail here.
			_ = x.e.tree.merkleizeTree(*bp, n, r.depth, r.progressive(), x.workers)
			root = [32]byte((*bp)[:32])
		}
	}
	if err != nil {
		if pe, ok := err.(*Error); ok && pe.Index >= 0 {
			return [32]byte{}, reindex(err, 0, r.n.Path, pe.Index)
		}
		return [32]byte{}, err
	}
	if r.n.Kind != graph.SeqVector {
		root = x.e.tree.mixIn(root, uint64(n))
	}
	return root, nil
}

// progressive reports whether the sequence is a progressive list.
func (r *seqRooter) progressive() bool { return r.n.Kind == graph.SeqProgressiveList }
