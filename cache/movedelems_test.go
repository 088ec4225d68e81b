package cache_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/lanehash/lanehash/cache"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// moveState has a basic list and a list of fixed-size containers, each
// given spare capacity so that Insert stays in the same array.
type moveState struct {
	B   []uint64            `ssz-max:"64"`
	Cps []phase0.Checkpoint `ssz-max:"64"`
}

func newMoveState() *moveState {
	v := &moveState{B: make([]uint64, 0, 64), Cps: make([]phase0.Checkpoint, 0, 64)}
	for i := range 10 {
		v.B = append(v.B, uint64(100+i))
		v.Cps = append(v.Cps, phase0.Checkpoint{Epoch: phase0.Epoch(200 + i)})
	}
	return v
}

// TestMarkedInsertDeleteNeedMarks (issue #30 review): slices.Insert and
// slices.Delete within capacity move elements inside the same array. The
// length change is seen without a mark, but it roots only the tail or
// the new length; the moved slots are writes in place, and with the
// marks the Marked doc asks for — every index from the first one moved
// to the end, or MarkAll — the root is the reference's, in Marked and
// upper-levels-only trees.
func TestMarkedInsertDeleteNeedMarks(t *testing.T) {
	const at = 3
	edits := []struct {
		name string
		edit func(v *moveState) (moved int) // the first index whose slot changed
	}{
		{"insert", func(v *moveState) int {
			v.B = slices.Insert(v.B, at, 7)
			v.Cps = slices.Insert(v.Cps, at, phase0.Checkpoint{Epoch: 7})
			return at
		}},
		{"delete", func(v *moveState) int {
			v.B = slices.Delete(v.B, at, at+2)
			v.Cps = slices.Delete(v.Cps, at, at+2)
			return at
		}},
		{"overlapping copy", func(v *moveState) int {
			copy(v.B[at:], v.B[at+1:])
			copy(v.Cps[at:], v.Cps[at+1:])
			return at
		}},
	}
	for _, md := range valueReadingModes {
		for _, e := range edits {
			for _, all := range []bool{false, true} {
				t.Run(fmt.Sprintf("%s/%s/markAll=%v", md.name, e.name, all), func(t *testing.T) {
					tr, err := cache.New[moveState](md.opts...)
					if err != nil {
						t.Fatal(err)
					}
					v := newMoveState()
					before, err := tr.Root(v)
					if err != nil {
						t.Fatal(err)
					}
					arr := &v.B[:1][0]
					from := e.edit(v)
					if &v.B[:1][0] != arr {
						t.Fatal("the edit moved the list to a new array: not the case under test")
					}
					for _, f := range []string{"B", "Cps"} {
						if all {
							tr.MustField(f).MarkAll()
							continue
						}
						var idx []int
						for i := from; i < 12; i++ { // to the longer of the old and new ends
							idx = append(idx, i)
						}
						tr.MustField(f).Mark(idx...)
					}
					want, err := ssz.HashTreeRoot(v, ssz.SHA256)
					if err != nil {
						t.Fatal(err)
					}
					if want == before {
						t.Fatal("the edit left the reference root as it was: nothing under test")
					}
					got, err := tr.Root(v)
					if err != nil || got != want {
						t.Fatalf("Root after %s with the documented marks: %x (%v), reference %x", e.name, got, err, want)
					}
					p, err := tr.Prove(fmt.Sprintf("Cps[%d].Epoch", at))
					if err != nil || !p.Verify(want) {
						t.Errorf("proof of the moved element: %v, or does not verify", err)
					}
				})
			}
		}
	}
}
