package diff

import (
	"bytes"
	"fmt"
	"reflect"

	"github.com/lanehash/lanehash/internal/sszlayout"
	"github.com/lanehash/lanehash/ssz"
)

// differ walks two serializations of one type side by side. Since SSZ
// serialization is injective per type and hash_tree_root is collision
// resistant, a subtree's root differs exactly where its bytes differ, so
// the walk compares bytes (memcmp speed) and descends only into spans that
// differ; no hashing is needed to find the paths. The one exception is an
// element past the shorter list's end, compared with the zero padding
// there: only an all-zero composite element can root to the zero chunk,
// and only those are hashed, once per type and length.
type differ struct {
	out   []Difference
	total int // differences found, including those past max
	max   int // differences kept (0: all)
	// zeroRoot memoizes whether the all-zero serialization of a type, of
	// a length, roots to the zero chunk.
	zeroRoot map[zeroKey]bool
}

// zeroKey is an all-zero serialization: its type and length.
type zeroKey struct {
	t *ssz.Type
	n int
}

// add records a difference, keeping it if there is room under max.
func (d *differ) add(path string, t *ssz.Type, a, b []byte) {
	d.total++
	if d.max == 0 || len(d.out) < d.max {
		d.out = append(d.out, Difference{Path: path, Type: t, A: a, B: b})
	}
}

// walk compares a and b, serializations of t, at path.
func (d *differ) walk(t *ssz.Type, a, b []byte, path string) error {
	if bytes.Equal(a, b) {
		return nil
	}
	switch {
	case t.IsBasic(), sszlayout.IsBytes(t), t.Kind == ssz.KindBitvector, t.Kind == ssz.KindBitlist,
		t.Kind == ssz.KindProgressiveBitlist, t.Kind == ssz.KindUnion, t.Kind == ssz.KindCompatibleUnion:
		d.add(path, t, a, b)
		return nil
	case t.Kind == ssz.KindContainer, t.Kind == ssz.KindProgressiveContainer:
		sa, err := sszlayout.FieldSpans(t, a)
		if err != nil {
			return fmt.Errorf("%s: first input: %w", path, err)
		}
		sb, err := sszlayout.FieldSpans(t, b)
		if err != nil {
			return fmt.Errorf("%s: second input: %w", path, err)
		}
		for i := range t.Fields {
			f := &t.Fields[i]
			if err := d.walk(f.Type, a[sa[i].Lo:sa[i].Hi], b[sb[i].Lo:sb[i].Hi], sszlayout.JoinPath(path, sszlayout.FieldName(t, i))); err != nil {
				return err
			}
		}
		return nil
	case sszlayout.IsSequence(t):
		return d.walkSeq(t, a, b, path)
	}
	return fmt.Errorf("%s: %w: kind %d", path, sszlayout.ErrLayout, t.Kind)
}

// walkSeq compares two vectors or lists element by element, then the
// elements one of them has beyond the other's end, then the lengths:
// the order of their nodes in the tree (the length is the right child
// of a list's root).
func (d *differ) walkSeq(t *ssz.Type, a, b []byte, path string) error {
	if t.Elem.IsBasic() {
		s := int(t.Elem.Size)
		if s == 0 || len(a)%s != 0 || len(b)%s != 0 {
			return fmt.Errorf("%s: %w: not a whole number of %d-byte elements", path, sszlayout.ErrLayout, s)
		}
		na, nb := len(a)/s, len(b)/s
		differing(a, b, s, min(na, nb), func(i int) {
			d.add(index(path, i), t.Elem, a[i*s:(i+1)*s], b[i*s:(i+1)*s])
		})
		// Past the shorter end an element of 0 is the padding of the
		// shorter list's chunk there: its chunk is the same in both.
		for i := min(na, nb); i < max(na, nb); i++ {
			var va, vb []byte
			if i < na {
				va = a[i*s : (i+1)*s]
			} else {
				vb = b[i*s : (i+1)*s]
			}
			if !allZero(va) || !allZero(vb) {
				d.add(index(path, i), t.Elem, va, vb)
			}
		}
		d.lengths(t, path, na, nb)
		return nil
	}
	na, oa, err := sszlayout.SeqLen(t, a)
	if err != nil {
		return fmt.Errorf("%s: first input: %w", path, err)
	}
	nb, ob, err := sszlayout.SeqLen(t, b)
	if err != nil {
		return fmt.Errorf("%s: second input: %w", path, err)
	}
	var werr error
	walkElem := func(i int) {
		sa, sb := sszlayout.ElemSpan(t, i, oa), sszlayout.ElemSpan(t, i, ob)
		if werr == nil {
			werr = d.walk(t.Elem, a[sa.Lo:sa.Hi], b[sb.Lo:sb.Hi], index(path, i))
		}
	}
	if t.Elem.Fixed {
		differing(a, b, int(t.Elem.Size), min(na, nb), walkElem)
	} else {
		for i := 0; i < min(na, nb); i++ {
			sa, sb := sszlayout.ElemSpan(t, i, oa), sszlayout.ElemSpan(t, i, ob)
			if !bytes.Equal(a[sa.Lo:sa.Hi], b[sb.Lo:sb.Hi]) {
				walkElem(i)
			}
		}
	}
	if werr != nil {
		return werr
	}
	// Past the shorter end, an element rooting to the zero chunk is the
	// shorter list's padding there.
	for i := min(na, nb); i < max(na, nb); i++ {
		var va, vb []byte
		if i < na {
			sp := sszlayout.ElemSpan(t, i, oa)
			va = a[sp.Lo:sp.Hi]
		} else {
			sp := sszlayout.ElemSpan(t, i, ob)
			vb = b[sp.Lo:sp.Hi]
		}
		present := va
		if present == nil {
			present = vb
		}
		zero, err := d.rootsToZero(t.Elem, present)
		if err != nil {
			return fmt.Errorf("%s: %w", index(path, i), err)
		}
		if !zero {
			d.add(index(path, i), t.Elem, va, vb)
		}
	}
	d.lengths(t, path, na, nb)
	return nil
}

// rootsToZero reports whether b, a serialization of composite type t,
// has the zero chunk as its hash_tree_root. A root is a chunk of the
// value's bytes or a hash, so only all-zero bytes can root to zero (a
// hash of zero would be a SHA-256 preimage); those are rooted by the
// reference, ssz.HashTreeRootValue, once per type and length.
func (d *differ) rootsToZero(t *ssz.Type, b []byte) (bool, error) {
	if !allZero(b) {
		return false, nil
	}
	k := zeroKey{t, len(b)}
	if z, ok := d.zeroRoot[k]; ok {
		return z, nil
	}
	v := reflect.New(t.Go).Elem()
	if err := ssz.UnmarshalValue(t, b, v); err != nil {
		return false, err
	}
	r, err := ssz.HashTreeRootValue(t, v, ssz.SHA256)
	if err != nil {
		return false, err
	}
	if d.zeroRoot == nil {
		d.zeroRoot = make(map[zeroKey]bool)
	}
	d.zeroRoot[k] = r == [32]byte{}
	return d.zeroRoot[k], nil
}

// allZero reports whether every byte of b is 0.
func allZero(b []byte) bool {
	for _, c := range b {
		if c != 0 {
			return false
		}
	}
	return true
}

// differingBlock is how many bytes differing compares at once before it
// looks at the elements inside: big enough that a registry of identical
// elements is compared at memcmp speed, small enough that one changed
// element costs little.
const differingBlock = 4096

// differing calls fn with the index of each of the first n size-byte
// elements where a and b differ, in order, comparing blocks of elements
// first so that equal stretches cost one memcmp.
func differing(a, b []byte, size, n int, fn func(i int)) {
	per := max(1, differingBlock/size)
	for lo := 0; lo < n; lo += per {
		hi := min(n, lo+per)
		if bytes.Equal(a[lo*size:hi*size], b[lo*size:hi*size]) {
			continue
		}
		for i := lo; i < hi; i++ {
			if !bytes.Equal(a[i*size:(i+1)*size], b[i*size:(i+1)*size]) {
				fn(i)
			}
		}
	}
}

// lengths adds a list's length node when the lengths differ.
func (d *differ) lengths(t *ssz.Type, path string, na, nb int) {
	if sszlayout.IsList(t) && na != nb {
		d.add(sszlayout.JoinPath(path, "__len__"), lenType, lenBytes(na), lenBytes(nb))
	}
}
