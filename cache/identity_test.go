package cache_test

import (
	"testing"

	"github.com/lanehash/lanehash/cache"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// idWrap is a fixed-size container field with a pointer inside it: not
// variable-size, not a list, and still replaceable without a write into
// the state's own storage.
type idWrap struct {
	Slot uint64
	Cp   *phase0.Checkpoint
}

// idFlat has a slice or a pointer at every depth Marked mode must watch
// but in list elements: top-level lists of basic and of fixed-size
// composite values, a vector held as a slice, a list of pointers,
// pointer fields to fixed-size and to variable-size containers, a
// pointer in a fixed-size container field, a list in a field and in a
// pointer field's target. An upper-levels-only tree takes it.
type idFlat struct {
	Slot  uint64
	B     []uint64             `ssz-max:"64"`
	Cps   []phase0.Checkpoint  `ssz-max:"16"`
	Roots []phase0.Root        `ssz-size:"4"`
	LP    []*phase0.Checkpoint `ssz-max:"16"`
	Cp    *phase0.Checkpoint
	Wrap  idWrap
	Body  nestedBody
	PBody *nestedBody
	Short []uint16 `ssz-size:"9"`      // serialized into its chunk
	Bits  []byte   `ssz-bitsize:"425"` // a bitvector held as a slice
}

// idState adds lists inside list elements (its fields are idFlat's,
// inlined, then Elems).
type idState struct {
	idFlat
	Elems []nestedInner `ssz-max:"4"`
}

func cp(e uint64) *phase0.Checkpoint {
	return &phase0.Checkpoint{Epoch: phase0.Epoch(e), Root: phase0.Root{byte(e)}}
}

func newIDState() *idState {
	return &idState{
		idFlat: idFlat{
			Slot:  1,
			B:     []uint64{1, 2, 3, 4, 5, 6, 7, 8, 9},
			Cps:   []phase0.Checkpoint{*cp(1), *cp(2), *cp(3)},
			Roots: []phase0.Root{{1}, {2}, {3}, {4}},
			LP:    []*phase0.Checkpoint{cp(4), cp(5), cp(6)},
			Cp:    cp(7),
			Wrap:  idWrap{Slot: 2, Cp: cp(8)},
			Body:  nestedBody{Slot: 3, Extra: []byte{1, 2, 3}},
			PBody: &nestedBody{Slot: 4, Extra: []byte{4, 5}},
			Short: []uint16{1, 2, 3, 4, 5, 6, 7, 8, 9},
			Bits:  append(make([]byte, 53), 1),
		},
		Elems: []nestedInner{{A: 1, L: []uint32{1, 2}}, {A: 2, L: []uint32{3}, Cps: []phase0.Checkpoint{*cp(1), *cp(2), *cp(3)}}},
	}
}

// identityEdits are the changes of identity Marked mode must see with no
// mark: every one stores new storage (a new array, a new pointee) rather
// than writing into the old, at every depth. The new contents differ
// from the old, so a tree that misses the change gives the old root.
var identityEdits = []struct {
	name string
	edit func(v *idState)
}{
	{"basic list, new array, same length", func(v *idState) { v.B = []uint64{9, 9, 9, 9, 9, 9, 9, 9, 9} }},
	{"basic list, new array, longer", func(v *idState) { v.B = []uint64{8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8} }},
	{"basic list, new array, shorter", func(v *idState) { v.B = []uint64{7, 7, 7, 7, 7, 7} }},
	{"basic list, append past capacity then write the new array", func(v *idState) {
		v.B = append(v.B[:len(v.B):len(v.B)], 6)
		v.B[0] = 100
	}},
	{"composite list, new array, same length", func(v *idState) { v.Cps = []phase0.Checkpoint{*cp(11), *cp(12), *cp(13)} }},
	{"composite list, new array, other length", func(v *idState) { v.Cps = []phase0.Checkpoint{*cp(14), *cp(16)} }},
	{"composite list, append past capacity then write the new array", func(v *idState) {
		v.Cps = append(v.Cps[:len(v.Cps):len(v.Cps)], *cp(15))
		v.Cps[0].Epoch = 99
	}},
	{"vector as a slice, new array", func(v *idState) { v.Roots = []phase0.Root{{5}, {6}, {7}, {8}} }},
	{"vector as a slice, set to nil (the zero vector)", func(v *idState) { v.Roots = nil }},
	{"list of pointers, new array, same length", func(v *idState) { v.LP = []*phase0.Checkpoint{cp(21), cp(22), cp(23)} }},
	{"list of pointers, new array, other length", func(v *idState) { v.LP = []*phase0.Checkpoint{cp(24), cp(25)} }},
	{"pointer field to a fixed-size container, new target", func(v *idState) { v.Cp = cp(31) }},
	{"pointer field to a fixed-size container, nil", func(v *idState) { v.Cp = nil }},
	{"pointer inside a fixed-size container field, new target", func(v *idState) { v.Wrap.Cp = cp(32) }},
	{"list in a field, new array, same length", func(v *idState) { v.Body.Extra = []byte{7, 7, 7} }},
	{"pointer field to a variable-size container, new target", func(v *idState) {
		v.PBody = &nestedBody{Slot: 40, Extra: []byte{4, 5}}
	}},
	{"list in a pointer field's target, new array, same length", func(v *idState) { v.PBody.Extra = []byte{6, 6} }},
	{"list in a list element, new array, same length", func(v *idState) { v.Elems[0].L = []uint32{7, 7} }},
	{"list in a list element, new array, other length", func(v *idState) { v.Elems[1].Cps = []phase0.Checkpoint{*cp(9), *cp(10)} }},
	// Found by TestEditKinds (seeds 27, 46, 47 and 36): a vector short
	// enough to be serialized into its chunk, held as a slice, and a
	// vector cut in place to the zero vector (s[len(s):], whose array
	// pointer Go leaves where it was).
	{"short vector as a slice, new array", func(v *idState) { v.Short = []uint16{9, 8, 7, 6, 5, 4, 3, 2, 1} }},
	{"short vector as a slice, cut to the zero vector", func(v *idState) { v.Short = v.Short[:0] }},
	{"bitvector as a slice, cut to the zero vector in place", func(v *idState) { v.Bits = v.Bits[len(v.Bits):] }},
	{"list of variable-size elements, new array, same length", func(v *idState) {
		v.Elems = []nestedInner{{A: 5, L: []uint32{1, 2}}, {A: 6, L: []uint32{3}}}
	}},
}

// TestMarkedSeesReplacedStorage (issue #30, class 1): in Marked mode,
// every change of identity — a slice's backing array or length, a
// pointer field's target, at every depth, and another value handed to
// Root — is seen without a mark, in Marked and upper-levels-only trees.
// Before the fix a new array of the same length, a new pointee and a
// new *T gave the previous root.
func TestMarkedSeesReplacedStorage(t *testing.T) {
	for _, e := range identityEdits {
		t.Run(e.name, func(t *testing.T) {
			tr, err := cache.New[idState](cache.WithMode(cache.Marked))
			if err != nil {
				t.Fatal(err)
			}
			v := newIDState()
			if got, err := tr.Root(v); err != nil || got != refRoot(t, v) {
				t.Fatalf("first root: %x, %v", got, err)
			}
			before := refRoot(t, v)
			e.edit(v) // no mark: a change of identity
			want := refRoot(t, v)
			if want == before {
				t.Fatal("the edit does not change the root: it tests nothing")
			}
			if got, err := tr.Root(v); err != nil || got != want {
				t.Errorf("Marked: %x (%v), reference %x (the last root was %x)", got, err, want, before)
			}
			// The same edit in an upper-levels-only tree, on the type
			// without variable-size elements.
			if contains(e.name, "list element") || contains(e.name, "variable-size elements") {
				return // idFlat has no Elems
			}
			up, err := cache.New[idFlat](cache.WithUpperLevelsOnly())
			if err != nil {
				t.Fatal(err)
			}
			w := newIDState()
			f := &w.idFlat
			if _, err := up.Root(f); err != nil {
				t.Fatal(err)
			}
			e.edit(w)
			if got, err := up.Root(f); err != nil || got != refRoot(t, f) {
				t.Errorf("upper levels: %x (%v), reference %x", got, err, refRoot(t, f))
			}
		})
	}
	// Another *T handed to Root: a freshly decoded state each slot.
	t.Run("another value", func(t *testing.T) {
		tr, err := cache.New[idState](cache.WithMode(cache.Marked))
		if err != nil {
			t.Fatal(err)
		}
		v := newIDState()
		if _, err := tr.Root(v); err != nil {
			t.Fatal(err)
		}
		w := newIDState()
		w.B[2], w.Cps[1].Epoch, w.Slot, w.LP[0].Epoch = 42, 43, 44, 45
		if got, err := tr.Root(w); err != nil || got != refRoot(t, w) {
			t.Errorf("another *T: %x (%v), reference %x", got, err, refRoot(t, w))
		}
		// and back to the first one, unchanged: its root again
		if got, err := tr.Root(v); err != nil || got != refRoot(t, v) {
			t.Errorf("the first *T again: %x (%v), reference %x", got, err, refRoot(t, v))
		}
	})
	// A List tree: a new array of the same length handed to Root.
	t.Run("list tree, new array", func(t *testing.T) {
		l, err := cache.NewList[phase0.Checkpoint](16, cache.WithMode(cache.Marked))
		if err != nil {
			t.Fatal(err)
		}
		a := []phase0.Checkpoint{*cp(1), *cp(2)}
		if _, err := l.Root(a); err != nil {
			t.Fatal(err)
		}
		b := []phase0.Checkpoint{*cp(3), *cp(4)}
		want, err := plainListRoot(b)
		if err != nil {
			t.Fatal(err)
		}
		if got, err := l.Root(b); err != nil || got != want {
			t.Errorf("list tree, new array: %x (%v), want %x", got, err, want)
		}
	})
}

// plainListRoot is the reference root of a List[Checkpoint, 16]: the
// root of a container of one field is that field's root.
func plainListRoot(v []phase0.Checkpoint) ([32]byte, error) {
	type list struct {
		L []phase0.Checkpoint `ssz-max:"16"`
	}
	return ssz.HashTreeRoot(&list{L: v}, ssz.SHA256)
}

// TestMarkedDocumentedMarks (issue #30, class 1): the edits Marked mode
// documents as needing a mark — writes in place into the same storage:
// an element or byte written, an element pointer retargeted inside the
// same array, a truncation and an append in place between two roots —
// give the reference's root with exactly the documented mark.
func TestMarkedDocumentedMarks(t *testing.T) {
	for _, c := range []struct {
		name  string
		edit  func(v *idState)
		field string
		idx   []int
	}{
		{"basic element written in place", func(v *idState) { v.B[3] = 77 }, "B", []int{3}},
		{"composite element written in place", func(v *idState) { v.Cps[1].Epoch = 77 }, "Cps", []int{1}},
		{"element pointer retargeted inside the same array", func(v *idState) { v.LP[2] = cp(77) }, "LP", []int{2}},
		{"element pointer's target written in place", func(v *idState) { v.LP[0].Epoch = 78 }, "LP", []int{0}},
		{"element pointer set to nil inside the same array", func(v *idState) { v.LP[1] = nil }, "LP", []int{1}},
		{"truncate then append in place, same length", func(v *idState) { v.B = append(v.B[:2], 70, 71, 72) }, "B", []int{2, 3, 4}},
		{"truncate then append in place, composite", func(v *idState) { v.Cps = append(v.Cps[:1], *cp(73), *cp(74)) }, "Cps", []int{1, 2}},
		{"pointer field's target written in place", func(v *idState) { v.Cp.Epoch = 79 }, "Cp", nil},
		{"list in a field written in place", func(v *idState) { v.Body.Extra[0] = 80 }, "Body", nil},
		{"list in a list element written in place", func(v *idState) { v.Elems[0].L[1] = 81 }, "Elems", []int{0}},
		{"vector element written in place", func(v *idState) { v.Roots[2][0] = 82 }, "Roots", []int{2}},
	} {
		t.Run(c.name, func(t *testing.T) {
			tr, err := cache.New[idState](cache.WithMode(cache.Marked))
			if err != nil {
				t.Fatal(err)
			}
			v := newIDState()
			if _, err := tr.Root(v); err != nil {
				t.Fatal(err)
			}
			c.edit(v)
			if err := tr.Mark(c.field, c.idx...); err != nil {
				t.Fatal(err)
			}
			if got, err := tr.Root(v); err != nil || got != refRoot(t, v) {
				t.Errorf("with the documented mark %s%v: %x (%v), reference %x", c.field, c.idx, got, err, refRoot(t, v))
			}
		})
	}
}
