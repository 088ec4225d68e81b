package cache_test

import (
	"errors"
	"testing"

	"github.com/lanehash/lanehash/cache"
	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/plan"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// TestOneOptionModel: plan's options configure a cached tree as they
// configure a plan (a kernel name infers its hash in both), a bad option
// is the same error from both packages (errors.Is with plan.ErrOption and
// cache.ErrOption alike), and each package refuses the other's own
// options. Roots are compared with the reference of the inferred hash.
func TestOneOptionModel(t *testing.T) {
	vals := phase0.RandomValidators(50, 3)
	type reg struct {
		V []phase0.Validator `ssz-max:"1099511627776"`
	}
	for _, info := range lanes.Kernels() {
		if !info.Available {
			continue
		}
		shared := []plan.Option{plan.WithKernel(info.Name), plan.WithWorkers(1)}
		l, err := cache.NewList[phase0.Validator](1<<40, append(shared, cache.WithMode(cache.Marked))...)
		if err != nil {
			t.Fatalf("%s: NewList: %v", info.Name, err)
		}
		got, err := l.Root(vals)
		if err != nil {
			t.Fatal(err)
		}
		want, err := ssz.HashTreeRoot(&reg{vals}, ssz.Hash(info.Hash))
		if err != nil {
			t.Fatal(err)
		}
		p, err := plan.PlanFor[phase0.Validator](shared...)
		if err != nil {
			t.Fatalf("%s: PlanFor: %v", info.Name, err)
		}
		full, err := p.ListRoot(vals, 1<<40)
		if err != nil || got != want || full != want {
			t.Fatalf("%s alone: cache %x, plan %x (%v), reference %s %x", info.Name, got, full, err, info.Hash, want)
		}
	}
	if cache.ErrOption != plan.ErrOption {
		t.Fatal("cache.ErrOption and plan.ErrOption are two values")
	}
	for name, c := range map[string]struct {
		opts []plan.Option
		also error
	}{
		"nil option":               {[]plan.Option{plan.WithWorkers(1), nil}, nil},
		"undefined hash":           {[]plan.Option{plan.WithHash(lanes.Hash(7))}, nil},
		"kernel naming no hash":    {[]plan.Option{plan.WithKernel("genericx1")}, nil},
		"kernel of the other hash": {[]plan.Option{plan.WithHash(lanes.Keccak256), plan.WithKernel("sha256/genericx1")}, nil},
		"unknown kernel":           {[]plan.Option{plan.WithKernel("sha256/nosuchx9")}, lanes.ErrUnknownKernel},
		"negative workers":         {[]plan.Option{plan.WithWorkers(-1)}, nil},
		"nil spec":                 {[]plan.Option{plan.WithSpec(nil)}, nil},
		"two hashes":               {[]plan.Option{plan.WithHash(lanes.SHA256), plan.WithHash(lanes.Keccak256)}, nil},
	} {
		_, perr := plan.PlanFor[phase0.Validator](c.opts...)
		_, cerr := cache.NewList[phase0.Validator](1<<40, c.opts...)
		_, terr := cache.New[phase0.BeaconState](c.opts...)
		for who, err := range map[string]error{"PlanFor": perr, "NewList": cerr, "New": terr} {
			if !errors.Is(err, plan.ErrOption) || !errors.Is(err, cache.ErrOption) || c.also != nil && !errors.Is(err, c.also) {
				t.Errorf("%s: %s: %v, want ErrOption (and %v)", name, who, err, c.also)
			}
		}
	}
	// Each package's own options: PlanFor refuses the cache's, and the
	// cache's given twice with different values are refused as plan's are.
	for _, o := range []plan.Option{cache.WithMode(cache.Marked), cache.WithUpperLevelsOnly()} {
		if _, err := plan.PlanFor[phase0.Validator](o); !errors.Is(err, plan.ErrOption) {
			t.Errorf("PlanFor with a cache option: %v, want ErrOption", err)
		}
	}
	if _, err := cache.New[phase0.BeaconState](cache.WithMode(cache.Marked), cache.WithMode(cache.Detect)); !errors.Is(err, cache.ErrOption) {
		t.Errorf("two modes: %v, want ErrOption", err)
	}
	if _, err := cache.New[phase0.BeaconState](cache.WithMode(cache.Marked), cache.WithMode(cache.Marked), plan.WithSpec(ssz.MainnetSpec())); err != nil {
		t.Errorf("one mode twice, a spec: %v", err)
	}
}
