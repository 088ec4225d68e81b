package hostile

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"reflect"

	"github.com/lanehash/lanehash/internal/sszrand"
	"github.com/lanehash/lanehash/ssz"
)

// Op is one kind of change a mutation script makes to a value between two
// roots of a cached tree.
type Op int

// The changes: those that change only a list's length (Append, Truncate,
// NilList, Pow2, PastLimit) need no mark in a cache's Marked mode; the
// others change contents, which a Marked tree must be told about.
const (
	Append     Op = iota // new elements (or bits) at a list's end, in place when the capacity allows
	Truncate             // a list shortened, in place
	NilList              // a list set to nil: empty
	Pow2                 // a list's length moved across a power of two (new array)
	PastLimit            // a list one element (or bit) past its limit: ssz.ErrListTooLong, then undone
	Replace              // a fresh value (a new list, a new pointee)
	NilPtr               // a pointer to a container or union set to nil: the zero value
	Swap                 // two elements of a list or vector swapped
	Refill               // a value refilled in place
	BadBool              // a bool's byte set above 1, as an unsafe decoder can leave it: ssz.ErrBool, then undone
	BadPadding           // an unused high bit of a bitvector set: ssz.ErrBitvector, then undone
)

var opNames = [...]string{"append", "truncate", "nil-list", "pow2", "past-limit", "replace", "nil-pointer", "swap", "refill", "bad-bool", "bad-padding"}

// String is the change's name in test output ("append"), or op(n)
// for a value outside the changes.
func (o Op) String() string {
	if int(o) < len(opNames) {
		return opNames[o]
	}
	return fmt.Sprintf("op(%d)", int(o))
}

// Mutation is one change Mutate made.
type Mutation struct {
	Op Op
	// Path is the changed value's place below the root container, in the
	// form error paths take: ".F1[2].F0".
	Path string
	// Field is the top-level field the change is in, and Marks what a
	// Marked cache must be told about it: nil for the whole field, or
	// the indices of the changed elements of a top-level list or vector.
	Field int
	Marks []int
	// NeedsMark is false for a change of lengths only, which a Marked
	// cache reads by itself at every depth.
	NeedsMark bool
	// Undo, set for PastLimit, BadBool and BadPadding, restores the list
	// or the byte as it was, so that the script goes on with a valid
	// value.
	Undo func()
}

// MaxMutatedLen bounds the lengths a mutation gives lists (and a tenth of
// the bits it gives bitlists): the values stay small whatever the limits.
const MaxMutatedLen = 40

// site is a place of the value a mutation can change.
type site struct {
	t     *ssz.Type
	v     reflect.Value
	path  string
	field int
	elem  int // element of a top-level list or vector, or -1
}

// Mutate makes one random change at a random depth of v, a settable value
// of the container type t, drawing new contents from f; ok is false when
// the value has nothing to change.
func Mutate(rng *rand.Rand, f *sszrand.Filler, t *ssz.Type, v reflect.Value) (m Mutation, ok bool) {
	var sites []site
	collectSites(rng, t, v, "", -1, -1, 0, &sites)
	if len(sites) == 0 {
		return Mutation{}, false
	}
	s := sites[rng.IntN(len(sites))]
	m = Mutation{Path: s.path, Field: s.field, NeedsMark: true}
	if s.elem >= 0 {
		m.Marks = []int{s.elem}
	}
	switch s.t.Kind {
	case ssz.KindBool:
		if s.v.CanAddr() && rng.IntN(3) == 0 {
			badBool(rng, s, &m)
			return m, true
		}
	case ssz.KindBitvector:
		if s.t.Length%8 != 0 && s.v.Len() > 0 && rng.IntN(3) == 0 {
			badPadding(rng, s, &m)
			return m, true
		}
	case ssz.KindList, ssz.KindProgressiveList:
		if s.v.Kind() == reflect.Slice {
			mutateList(rng, f, s, &m)
			return m, true
		}
	case ssz.KindBitlist, ssz.KindProgressiveBitlist:
		if s.v.Kind() == reflect.Slice {
			mutateBitlist(rng, s, &m)
			return m, true
		}
	case ssz.KindVector:
		if s.v.Len() >= 2 && rng.IntN(2) == 0 {
			swapElems(rng, s, &m)
			return m, true
		}
	}
	if s.v.Kind() == reflect.Pointer && rng.IntN(2) == 0 {
		m.Op = NilPtr
		s.v.SetZero()
		return m, true
	}
	m.Op = Refill
	if s.v.Kind() == reflect.Pointer {
		m.Op = Replace
		s.v.SetZero() // a new pointee, or nil
	}
	f.Fill(s.t, s.v)
	return m, true
}

// badBool stores a byte from 2 to 255 in the bool at s, which every
// entry point must refuse with ssz.ErrBool naming it, and sets Undo to
// put the old byte back.
func badBool(rng *rand.Rand, s site, m *Mutation) {
	p := (*byte)(s.v.Addr().UnsafePointer())
	old := *p
	*p = byte(2 + rng.IntN(254))
	m.Op = BadBool
	m.Undo = func() { *p = old }
}

// badPadding sets one of the bits past a bitvector's length in its last
// byte, which every entry point must refuse with ssz.ErrBitvector naming
// the bitvector, and sets Undo to put the byte back.
func badPadding(rng *rand.Rand, s site, m *Mutation) {
	last := s.v.Index(s.v.Len() - 1)
	old := last.Uint()
	used := uint(s.t.Length % 8)
	last.SetUint(old | 1<<(used+uint(rng.IntN(8-int(used)))))
	m.Op = BadPadding
	m.Undo = func() { last.SetUint(old) }
}

// collectSites lists the places of v (of type t) and, down to a few
// elements per list, of everything inside it.
func collectSites(rng *rand.Rand, t *ssz.Type, v reflect.Value, path string, field, elem, depth int, out *[]site) {
	if depth > 0 {
		*out = append(*out, site{t: t, v: v, path: path, field: field, elem: elem})
	}
	switch t.Kind {
	case ssz.KindContainer, ssz.KindProgressiveContainer:
		if v.Kind() == reflect.Pointer {
			if v.IsNil() {
				return
			}
			v = v.Elem()
		}
		for i, fd := range t.Fields {
			if !fd.Direct {
				continue // behind an embedded pointer: changed whole only
			}
			fi := field
			if depth == 0 {
				fi = i
			}
			collectSites(rng, fd.Type, v.FieldByIndex(fd.Index), path+"."+fd.Name, fi, elem, depth+1, out)
		}
	case ssz.KindList, ssz.KindProgressiveList, ssz.KindVector:
		if v.Kind() != reflect.Slice && v.Kind() != reflect.Array {
			return
		}
		n := v.Len()
		for k := range min(n, 4) {
			i := k
			if n > 4 {
				i = rng.IntN(n)
			}
			e := elem
			if depth == 1 {
				e = i
			}
			collectSites(rng, t.Elem, v.Index(i), fmt.Sprintf("%s[%d]", path, i), field, e, depth+1, out)
		}
	}
}

// newLen draws a list length for op below the cap, in [0, limit].
func newLen(rng *rand.Rand, op Op, old int, limit uint64, most int) int {
	capN := most
	if limit < uint64(capN) {
		capN = int(limit)
	}
	switch op {
	case Append:
		if old >= capN {
			return old
		}
		return old + 1 + rng.IntN(capN-old)
	case Truncate:
		if old == 0 {
			return 0
		}
		return rng.IntN(old)
	case Pow2:
		// Just below, at or just past a power of two: the tree's top
		// moves a level (a progressive list gains or loses a subtree).
		p := 1 << rng.IntN(bits.Len(uint(max(capN, 1))))
		return min(max(p+rng.IntN(3)-1, 0), capN)
	}
	return old
}

func mutateList(rng *rand.Rand, f *sszrand.Filler, s site, m *Mutation) {
	limit := s.t.Limit
	if s.t.Kind == ssz.KindProgressiveList {
		limit = 1 << 62
	}
	old := s.v.Len()
	ops := []Op{Append, Truncate, NilList, Pow2, Replace, Swap}
	if limit < 1<<12 {
		ops = append(ops, PastLimit)
	}
	m.Op = ops[rng.IntN(len(ops))]
	m.NeedsMark = false
	switch m.Op {
	case NilList:
		s.v.SetZero()
	case Replace:
		m.NeedsMark = true
		f.Fill(s.t, s.v)
	case Swap:
		m.NeedsMark = true
		swapElems(rng, s, m)
	case PastLimit:
		prev := reflect.ValueOf(s.v.Interface())
		grown := reflect.MakeSlice(s.v.Type(), int(limit)+1, int(limit)+1)
		reflect.Copy(grown, s.v)
		s.v.Set(grown)
		m.Undo = func() { s.v.Set(prev) }
	case Append:
		n := newLen(rng, Append, old, limit, MaxMutatedLen)
		for i := old; i < n; i++ {
			e := reflect.New(s.t.Elem.Go).Elem()
			f.Fill(s.t.Elem, e)
			s.v.Set(reflect.Append(s.v, e))
		}
	case Truncate:
		s.v.Set(s.v.Slice(0, newLen(rng, Truncate, old, limit, MaxMutatedLen)))
	case Pow2:
		n := newLen(rng, Pow2, old, limit, MaxMutatedLen)
		grown := reflect.MakeSlice(s.v.Type(), n, n)
		reflect.Copy(grown, s.v)
		for i := old; i < n; i++ {
			f.Fill(s.t.Elem, grown.Index(i))
		}
		s.v.Set(grown)
	}
}

// swapElems swaps two elements of the list or vector at s.
func swapElems(rng *rand.Rand, s site, m *Mutation) {
	m.Op = Swap
	n := s.v.Len()
	if n < 2 {
		return
	}
	i, j := rng.IntN(n), rng.IntN(n)
	a := reflect.ValueOf(s.v.Index(i).Interface())
	s.v.Index(i).Set(s.v.Index(j))
	s.v.Index(j).Set(a)
	if m.Field >= 0 && len(m.Marks) == 0 && s.path == fmt.Sprintf(".F%d", m.Field) {
		m.Marks = []int{i, j} // a top-level list: its elements are marked
	}
}

// mutateBitlist changes a bitlist's bit count, keeping its bits and its
// delimiter valid, or puts it past its limit.
func mutateBitlist(rng *rand.Rand, s site, m *Mutation) {
	limit := s.t.Limit
	if s.t.Kind == ssz.KindProgressiveBitlist {
		limit = 1 << 62
	}
	b := s.v.Bytes()
	old := 0
	if len(b) > 0 && b[len(b)-1] != 0 {
		old = 8*(len(b)-1) + bits.Len8(b[len(b)-1]) - 1
	}
	ops := []Op{Append, Truncate, NilList, Pow2, Replace}
	if limit < 1<<15 {
		ops = append(ops, PastLimit)
	}
	m.Op = ops[rng.IntN(len(ops))]
	m.NeedsMark = m.Op == Replace
	n := old
	switch m.Op {
	case NilList:
		s.v.SetZero()
		return
	case PastLimit:
		prev := reflect.ValueOf(s.v.Interface())
		m.Undo = func() { s.v.Set(prev) }
		n = int(limit) + 1
	case Replace:
		n = newLen(rng, Append, 0, limit, 10*MaxMutatedLen)
		old = 0
	default:
		n = newLen(rng, m.Op, old, limit, 10*MaxMutatedLen)
	}
	nb := make([]byte, n/8+1)
	for i := range n {
		bit := rng.IntN(2) == 1
		if i < old {
			bit = b[i/8]>>(i%8)&1 == 1
		}
		if bit {
			nb[i/8] |= 1 << (i % 8)
		}
	}
	nb[n/8] |= 1 << (n % 8) // the delimiter
	s.v.Set(reflect.ValueOf(nb).Convert(s.v.Type()))
}
