package compare

import (
	"fmt"
	"testing"

	"github.com/lanehash/lanehash/plan"
	lssz "github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/gloas"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
	dynssz "github.com/pk910/dynamic-ssz"
)

// referenceProgressiveRegistry is ProgressiveList[Validator] for the
// reference: a one-field container, whose root is its field's root.
type referenceProgressiveRegistry struct {
	Validators []phase0.Validator `ssz-type:"progressive-list"`
}

// TestGloasRegistryRootsAgree: lanehash's progressive registry, the
// reference and go-eth2-client's generated per-field code agree, at sizes
// around the progressive subtree boundaries (1, 5, 21, 85, 341, 1365
// chunks fill the first 1, 2, 3, … subtrees).
func TestGloasRegistryRootsAgree(t *testing.T) {
	for _, n := range []int{0, 1, 2, 5, 6, 21, 22, 85, 86, 341, 1365, 1366, 3000} {
		vals := phase0.RandomValidators(n, uint64(n)+1)
		want, err := lssz.HashTreeRoot(&referenceProgressiveRegistry{vals}, lssz.SHA256)
		if err != nil {
			t.Fatal(err)
		}
		p, err := plan.PlanFor[phase0.Validator]()
		if err != nil {
			t.Fatal(err)
		}
		if got, err := p.ProgressiveListRoot(vals); err != nil || got != want {
			t.Errorf("n=%d: lanehash %x, %v; reference %x", n, got, err, want)
		}
		if got, err := DynsszProgressiveRegistryRoot(Eth2Validators(vals)); err != nil || got != want {
			t.Errorf("n=%d: go-eth2-client %x, %v; reference %x", n, got, err, want)
		}
	}
}

// TestGloasStateRootsAgree: a synthetic mainnet gloas state hashes alike
// through a lanehash plan, the reference and go-eth2-client's generated
// BeaconState.HashTreeRoot (fed through SSZ, see Eth2GloasBeaconState).
func TestGloasStateRootsAgree(t *testing.T) {
	for _, n := range []int{0, 1, 100, 2000} {
		s := gloas.SyntheticBeaconState(n, uint64(n)+7)
		want, err := lssz.HashTreeRoot(s, lssz.SHA256)
		if err != nil {
			t.Fatal(err)
		}
		for _, workers := range []int{1, 2} {
			p, err := plan.PlanFor[gloas.BeaconState](plan.WithWorkers(workers))
			if err != nil {
				t.Fatal(err)
			}
			if got, err := p.Root(s); err != nil || got != want {
				t.Errorf("n=%d workers=%d: lanehash %x, %v; reference %x", n, workers, got, err, want)
			}
		}
		es, err := Eth2GloasBeaconState(s)
		if err != nil {
			t.Fatal(err)
		}
		if got, err := es.HashTreeRoot(); err != nil || got != want {
			t.Errorf("n=%d: go-eth2-client %x, %v; reference %x", n, got, err, want)
		}
	}
}

// dynsszUnion is a struct holding dynamic-ssz's own CompatibleUnion type:
// lanehash must read it (by its layout and GetDescriptorType) as the same
// SSZ type dynamic-ssz does.
type dynsszUnion struct {
	Slot  uint64
	Shape dynssz.CompatibleUnion[struct {
		Small uint32
		List  []uint16 `ssz-max:"8"`
	}]
}

func TestDynsszCompatibleUnionAgrees(t *testing.T) {
	ds := dynssz.NewDynSsz(nil)
	for i, v := range []dynsszUnion{
		{Slot: 1, Shape: dynssz.CompatibleUnion[struct {
			Small uint32
			List  []uint16 `ssz-max:"8"`
		}]{Variant: 1, Data: uint32(7)}},
		{Slot: 2, Shape: dynssz.CompatibleUnion[struct {
			Small uint32
			List  []uint16 `ssz-max:"8"`
		}]{Variant: 2, Data: []uint16{1, 2, 3}}},
	} {
		name := fmt.Sprintf("case %d", i)
		want, err := ds.HashTreeRoot(&v)
		if err != nil {
			t.Fatalf("%s: dynamic-ssz: %v", name, err)
		}
		if got, err := lssz.HashTreeRoot(&v, lssz.SHA256); err != nil || got != want {
			t.Errorf("%s: lanehash reference %x, %v; dynamic-ssz %x", name, got, err, want)
		}
		enc, err := ds.MarshalSSZ(&v)
		if err != nil {
			t.Fatalf("%s: dynamic-ssz marshal: %v", name, err)
		}
		if got, err := lssz.Marshal(&v); err != nil || string(got) != string(enc) {
			t.Errorf("%s: lanehash encoding %x, %v; dynamic-ssz %x", name, got, err, enc)
		}
	}
}
