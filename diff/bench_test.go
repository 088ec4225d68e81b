package diff_test

import (
	"testing"

	"github.com/lanehash/lanehash/diff"
	"github.com/lanehash/lanehash/internal/difftest"
	"github.com/lanehash/lanehash/internal/sszvalidate"
	"github.com/lanehash/lanehash/plan"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/fulu"
)

// BenchmarkDiff diffs two fulu states of 1M validators (4096 with
// -short) with the known edits of difftest.EditedStates, against one
// plan root of one of them (what a diff is measured by: a state-root
// mismatch is found by rooting, and the diff should cost less):
//
//	root      plan RootBytes of state A (all cores)
//	bytes     Bytes(A, B): validate both (in parallel), walk
//	bytes-1   the same on one goroutine (plan.WithWorkers(1))
//	validate  the validation of one state alone
//	values    Values(&a, &b): serialize both (in parallel), walk
//
//	go test -run '^$' -bench BenchmarkDiff -count 6 ./diff
func BenchmarkDiff(b *testing.B) {
	n := 1 << 20
	if testing.Short() {
		n = 1 << 12
	}
	sa, sb, want := difftest.EditedStates(b, n)
	p, err := plan.PlanFor[fulu.BeaconState]()
	if err != nil {
		b.Fatal(err)
	}
	check := func(ds []diff.Difference, total int, err error) {
		if err != nil || total != len(want) || len(ds) != len(want) {
			b.Fatalf("%d differences (%v), want %d", total, err, len(want))
		}
	}
	b.Run("root", func(b *testing.B) {
		b.SetBytes(int64(len(sa)))
		for b.Loop() {
			if _, err := p.RootBytes(sa); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("bytes", func(b *testing.B) {
		b.SetBytes(int64(len(sa)))
		for b.Loop() {
			check(diff.Bytes[fulu.BeaconState](sa, sb))
		}
	})
	b.Run("bytes-1", func(b *testing.B) {
		b.SetBytes(int64(len(sa)))
		for b.Loop() {
			check(diff.Bytes[fulu.BeaconState](sa, sb, plan.WithWorkers(1)))
		}
	})
	b.Run("validate", func(b *testing.B) {
		st, err := ssz.TypeFor[fulu.BeaconState]()
		if err != nil {
			b.Fatal(err)
		}
		b.SetBytes(int64(len(sa)))
		for b.Loop() {
			if err := sszvalidate.Validate(st, sa); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("values", func(b *testing.B) {
		var va, vb fulu.BeaconState
		if err := ssz.Unmarshal(sa, &va); err != nil {
			b.Fatal(err)
		}
		if err := ssz.Unmarshal(sb, &vb); err != nil {
			b.Fatal(err)
		}
		b.SetBytes(int64(len(sa)))
		for b.Loop() {
			check(diff.Values(&va, &vb))
		}
	})
}
