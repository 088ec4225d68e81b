package sched

import (
	"fmt"
	"unsafe"

	"github.com/lanehash/lanehash/internal/graph"
)

// BytesPrepared is a bytes graph made ready to run on an Exec: it
// roots serialized values without decoding them, rejecting exactly what
// the strict decoder rejects.
type BytesPrepared struct {
	ctx  Prepared // the executor and the cached call context
	root *bytesRooter
}

// PrepareBytes readies the bytes graph n to run on e. It fails only on
// a malformed graph.
func (e *Exec) PrepareBytes(n *graph.BytesNode) (*BytesPrepared, error) {
	r, err := e.bytesRooterOf(n)
	if err != nil {
		return nil, err
	}
	return &BytesPrepared{ctx: Prepared{e: e, typ: bytesType}, root: r}, nil
}

// Root returns the root of the value serialized in b, splitting the
// work across up to workers goroutines (≤ 0: GOMAXPROCS). An error has
// Index -1 and the path below the value (".Validators[3].Slashed").
func (p *BytesPrepared) Root(b []byte, workers int) ([32]byte, error) {
	return p.root.root(p.ctx.run(workers, 2), b)
}

// RootAll sets dst[i] to the root of the i-th element of b, the
// serialization of a list of the graph's type: elements back to back
// for a fixed-size type, the offset table then the elements for a
// variable-size one. An element's error has its Index and the path
// below it; an error about the offset table or the length has Index -1.
func (p *BytesPrepared) RootAll(dst [][32]byte, b []byte, workers int) error {
	x := p.ctx.run(workers, 2)
	r := p.root
	s, err := listSpans(r, b)
	if err != nil {
		return err
	}
	if len(dst) < s.n {
		return &Error{Index: -1, Kind: graph.KindLength, Msg: fmt.Sprintf("dst holds %d roots, b has %d elements", len(dst), s.n)}
	}
	if r.Kind == graph.BytesFixed && s.n > 0 {
		return rootsInOrder(x, r.serial, dst[:s.n], bytesInput(b, int(r.Size), s.n))
	}
	for i := 0; i < s.n; i++ {
		e, err := s.elem(b, i)
		if err == nil {
			dst[i], err = r.root(x, e)
		}
		if err != nil {
			return setIndex(err, i)
		}
	}
	return nil
}

// bytesInput is the Input of the n serialized elements of size bytes
// back to back in b, for the serial graph of a BytesFixed node.
func bytesInput(b []byte, size, n int) Input {
	return Input{base: unsafe.Pointer(unsafe.SliceData(b)), stride: uintptr(size), n: n}
}

// bytesRooter is the executable form of a BytesNode.
type bytesRooter struct {
	*graph.BytesNode
	serial  rooter         // BytesFixed
	packed  *packedRooter  // BytesPacked
	elem    *bytesRooter   // BytesSeq
	fields  []*bytesRooter // BytesContainer
	options []*bytesRooter // BytesUnion
	depth   int            // BytesSeq: the depth of its tree of element roots
	fixed   uint64         // BytesContainer: the size of its fixed part
	min     uint64         // the fewest bytes a value takes (minSize)
	pos     []int          // progressive container: each field's position
	active  [32]byte       // progressive container: the active_fields chunk
}

func (e *Exec) bytesRooterOf(n *graph.BytesNode) (*bytesRooter, error) {
	if n == nil {
		return nil, fmt.Errorf("sched: nil bytes node")
	}
	r := &bytesRooter{BytesNode: n}
	var err error
	switch n.Kind {
	case graph.BytesFixed:
		if n.Size == 0 || n.Serial == nil {
			return nil, fmt.Errorf("sched: fixed bytes node without size or program")
		}
		r.serial, err = e.rooterOf(n.Serial, Lockstep)
	case graph.BytesPacked:
		if n.Packed == nil || n.Packed.ElemSize == 0 {
			return nil, fmt.Errorf("sched: packed bytes node without its packed type")
		}
		r.packed = newPackedRooter(n.Packed)
	case graph.BytesSeq:
		r.elem, err = e.bytesRooterOf(n.Elem)
		switch n.Seq {
		case graph.SeqVector:
			r.depth = Depth(n.Length)
		case graph.SeqList:
			r.depth = Depth(n.Limit)
		}
	case graph.BytesContainer:
		r.fields = make([]*bytesRooter, len(n.Fields))
		for i, f := range n.Fields {
			if r.fields[i], err = e.bytesRooterOf(f.Node); err != nil {
				return nil, err
			}
			r.fixed += fixedPart(f.Node)
		}
		if n.ActiveFields != nil {
			for i, on := range n.ActiveFields {
				if on {
					r.pos = append(r.pos, i)
					r.active[i/8] |= 1 << (i % 8)
				}
			}
			if len(r.pos) != len(n.Fields) || len(n.ActiveFields) > 256 {
				return nil, fmt.Errorf("sched: progressive container of %d fields, %d active of %d", len(n.Fields), len(r.pos), len(n.ActiveFields))
			}
		}
	case graph.BytesUnion:
		r.options = make([]*bytesRooter, len(n.Options))
		for i, o := range n.Options {
			if o == nil {
				continue
			}
			if r.options[i], err = e.bytesRooterOf(o); err != nil {
				return nil, err
			}
		}
	default:
		return nil, fmt.Errorf("sched: unknown bytes node kind %d", n.Kind)
	}
	if err != nil {
		return nil, err
	}
	r.min = n.Min
	return r, nil
}

// fixedPart is the bytes a value of n takes in the fixed part of its
// container: its size, or one 4-byte offset.
func fixedPart(n *graph.BytesNode) uint64 {
	if n.Size > 0 {
		return n.Size
	}
	return 4
}

// under prefixes the path of an executor error with seg, as an error
// climbs out of a field or an element: paths are built only for
// errors, never on the way down.
func under(err error, seg string) error {
	if e, ok := err.(*Error); ok {
		e.Path = seg + e.Path
	}
	return err
}

// underIndex is under with the element index seg "[i]".
func underIndex(err error, i int) error {
	return under(err, fmt.Sprintf("[%d]", i))
}

// root checks and roots the value serialized in b.
func (r *bytesRooter) root(x *run, b []byte) ([32]byte, error) {
	switch r.Kind {
	case graph.BytesFixed:
		if uint64(len(b)) != r.Size {
			return [32]byte{}, errorf(-1, "", graph.KindLength, "%d bytes for a value of %d", len(b), r.Size)
		}
		bp := getBuf(32)
		defer putBuf(bp)
		out := rootsView(*bp, 1)
		if err := r.serial.roots(x, out, bytesInput(b, len(b), 1)); err != nil {
			return [32]byte{}, setIndex(err, -1)
		}
		return out[0], nil
	case graph.BytesPacked:
		return r.packed.rootBytes(x, b)
	case graph.BytesSeq:
		return r.seqRoot(x, b)
	case graph.BytesContainer:
		return r.containerRoot(x, b)
	}
	return r.unionRoot(x, b)
}
