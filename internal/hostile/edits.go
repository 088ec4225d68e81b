package hostile

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"reflect"

	"github.com/lanehash/lanehash/internal/sszrand"
	"github.com/lanehash/lanehash/ssz"
)

// EditKind is one kind of edit Go code can make to a value between two
// roots of a cached tree. The kinds are the whole vocabulary of changes
// to a value's memory: into its storage (a write in place), to its
// identities (a slice header, a pointer), to the value handed to Root.
// Every kind has a generator in editGens, indexed by kind, so a kind
// added here without one fails TestEveryEditKindHasAGenerator.
type EditKind int

// The edit kinds. Those marked "mark" write into storage the last root
// read, so a Marked cache must be told (cache.Marked's documentation);
// the others change an identity (a slice's array or length, a pointer's
// target, the root value's address), which a Marked cache sees by
// itself — unless they happen inside a fixed-size element of a list or
// vector, which is that element's storage and needs its mark too.
const (
	WriteInPlace          EditKind = iota // mark: a value written in its storage (a basic value, an array, a struct, a pointee through its pointer, a bit of a bitfield)
	AppendInCap                           // a list appended to within its capacity (same array)
	AppendRealloc                         // a list appended to onto a new array
	Reslice                               // a slice cut in place: s[:k] or s[k:] (a vector so cut is ErrSize, or the zero vector)
	ReplaceSameLen                        // a slice replaced by a new one of the same length
	ReplaceOtherLen                       // a slice replaced by a new one of another length
	SetNil                                // a slice or a pointer field set to nil
	RetargetPtrField                      // a pointer field set to a new object
	RetargetPtrElem                       // mark: an element of a []*T or [N]*T set to a new object, in the same array
	NilPtrElem                            // mark: an element of a []*T or [N]*T set to nil, in the same array
	AliasElems                            // mark: one pointer element set to another's object
	SwapElems                             // mark: two elements of a list or vector swapped in place
	ReplaceWhole                          // another *T handed to Root (a shallow copy or a fresh value)
	TruncateAppendInPlace                 // mark: s = append(s[:k], …) within capacity: the same array, possibly the same length
	NumEditKinds                          // the number of kinds
)

// Edit is one edit an Editor made.
type Edit struct {
	Kind EditKind
	// Path is the edited value's place below the root ("" for the root
	// itself), in the form error paths take: ".F1[2].F0".
	Path string
	// Field is the top-level field the edit is in (-1: the whole value),
	// and Marks what a Marked cache must be told when NeedsMark: the
	// indices of the changed elements of a top-level list or vector, or
	// nil for the whole field.
	Field int
	Marks []int
	// NeedsMark is what cache.Marked documents: true for a write into
	// storage the last root read, false for a change of identity.
	NeedsMark bool
	// Undo puts back exactly what the edit changed — the same bytes, the
	// same slice headers and pointers, the same root value — so that
	// undoing is an edit of the same kind, needing the same marks.
	Undo func()
}

// Editor makes random edits of every kind to a value of type T and
// counts them by kind.
type Editor struct {
	T *ssz.Type
	F *sszrand.Filler
	// Cur is the pointer to the value a cache is handed (ReplaceWhole
	// replaces it).
	Cur reflect.Value
	// Counts is how many edits of each kind were made.
	Counts [NumEditKinds]int
}

// editSite is one place of the value an edit can change.
type editSite struct {
	t     *ssz.Type
	v     reflect.Value
	path  string
	field int
	// elem is the element of a top-level list or vector the site is in
	// (or is), -1 if none; aliases are the elements of that list sharing
	// its pointer, which a write through it changes too.
	elem    int
	aliases []int
	// top: the site is a top-level field.
	top bool
	// inFixed: the site is strictly inside a fixed-size element of a list
	// or vector, whose storage a Marked cache never looks into unmarked.
	inFixed bool
	// isElem: the site is an element of a slice or array.
	isElem bool
}

// editGen is one kind's generator: applies says whether it can edit a
// site, apply makes the edit (nil Undo when nothing changed).
type editGen struct {
	name    string
	applies func(s *editSite) bool
	apply   func(ed *Editor, rng *rand.Rand, s *editSite) Edit
}

// editGens holds each kind's generator, by kind: a kind without one is a
// nil entry, which the enumeration test reports.
var editGens = [NumEditKinds]*editGen{
	WriteInPlace:     {"write-in-place", canWriteInPlace, writeInPlace},
	AppendInCap:      {"append-in-capacity", func(s *editSite) bool { return isList(s) && roomInCap(s) }, appendInCap},
	AppendRealloc:    {"append-reallocating", func(s *editSite) bool { return isList(s) && listLen(s) < listMax(s) }, appendRealloc},
	Reslice:          {"reslice", func(s *editSite) bool { return isSlice(s) && s.v.Len() > 0 }, reslice},
	ReplaceSameLen:   {"replace-same-length", func(s *editSite) bool { return isSlice(s) && s.v.Len() > 0 }, replaceSameLen},
	ReplaceOtherLen:  {"replace-other-length", isSlice, replaceOtherLen},
	SetNil:           {"set-nil", func(s *editSite) bool { return (isSlice(s) || isPtr(s) && !s.isElem) && !s.v.IsNil() }, setNil},
	RetargetPtrField: {"retarget-pointer-field", func(s *editSite) bool { return isPtr(s) && !s.isElem }, retargetPtr},
	RetargetPtrElem:  {"retarget-pointer-element", func(s *editSite) bool { return isPtr(s) && s.isElem }, retargetPtr},
	NilPtrElem:       {"nil-pointer-element", func(s *editSite) bool { return isPtr(s) && s.isElem && !s.v.IsNil() }, setNil},
	AliasElems: {"alias-elements", func(s *editSite) bool {
		return isSeq(s) && s.v.Len() >= 2 && s.v.Type().Elem().Kind() == reflect.Pointer
	}, aliasElems},
	SwapElems:             {"swap-elements", func(s *editSite) bool { return isSeq(s) && s.v.Len() >= 2 }, swapElems2},
	ReplaceWhole:          {"replace-whole-value", func(s *editSite) bool { return s.path == "" }, replaceWhole},
	TruncateAppendInPlace: {"truncate-append-in-place", func(s *editSite) bool { return isList(s) && !isBits(s) && s.v.Len() > 0 }, truncateAppendInPlace},
}

// String is the kind's name in test output ("swap-elements").
func (k EditKind) String() string {
	if k >= 0 && k < NumEditKinds && editGens[k] != nil {
		return editGens[k].name
	}
	return fmt.Sprintf("edit(%d)", int(k))
}

// HasGenerator reports whether kind k has a generator.
func HasGenerator(k EditKind) bool {
	return k >= 0 && k < NumEditKinds && editGens[k] != nil && editGens[k].applies != nil && editGens[k].apply != nil
}

// Step makes one random edit: a kind drawn uniformly among those that
// apply somewhere in the value, then a site it applies to. ok is false
// when no kind applies (never, since ReplaceWhole always does).
func (ed *Editor) Step(rng *rand.Rand) (Edit, bool) {
	sites := []*editSite{{t: ed.T, v: ed.Cur, field: -1, elem: -1}}
	collectEditSites(rng, ed.T, ed.Cur.Elem(), "", -1, -1, nil, 0, false, &sites)
	var kinds []EditKind
	var at [NumEditKinds][]*editSite
	for k := range NumEditKinds {
		g := editGens[k]
		if g == nil {
			continue
		}
		for _, s := range sites {
			if g.applies(s) {
				at[k] = append(at[k], s)
			}
		}
		if len(at[k]) > 0 {
			kinds = append(kinds, k)
		}
	}
	for range 4 {
		k := kinds[rng.IntN(len(kinds))]
		s := at[k][rng.IntN(len(at[k]))]
		e := editGens[k].apply(ed, rng, s)
		if e.Undo == nil {
			continue // nothing to change there (a full list, a zero value)
		}
		e.Kind, e.Path, e.Field = k, s.path, s.field
		if !e.NeedsMark {
			// A new slice or pointer stored in an element's slot is a
			// write into the list's array, and anything inside a
			// fixed-size element is that element's storage.
			e.NeedsMark = s.inFixed || s.isElem
		}
		if e.NeedsMark && e.Marks == nil {
			e.Marks = marksOf(s)
		}
		ed.Counts[k]++
		return e, true
	}
	return Edit{}, false
}

// collectEditSites lists v (of type t) and everything inside it, down to
// a few elements per list, with what an edit there needs to know.
func collectEditSites(rng *rand.Rand, t *ssz.Type, v reflect.Value, path string, field, elem int, aliases []int, depth int, inFixed bool, out *[]*editSite) {
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
			fv := v.FieldByIndex(fd.Index)
			fp := path + "." + fd.Name
			*out = append(*out, &editSite{t: fd.Type, v: fv, path: fp, field: fi, elem: elem, aliases: aliases, top: depth == 0, inFixed: inFixed})
			collectEditSites(rng, fd.Type, fv, fp, fi, elem, aliases, depth+1, inFixed, out)
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
			e, al := elem, aliases
			if depth == 1 {
				e, al = i, aliasesOf(v, i)
			}
			ev := v.Index(i)
			ep := fmt.Sprintf("%s[%d]", path, i)
			*out = append(*out, &editSite{t: t.Elem, v: ev, path: ep, field: field, elem: e, aliases: al, inFixed: inFixed, isElem: true})
			collectEditSites(rng, t.Elem, ev, ep, field, e, al, depth+1, inFixed || t.Elem.Fixed, out)
		}
	}
}

// aliasesOf returns the other elements of the slice or array v holding
// element i's pointer.
func aliasesOf(v reflect.Value, i int) []int {
	if v.Type().Elem().Kind() != reflect.Pointer || v.Index(i).IsNil() {
		return nil
	}
	var al []int
	p := v.Index(i).Pointer()
	for j := range v.Len() {
		if j != i && v.Index(j).Pointer() == p {
			al = append(al, j)
		}
	}
	return al
}

// marksOf is what a Marked cache must be told of a write at s: the
// element of the top-level list or vector it is in, with the elements
// sharing its pointer, or the whole top-level field.
func marksOf(s *editSite) []int {
	if s.elem < 0 {
		return nil
	}
	return append([]int{s.elem}, s.aliases...)
}

// elemMarks is the marks of a write to elements idx of the sequence at s:
// the elements themselves when s is a top-level field, else marksOf.
func elemMarks(s *editSite, idx ...int) []int {
	if s.top {
		return idx
	}
	return marksOf(s)
}

func isSlice(s *editSite) bool { return s.v.Kind() == reflect.Slice && s.path != "" }
func isPtr(s *editSite) bool   { return s.v.Kind() == reflect.Pointer && s.path != "" }
func isBits(s *editSite) bool {
	switch s.t.Kind {
	case ssz.KindBitlist, ssz.KindProgressiveBitlist, ssz.KindBitvector:
		return true
	}
	return false
}
func isList(s *editSite) bool {
	switch s.t.Kind {
	case ssz.KindList, ssz.KindProgressiveList, ssz.KindBitlist, ssz.KindProgressiveBitlist:
		return isSlice(s)
	}
	return false
}
func isSeq(s *editSite) bool {
	switch s.t.Kind {
	case ssz.KindList, ssz.KindProgressiveList, ssz.KindVector:
		return s.v.Kind() == reflect.Slice || s.v.Kind() == reflect.Array
	}
	return false
}

// listLen is a list's length in elements, or a bitlist's in bits.
func listLen(s *editSite) int {
	if isBits(s) {
		return bitlistLen(s.v.Bytes())
	}
	return s.v.Len()
}

// listMax is the most a list may hold here: its limit, below
// MaxMutatedLen elements (ten times that in bits).
func listMax(s *editSite) int {
	most := MaxMutatedLen
	if isBits(s) {
		most *= 10
	}
	if s.t.Kind == ssz.KindList || s.t.Kind == ssz.KindBitlist {
		if s.t.Limit < uint64(most) {
			return int(s.t.Limit)
		}
	}
	return most
}

func bitlistLen(b []byte) int {
	if len(b) == 0 || b[len(b)-1] == 0 {
		return 0
	}
	return 8*(len(b)-1) + bits.Len8(b[len(b)-1]) - 1
}

func roomInCap(s *editSite) bool {
	if isBits(s) {
		n := bitlistLen(s.v.Bytes())
		return n < listMax(s) && (n+1)/8 < s.v.Cap()
	}
	return s.v.Len() < s.v.Cap() && s.v.Len() < listMax(s)
}

// snapshot returns a copy of v's current value (shallow: slice headers
// and pointers, and the bytes of arrays and structs).
func snapshot(v reflect.Value) reflect.Value {
	c := reflect.New(v.Type()).Elem()
	c.Set(v)
	return c
}

func setBack(v, old reflect.Value) func() { return func() { v.Set(old) } }

// canWriteInPlace: every addressable value but a slice of non-bitfield
// kind (its elements are sites of their own) and a nil pointer; a
// bitfield held in a slice is written bit by bit.
func canWriteInPlace(s *editSite) bool {
	if s.path == "" {
		return false
	}
	switch s.v.Kind() {
	case reflect.Slice:
		return isBits(s) && s.v.Len() > 0 && (s.t.Kind == ssz.KindBitvector || bitlistLen(s.v.Bytes()) > 0)
	case reflect.Pointer:
		return !s.v.IsNil()
	}
	return true
}

func writeInPlace(ed *Editor, rng *rand.Rand, s *editSite) Edit {
	e := Edit{NeedsMark: true}
	switch {
	case s.v.Kind() == reflect.Slice: // a bitfield: one data bit flipped in its array
		n := int(s.t.Length)
		if s.t.Kind != ssz.KindBitvector {
			n = bitlistLen(s.v.Bytes())
		}
		i := rng.IntN(n)
		b := s.v.Index(i / 8)
		old := b.Uint()
		b.SetUint(old ^ 1<<(i%8))
		e.Undo = func() { b.SetUint(old) }
	case s.v.Kind() == reflect.Pointer: // through the pointer, into its target
		target := s.v.Elem()
		old := snapshot(target)
		fresh := reflect.New(s.v.Type()).Elem()
		ed.F.Fill(s.t, fresh)
		if fresh.IsNil() {
			target.SetZero()
		} else {
			target.Set(fresh.Elem())
		}
		e.Undo = setBack(target, old)
	default:
		old := snapshot(s.v)
		ed.F.Fill(s.t, s.v)
		e.Undo = setBack(s.v, old)
	}
	return e
}

// newElem returns a fresh random element of the sequence at s.
func newElem(ed *Editor, s *editSite) reflect.Value {
	e := reflect.New(s.v.Type().Elem()).Elem()
	ed.F.Fill(s.t.Elem, e)
	return e
}

// setBits makes the bitlist at s hold n bits, keeping the first keep of
// its bits and drawing the others, in dst's storage (which must hold
// n/8+1 bytes).
func setBits(rng *rand.Rand, dst, src []byte, keep, n int) []byte {
	dst = dst[:n/8+1]
	for i := range n {
		bit := rng.IntN(2) == 1
		if i < keep {
			bit = src[i/8]>>(i%8)&1 == 1
		}
		if bit {
			dst[i/8] |= 1 << (i % 8)
		} else {
			dst[i/8] &^= 1 << (i % 8)
		}
	}
	dst[n/8] &= 1<<(n%8) - 1
	dst[n/8] |= 1 << (n % 8)
	return dst
}

func appendInCap(ed *Editor, rng *rand.Rand, s *editSite) Edit {
	old := snapshot(s.v)
	if isBits(s) {
		b := s.v.Bytes()
		n := bitlistLen(b)
		most := min(listMax(s), 8*s.v.Cap()-1)
		m := n + 1 + rng.IntN(most-n)
		full := b[:cap(b)]
		saved := append([]byte(nil), full...)
		nb := setBits(rng, full, saved, n, m)
		s.v.SetBytes(nb)
		return Edit{Undo: func() { copy(full, saved); s.v.Set(old) }}
	}
	n := s.v.Len()
	m := n + 1 + rng.IntN(min(s.v.Cap(), listMax(s))-n)
	grown := s.v.Slice(0, m)
	prev := make([]reflect.Value, m-n)
	for i := n; i < m; i++ {
		prev[i-n] = snapshot(grown.Index(i))
		grown.Index(i).Set(newElem(ed, s))
	}
	s.v.Set(grown)
	return Edit{Undo: func() {
		for i := n; i < m; i++ {
			grown.Index(i).Set(prev[i-n])
		}
		s.v.Set(old)
	}}
}

func appendRealloc(ed *Editor, rng *rand.Rand, s *editSite) Edit {
	old := snapshot(s.v)
	if isBits(s) {
		b := s.v.Bytes()
		n := bitlistLen(b)
		m := n + 1 + rng.IntN(listMax(s)-n)
		nb := setBits(rng, make([]byte, m/8+1, m/8+1+rng.IntN(3)), b, n, m)
		s.v.Set(reflect.ValueOf(nb).Convert(s.v.Type()))
		return Edit{Undo: setBack(s.v, old)}
	}
	n := s.v.Len()
	m := n + 1 + rng.IntN(listMax(s)-n)
	grown := reflect.MakeSlice(s.v.Type(), n, m+rng.IntN(3)) // room for a later append in place
	reflect.Copy(grown, s.v)
	for range m - n {
		grown = reflect.Append(grown, newElem(ed, s))
	}
	s.v.Set(grown)
	return Edit{Undo: setBack(s.v, old)}
}

func reslice(ed *Editor, rng *rand.Rand, s *editSite) Edit {
	old := snapshot(s.v)
	if s.t.Kind == ssz.KindBitlist || s.t.Kind == ssz.KindProgressiveBitlist {
		b := s.v.Bytes()
		n := bitlistLen(b)
		if rng.IntN(2) == 0 && len(b) > 1 {
			// Drop whole bytes from the front: a new start in the same
			// array, the delimiter where it was.
			s.v.Set(s.v.Slice(1+rng.IntN(len(b)-1), len(b)))
			return Edit{Undo: setBack(s.v, old)}
		}
		// Cut in place: the delimiter moves down, in the same array.
		m := rng.IntN(n + 1)
		saved := append([]byte(nil), b...)
		nb := setBits(rng, b, saved, m, m)
		s.v.SetBytes(nb)
		return Edit{Undo: func() { copy(b, saved); s.v.Set(old) }}
	}
	n := s.v.Len()
	if rng.IntN(2) == 0 {
		s.v.Set(s.v.Slice(0, rng.IntN(n)))
	} else {
		s.v.Set(s.v.Slice(1+rng.IntN(n), n))
	}
	return Edit{Undo: setBack(s.v, old)}
}

// freshSlice returns a new slice for the site holding n elements (or, for
// a bitlist, n bits), filled at random.
func freshSlice(ed *Editor, rng *rand.Rand, s *editSite, n int) reflect.Value {
	switch s.t.Kind {
	case ssz.KindBitlist, ssz.KindProgressiveBitlist:
		return reflect.ValueOf(setBits(rng, make([]byte, n/8+1), nil, 0, n)).Convert(s.v.Type())
	case ssz.KindBitvector:
		nv := reflect.MakeSlice(s.v.Type(), n, n)
		for i := range n {
			nv.Index(i).SetUint(uint64(rng.Uint32()))
		}
		if extra := s.t.Length % 8; extra != 0 && n > 0 && uint64(n) == s.t.Size {
			nv.Index(n - 1).SetUint(nv.Index(n-1).Uint() & (1<<extra - 1))
		}
		return nv
	}
	nv := reflect.MakeSlice(s.v.Type(), n, n+rng.IntN(3))
	for i := range n {
		ed.F.Fill(s.t.Elem, nv.Index(i))
	}
	return nv
}

func replaceSameLen(ed *Editor, rng *rand.Rand, s *editSite) Edit {
	old := snapshot(s.v)
	n := s.v.Len()
	if s.t.Kind == ssz.KindBitlist || s.t.Kind == ssz.KindProgressiveBitlist {
		n = bitlistLen(s.v.Bytes())
	}
	s.v.Set(freshSlice(ed, rng, s, n))
	return Edit{Undo: setBack(s.v, old)}
}

func replaceOtherLen(ed *Editor, rng *rand.Rand, s *editSite) Edit {
	old := snapshot(s.v)
	var n, was int
	switch {
	case isList(s):
		was = listLen(s)
		n = rng.IntN(listMax(s) + 1)
	default: // a vector or bitvector held as a slice: empty (the zero vector) or one off (ErrSize)
		was = s.v.Len()
		n = [...]int{0, was + 1, max(was-1, 0)}[rng.IntN(3)]
	}
	if n == was {
		return Edit{}
	}
	s.v.Set(freshSlice(ed, rng, s, n))
	return Edit{Undo: setBack(s.v, old)}
}

func setNil(_ *Editor, _ *rand.Rand, s *editSite) Edit {
	old := snapshot(s.v)
	s.v.SetZero()
	e := Edit{Undo: setBack(s.v, old)}
	if s.isElem {
		e.NeedsMark = true // an element of the same array
	}
	return e
}

func retargetPtr(ed *Editor, _ *rand.Rand, s *editSite) Edit {
	old := snapshot(s.v)
	nv := reflect.New(s.v.Type()).Elem()
	ed.F.Fill(s.t, nv)
	if nv.IsNil() {
		nv = reflect.New(s.v.Type().Elem()) // a new zero object: still another target
	}
	s.v.Set(nv)
	e := Edit{Undo: setBack(s.v, old)}
	if s.isElem {
		e.NeedsMark = true
	}
	return e
}

func aliasElems(_ *Editor, rng *rand.Rand, s *editSite) Edit {
	n := s.v.Len()
	i, j := rng.IntN(n), rng.IntN(n-1)
	if j >= i {
		j++
	}
	ei := s.v.Index(i)
	old := snapshot(ei)
	ei.Set(s.v.Index(j))
	return Edit{NeedsMark: true, Marks: elemMarks(s, i), Undo: setBack(ei, old)}
}

func swapElems2(_ *Editor, rng *rand.Rand, s *editSite) Edit {
	n := s.v.Len()
	i, j := rng.IntN(n), rng.IntN(n-1)
	if j >= i {
		j++
	}
	swap := func() {
		a := snapshot(s.v.Index(i))
		s.v.Index(i).Set(s.v.Index(j))
		s.v.Index(j).Set(a)
	}
	swap()
	return Edit{NeedsMark: true, Marks: elemMarks(s, i, j), Undo: swap}
}

func replaceWhole(ed *Editor, rng *rand.Rand, _ *editSite) Edit {
	old := ed.Cur
	nv := reflect.New(ed.Cur.Type().Elem())
	if rng.IntN(2) == 0 {
		nv.Elem().Set(ed.Cur.Elem()) // a shallow copy: the same lists and pointees, another address
	} else {
		ed.F.Fill(ed.T, nv.Elem())
	}
	ed.Cur = nv
	return Edit{Undo: func() { ed.Cur = old }}
}

func truncateAppendInPlace(ed *Editor, rng *rand.Rand, s *editSite) Edit {
	old := snapshot(s.v)
	n, c := s.v.Len(), min(s.v.Cap(), listMax(s))
	k := rng.IntN(n)
	m := k + 1 + rng.IntN(max(c-k, 1)) // the new length, up to the capacity
	m = min(m, c)
	if m <= k {
		return Edit{}
	}
	full := s.v.Slice(0, m)
	prev := make([]reflect.Value, m-k)
	for i := k; i < m; i++ {
		prev[i-k] = snapshot(full.Index(i))
		full.Index(i).Set(newElem(ed, s))
	}
	s.v.Set(full)
	idx := make([]int, 0, max(n, m)-k)
	for i := k; i < max(n, m); i++ {
		idx = append(idx, i)
	}
	return Edit{NeedsMark: true, Marks: elemMarks(s, idx...), Undo: func() {
		for i := k; i < m; i++ {
			full.Index(i).Set(prev[i-k])
		}
		s.v.Set(old)
	}}
}
