package plan

import (
	"testing"

	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// validatorsHolder holds a slice of pointers to Validators, as the
// ecosystem's BeaconState holds its registry.
type validatorsHolder struct {
	Validators []*phase0.Validator `ssz-max:"1099511627776"`
}

// TestNilIsTheZeroValue checks the one nil policy on every entry that
// can meet a nil pointer: a nil pointer is the zero value of what it
// points to, as in the reference ssz.HashTreeRoot. Root(nil), a nil
// element of RootAllPtr, of RootAll and ListRoot on a plan of a
// pointer type, and of a []*V field nested in a container all hash as
// the zero value; the expected roots come from the reference.
func TestNilIsTheZeroValue(t *testing.T) {
	for _, k := range testKernels(t, lanes.SHA256) {
		t.Run(kernelName(k), func(t *testing.T) {
			vals := phase0.RandomValidators(3*k.Width()+1, 11)
			ptrs := make([]*phase0.Validator, len(vals))
			for i := range vals {
				if i%3 != 1 {
					ptrs[i] = &vals[i]
				}
			}
			zero := reference(t, &phase0.Validator{}, lanes.SHA256)

			vp := planOn[phase0.Validator](t, k)
			if r, err := vp.Root(nil); err != nil || r != zero {
				t.Fatalf("Root(nil) = %x, %v; want the zero Validator's root %x", r, err, zero)
			}
			dst := make([][32]byte, len(ptrs))
			if err := vp.RootAllPtr(dst, ptrs); err != nil {
				t.Fatal(err)
			}
			pp := planOn[*phase0.Validator](t, k)
			viaPtrPlan := make([][32]byte, len(ptrs))
			if err := pp.RootAll(viaPtrPlan, ptrs); err != nil {
				t.Fatal(err)
			}
			for i, v := range ptrs {
				want := zero
				if v != nil {
					want = reference(t, v, lanes.SHA256)
				}
				if dst[i] != want || viaPtrPlan[i] != want {
					t.Fatalf("element %d (nil %t): RootAllPtr %x, Plan[*V].RootAll %x, want %x", i, v == nil, dst[i], viaPtrPlan[i], want)
				}
			}

			h := validatorsHolder{Validators: ptrs}
			want := reference(t, &h, lanes.SHA256)
			hp := planOn[validatorsHolder](t, k)
			if r, err := hp.Root(&h); err != nil || r != want {
				t.Fatalf("nested []*Validator: root %x, %v; want %x", r, err, want)
			}
			// A container of one field has that field's root as its own
			// (one chunk, depth 0), so the holder's root is the list's.
			if r, err := pp.ListRoot(ptrs, 1<<40); err != nil || r != want {
				t.Fatalf("Plan[*V].ListRoot: root %x, %v; want %x", r, err, want)
			}
		})
	}
}
