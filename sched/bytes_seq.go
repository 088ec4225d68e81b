package sched

import (
	"encoding/binary"
	"fmt"
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
			return spans{}, errorf(-1, "", KindLength, "%d bytes is not a multiple of the element size %d", len(b), elem.Size)
		}
		return spans{size: elem.Size, n: int(uint64(len(b)) / elem.Size)}, nil
	}
	if len(b) == 0 {
		return spans{}, nil
	}
	if len(b) < 4 {
		return spans{}, errorf(-1, "", KindOffset, "%d bytes cannot hold an offset", len(b))
	}
	first := binary.LittleEndian.Uint32(b)
	if first == 0 || first%4 != 0 || uint64(first) > uint64(len(b)) {
		return spans{}, errorf(-1, "", KindOffset, "first offset %d with %d bytes", first, len(b))
	}
	return spans{n: int(first / 4)}, nil
}

// sequenceSpans checks that b holds n elements of elem: exactly n·size
// bytes, or an offset table of n offsets starting right after itself.
func sequenceSpans(elem *bytesRooter, b []byte, n int) (spans, error) {
	if elem.Size > 0 {
		if uint64(len(b)) != uint64(n)*elem.Size {
			return spans{}, errorf(-1, "", KindLength, "%d bytes for %d elements of %d", len(b), n, elem.Size)
		}
		return spans{size: elem.Size, n: n}, nil
	}
	if n == 0 {
		if len(b) != 0 {
			return spans{}, errorf(-1, "", KindLength, "%d bytes for no elements", len(b))
		}
		return spans{}, nil
	}
	if uint64(len(b)) < 4*uint64(n) {
		return spans{}, errorf(-1, "", KindOffset, "%d bytes cannot hold %d offsets", len(b), n)
	}
	if first := binary.LittleEndian.Uint32(b); uint64(first) != 4*uint64(n) {
		return spans{}, errorf(-1, "", KindOffset, "first offset %d, want %d", first, 4*n)
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
		return nil, errorf(-1, "", KindOffset, "offsets %d..%d with %d bytes", start, end, len(b))
	}
	return b[start:end], nil
}

// seqRoot roots a vector, list or progressive list of composite
// elements.
func (r *bytesRooter) seqRoot(x *run, b []byte) ([32]byte, error) {
	var s spans
	var err error
	if r.Seq == SeqVector {
		switch {
		case r.Array:
		case r.elem.Size > 0 && uint64(len(b)) != r.Size:
			return [32]byte{}, errorf(-1, "", KindLength, "%d bytes for a vector of %d", len(b), r.Size)
		case r.elem.Size == 0 && uint64(len(b))/4 < r.Length:
			return [32]byte{}, errorf(-1, "", KindLength, "%d bytes for a vector of %d variable-size elements", len(b), r.Length)
		}
		s, err = sequenceSpans(r.elem, b, int(r.Length))
	} else {
		s, err = listSpans(r.elem, b)
		if err == nil && r.Seq == SeqList && uint64(s.n) > r.Limit {
			err = errorf(-1, "", KindTooLong, "%d elements, limit %d", s.n, r.Limit)
		}
	}
	if err != nil {
		return [32]byte{}, err
	}
	root, err := r.elemsRoot(x, b, s)
	if err != nil || r.Seq == SeqVector {
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
	progressive := r.Seq == SeqProgressiveList
	if r.elem.Kind == BytesFixed {
		root, err := rootsTree(x, r.elem.serial, bytesInput(b, int(s.size), s.n), r.depth, progressive)
		if e, ok := err.(*Error); ok && e.Index >= 0 {
			e.Path = fmt.Sprintf("[%d]", e.Index) + e.Path
			e.Index = -1
		}
		return root, err
	}
	bp := getBuf(treeBufLen(s.n, progressive))
	defer putBuf(bp)
	buf := *bp
	for i := 0; i < s.n; i++ {
		e, err := s.elem(b, i)
		var root [32]byte
		if err == nil {
			root, err = r.elem.root(x, e)
		}
		if err != nil {
			return [32]byte{}, underIndex(err, i)
		}
		copy(buf[32*i:], root[:])
	}
	if err := x.e.tree.merkleizeTree(buf, s.n, r.depth, progressive, x.workers); err != nil {
		return [32]byte{}, err
	}
	return [32]byte(buf[:32]), nil
}

// containerRoot roots a container or a progressive container: the
// fixed fields and the offsets of the variable ones first, in field
// order, then the variable fields in order, as the decoder reads them.
func (r *bytesRooter) containerRoot(x *run, b []byte) ([32]byte, error) {
	if uint64(len(b)) < r.fixed {
		return [32]byte{}, errorf(-1, "", KindLength, "%d bytes, fixed part needs %d", len(b), r.fixed)
	}
	if r.Size > 0 && uint64(len(b)) != r.fixed {
		return [32]byte{}, errorf(-1, "", KindLength, "%d bytes for a container of %d", len(b), r.fixed)
	}
	width := len(r.fields)
	if r.pos != nil {
		width = len(r.ActiveFields)
	}
	bp := getBuf(treeBufLen(width, r.pos != nil))
	defer putBuf(bp)
	buf := *bp
	clear(buf[:32*width])
	slot := func(i int) []byte {
		if r.pos != nil {
			i = r.pos[i]
		}
		return buf[32*i : 32*i+32]
	}
	// First pass: fixed fields, and the offsets of the variable ones.
	at, prev, vars := uint64(0), uint64(0), 0
	for i, f := range r.fields {
		if f.Size > 0 {
			root, err := f.root(x, b[at:at+f.Size])
			if err != nil {
				return [32]byte{}, under(err, "."+r.Fields[i].Name)
			}
			copy(slot(i), root[:])
			at += f.Size
			continue
		}
		off := uint64(binary.LittleEndian.Uint32(b[at:]))
		var err error
		switch {
		case vars == 0 && off != r.fixed:
			err = errorf(-1, "", KindOffset, "first offset %d, want %d", off, r.fixed)
		case vars > 0 && off < prev:
			err = errorf(-1, "", KindOffset, "offset %d before previous %d", off, prev)
		case off > uint64(len(b)):
			err = errorf(-1, "", KindOffset, "offset %d beyond %d bytes", off, len(b))
		}
		if err != nil {
			return [32]byte{}, under(err, "."+r.Fields[i].Name)
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
			return [32]byte{}, under(errorf(-1, "", KindOffset, "offset %d changed during the call", off), "."+r.Fields[i].Name)
		}
		if cur >= 0 {
			if err := r.fieldRoot(x, cur, b[start:off], slot(cur)); err != nil {
				return [32]byte{}, err
			}
		}
		cur, start = i, off
	}
	if cur >= 0 {
		if err := r.fieldRoot(x, cur, b[start:], slot(cur)); err != nil {
			return [32]byte{}, err
		}
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

// fieldRoot roots variable field i from its bytes into dst.
func (r *bytesRooter) fieldRoot(x *run, i int, b []byte, dst []byte) error {
	root, err := r.fields[i].root(x, b)
	if err != nil {
		return under(err, "."+r.Fields[i].Name)
	}
	copy(dst, root[:])
	return nil
}

// unionRoot roots a Union or a CompatibleUnion: the selector byte,
// then the option's value, mixed with the selector.
func (r *bytesRooter) unionRoot(x *run, b []byte) ([32]byte, error) {
	if len(b) == 0 {
		return [32]byte{}, errorf(-1, "", KindUnion, "no selector byte")
	}
	sel := int(b[0])
	if sel >= len(r.options) || r.Compatible && r.options[sel] == nil {
		return [32]byte{}, errorf(-1, "", KindUnion, "selector %d is not an option", sel)
	}
	var root [32]byte
	if opt := r.options[sel]; opt == nil {
		if len(b) != 1 {
			return [32]byte{}, errorf(-1, "", KindUnion, "None option followed by %d bytes", len(b)-1)
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
