package cache_test

import (
	"errors"
	"fmt"
	"testing"
	"unsafe"

	"github.com/lanehash/lanehash/cache"
	"github.com/lanehash/lanehash/plan"
	"github.com/lanehash/lanehash/ssz"
)

// boolFlags holds booleans in every packed shape the cache keeps as
// chunks of their bytes: a list, a vector as a slice, a vector as an
// array, and a progressive list.
type boolFlags struct {
	Head  uint64
	List  []bool `ssz-max:"100"`
	Slice []bool `ssz-size:"20"`
	Array [13]bool
	Prog  []bool `ssz-type:"progressive-list"`
}

func newBoolFlags() *boolFlags {
	v := &boolFlags{List: make([]bool, 37), Slice: make([]bool, 20), Prog: make([]bool, 9)}
	for i := range v.List {
		v.List[i] = i%3 == 0
	}
	v.Slice[19], v.Array[0], v.Prog[4] = true, true, true
	return v
}

// TestBoolAboveOnePacked: a Go bool byte above 1 (an unsafe decoder can
// leave one) in a packed list or vector is refused with ssz.ErrBool naming
// the element, in both modes, as plan refuses it (the independent path);
// hashed by its raw byte it would give the root of no valid value. Once
// the byte is a boolean again, the root is the reference's.
func TestBoolAboveOnePacked(t *testing.T) {
	cases := []struct {
		field string
		at    func(v *boolFlags) []bool
	}{
		{"List", func(v *boolFlags) []bool { return v.List }},
		{"Slice", func(v *boolFlags) []bool { return v.Slice }},
		{"Array", func(v *boolFlags) []bool { return v.Array[:] }},
		{"Prog", func(v *boolFlags) []bool { return v.Prog }},
	}
	p, err := plan.PlanFor[boolFlags]()
	if err != nil {
		t.Fatal(err)
	}
	for _, mode := range []cache.Mode{cache.Detect, cache.Marked} {
		for _, c := range cases {
			for _, i := range []int{0, 7, 8, len(c.at(newBoolFlags())) - 1} {
				t.Run(fmt.Sprintf("mode=%d/%s[%d]", mode, c.field, i), func(t *testing.T) {
					v := newBoolFlags()
					tr, err := cache.New[boolFlags](cache.WithMode(mode))
					if err != nil {
						t.Fatal(err)
					}
					if _, err := tr.Root(v); err != nil {
						t.Fatal(err)
					}
					b := (*byte)(unsafe.Pointer(&c.at(v)[i]))
					*b = 2
					if _, err := p.Root(v); !errors.Is(err, ssz.ErrBool) {
						t.Fatalf("plan: %v, want ssz.ErrBool", err)
					}
					if mode == cache.Marked {
						tr.MustField(c.field).Mark(i)
					}
					_, err = tr.Root(v)
					var pe *plan.Error
					if !errors.Is(err, ssz.ErrBool) || !errors.As(err, &pe) {
						t.Fatalf("cache: %v, want a *plan.Error wrapping ssz.ErrBool", err)
					}
					if want := fmt.Sprintf("boolFlags.%s[%d]", c.field, i); pe.Path != want {
						t.Errorf("path %q, want %q", pe.Path, want)
					}
					*b = 1
					if mode == cache.Marked {
						tr.MustField(c.field).Mark(i)
					}
					got, err := tr.Root(v)
					if err != nil {
						t.Fatal(err)
					}
					want, err := ssz.HashTreeRoot(v, ssz.SHA256)
					if err != nil {
						t.Fatal(err)
					}
					if got != want {
						t.Errorf("root after the fix %x, reference %x", got, want)
					}
				})
			}
		}
	}
}

// boolRow is a variable-size element with a variable-size element of its
// own: each is a node of the cache whose path holds its index.
type boolRow struct {
	Rows []boolFlags `ssz-max:"4"`
}

// TestBoolAboveOnePath: a bad boolean deep in variable-size elements is
// named by every index on the way down, exactly once each, from a tree and
// from a cached List (whose Error carries the first index as its Index),
// as plan names it.
func TestBoolAboveOnePath(t *testing.T) {
	row := func() boolRow { return boolRow{Rows: []boolFlags{*newBoolFlags(), *newBoolFlags(), *newBoolFlags()}} }
	type doc struct {
		Head uint64
		Grid []boolRow `ssz-max:"8"`
	}
	v := &doc{Head: 1, Grid: []boolRow{row(), row(), row()}}
	*(*byte)(unsafe.Pointer(&v.Grid[2].Rows[1].List[5])) = 7

	tr, err := cache.New[doc]()
	if err != nil {
		t.Fatal(err)
	}
	_, err = tr.Root(v)
	var pe *plan.Error
	if !errors.Is(err, ssz.ErrBool) || !errors.As(err, &pe) || pe.Path != "doc.Grid[2].Rows[1].List[5]" {
		t.Errorf("tree: %v, want ErrBool at doc.Grid[2].Rows[1].List[5]", err)
	}
	pp, err := plan.PlanFor[doc]()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := pp.Root(v); !errors.As(err, &pe) || pe.Path != "doc.Grid[2].Rows[1].List[5]" {
		t.Errorf("plan: %v, want the same path", err)
	}

	l, err := cache.NewList[boolRow](8)
	if err != nil {
		t.Fatal(err)
	}
	_, err = l.Root(v.Grid)
	if !errors.Is(err, ssz.ErrBool) || !errors.As(err, &pe) || pe.Index != 2 || pe.Path != "boolRow.Rows[1].List[5]" {
		t.Errorf("list: %v (index %d, path %q), want ErrBool at element 2, boolRow.Rows[1].List[5]", err, pe.Index, pe.Path)
	}
}

// boolInUnion holds a bool inside a union's option, a value boxed in an
// interface.
type boolInUnion struct {
	Head uint64
	U    ssz.Union[struct {
		None  ssz.None
		Flags boolFlags
	}]
}

// TestBoolAboveOneInUnion: a bool byte above 1 inside a union's value is
// the error plan gives for it at every cache entry point (the union is
// rooted by the reference, which reads the option from a copy it can
// address), not the root of the value with that bool true.
func TestBoolAboveOneInUnion(t *testing.T) {
	flags := newBoolFlags()
	*(*byte)(unsafe.Pointer(&flags.Array[3])) = 2
	v := &boolInUnion{Head: 9}
	v.U.Selector, v.U.Value = 1, *flags
	p, err := plan.PlanFor[boolInUnion]()
	if err != nil {
		t.Fatal(err)
	}
	_, perr := p.Root(v)
	var want *plan.Error
	if !errors.Is(perr, ssz.ErrBool) || !errors.As(perr, &want) {
		t.Fatalf("plan: %v, want a *plan.Error wrapping ssz.ErrBool", perr)
	}
	same := func(name string, err error) {
		t.Helper()
		var pe *plan.Error
		if !errors.Is(err, ssz.ErrBool) || !errors.As(err, &pe) || pe.Index != want.Index || pe.Path != want.Path {
			t.Errorf("%s: %v, want plan's %v", name, err, perr)
		}
	}
	_, _, err = cache.TreeOf(v)
	same("TreeOf", err)
	_, _, err = cache.SparseOf(v, []string{"Head"})
	same("SparseOf", err)
	for _, mode := range []cache.Mode{cache.Detect, cache.Marked} {
		tr, err := cache.New[boolInUnion](cache.WithMode(mode))
		if err != nil {
			t.Fatal(err)
		}
		_, err = tr.Root(v)
		same(fmt.Sprintf("Tree.Root, mode %d", mode), err)
	}
	_, err = ssz.HashTreeRoot(v, ssz.SHA256)
	if !errors.Is(err, ssz.ErrBool) {
		t.Errorf("reference: %v, want ssz.ErrBool", err)
	}
}
