package lanehash_test

import (
	"errors"
	"testing"
	"time"

	"github.com/lanehash/lanehash"
	"github.com/lanehash/lanehash/plan"
	"github.com/lanehash/lanehash/ssz"
)

// specKeyed has a list whose limit is the spec value BB, 1024 when the
// spec does not name it.
type specKeyed struct {
	L []uint64 `ssz-max:"1024" dynssz-max:"BB"`
}

// TestSpecKeyNamesWithSeparators: the plan table keyed spec values by a
// string of name=value; pairs, so a spec whose names hold '=' or ';'
// ({"A=1;BB": 2}, where BB is not named) had the key of another spec
// ({"A": 1, "BB": 2}) and the second call got the first's plan: the root
// of a list of limit 1024 for a list of limit 2.
func TestSpecKeyNamesWithSeparators(t *testing.T) {
	v := &specKeyed{L: []uint64{1, 2}}
	for _, order := range [][]ssz.SpecValues{
		{{"A=1;BB": 2}, {"A": 1, "BB": 2}},
		{{"A": 1, "BB": 2}, {"A=1;BB": 2}},
	} {
		for _, s := range order {
			p, err := plan.PlanFor[specKeyed](plan.WithSpec(s))
			if err != nil {
				t.Fatal(err)
			}
			want, err := p.Root(v)
			if err != nil {
				t.Fatal(err)
			}
			got, err := lanehash.HashTreeRoot(v, plan.WithSpec(s))
			if err != nil || got != want {
				t.Errorf("WithSpec(%v): root %x, %v; plan.PlanFor's %x", s, got, err, want)
			}
		}
	}
}

// selfPointer is a pointer type that is its own element: Go allows it,
// and a value of it can point to itself.
type selfPointer *selfPointer

// TestSelfPointerRefused: HashTreeRoot stripped a value's pointer types
// to look for a versioned wrapper with no bound, and spun forever on a
// pointer type that is its own element; the type is refused
// (ssz.ErrUnsupported) as plan.PlanFor refuses it.
func TestSelfPointerRefused(t *testing.T) {
	var x selfPointer
	x = &x
	for name, v := range map[string]any{"self-pointing value": x, "value of a fresh pointer": selfPointer(new(selfPointer))} {
		done := make(chan error, 1)
		go func() {
			_, err := lanehash.HashTreeRoot(v)
			done <- err
		}()
		select {
		case err := <-done:
			if !errors.Is(err, ssz.ErrUnsupported) {
				t.Errorf("%s: %v, want ssz.ErrUnsupported", name, err)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("%s: HashTreeRoot did not return in 10 s", name)
		}
	}
}
