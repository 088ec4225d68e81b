package cache

import (
	"bytes"
	"reflect"
	"unsafe"

	"github.com/lanehash/lanehash/proof"
	"github.com/lanehash/lanehash/sched"
	"github.com/lanehash/lanehash/ssz"
)

// container caches a container: its field roots are the chunks of a small
// wide tree. A field of one chunk (an integer, a root, a version) is
// serialized straight into its chunk, so comparing is a 32-byte compare;
// every other field is a node of its own.
type container struct {
	t      *ssz.Type
	path   string
	ptr    bool           // the Go value is a pointer (nil is the zero value)
	zero   unsafe.Pointer // the zero struct, for nil
	fields []field
	w      wide
	root   [32]byte
	built  bool
	dirty  []int // scratch: the fields whose roots changed
}

type field struct {
	off    uintptr
	name   string
	inline *layout // a one-chunk field, serialized into its chunk
	kid    node
}

func newContainer(c *ctx, t *ssz.Type, path string) (node, error) {
	g := t.Go
	ct := &container{t: t, path: path}
	if g.Kind() == reflect.Pointer {
		ct.ptr = true
		ct.zero = newZero(g.Elem())
	}
	for _, f := range t.Fields {
		if !f.Direct {
			return newOpaque(t, path), nil
		}
		fp := path + "." + f.Name
		fd := field{off: f.Offset, name: f.Name}
		if f.Type.Fixed && f.Type.Size <= 32 && (f.Type.IsBasic() || f.Type.Kind == ssz.KindVector && f.Type.Elem.IsBasic()) {
			fd.inline = compileLayout(f.Type, fp)
		}
		if fd.inline == nil {
			k, err := newNode(c, f.Type, fp)
			if err != nil {
				return nil, err
			}
			fd.kid = k
		}
		ct.fields = append(ct.fields, fd)
	}
	ct.w = wide{depth: sched.Depth(uint64(len(ct.fields))), keepLeaves: true}
	ct.w.resize(len(ct.fields))
	return ct, nil
}

func (ct *container) base(p unsafe.Pointer) unsafe.Pointer {
	if ct.ptr {
		return deref(p, ct.zero)
	}
	return p
}

func (ct *container) update(c *ctx, p unsafe.Pointer, _ *selection) ([32]byte, error) {
	return ct.updateFields(c, p, nil)
}

// updateFields updates the fields; with marks (explicit mode at the top of
// a tree) only the marked fields are looked at, plus the lengths of
// unmarked lists (an append or truncation is always seen).
func (ct *container) updateFields(c *ctx, p unsafe.Pointer, marks map[int]*selection) ([32]byte, error) {
	b := ct.base(p)
	dirty := ct.dirty[:0]
	for i, f := range ct.fields {
		fp := unsafe.Add(b, f.off)
		var sel *selection
		if marks != nil && ct.built {
			m, marked := marks[i]
			switch {
			case marked:
				sel = m
			case f.kid != nil && isSeq(f.kid):
				sel = &lengthsOnly
			default:
				continue
			}
		}
		var r [32]byte
		if f.inline != nil {
			if err := f.inline.encode(r[:], fp); err != nil {
				return [32]byte{}, err
			}
		} else {
			var err error
			if r, err = f.kid.update(c, fp, sel); err != nil {
				return [32]byte{}, err
			}
		}
		if ct.built && bytes.Equal(ct.w.chunk(i), r[:]) {
			continue
		}
		copy(ct.w.chunk(i), r[:])
		dirty = append(dirty, i)
	}
	ct.dirty = dirty
	if err := ct.w.rehash(c.hasher, dirty, nil); err != nil {
		return [32]byte{}, err
	}
	ct.built = true
	ct.root = ct.w.root(c.hasher)
	return ct.root, nil
}

// lengthsOnly is the selection of an unmarked list in Marked mode: no
// elements, so only its length is looked at. Nodes only read a selection,
// so one serves every field and tree.
var lengthsOnly selection

func isSeq(n node) bool {
	switch n.(type) {
	case *seq, *packed:
		return true
	}
	return false
}

func (ct *container) nodeAt(c *ctx, p unsafe.Pointer, g proof.GIndex) ([32]byte, error) {
	i, rest, below := childIndex(g, ct.w.depth)
	if !below {
		return ct.w.node(c.hasher, g, nil)
	}
	if i >= uint64(len(ct.fields)) {
		// Below a padding chunk: a zero subtree has no nodes of its own.
		return [32]byte{}, errInside(g)
	}
	f := ct.fields[i]
	if f.kid == nil {
		return [32]byte{}, errInside(g)
	}
	return f.kid.nodeAt(c, unsafe.Add(ct.base(p), f.off), rest)
}

func (ct *container) bytes() int {
	n := ct.w.bytes() + 48*len(ct.fields) + 8*cap(ct.dirty)
	for _, f := range ct.fields {
		if f.kid != nil {
			n += f.kid.bytes()
		}
	}
	return n
}
