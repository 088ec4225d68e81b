package cache_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/lanehash/lanehash/cache"
	"github.com/lanehash/lanehash/plan"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/fulu"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// wantPlanError checks that err is the one value error of plan and cache
// (errors.As a *plan.Error) with this index and path, wrapping sentinel,
// and that plan says the same of the same value (want, when given).
func wantPlanError(t *testing.T, entry string, err error, index int, path string, sentinel error, want error) {
	t.Helper()
	var pe *plan.Error
	if !errors.As(err, &pe) {
		t.Errorf("%s: %v (%T), want a *plan.Error", entry, err, err)
		return
	}
	if pe.Index != index || pe.Path != path || !errors.Is(err, sentinel) || pe.Op != "cache" || !strings.HasPrefix(err.Error(), "cache: ") {
		t.Errorf("%s: %v (index %d, path %q, op %q), want index %d, path %q, wrapping %v, from cache", entry, err, pe.Index, pe.Path, pe.Op, index, path, sentinel)
	}
	var we *plan.Error
	if want != nil && (!errors.As(want, &we) || we.Index != pe.Index || we.Path != pe.Path) {
		t.Errorf("%s: cache says %v, plan says %v", entry, err, want)
	}
}

// TestErrorAtEveryCacheEntryPoint: a bad value is the same *plan.Error
// from every cache call that reads a value (Tree.Root in each mode, the
// list trees, cache.TreeOf), with the index and the indexed path plan
// gives for the same value.
func TestErrorAtEveryCacheEntryPoint(t *testing.T) {
	sp, err := plan.PlanFor[fulu.BeaconState]()
	if err != nil {
		t.Fatal(err)
	}
	vp, err := plan.PlanFor[phase0.Validator]()
	if err != nil {
		t.Fatal(err)
	}
	s := fulu.SyntheticBeaconState(10, 1)
	s.Validators[2].WithdrawalCredentials = s.Validators[2].WithdrawalCredentials[:31]
	_, perr := sp.Root(s)
	const statePath = "BeaconState.Validators[2].WithdrawalCredentials"
	for _, mode := range []cache.Mode{cache.Detect, cache.Marked} {
		tr, err := cache.New[fulu.BeaconState](cache.WithMode(mode))
		if err != nil {
			t.Fatal(err)
		}
		_, err = tr.Root(s)
		wantPlanError(t, "Tree.Root, first", err, -1, statePath, ssz.ErrSize, perr)
		// After a good root, the bad element found by an update.
		s.Validators[2].WithdrawalCredentials = make([]byte, 32)
		if _, err := tr.Root(s); err != nil {
			t.Fatal(err)
		}
		s.Validators[2].WithdrawalCredentials = s.Validators[2].WithdrawalCredentials[:31]
		_ = tr.Mark("Validators", 2)
		_, err = tr.Root(s)
		wantPlanError(t, "Tree.Root, update", err, -1, statePath, ssz.ErrSize, perr)
	}
	_, _, err = cache.TreeOf(s)
	wantPlanError(t, "cache.TreeOf", err, -1, statePath, ssz.ErrSize, perr)

	vals := phase0.RandomValidators(5, 2)
	vals[3].WithdrawalCredentials = vals[3].WithdrawalCredentials[:31]
	_, lerr := vp.ListRoot(vals, 1<<40)
	l, err := cache.NewList[phase0.Validator](1 << 40)
	if err != nil {
		t.Fatal(err)
	}
	_, err = l.Root(vals)
	wantPlanError(t, "List.Root", err, 3, "Validator.WithdrawalCredentials", ssz.ErrSize, lerr)
	pl, err := cache.NewProgressiveList[phase0.Validator]()
	if err != nil {
		t.Fatal(err)
	}
	_, err = pl.Root(vals)
	wantPlanError(t, "progressive List.Root", err, 3, "Validator.WithdrawalCredentials", ssz.ErrSize, lerr)

	vals[3].WithdrawalCredentials = make([]byte, 32)
	short, err := cache.NewList[phase0.Validator](4)
	if err != nil {
		t.Fatal(err)
	}
	_, lerr = vp.ListRoot(vals, 4)
	_, err = short.Root(vals)
	wantPlanError(t, "List.Root past the limit", err, -1, "List[Validator, 4]", ssz.ErrListTooLong, lerr)
}

// validatorArray is a value that is a vector of containers: one value,
// not a list of the caller's, whatever tree holds it.
type validatorArray [4]phase0.Validator

// nestedArray is a vector of containers holding lists of containers.
type nestedArray [3]struct {
	V []phase0.Validator `ssz-max:"8"`
}

// TestErrorOfVectorValue: a bad element of a value that is a vector (a
// Go array) is one value's error at every cache entry point (Index -1,
// the element in the path: "validatorArray[2].WithdrawalCredentials"),
// as plan's Root says it; only a List's tree names the element in Index.
func TestErrorOfVectorValue(t *testing.T) {
	vals := phase0.RandomValidators(4, 3)
	vals[2].WithdrawalCredentials = vals[2].WithdrawalCredentials[:31]
	arr := validatorArray(vals)
	testVectorValueError(t, &arr, "validatorArray[2].WithdrawalCredentials")

	var nested nestedArray
	nested[1].V = phase0.RandomValidators(5, 4)
	nested[1].V[3].WithdrawalCredentials = nested[1].V[3].WithdrawalCredentials[:31]
	testVectorValueError(t, &nested, "nestedArray[1].V[3].WithdrawalCredentials")
}

func testVectorValueError[T any](t *testing.T, v *T, path string) {
	t.Helper()
	p, err := plan.PlanFor[T]()
	if err != nil {
		t.Fatal(err)
	}
	_, perr := p.Root(v)
	var pe *plan.Error
	if !errors.As(perr, &pe) || pe.Index != -1 || pe.Path != path {
		t.Fatalf("plan.Root: %v, want index -1 and path %q", perr, path)
	}
	_, _, err = cache.TreeOf(v)
	wantPlanError(t, "cache.TreeOf", err, -1, path, ssz.ErrSize, perr)
	_, _, err = cache.SparseOf(v, nil)
	wantPlanError(t, "cache.SparseOf", err, -1, path, ssz.ErrSize, perr)
	_, _, err = cache.SparseOf(v, []string{"[0]"})
	wantPlanError(t, "cache.SparseOf of [0]", err, -1, path, ssz.ErrSize, perr)
	for _, mode := range []cache.Mode{cache.Detect, cache.Marked} {
		tr, err := cache.New[T](cache.WithMode(mode))
		if err != nil {
			t.Fatal(err)
		}
		_, err = tr.Root(v)
		wantPlanError(t, "Tree.Root", err, -1, path, ssz.ErrSize, perr)
	}
}
