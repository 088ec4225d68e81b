package main

import (
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"math/big"
	"reflect"
	"strconv"

	"github.com/lanehash/lanehash/internal/sszlayout"
	"github.com/lanehash/lanehash/ssz"
)

// A difference is one deepest node whose subtree root differs between
// two values of one type: a basic field or element, a byte string, a
// bitfield, a union, an element present in one value only, or a list's
// length. Ancestors of a difference differ too and are not listed.
//
// An element one list has beyond the other's end is a difference only
// when its node differs from what the shorter list has there, the zero
// padding: a basic element when it is not 0 (its chunk then differs;
// elements of 0 sharing that chunk are not listed, as equal elements
// sharing a changed chunk are not), a composite one when its root is not
// the zero chunk (a zero Bytes32 root is the padding itself). So every
// difference's node differs between the two trees, and every differing
// leaf chunk or element root holds a difference.
type difference struct {
	path string // spec names, a proof path ("validators[513].effective_balance")
	a, b string // the values, "" where too long to show
}

// maxShownBytes is the longest byte string a difference shows in full
// (a pubkey); longer ones show their first bytes and length.
const maxShownBytes = 48

// differ walks two serializations of one type side by side. Since SSZ
// serialization is injective per type and hash_tree_root is collision
// resistant, a subtree's root differs exactly where its bytes differ, so
// the walk compares bytes (memcmp speed) and descends only into spans that
// differ; no hashing is needed to find the paths. The one exception is an
// element past the shorter list's end, compared with the zero padding
// there: only an all-zero composite element can root to the zero chunk,
// and only those are hashed, once per type and length.
type differ struct {
	out   []difference
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

func (d *differ) add(path, a, b string) {
	d.total++
	if d.max == 0 || len(d.out) < d.max {
		d.out = append(d.out, difference{path, a, b})
	}
}

// walk compares a and b, serializations of t, at path.
func (d *differ) walk(t *ssz.Type, a, b []byte, path string) error {
	if bytes.Equal(a, b) {
		return nil
	}
	switch {
	case t.IsBasic():
		d.add(path, basicString(t, a), basicString(t, b))
		return nil
	case isBytes(t), t.Kind == ssz.KindBitvector, t.Kind == ssz.KindBitlist,
		t.Kind == ssz.KindProgressiveBitlist, t.Kind == ssz.KindUnion, t.Kind == ssz.KindCompatibleUnion:
		d.add(path, bytesString(a), bytesString(b))
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
			if err := d.walk(f.Type, a[sa[i].Lo:sa[i].Hi], b[sb[i].Lo:sb[i].Hi], joinPath(path, specName(f))); err != nil {
				return err
			}
		}
		return nil
	case isSequence(t):
		return d.walkSeq(t, a, b, path)
	}
	return fmt.Errorf("%s: %w: kind %d", path, errLayout, t.Kind)
}

// walkSeq compares two vectors or lists element by element, then the
// elements one of them has beyond the other's end, then the lengths:
// the order of their nodes in the tree (the length is the right child
// of a list's root).
func (d *differ) walkSeq(t *ssz.Type, a, b []byte, path string) error {
	if t.Elem.IsBasic() {
		s := int(t.Elem.Size)
		if s == 0 || len(a)%s != 0 || len(b)%s != 0 {
			return fmt.Errorf("%s: %w: not a whole number of %d-byte elements", path, errLayout, s)
		}
		na, nb := len(a)/s, len(b)/s
		differing(a, b, s, min(na, nb), func(i int) {
			d.add(index(path, i), basicString(t.Elem, a[i*s:(i+1)*s]), basicString(t.Elem, b[i*s:(i+1)*s]))
		})
		// Past the shorter end an element of 0 is the padding of the
		// shorter list's chunk there: its chunk is the same in both.
		for i := min(na, nb); i < max(na, nb); i++ {
			va, vb := absent, absent
			if i < na {
				va = basicString(t.Elem, a[i*s:(i+1)*s])
			} else {
				vb = basicString(t.Elem, b[i*s:(i+1)*s])
			}
			long := a
			if i >= na {
				long = b
			}
			if !allZero(long[i*s : (i+1)*s]) {
				d.add(index(path, i), va, vb)
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
		va, vb, long, offs := present, absent, a, oa
		if i >= na {
			va, vb, long, offs = absent, present, b, ob
		}
		sp := sszlayout.ElemSpan(t, i, offs)
		zero, err := d.rootsToZero(t.Elem, long[sp.Lo:sp.Hi])
		if err != nil {
			return fmt.Errorf("%s: %w", index(path, i), err)
		}
		if !zero {
			d.add(index(path, i), va, vb)
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

// absent and present stand for an element one value does not have, and
// for one the other value does not have whose value is not shown.
const absent, present = "(absent)", "(present)"

// lengths adds a list's length node when the lengths differ.
func (d *differ) lengths(t *ssz.Type, path string, na, nb int) {
	if isList(t) && na != nb {
		d.add(joinPath(path, "__len__"), strconv.Itoa(na), strconv.Itoa(nb))
	}
}

// index appends an element index to path.
func index(path string, i int) string {
	return path + "[" + strconv.Itoa(i) + "]"
}

// basicString formats a serialized basic value.
func basicString(t *ssz.Type, b []byte) string {
	switch t.Kind {
	case ssz.KindBool:
		if len(b) == 1 && b[0] == 1 {
			return "true"
		}
		if len(b) == 1 && b[0] == 0 {
			return "false"
		}
	case ssz.KindUint8, ssz.KindUint16, ssz.KindUint32, ssz.KindUint64:
		if len(b) <= 8 {
			var buf [8]byte
			copy(buf[:], b)
			return strconv.FormatUint(binary.LittleEndian.Uint64(buf[:]), 10)
		}
	case ssz.KindUint128, ssz.KindUint256:
		be := make([]byte, len(b))
		for i := range b {
			be[len(b)-1-i] = b[i]
		}
		return new(big.Int).SetBytes(be).String()
	}
	return bytesString(b)
}

// bytesString formats a byte string as 0x hex, in full up to
// maxShownBytes, else its first bytes and its length.
func bytesString(b []byte) string {
	if len(b) <= maxShownBytes {
		return "0x" + hex.EncodeToString(b)
	}
	return "0x" + hex.EncodeToString(b[:8]) + "…(" + strconv.Itoa(len(b)) + " bytes)"
}
