package plan

import (
	"reflect"
	"unsafe"

	"github.com/lanehash/lanehash/sched"
	"github.com/lanehash/lanehash/ssz"
)

// seqRooter hashes vectors and lists of composite elements: the element
// roots of every instance are computed in one batch by the element
// rooter (so short lists of many instances still fill the lanes), then
// each instance's roots are merkleized as a wide tree.
type seqRooter struct {
	t      *ssz.Type
	elem   rooter
	array  bool
	stride uintptr        // Go size of one element slot
	zero   unsafe.Pointer // a zero element slot
	depth  int
	path   string
}

func newSeqRooter(t *ssz.Type, elem rooter, path string) *seqRooter {
	r := &seqRooter{t: t, elem: elem, array: t.Go.Kind() == reflect.Array, stride: t.Go.Elem().Size(), path: path}
	r.zero = zeroValue(r.stride)
	switch t.Kind {
	case ssz.KindVector:
		r.depth = sched.Depth(t.Length)
	case ssz.KindList:
		r.depth = sched.Depth(t.Limit)
	}
	return r
}

// elements returns the instance's elements as an Input, checking the
// count.
func (r *seqRooter) elements(p unsafe.Pointer) (sched.Input, error) {
	t := r.t
	if r.array {
		return sched.Input{Base: p, Stride: r.stride, N: r.t.Go.Len(), Zero: r.zero}, nil
	}
	h := (*sliceHeader)(p)
	n := uint64(h.len)
	switch t.Kind {
	case ssz.KindVector:
		if n == 0 {
			// An empty slice stands for the zero vector.
			return sched.Input{Base: r.zero, Stride: 0, N: int(t.Length)}, nil
		}
		if n != t.Length {
			return sched.Input{}, valueError(-1, r.path, ssz.ErrSize, "length %d, want %d", n, t.Length)
		}
	case ssz.KindList:
		if n > t.Limit {
			return sched.Input{}, valueError(-1, r.path, ssz.ErrListTooLong, "length %d, limit %d", n, t.Limit)
		}
	}
	return sched.Input{Base: h.data, Stride: r.stride, N: h.len, Zero: r.zero}, nil
}

func (r *seqRooter) roots(x *run, dst [][32]byte, in sched.Input) error {
	if in.N == 1 {
		p, err := in.At(0)
		if err != nil {
			return fromSched(err)
		}
		elems, err := r.elements(p)
		if err != nil {
			return setIndex(err, 0)
		}
		dst[0], err = r.root(x, elems)
		return err
	}
	// Many instances: root all their elements in one batch.
	inputs := make([]sched.Input, in.N)
	total := 0
	for i := range inputs {
		p, err := in.At(i)
		if err != nil {
			return fromSched(err)
		}
		if inputs[i], err = r.elements(p); err != nil {
			return setIndex(err, i)
		}
		total += inputs[i].N
	}
	ptrs := getPtrs(total)
	defer putPtrs(ptrs)
	at := 0
	for _, e := range inputs {
		for j := 0; j < e.N; j++ {
			(*ptrs)[at] = unsafe.Add(e.Base, uintptr(j)*e.Stride)
			at++
		}
	}
	rb := getBuf(sched.BatchBufLen(total, in.N))
	defer putBuf(rb)
	all := rootsView(*rb, total)
	if err := r.elem.roots(x, all, sched.Input{Ptrs: *ptrs, N: total, Zero: r.zero}); err != nil {
		return r.locate(err, inputs)
	}
	if r.t.Kind == ssz.KindProgressiveList {
		at = 0
		for i, e := range inputs {
			dst[i] = r.merkleize(x, (*rb)[32*at:32*(at+e.N)], e.N)
			at += e.N
		}
		return nil
	}
	// The level queue: every instance's tree, level by level together.
	sizes := make([]int, in.N)
	lengths := make([]uint64, in.N)
	for i, e := range inputs {
		sizes[i], lengths[i] = e.N, uint64(e.N)
	}
	bp := getBuf(max(sched.BatchBufLen(total, in.N), 64*in.N))
	defer putBuf(bp)
	x.tree.MerkleizeBatch(dst[:in.N], *rb, *bp, sizes, r.depth)
	if r.t.Kind == ssz.KindList {
		x.tree.MixInLengths(dst[:in.N], lengths, *bp)
	}
	return nil
}

// locate maps an error about element k of the batch to its instance.
func (r *seqRooter) locate(err error, inputs []sched.Input) error {
	if pe, ok := err.(*Error); ok && pe.Index >= 0 {
		k := pe.Index
		for i, e := range inputs {
			if k < e.N {
				return reindex(err, i, r.path, k)
			}
			k -= e.N
		}
	}
	return err
}

// root hashes the elements of one instance.
func (r *seqRooter) root(x *run, elems sched.Input) ([32]byte, error) {
	n := elems.N
	bp := getBuf(r.bufLen(n))
	defer putBuf(bp)
	if err := r.elem.roots(x, rootsView(*bp, n), elems); err != nil {
		if pe, ok := err.(*Error); ok && pe.Index >= 0 {
			return [32]byte{}, reindex(err, 0, r.path, pe.Index)
		}
		return [32]byte{}, err
	}
	return r.finish(x, *bp, n), nil
}

// merkleize copies n element roots into scratch and finishes the tree.
func (r *seqRooter) merkleize(x *run, roots []byte, n int) [32]byte {
	bp := getBuf(r.bufLen(n))
	defer putBuf(bp)
	copy(*bp, roots)
	return r.finish(x, *bp, n)
}

func (r *seqRooter) bufLen(n int) int {
	if r.t.Kind == ssz.KindProgressiveList {
		return sched.ProgressiveBufLen(n)
	}
	return sched.BufLen(n)
}

// finish merkleizes the n roots at the start of buf and mixes in the
// length of a list.
func (r *seqRooter) finish(x *run, buf []byte, n int) [32]byte {
	switch r.t.Kind {
	case ssz.KindProgressiveList:
		x.tree.MerkleizeProgressive(buf, n)
	default:
		// Errors come only from workers, which cannot fail here.
		_ = x.tree.MerkleizeParallel(buf, n, r.depth, x.workers)
	}
	if r.t.Kind != ssz.KindVector {
		x.tree.MixInLength(buf, uint64(n))
	}
	return [32]byte(buf[:32])
}

// setIndex sets the instance index of a value error.
func setIndex(err error, i int) error {
	if pe, ok := err.(*Error); ok {
		pe.Index = i
	}
	return err
}
