package eth2_test

import (
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/attestantio/go-eth2-client/api"
	apiv1 "github.com/attestantio/go-eth2-client/api/v1"
	apiv1gloas "github.com/attestantio/go-eth2-client/api/v1/gloas"
	"github.com/attestantio/go-eth2-client/spec"
	"github.com/attestantio/go-eth2-client/spec/gloas"
	"github.com/attestantio/go-eth2-client/spec/phase0"
	"github.com/lanehash/lanehash"
	"github.com/lanehash/lanehash/eth2"
	"github.com/lanehash/lanehash/ssz"
)

// TestNilRegistrationMessage: a SignedValidatorRegistration with a nil
// Message was rooted with a Timestamp of 0, where the client roots a new
// ValidatorRegistration, whose zero time.Time is -62135596800 Unix
// seconds: a root other than the client's, alone and in its versioned
// wrapper.
func TestNilRegistrationMessage(t *testing.T) {
	signed := &apiv1.SignedValidatorRegistration{Signature: [96]byte{7}}
	want, err := signed.HashTreeRoot()
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range []any{
		signed, *signed,
		&api.VersionedSignedValidatorRegistration{Version: spec.BuilderVersionV1, V1: signed},
	} {
		got, err := eth2.HashTreeRoot(v)
		if err != nil || got != want {
			t.Errorf("%T: root %x, %v; the client's %x", v, got, err, want)
		}
	}
}

// TestEPBSProposalIncludedFlag: an api.VersionedEPBSProposal's
// ExecutionPayloadIncluded selects its arm (GloasContents when true,
// Gloas when false, as the client's methods read it); the adapter rooted
// whichever arm was set, so a proposal whose flag disagrees with its arm
// got the root of a value the client does not consider the proposal,
// where a wrapper whose fields disagree is documented as refused.
func TestEPBSProposalIncludedFlag(t *testing.T) {
	block := &gloas.BeaconBlock{Slot: 3}
	contents := &apiv1gloas.BlockContents{Block: block}
	for _, c := range []struct {
		v    *api.VersionedEPBSProposal
		want any // the arm rooted, nil for a refusal
	}{
		{&api.VersionedEPBSProposal{Version: spec.DataVersionGloas, Gloas: block}, block},
		{&api.VersionedEPBSProposal{Version: spec.DataVersionGloas, ExecutionPayloadIncluded: true, GloasContents: contents}, contents},
		{&api.VersionedEPBSProposal{Version: spec.DataVersionGloas, ExecutionPayloadIncluded: true, Gloas: block}, nil},
		{&api.VersionedEPBSProposal{Version: spec.DataVersionGloas, GloasContents: contents}, nil},
	} {
		got, err := eth2.HashTreeRoot(c.v)
		if c.want == nil {
			if !errors.Is(err, eth2.ErrVersionMismatch) {
				t.Errorf("included %v, Gloas %v, GloasContents %v: root %x, %v; want ErrVersionMismatch",
					c.v.ExecutionPayloadIncluded, c.v.Gloas != nil, c.v.GloasContents != nil, got, err)
			}
			continue
		}
		want, werr := c.want.(interface{ HashTreeRoot() ([32]byte, error) }).HashTreeRoot()
		if werr != nil {
			t.Fatal(werr)
		}
		if err != nil || got != want {
			t.Errorf("%T arm: root %x, %v; the client's %x", c.want, got, err, want)
		}
	}
}

// TestWrapperBehindTwoPointers: a pointer to a wrapper pointer
// (HashTreeRoot(&resp.Data) with Data a *spec.VersionedBeaconState) was
// not recognised as a wrapper, neither by Unwrap nor by lanehash's
// refusal, and was rooted as a container of the Version and one pointer
// per fork: a root no chain has, with no error.
func TestWrapperBehindTwoPointers(t *testing.T) {
	v := &spec.VersionedBeaconState{Version: spec.DataVersionPhase0, Phase0: &phase0.BeaconState{Slot: 5}}
	want, err := v.Phase0.HashTreeRoot()
	if err != nil {
		t.Fatal(err)
	}
	got, err := eth2.HashTreeRoot(&v)
	if err != nil || got != want {
		t.Errorf("eth2.HashTreeRoot(**VersionedBeaconState): root %x, %v; the fork's %x", got, err, want)
	}
	p, root, err := eth2.ProveField(&v, "slot")
	if err != nil || root != want || !p.Verify(want) {
		t.Errorf("eth2.ProveField(**VersionedBeaconState): root %x, %v; the fork's %x", root, err, want)
	}
	if got, err := lanehash.HashTreeRoot(&v); !errors.Is(err, lanehash.ErrVersioned) {
		t.Errorf("lanehash.HashTreeRoot(**VersionedBeaconState): root %x, %v; want ErrVersioned", got, err)
	}
	if got, err := lanehash.HashTreeRootList([]**spec.VersionedBeaconState{&v}, 4); !errors.Is(err, lanehash.ErrVersioned) {
		t.Errorf("lanehash.HashTreeRootList([]**VersionedBeaconState): root %x, %v; want ErrVersioned", got, err)
	}
}

// selfPointer is a pointer type that is its own element: Go allows it,
// and a value of it can point to itself.
type selfPointer *selfPointer

// TestSelfPointerRefused: Unwrap stripped a value's pointers, and the
// bytes functions its type's, with no bound: a value pointing to itself
// (or, for the bytes functions, the type alone) spun forever. Each call
// returns: Unwrap the value as it is, the others a refusal of the type
// (lanehash's, or ErrNotProvable).
func TestSelfPointerRefused(t *testing.T) {
	var x selfPointer
	x = &x
	var none selfPointer
	calls := map[string]func() error{
		"Unwrap": func() error {
			if v, err := eth2.Unwrap(x); err != nil || v != any(x) {
				return fmt.Errorf("Unwrap: %v, %v; want the value, nil", v, err)
			}
			return ssz.ErrUnsupported
		},
		"HashTreeRoot":      func() error { _, err := eth2.HashTreeRoot(x); return err },
		"ProveField":        func() error { _, _, err := eth2.ProveField(x, "slot"); return err },
		"HashTreeRootBytes": func() error { _, err := eth2.HashTreeRootBytes(none, []byte{0}); return err },
		"ProveFieldBytes":   func() error { _, _, err := eth2.ProveFieldBytes(none, []byte{0}, "slot"); return err },
	}
	for name, call := range calls {
		done := make(chan error, 1)
		go func() { done <- call() }()
		select {
		case err := <-done:
			if !errors.Is(err, ssz.ErrUnsupported) && !errors.Is(err, eth2.ErrNotProvable) {
				t.Errorf("%s: %v, want ssz.ErrUnsupported or eth2.ErrNotProvable", name, err)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("%s did not return in 10 s", name)
		}
	}
}
