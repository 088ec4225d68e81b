package compare

import (
	"fmt"

	"testing"

	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/plan"
	lssz "github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// Root-for-root agreement: every compared library, lanehash and the
// reference ssz.HashTreeRoot must give the same roots, so the benchmarks
// compare equal work. The benchmarks also check each library against
// lanehash at their own sizes before timing.

// referenceRegistry is List[Validator, 2^40] for the reference: a
// one-field container, whose root is its field's root.
type referenceRegistry struct {
	Validators []phase0.Validator `ssz-max:"1099511627776"`
}

func TestRegistryRootsAgree(t *testing.T) {
	for _, n := range []int{0, 1, 15, 16, 17, 1000} {
		vals := phase0.RandomValidators(n, uint64(n)+1)
		want, err := lssz.HashTreeRoot(&referenceRegistry{vals}, lssz.SHA256)
		if err != nil {
			t.Fatal(err)
		}
		if got := lanehashRegistryRoot(t, vals); got != want {
			t.Errorf("n=%d: lanehash root %x, reference %x", n, got, want)
		}
		for _, lib := range registryLibs {
			t.Run(fmt.Sprintf("n=%d/lib=%s", n, lib.name), func(t *testing.T) {
				got, err := lib.setup(t, vals)()
				if err != nil || got != want {
					t.Errorf("n=%d: root %x, %v; reference %x", n, got, err, want)
				}
			})
		}
	}
}

func TestKeccakRegistryRootAgrees(t *testing.T) {
	vals := phase0.RandomValidators(1000, 3)
	want, err := lssz.HashTreeRoot(&referenceRegistry{vals}, lssz.Keccak256)
	if err != nil {
		t.Fatal(err)
	}
	sha, err := lssz.HashTreeRoot(&referenceRegistry{vals}, lssz.SHA256)
	if err != nil {
		t.Fatal(err)
	}
	if want == sha {
		t.Fatal("the reference gives the same root for Keccak-256 and SHA-256")
	}
	for _, workers := range []int{1, 2} {
		p, err := plan.PlanFor[phase0.Validator](plan.WithHash(lanes.Keccak256), plan.WithWorkers(workers))
		if err != nil {
			t.Fatal(err)
		}
		got, err := p.ListRoot(vals, registryLimit)
		if err != nil || got != want {
			t.Errorf("workers=%d: lanehash Keccak-256 root %x, %v; reference %x", workers, got, err, want)
		}
	}
}

func TestSmallRootsAgree(t *testing.T) {
	for seed := range uint64(3) {
		for _, c := range smallCases(t, seed) {
			want, err := c.reference()
			if err != nil {
				t.Fatalf("%s: reference: %v", c.typ, err)
			}
			for _, lib := range c.libs {
				if got, err := lib.root(); err != nil || got != want {
					t.Errorf("%s seed %d, %s: root %x, %v; reference %x", c.typ, seed, lib.name, got, err, want)
				}
			}
			kwant, err := c.keccakRef()
			if err != nil {
				t.Fatalf("%s: Keccak-256 reference: %v", c.typ, err)
			}
			if got, err := c.keccak(); err != nil || got != kwant {
				t.Errorf("%s seed %d: lanehash Keccak-256 root %x, %v; reference %x", c.typ, seed, got, err, kwant)
			}
		}
	}
}

func TestSyntheticStateRootsAgree(t *testing.T) {
	s := phase0.SyntheticBeaconState(300, 5)
	want, err := lssz.HashTreeRoot(s, lssz.SHA256)
	if err != nil {
		t.Fatal(err)
	}
	for _, lib := range mainnetStateLibs {
		// A subtest each: a setup may change a library's kernel until its
		// test ends (the @avx2 rows).
		t.Run("lib="+lib.name, func(t *testing.T) {
			got, err := lib.setup(t, s)()
			if err != nil || got != want {
				t.Errorf("root %x, %v; reference %x", got, err, want)
			}
		})
	}
}

func TestMinimalStateRootsAgree(t *testing.T) {
	s, want := minimalState(t)
	ref, err := lssz.HashTreeRoot(s, lssz.SHA256, lssz.WithSpec(lssz.MinimalSpec()))
	if err != nil || ref != want {
		t.Fatalf("reference: root %x, %v; spec vector %x", ref, err, want)
	}
	for _, lib := range minimalStateLibs {
		got, err := lib.setup(t, s)()
		if err != nil || got != want {
			t.Errorf("%s: root %x, %v; spec vector %x", lib.name, got, err, want)
		}
	}
}
