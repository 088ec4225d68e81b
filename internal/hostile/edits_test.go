package hostile

import (
	"bytes"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/lanehash/lanehash/internal/sszrand"
	"github.com/lanehash/lanehash/ssz"
)

// everyEditInner is a container with a list, for lists of lists.
type everyEditInner struct {
	A uint16
	L []uint32 `ssz-max:"9"`
}

// everyEditFixed is a fixed-size container with a pointer and a vector
// held as a slice: identities inside a fixed-size element.
type everyEditFixed struct {
	X  uint64
	P  *everyEditInnerFixed
	VS []byte `ssz-size:"4"`
}

type everyEditInnerFixed struct{ Y uint32 }

// everyEdit has a node of every kind an edit applies to: basic values, a
// bool, lists of basic, fixed-size and variable-size values, a list of
// pointers to fixed-size and to variable-size values, a vector held as a
// slice and as an array (of pointers too), bitlists and bitvectors, a
// pointer field, a union, a progressive list.
type everyEdit struct {
	U   uint64
	B   bool
	LB  []uint16              `ssz-max:"40"`
	LF  []everyEditFixed      `ssz-max:"8"`
	LV  []everyEditInner      `ssz-max:"8"`
	LP  []*everyEditFixed     `ssz-max:"8"`
	LPV []*everyEditInner     `ssz-max:"8"`
	VS  []everyEditInnerFixed `ssz-size:"3"`
	VA  [3]*everyEditInnerFixed
	BL  []byte `ssz:"bitlist" ssz-max:"300"`
	BV  []byte `ssz-bitsize:"12"`
	P   *everyEditInner
	Un  UnionWithNone
	PL  []uint8 `ssz-type:"progressive-list"`
}

// TestEveryEditKindHasAGenerator (issue #30, the lesson): every edit
// kind has a generator, and on a type with a node of every kind each
// kind is made, each with an Undo that restores the value exactly (its
// serialization and its root as before; for a kind that changed an
// identity, the old identity). A kind added to EditKind without a
// generator fails here.
func TestEveryEditKindHasAGenerator(t *testing.T) {
	for k := range NumEditKinds {
		if !HasGenerator(k) {
			t.Errorf("edit kind %d (%v) has no generator", int(k), k)
		}
	}
	typ, err := ssz.TypeOf(reflect.TypeFor[everyEdit]())
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(30, 1))
	f := &sszrand.Filler{Rand: rng, MaxList: 6, MaxBits: 100}
	ed := &Editor{T: typ, F: f, Cur: reflect.New(typ.Go)}
	for range 8 {
		f.Fill(typ, ed.Cur.Elem())
		if _, err := ssz.HashTreeRoot(ed.Cur.Interface(), ssz.SHA256); err == nil {
			break
		}
	}
	for step := range 4000 {
		before, err := ssz.Marshal(ed.Cur.Interface())
		if err != nil {
			f.Fill(typ, ed.Cur.Elem()) // an edit left an invalid value: start again
			continue
		}
		root, _ := ssz.HashTreeRoot(ed.Cur.Interface(), ssz.SHA256)
		cur := ed.Cur
		e, ok := ed.Step(rng)
		if !ok {
			t.Fatalf("step %d: no edit applies", step)
		}
		if e.Undo == nil {
			t.Fatalf("step %d: %v at %s has no Undo", step, e.Kind, e.Path)
		}
		if e.NeedsMark && e.Field < 0 {
			t.Fatalf("step %d: %v at %s needs a mark but names no field", step, e.Kind, e.Path)
		}
		if rng.IntN(2) == 0 {
			continue // kept: the next edits start from it
		}
		e.Undo()
		after, err := ssz.Marshal(ed.Cur.Interface())
		if err != nil || !bytes.Equal(before, after) || ed.Cur != cur {
			t.Fatalf("step %d: %v at %s, undone, is not the value before (%v)", step, e.Kind, e.Path, err)
		}
		if r, _ := ssz.HashTreeRoot(ed.Cur.Interface(), ssz.SHA256); r != root {
			t.Fatalf("step %d: %v at %s, undone, has another root", step, e.Kind, e.Path)
		}
	}
	for k := range NumEditKinds {
		if ed.Counts[k] == 0 {
			t.Errorf("edit kind %v was never made on a type with every node kind", k)
		}
	}
	t.Logf("edits by kind: %v", ed.Counts)
}
