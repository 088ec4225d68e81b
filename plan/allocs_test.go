package plan

import (
	"fmt"
	"testing"

	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// allocsOf returns the average allocations of f after one warm-up call
// (which fills the pools).
func allocsOf(t *testing.T, f func() error) float64 {
	t.Helper()
	if err := f(); err != nil {
		t.Fatal(err)
	}
	var err error
	n := testing.AllocsPerRun(10, func() {
		if e := f(); e != nil {
			err = e
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// TestAllocs checks the allocation claims of the package documentation:
// with one worker, Root, RootAll, RootAllPtr, ListRoot and ListRootPtr
// of a fixed-size type allocate nothing in steady state; with more workers,
// and for types with variable-size parts, a call allocates a few times
// (goroutines, bookkeeping slices; pools make the exact count vary by
// one or two), never in proportion to the number of values: at most
// maxAllocsPerCall for 2,048 values and for 8,192.
func TestAllocs(t *testing.T) {
	const maxAllocsPerCall = 16
	if raceEnabled {
		t.Skip("allocation counts are not meaningful under the race detector")
	}
	type call struct {
		name string
		f    func(n int) error // hashes n values
	}
	vals := phase0.RandomValidators(8192, 5)
	ptrs := make([]*phase0.Validator, len(vals))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	dst := make([][32]byte, len(vals))
	atts := append(phase0.SyntheticBeaconState(4096, 6).PreviousEpochAttestations, phase0.SyntheticBeaconState(4096, 7).PreviousEpochAttestations...)
	for len(atts) < len(vals) {
		atts = append(atts, atts...)
	}
	for _, workers := range []int{1, 2} {
		vp, err := PlanFor[phase0.Validator](WithWorkers(workers))
		if err != nil {
			t.Fatal(err)
		}
		ap, err := PlanFor[phase0.PendingAttestation](WithWorkers(workers))
		if err != nil {
			t.Fatal(err)
		}
		fixed := []call{
			{"Validator/Root", func(int) error { _, err := vp.Root(&vals[0]); return err }},
			{"Validator/RootAll", func(n int) error { return vp.RootAll(dst, vals[:n]) }},
			{"Validator/RootAllPtr", func(n int) error { return vp.RootAllPtr(dst, ptrs[:n]) }},
			{"Validator/ListRoot", func(n int) error { _, err := vp.ListRoot(vals[:n], 1<<40); return err }},
			{"Validator/ListRootPtr", func(n int) error { _, err := vp.ListRootPtr(ptrs[:n], 1<<40); return err }},
		}
		variable := []call{
			{"PendingAttestation/RootAllPtr", func(n int) error { return ap.RootAllPtr(dst, atts[:n]) }},
		}
		for _, c := range append(fixed, variable...) {
			t.Run(fmt.Sprintf("%s/workers=%d", c.name, workers), func(t *testing.T) {
				small := allocsOf(t, func() error { return c.f(2048) })
				large := allocsOf(t, func() error { return c.f(8192) })
				t.Logf("%v allocations for 2048 values, %v for 8192", small, large)
				if small > maxAllocsPerCall || large > maxAllocsPerCall {
					t.Errorf("%v allocations for 2048 values, %v for 8192, want at most %d", small, large, maxAllocsPerCall)
				}
			})
		}
		if workers == 1 {
			for _, c := range fixed {
				if n := allocsOf(t, func() error { return c.f(8192) }); n != 0 {
					t.Errorf("%s: %v allocations, want 0", c.name, n)
				}
			}
		}
	}
}

// TestSmallInputsStayOnOneGoroutine checks that parallelism follows the
// work (pairs to hash), not the group count: with two workers allowed,
// three Validators (24 pairs) are hashed on the caller's goroutine
// (starting one would allocate), while 8,192 (65,536 pairs) are split.
func TestSmallInputsStayOnOneGoroutine(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts are not meaningful under the race detector")
	}
	p, err := PlanFor[phase0.Validator](WithWorkers(2))
	if err != nil {
		t.Fatal(err)
	}
	vals := phase0.RandomValidators(8192, 9)
	dst := make([][32]byte, len(vals))
	if n := allocsOf(t, func() error { return p.RootAll(dst, vals[:3]) }); n != 0 {
		t.Errorf("3 Validators with 2 workers: %v allocations, want 0 (no goroutine)", n)
	}
	if n := allocsOf(t, func() error { return p.RootAll(dst, vals) }); n == 0 {
		t.Errorf("8192 Validators with 2 workers: no allocation, want the second worker's goroutine")
	}
}
