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
