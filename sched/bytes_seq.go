package sched

import (
	"encoding/binary"
	"fmt"
	"math"

	"github.com/lanehash/lanehash/internal/checked"
	"github.com/lanehash/lanehash/internal/graph"
)

// The checks below are the strict decoder's (ssz/decode.go), in its
// order, so that the bytes path rejects exactly what decoding rejects
// and names the same first defect: sequenceLen and decodeSequence for
// sequences, decodeFields for containers, decodeUnion and
// decodeCompatibleUnion for unions.

// spans locates the n elements of a sequence in its bytes: back to
// back, size bytes each, or through the offset table when size is 0.
type spans struct {
	size uint64
	n    int
}

// listSpans counts the elements of a list of elem from its bytes: the
// byte count over the element size, or the first offset over 4.
func listSpans(elem *bytesRooter, b []byte) (spans, error) {
	if elem.Size > 0 {
		if uint64(len(b))%elem.Size != 0 {
			return spans{}, errorf(-1, "", graph.KindLength, "%d bytes is not a multiple of the element size %d", len(b), elem.Size)
		}
		return spans{size: elem.Size, n: int(uint64(len(b)) / elem.Size)}, nil
	}
	if len(b) == 0 {
		return spans{}, nil
	}
	if len(b) < 4 {
		return spans{}, errorf(-1, "", graph.KindOffset, "%d bytes cannot hold an offset", len(b))
	}
	first := binary.LittleEndian.Uint32(b)
	if first == 0 || first%4 != 0 || uint64(first) > uint64(len(b)) {
		return spans{}, errorf(-1, "", graph.KindOffset, "first offset %d with %d bytes", first, len(b))
	}
	n := uint64(first / 4)
	return spans{n: int(n)}, backed(elem, b, n)
}

// backed fails unless b can hold n elements of elem when elem has a
// variable size: an offset and at least elem's minimum size each, as the
// decoder checks before it reads any element (4 bytes of offset table
// alone could claim an element of any size).
func backed(elem *bytesRooter, b []byte, n uint64) error {
	if elem.Size > 0 {
		return nil
	}
	per := satAdd(4, elem.min)
	if need, ok := checked.Mul(n, per); !ok || need > uint64(len(b)) {
		return errorf(-1, "", graph.KindLength, "%d bytes cannot hold %d elements of at least %d bytes", len(b), n, per)
	}
	return nil
}

// satAdd returns a+b, or the largest uint64 if that wraps.
func satAdd(a, b uint64) uint64 {
	if s, ok := checked.Add(a, b); ok {
		return s
	}
	return math.MaxUint64
}

// sequenceSpans checks that b holds n elements of elem: exactly n·size
// bytes, or an offset table of n offsets starting right after itself.
func sequenceSpans(elem *bytesRooter, b []byte, n int) (spans, error) {
	if elem.Size > 0 {
		if uint64(len(b)) != uint64(n)*elem.Size {
			return spans{}, errorf(-1, "", graph.KindLength, "%d bytes for %d elements of %d", len(b), n, elem.Size)
		}
		return spans{size: elem.Size, n: n}, nil
	}
	if n == 0 {
		if len(b) != 0 {
			return spans{}, errorf(-1, "", graph.KindLength, "%d bytes for no elements", len(b))
		}
		return spans{}, nil
	}
	if uint64(len(b)) < 4*uint64(n) {
		return spans{}, errorf(-1, "", graph.KindOffset, "%d bytes cannot hold %d offsets", len(b), n)
	}
	if first := binary.LittleEndian.Uint32(b); uint64(first) != 4*uint64(n) {
		return spans{}, errorf(-1, "", graph.KindOffset, "first offset %d, want %d", first, 4*n)
	}
	return spans{n: n}, nil
}

// elem returns the bytes of element i of b, or an offset error about
// the element (with no path: the caller places it).
func (s spans) elem(b []byte, i int) ([]byte, error) {
	if s.size > 0 {
		at := uint64(i) * s.size
		return b[at : at+s.size], nil
	}
	start := uint64(binary.LittleEndian.Uint32(b[4*i:]))
	end := uint64(len(b))
	if i+1 < s.n {
		end = uint64(binary.LittleEndian.Uint32(b[4*i+4:]))
	}
	if start > end || end > uint64(len(b)) {
		return nil, errorf(-1, "", graph.KindOffset, "offsets %d..%d with %d bytes", start, end, len(b))
	}
	return b[start:end], nil
}

// seqSpans checks a vector's or list's bytes up to its elements and
// locates them.
func (r *bytesRooter) seqSpans(b []byte) (spans, error) {
	if r.Seq == graph.SeqVector {
		if r.elem.Size > 0 && uint64(len(b)) != r.Size {
			return spans{}, errorf(-1, "", graph.KindLength, "%d bytes for a vector of %d", len(b), r.Size)
		}
		if err := backed(r.elem, b, r.Length); err != nil {
			return spans{}, err
		}
		return sequenceSpans(r.elem, b, int(r.Length))
	}
	s, err := listSpans(r.elem, b)
	if err == nil && r.Seq == graph.SeqList && uint64(s.n) > r.Limit {
		err = errorf(-1, "", graph.KindTooLong, "%d elements, limit %d", s.n, r.Limit)
	}
	return s, err
}

// seqRoot roots a vector, list or progressive list of composite
// elements.
func (r *bytesRooter) seqRoot(x *run, b []byte) ([32]byte, error) {
	s, err := r.seqSpans(b)
	if err != nil {
		return [32]byte{}, err
	}
	root, err := r.elemsRoot(x, b, s)
	if err != nil || r.Seq == graph.SeqVector {
		return root, err
	}
	return x.e.tree.mixIn(root, uint64(s.n)), nil
}

// elemsRoot returns the root of the tree over the sequence's element
// roots. Elements of one lockstep program are rooted straight from the
// bytes as lanes, a tile at a time when the list is long (the path of
// RootAllBytes and ListRoot); the others one by one through their
// nodes.
func (r *bytesRooter) elemsRoot(x *run, b []byte, s spans) ([32]byte, error) {
	progressive := r.Seq == graph.SeqProgressiveList
	if r.elem.Kind == graph.BytesFixed {
		root, err := rootsTree(x, r.elem.serial, bytesInput(b, int(s.size), s.n), r.depth, progressive)
		if e, ok := err.(*Error); ok && e.Index >= 0 {
			e.Path = fmt.Sprintf("[%d]", e.Index) + e.Path
			e.Index = -1
		}
		return root, err
	}
	roots := rootsAt{of: func(x *run, dst [][32]byte, first int) error { return r.elemRoots(x, dst, b, s, first) }}
	if tiledList(s.n, r.depth, x.workers, progressive) {
		// A tile of elements at a time, as the fixed-size ones: what a
		// long list allocates stays a tile's, whatever its length.
		return tiledListRoot(x, roots, s.n, r.depth, progressive)
	}
	bp := getBuf(treeBufLen(s.n, progressive))
	defer putBuf(bp)
	buf := *bp
	if err := roots.at(x, rootsView(buf, s.n), 0); err != nil {
		return [32]byte{}, err
	}
	if err := x.e.tree.merkleizeTree(buf, s.n, r.depth, progressive, x.workers); err != nil {
		return [32]byte{}, err
	}
	return [32]byte(buf[:32]), nil
}

// elemRoots sets dst[i] to the root of element first+i: all of them in
// one batch (rootsBatch: lockstep lanes for fixed-size parts, the level
// queue for the trees), and, only when the batch fails, one by one in
// order, which names the decoder's first defect: an error of the bytes
// path, Index -1 and the element's index in the whole list in its path
// (so a tiled walk's shift leaves it as it is). The elements' byte
// headers are pooled scratch, each call's own: tiles on several workers
// call it at once.
func (r *bytesRooter) elemRoots(x *run, dst [][32]byte, b []byte, s spans, first int) error {
	ep := bytesSlices.get(len(dst))
	defer bytesSlices.put(ep)
	elems := *ep
	var err error
	for i := range elems {
		if elems[i], err = s.elem(b, first+i); err != nil {
			break
		}
	}
	if err == nil && r.elem.rootsBatch(x, dst, elems) == nil {
		return nil
	}
	for i := range dst {
		e, err := s.elem(b, first+i)
		if err == nil {
			dst[i], err = r.elem.root(x, e)
		}
		if err != nil {
			return underIndex(err, first+i)
		}
	}
	return nil
}

// containerRoot roots a container or a progressive container.
func (r *bytesRooter) containerRoot(x *run, b []byte) ([32]byte, error) {
	width := r.width()
	bp := getBuf(treeBufLen(width, r.pos != nil))
	defer putBuf(bp)
	buf := *bp
	clear(buf[:32*width])
	err := r.layout(b, func(i int, fb []byte) error {
		root, err := r.fields[i].root(x, fb)
		if err != nil {
			return under(err, "."+r.Fields[i].Name)
		}
		at := 32 * r.slot(i)
		copy(buf[at:at+32], root[:])
		return nil
	})
	if err != nil {
		return [32]byte{}, err
	}
	t := x.e.tree
	if r.pos == nil {
		t.Merkleize(buf, width, Depth(uint64(width)))
		return [32]byte(buf[:32]), nil
	}
	t.MerkleizeProgressive(buf, width)
	sp := getBuf(64)
	defer putBuf(sp)
	roots := rootsView(buf, 1)
	t.MixInActiveFields(roots, r.active, *sp)
	return roots[0], nil
}

// width is the number of chunks a container's tree has: one per field,
// or one per active_fields position of a progressive container.
func (r *bytesRooter) width() int {
	if r.pos != nil {
		return len(r.ActiveFields)
	}
	return len(r.fields)
}

// slot is the chunk of field i in its container's tree.
func (r *bytesRooter) slot(i int) int {
	if r.pos != nil {
		return r.pos[i]
	}
	return i
}

// layout checks a container's bytes as the decoder does, in its order,
// and calls field with each field's bytes: the fixed fields as the
// first pass meets them (so a defect inside one comes before a bad
// offset after it), then the variable fields in order, once every
// offset is checked.
func (r *bytesRooter) layout(b []byte, field func(i int, fb []byte) error) error {
	if uint64(len(b)) < r.fixed {
		return errorf(-1, "", graph.KindLength, "%d bytes, fixed part needs %d", len(b), r.fixed)
	}
	if r.Size > 0 && uint64(len(b)) != r.fixed {
		return errorf(-1, "", graph.KindLength, "%d bytes for a container of %d", len(b), r.fixed)
	}
	// First pass: fixed fields, and the offsets of the variable ones.
	at, prev, vars := uint64(0), uint64(0), 0
	for i, f := range r.fields {
		if f.Size > 0 {
			if err := field(i, b[at:at+f.Size]); err != nil {
				return err
			}
			at += f.Size
			continue
		}
		off := uint64(binary.LittleEndian.Uint32(b[at:]))
		var err error
		switch {
		case vars == 0 && off != r.fixed:
			err = errorf(-1, "", graph.KindOffset, "first offset %d, want %d", off, r.fixed)
		case vars > 0 && off < prev:
			err = errorf(-1, "", graph.KindOffset, "offset %d before previous %d", off, prev)
		case off > uint64(len(b)):
			err = errorf(-1, "", graph.KindOffset, "offset %d beyond %d bytes", off, len(b))
		}
		if err != nil {
			return under(err, "."+r.Fields[i].Name)
		}
		prev = off
		vars++
		at += 4
	}
	// Second pass: the variable fields, each up to the next offset.
	at = 0
	start := uint64(0)
	cur := -1 // the variable field whose bytes start at start
	for i, f := range r.fields {
		if f.Size > 0 {
			at += f.Size
			continue
		}
		off := uint64(binary.LittleEndian.Uint32(b[at:]))
		at += 4
		if off < start || off > uint64(len(b)) {
			// The first pass checked every offset; bytes changed under
			// the call (a caller's race) must still not slice out of
			// range.
			return under(errorf(-1, "", graph.KindOffset, "offset %d changed during the call", off), "."+r.Fields[i].Name)
		}
		if cur >= 0 {
			if err := field(cur, b[start:off]); err != nil {
				return err
			}
		}
		cur, start = i, off
	}
	if cur >= 0 {
		return field(cur, b[start:])
	}
	return nil
}

// unionRoot roots a Union or a CompatibleUnion: the selector byte,
// then the option's value, mixed with the selector.
func (r *bytesRooter) unionRoot(x *run, b []byte) ([32]byte, error) {
	if len(b) == 0 {
		return [32]byte{}, errorf(-1, "", graph.KindUnion, "no selector byte")
	}
	sel := int(b[0])
	if sel >= len(r.options) || r.Compatible && r.options[sel] == nil {
		return [32]byte{}, errorf(-1, "", graph.KindUnion, "selector %d is not an option", sel)
	}
	var root [32]byte
	if opt := r.options[sel]; opt == nil {
		if len(b) != 1 {
			return [32]byte{}, errorf(-1, "", graph.KindUnion, "None option followed by %d bytes", len(b)-1)
		}
	} else {
		var err error
		if root, err = opt.root(x, b[1:]); err != nil {
			return [32]byte{}, under(err, "."+r.Value)
		}
	}
	// mix_in_selector is the length mix-in with the selector.
	return x.e.tree.mixIn(root, uint64(sel)), nil
}
