package cache

import (
	"bytes"
	"reflect"
	"unsafe"

	"github.com/lanehash/lanehash/internal/sszpath"
	"github.com/lanehash/lanehash/proof"
	"github.com/lanehash/lanehash/sched"
	"github.com/lanehash/lanehash/ssz"
)

// container caches a container or an EIP-7495 progressive container: its
// field roots are the chunks of a small tree. A field of one chunk (an
// integer, a root, a version) is serialized straight into its chunk, so
// comparing is a 32-byte compare; every other field is a node of its own.
//
// A Container's chunks are its fields, in order, in a wide tree. A
// ProgressiveContainer's chunks are the positions of its active_fields
// bitvector: each field sits at the position its ssz-index names, the
// positions between (gaps) are zero chunks, and the chunks are merkleized
// progressively (the same progressive tree a ProgressiveList keeps); the
// root is that tree's root mixed with pack_bits(active_fields).
type container struct {
	t      *ssz.Type
	path   string
	ptr    bool           // the Go value is a pointer (nil is the zero value)
	zero   unsafe.Pointer // the zero struct, for nil
	fields []field
	tree   chunkTree
	// progressive containers: the field at each chunk position (-1 for a
	// gap) and the active-fields chunk mixed into the root.
	progressive bool
	atPos       []int
	active      [32]byte
	at          unsafe.Pointer // the struct read at the last update
	root        [32]byte
	built       bool
	dirty       []int // scratch: the chunk positions whose roots changed
}

type field struct {
	off  uintptr
	name string
	// variable: the field's type is variable-size, so it holds lists
	// whose lengths Marked mode reads even when the field is not marked.
	variable bool
	// watch: Marked mode looks at the field when it is not marked, for
	// the identities inside it (a slice's array and length, a pointer's
	// target: see identityFree) and the lengths of its lists.
	watch  bool
	pos    int                                      // chunk position: the field's index, or its ssz-index
	inline func(dst []byte, v unsafe.Pointer) error // a one-chunk field: its plan serializes it into its chunk
	kid    node
}

func newContainer(c *ctx, t *ssz.Type, path string) (node, error) {
	g := t.Go
	ct := &container{t: t, path: path, progressive: t.Kind == ssz.KindProgressiveContainer}
	if g.Kind() == reflect.Pointer {
		ct.ptr = true
		ct.zero = newZero(g.Elem())
	}
	width := len(t.Fields)
	var pos []int
	if ct.progressive {
		width = len(t.ActiveFields)
		ct.atPos = make([]int, width)
		for i, on := range t.ActiveFields {
			ct.atPos[i] = -1
			if on {
				pos = append(pos, i)
				ct.active[i/8] |= 1 << (i % 8)
			}
		}
	}
	for i, f := range t.Fields {
		if !f.Direct {
			return newOpaque(t, path), nil
		}
		fp := sszpath.Field(path, f.Name)
		fd := field{off: f.Offset, name: f.Name, pos: i, variable: !f.Type.Fixed}
		if ct.progressive {
			fd.pos = pos[i]
			ct.atPos[fd.pos] = i
		}
		if inlineField(f.Type) {
			if r := c.elemPlan(f.Type); r != nil {
				if l := r.layout(); l != nil && l.Size == int(f.Type.Size) {
					fd.inline = l.Encode
					// A short vector held as a slice (a Vector[uint16, 9]
					// field): its slice can be replaced or cut, so it is
					// encoded again on every root (32 bytes compared).
					fd.watch = f.Type.Go.Kind() == reflect.Slice
				}
			}
		}
		if fd.inline == nil {
			k, err := newNode(c, f.Type, fp)
			if err != nil {
				return nil, err
			}
			fd.kid = k
			fd.watch = fd.variable || !identityFree(k)
		}
		ct.fields = append(ct.fields, fd)
	}
	if ct.progressive {
		ct.tree = &progressive{}
	} else {
		ct.tree = &wide{depth: sched.Depth(uint64(width)), keepLeaves: true}
	}
	ct.tree.resize(width)
	return ct, nil
}

func (ct *container) base(p unsafe.Pointer) unsafe.Pointer {
	if ct.ptr {
		return deref(p, ct.zero)
	}
	return p
}

// update with sel nil compares every field (Detect, or a marked field
// below the top); a non-nil sel (lengthsOnly: a container inside an
// unmarked field or element in Marked mode) reads only the identities
// and lengths inside it, at every depth (see updateFields).
func (ct *container) update(c *ctx, p unsafe.Pointer, sel *selection) ([32]byte, error) {
	if sel != nil {
		return ct.updateFields(c, p, noMarks)
	}
	return ct.updateFields(c, p, nil)
}

// noMarks is the marks of a container nothing in which was marked: only
// lengths are read. It is never written, so one serves every tree.
var noMarks = map[int]*selection{}

// updateFields updates the fields; with marks (explicit mode) only the
// marked fields are looked at, plus the identities and lengths inside
// unmarked fields at every depth (an append, a truncation, a slice or
// pointer replaced are always seen, and a list past its limit is always
// an error): a list field's own array and length, and for a field of
// another kind that holds slices or pointers (a container holding lists,
// a pointer to a checkpoint, an opaque union) the ones inside it. A
// struct that is not the one of the last update (another *T handed to
// Root, a pointer field retargeted) is compared whole: nothing in it is
// known.
func (ct *container) updateFields(c *ctx, p unsafe.Pointer, marks map[int]*selection) ([32]byte, error) {
	b := ct.base(p)
	if marks != nil && ct.built && b != ct.at {
		marks = nil
	}
	ct.at = b
	dirty := ct.dirty[:0]
	if !ct.built {
		// The first update hashes every chunk, the gaps of a progressive
		// container too: the tree's nodes above them start out unset.
		for i := range ct.tree.count() {
			dirty = append(dirty, i)
		}
	}
	for i, f := range ct.fields {
		fp := unsafe.Add(b, f.off)
		var sel *selection
		if marks != nil && ct.built {
			m, marked := marks[i]
			switch {
			case marked:
				sel = m
			case f.watch:
				// A list or a container reads the identities and
				// lengths inside it; an opaque node compares its whole
				// serialization.
				sel = &lengthsOnly
			default:
				continue
			}
		}
		var r [32]byte
		if f.inline != nil {
			if err := f.inline(r[:], fp); err != nil {
				return [32]byte{}, fieldError(sszpath.Field(ct.path, f.name), err)
			}
		} else {
			var err error
			if r, err = f.kid.update(c, fp, sel); err != nil {
				return [32]byte{}, err
			}
		}
		leaf := ct.tree.leaf(f.pos)
		if ct.built && bytes.Equal(leaf, r[:]) {
			continue
		}
		copy(leaf, r[:])
		if ct.built {
			dirty = append(dirty, f.pos) // positions grow with the field index: sorted
		}
	}
	ct.dirty = dirty
	if ct.built && len(dirty) == 0 {
		return ct.root, nil
	}
	if err := ct.tree.rehash(c.hasher, dirty, nil); err != nil {
		return [32]byte{}, err
	}
	ct.built = true
	ct.root = ct.tree.root(c.hasher)
	if ct.progressive {
		ct.root = c.pair(ct.root, ct.active)
	}
	return ct.root, nil
}

// lengthsOnly is the selection of an unmarked value in Marked mode: no
// elements, so only lengths are looked at (a list's own, and those of the
// lists inside its elements or fields). Nodes only read a selection, so
// one serves every field and tree.
var lengthsOnly selection

// identityFree reports whether the value of node n holds nothing Go
// code can replace without writing into its own storage: no slice, no
// pointer, no interface, at any depth outside the elements of a list or
// vector of fixed-size elements (whose contents, pointers included, are
// the element's: a change there needs the element's mark). Such a
// field, when not marked, is not looked at in Marked mode; any other is,
// at a cost of one look per slice or pointer, never per element.
func identityFree(n node) bool {
	switch k := n.(type) {
	case *seq:
		return !k.slice && !k.ptr && k.kids == nil && k.enc != nil
	case *packed:
		return !k.slice
	case *short:
		return !k.proto.slice
	case *container:
		if k.ptr {
			return false
		}
		for _, f := range k.fields {
			if f.watch {
				return false
			}
		}
		return true
	case *opaque:
		return !holdsRefs(k.t.Go)
	}
	return false
}

// holdsRefs reports whether values of g hold a slice, pointer, map or
// interface anywhere.
func holdsRefs(g reflect.Type) bool {
	switch g.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Interface, reflect.Map, reflect.UnsafePointer, reflect.Chan, reflect.Func, reflect.String:
		return true
	case reflect.Array:
		return g.Len() > 0 && holdsRefs(g.Elem())
	case reflect.Struct:
		for i := range g.NumField() {
			if holdsRefs(g.Field(i).Type) {
				return true
			}
		}
	}
	return false
}

func (ct *container) nodeAt(c *ctx, p unsafe.Pointer, g proof.GIndex) ([32]byte, error) {
	rel := g
	if ct.progressive {
		// The root is H(data, active): node 2 is the progressive tree's
		// root, node 3 the active-fields chunk.
		switch g {
		case 1:
			return ct.root, nil
		case 2:
			return ct.tree.root(c.hasher), nil
		case 3:
			return ct.active, nil
		}
		var ok bool
		if rel, ok = underData(g); !ok {
			return [32]byte{}, errInside(g)
		}
	}
	chunk, rest, below := ct.tree.chunkOf(rel)
	if !below {
		return ct.tree.node(c.hasher, rel, nil)
	}
	fi := ct.fieldAt(chunk)
	if fi < 0 {
		// Below a padding chunk or a gap: a zero chunk has no nodes below.
		return [32]byte{}, errInside(g)
	}
	f := ct.fields[fi]
	if f.kid == nil {
		return [32]byte{}, errInside(g)
	}
	// The field's node holds what it stored and reads the value only
	// where it must: it is given none when the struct is not the one of
	// the last update (a pointer field replaced or set to nil since).
	var fp unsafe.Pointer
	if p != nil {
		if b := ct.base(p); b == ct.at {
			fp = unsafe.Add(b, f.off)
		}
	}
	return f.kid.nodeAt(c, fp, rest)
}

// fieldAt is the index of the field at chunk position chunk, -1 for a
// padding chunk or a progressive container's gap.
func (ct *container) fieldAt(chunk uint64) int {
	switch {
	case chunk >= uint64(ct.tree.count()):
		return -1
	case ct.progressive:
		return ct.atPos[chunk]
	}
	return int(chunk)
}

func (ct *container) bytes() int {
	n := ct.tree.bytes() + 56*len(ct.fields) + 8*(cap(ct.dirty)+len(ct.atPos))
	for _, f := range ct.fields {
		if f.kid != nil {
			n += f.kid.bytes()
		}
	}
	return n
}
