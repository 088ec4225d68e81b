package sched

import (
	"sync"
	"unsafe"

	"github.com/lanehash/lanehash/internal/graph"
)

// rootsBatch sets dst[i] to the root of the value serialized in
// elems[i], for many values of one type found through offsets (the
// elements of a list of variable-size elements), the way the value path
// roots a SeqNode's elements: the fixed-size parts of all values as
// lockstep lanes, every field of all containers in one batch, and the
// trees of all values level by level together (the level queue). It
// makes the decoder's checks, but not in the decoder's order across
// values and fields: on an error the caller walks the values one by one
// (root) to name the decoder's first defect.
func (r *bytesRooter) rootsBatch(x *run, dst [][32]byte, elems [][]byte) error {
	n := len(elems)
	if n <= 1 {
		for i, e := range elems {
			var err error
			if dst[i], err = r.root(x, e); err != nil {
				return err
			}
		}
		return nil
	}
	switch r.Kind {
	case graph.BytesFixed:
		ptrs := getPtrs(n)
		defer putPtrs(ptrs)
		for i, e := range elems {
			if uint64(len(e)) != r.Size {
				return errorf(i, "", graph.KindLength, "%d bytes for a value of %d", len(e), r.Size)
			}
			(*ptrs)[i] = unsafe.Pointer(unsafe.SliceData(e))
		}
		return r.serial.roots(x, dst[:n], Input{ptrs: *ptrs, n: n})
	case graph.BytesPacked:
		return r.packedBatch(x, dst, elems)
	case graph.BytesSeq:
		return r.seqBatch(x, dst, elems)
	case graph.BytesContainer:
		return r.containerBatch(x, dst, elems)
	}
	return r.unionBatch(x, dst, elems)
}

// trees finishes the n trees whose chunks lie back to back in a (tree
// i has sizes[i]; b is scratch as large) with the level queue, and
// mixes in lengths when it is not nil.
func trees(x *run, dst [][32]byte, a, b []byte, sizes []int, depth int, progressive bool, lengths []uint64) {
	t := x.e.tree
	t.merkleizeTrees(dst, a, b, sizes, depth, progressive)
	if lengths != nil {
		sp := getBuf(64 * len(dst))
		defer putBuf(sp)
		t.MixInLengths(dst, lengths, *sp)
	}
}

// packedBatch checks the packed values serialized in elems and roots them
// as the value path roots many values (rootsMeasured): tile by tile,
// straight from their bytes, a wide one in place.
func (r *bytesRooter) packedBatch(x *run, dst [][32]byte, elems [][]byte) error {
	s := getPackedScratch(len(elems))
	defer putPackedScratch(s)
	for i, e := range elems {
		v, err := r.packed.checkBytes(e)
		if err != nil {
			return err
		}
		s.vals[i], s.sizes[i] = v, v.chunks
	}
	return r.packed.rootsMeasured(x, dst[:len(elems)], s)
}

// slicePool pools the slices of a batch's bookkeeping (one entry per
// value), so the batches of a long list's tiles allocate none of it
// again. Slices come back cleared of what they held (bytes they point
// into) and of any length.
type slicePool[T any] struct{ p sync.Pool }

// get returns a slice of n zero entries.
func (sp *slicePool[T]) get(n int) *[]T {
	if s, _ := sp.p.Get().(*[]T); s != nil && cap(*s) >= n {
		*s = (*s)[:n]
		return s
	}
	s := make([]T, n)
	return &s
}

// put pools s (a slice get returned, perhaps grown by append).
func (sp *slicePool[T]) put(s *[]T) {
	clear((*s)[:cap(*s)])
	*s = (*s)[:0]
	sp.p.Put(s)
}

var (
	intSlices     slicePool[int]
	uint64Slices  slicePool[uint64]
	bytesSlices   slicePool[[]byte]
	pointerSlices slicePool[unsafe.Pointer]
	inputSlices   slicePool[Input]
)

func (r *bytesRooter) seqBatch(x *run, dst [][32]byte, elems [][]byte) error {
	n := len(elems)
	zp, fp, lp := intSlices.get(n), bytesSlices.get(0), uint64Slices.get(n)
	defer intSlices.put(zp)
	defer bytesSlices.put(fp)
	defer uint64Slices.put(lp)
	sizes := *zp
	flat := *fp
	defer func() { *fp = flat }() // the grown slice goes back to the pool
	for i, e := range elems {
		s, err := r.seqSpans(e)
		if err != nil {
			return err
		}
		for j := 0; j < s.n; j++ {
			eb, err := s.elem(e, j)
			if err != nil {
				return err
			}
			flat = append(flat, eb)
		}
		sizes[i] = s.n
	}
	total := len(flat)
	ap, bp := getBuf(batchBufLen(total, n)), getBuf(batchBufLen(total, n))
	defer putBuf(ap)
	defer putBuf(bp)
	if total > 0 {
		if err := r.elem.rootsBatch(x, rootsView(*ap, total), flat); err != nil {
			return err
		}
	}
	var lengths []uint64
	if r.Seq != graph.SeqVector {
		lengths = *lp
		for i, m := range sizes {
			lengths[i] = uint64(m)
		}
	}
	trees(x, dst[:n], *ap, *bp, sizes, r.depth, r.Seq == graph.SeqProgressiveList, lengths)
	return nil
}

func (r *bytesRooter) containerBatch(x *run, dst [][32]byte, elems [][]byte) error {
	n, k, width := len(elems), len(r.fields), r.width()
	// Field f of value i is at fields[f*n+i].
	fp := bytesSlices.get(k * n)
	defer bytesSlices.put(fp)
	fields := *fp
	for i, e := range elems {
		err := r.layout(e, func(f int, fb []byte) error {
			fields[f*n+i] = fb
			return nil
		})
		if err != nil {
			return err
		}
	}
	total := width * n
	ap, bp := getBuf(batchBufLen(total, n)), getBuf(batchBufLen(total, n))
	defer putBuf(ap)
	defer putBuf(bp)
	a := *ap
	clear(a[:32*total])
	rp := getBuf(32 * n)
	defer putBuf(rp)
	roots := rootsView(*rp, n)
	for f, fr := range r.fields {
		if err := fr.rootsBatch(x, roots, fields[f*n:(f+1)*n]); err != nil {
			return err
		}
		at := 32 * r.slot(f)
		for i := range roots {
			copy(a[32*width*i+at:], roots[i][:])
		}
	}
	zp := intSlices.get(n)
	defer intSlices.put(zp)
	sizes := *zp
	for i := range sizes {
		sizes[i] = width
	}
	trees(x, dst[:n], a, *bp, sizes, Depth(uint64(width)), r.pos != nil, nil)
	if r.pos != nil {
		sp := getBuf(64 * n)
		defer putBuf(sp)
		x.e.tree.MixInActiveFields(dst[:n], r.active, *sp)
	}
	return nil
}

func (r *bytesRooter) unionBatch(x *run, dst [][32]byte, elems [][]byte) error {
	n := len(elems)
	lp := uint64Slices.get(n)
	defer uint64Slices.put(lp)
	sels := *lp
	for i, e := range elems {
		if len(e) == 0 {
			return errorf(i, "", graph.KindUnion, "no selector byte")
		}
		sel := int(e[0])
		if sel >= len(r.options) || r.Compatible && r.options[sel] == nil {
			return errorf(i, "", graph.KindUnion, "selector %d is not an option", sel)
		}
		if r.options[sel] == nil {
			if len(e) != 1 {
				return errorf(i, "", graph.KindUnion, "None option followed by %d bytes", len(e)-1)
			}
			dst[i] = [32]byte{}
		}
		sels[i] = uint64(sel)
	}
	ip, vp := intSlices.get(0), bytesSlices.get(0)
	defer intSlices.put(ip)
	defer bytesSlices.put(vp)
	for sel, opt := range r.options {
		if opt == nil {
			continue
		}
		// Each option's values, in scratch kept from option to option
		// (and back to the pool, grown).
		idx, vals := (*ip)[:0], (*vp)[:0]
		for i, s := range sels {
			if s == uint64(sel) {
				idx = append(idx, i)
				vals = append(vals, elems[i][1:])
			}
		}
		*ip, *vp = idx, vals
		if len(idx) == 0 {
			continue
		}
		rp := getBuf(32 * len(idx))
		roots := rootsView(*rp, len(idx))
		err := opt.rootsBatch(x, roots, vals)
		for j, i := range idx {
			dst[i] = roots[j]
		}
		putBuf(rp)
		if err != nil {
			return err
		}
	}
	sp := getBuf(64 * n)
	defer putBuf(sp)
	x.e.tree.MixInLengths(dst[:n], sels, *sp)
	return nil
}
