package eth2_test

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/attestantio/go-eth2-client/api"
	apiv1 "github.com/attestantio/go-eth2-client/api/v1"
	apiv1electra "github.com/attestantio/go-eth2-client/api/v1/electra"
	"github.com/attestantio/go-eth2-client/spec"
	"github.com/attestantio/go-eth2-client/spec/electra"
	"github.com/attestantio/go-eth2-client/spec/fulu"
	"github.com/attestantio/go-eth2-client/spec/phase0"
	"github.com/lanehash/lanehash"
	"github.com/lanehash/lanehash/eth2"
	"github.com/lanehash/lanehash/internal/sszrand"
	"github.com/lanehash/lanehash/internal/sszwalk"
	"github.com/lanehash/lanehash/ssz"
)

// wrappers are every versioned type of go-eth2-client v0.30.1's spec
// and api packages.
var wrappers = []any{
	spec.VersionedAggregateAndProof{}, spec.VersionedAttestation{}, spec.VersionedAttesterSlashing{},
	spec.VersionedBeaconBlock{}, spec.VersionedBeaconBlockBody{}, spec.VersionedBeaconState{},
	spec.VersionedExecutionPayload{}, spec.VersionedExecutionPayloadEnvelope{}, spec.VersionedExecutionRequests{},
	spec.VersionedIndexedAttestation{}, spec.VersionedPayloadAttestation{}, spec.VersionedPayloadAttestationData{},
	spec.VersionedPayloadAttestationMessage{}, spec.VersionedSignedAggregateAndProof{}, spec.VersionedSignedBeaconBlock{},
	spec.VersionedSignedExecutionPayloadBid{}, spec.VersionedSignedExecutionPayloadEnvelope{},
	api.VersionedBlindedBeaconBlock{}, api.VersionedBlindedProposal{}, api.VersionedBlockRequest{},
	api.VersionedEPBSProposal{}, api.VersionedProposal{}, api.VersionedSignedBlindedBeaconBlock{},
	api.VersionedSignedBlindedProposal{}, api.VersionedSignedProposal{},
	api.VersionedSignedValidatorRegistration{}, api.VersionedValidatorRegistration{},
}

// forkNames are the client's fork names by DataVersion.
var forkNames = map[string]spec.DataVersion{}

func init() {
	for v := spec.DataVersionPhase0; v.String() != "unknown"; v++ {
		forkNames[v.String()] = v
	}
}

// filler fills values densely: random as sszrand makes them, but every
// pointer set at every depth, so that no part of a value is a zero the
// client and lanehash could agree on by accident.
type filler struct{ *sszrand.Filler }

func (filler) Nil(*ssz.Type) bool { return false }

// Elems, Fields and Option hand out filler again, not the plain Filler,
// whose Nil leaves one pointer in eight nil.
func (f filler) Elems(t *ssz.Type) ([]sszwalk.Source, error) {
	return dense(f.Filler.Elems(t))
}

func (f filler) Fields(t *ssz.Type) ([]sszwalk.Source, error) {
	return dense(f.Filler.Fields(t))
}

func (f filler) Option(t *ssz.Type) (int, sszwalk.Source, error) {
	sel, src, err := f.Filler.Option(t)
	if fl, ok := src.(*sszrand.Filler); ok {
		src = filler{fl}
	}
	return sel, src, err
}

// dense wraps every *sszrand.Filler of srcs in filler.
func dense(srcs []sszwalk.Source, err error) ([]sszwalk.Source, error) {
	for i, s := range srcs {
		if fl, ok := s.(*sszrand.Filler); ok {
			srcs[i] = filler{fl}
		}
	}
	return srcs, err
}

// fill sets *p (a reflect.Value of a pointer) to a random value.
func fill(tb testing.TB, p reflect.Value, seed uint64) {
	tb.Helper()
	st, err := ssz.TypeOf(p.Type().Elem())
	if err != nil {
		tb.Fatalf("ssz.TypeOf(%v): %v", p.Type().Elem(), err)
	}
	f := filler{&sszrand.Filler{Rand: sszrand.NewRand(seed), MaxList: 3}}
	if err := sszwalk.Fill(st, p.Elem(), f); err != nil {
		tb.Fatalf("fill %v: %v", p.Type().Elem(), err)
	}
}

// fillAny is fill, and for the builder API's registrations (whose
// time.Time no SSZ description has) random fields set by hand.
func fillAny(tb testing.TB, p reflect.Value, seed uint64) {
	r := sszrand.NewRand(seed)
	reg := func() *apiv1.ValidatorRegistration {
		v := &apiv1.ValidatorRegistration{GasLimit: r.Uint64(), Timestamp: time.Unix(int64(r.Uint32()), 0)}
		v.FeeRecipient[3], v.Pubkey[47] = byte(r.Uint32()), byte(r.Uint32())
		return v
	}
	switch x := p.Interface().(type) {
	case *apiv1.ValidatorRegistration:
		*x = *reg()
	case *apiv1.SignedValidatorRegistration:
		x.Message = reg()
		x.Signature[9] = byte(r.Uint32())
	default:
		fill(tb, p, seed)
	}
}

// clientRoot is the client's own HashTreeRoot of the value p points to.
func clientRoot(tb testing.TB, p reflect.Value) [32]byte {
	tb.Helper()
	m := p.MethodByName("HashTreeRoot")
	if !m.IsValid() {
		tb.Fatalf("%v has no HashTreeRoot method", p.Type())
	}
	out := m.Call(nil)
	if err, _ := out[1].Interface().(error); err != nil {
		tb.Fatalf("the client's %v.HashTreeRoot: %v", p.Type(), err)
	}
	return out[0].Convert(reflect.TypeFor[[32]byte]()).Interface().([32]byte)
}

// forkFields returns the fork fields of a wrapper type: pointer fields
// named after a fork (or V1), with the fork's name.
func forkFields(t reflect.Type) (fields []reflect.StructField, forks []string) {
	for i := range t.NumField() {
		f := t.Field(i)
		if f.Type.Kind() != reflect.Pointer {
			continue
		}
		if f.Name == "V1" {
			fields, forks = append(fields, f), append(forks, "v1")
			continue
		}
		for name := range forkNames {
			if strings.HasPrefix(f.Name, strings.ToUpper(name[:1])+name[1:]) {
				fields, forks = append(fields, f), append(forks, name)
			}
		}
	}
	return fields, forks
}

// versioned builds a wrapper of type wt holding a random value in field
// f of fork fork, and returns it (a pointer) and the value (a pointer).
func versioned(tb testing.TB, wt reflect.Type, f reflect.StructField, fork string, seed uint64) (reflect.Value, reflect.Value) {
	tb.Helper()
	w := template(wt, f, fork)
	v := reflect.New(f.Type.Elem())
	fillAny(tb, v, seed)
	w.Elem().FieldByIndex(f.Index).Set(v)
	return w, v
}

// TestMatchesClient roots every versioned type of the client, every
// fork field of it, with random values, by pointer and by value, and
// compares each with the client's own HashTreeRoot of the fork's value.
func TestMatchesClient(t *testing.T) {
	seeds := uint64(2)
	if testing.Short() {
		seeds = 1
	}
	forksSeen := map[string]bool{}
	for _, w := range wrappers {
		wt := reflect.TypeOf(w)
		fields, forks := forkFields(wt)
		if len(fields) == 0 {
			t.Fatalf("%v: no fork fields", wt)
		}
		for i, f := range fields {
			forksSeen[forks[i]] = true
			t.Run(wt.Name()+"/"+f.Name, func(t *testing.T) {
				for seed := range seeds {
					wp, v := versioned(t, wt, f, forks[i], seed+1)
					want := clientRoot(t, v)
					for _, x := range []any{wp.Interface(), wp.Elem().Interface()} {
						got, err := eth2.HashTreeRoot(x)
						if err != nil || got != want {
							t.Fatalf("seed %d, %T: %x, %v; the client's %x", seed+1, x, got, err, want)
						}
					}
					if got, err := eth2.HashTreeRoot(v.Interface()); err != nil || got != want {
						t.Fatalf("seed %d, the unwrapped %v: %x, %v; the client's %x", seed+1, v.Type(), got, err, want)
					}
				}
			})
		}
	}
	for name := range forkNames {
		if !forksSeen[name] {
			t.Errorf("fork %s: no wrapper field tested", name)
		}
	}
}

// TestStateMatchesClientMethod compares with VersionedBeaconState's own
// HashTreeRoot, fork by fork.
func TestStateMatchesClientMethod(t *testing.T) {
	wt := reflect.TypeFor[spec.VersionedBeaconState]()
	fields, forks := forkFields(wt)
	if len(fields) != len(forkNames) {
		t.Fatalf("%d state fields for %d forks", len(fields), len(forkNames))
	}
	for i, f := range fields {
		wp, _ := versioned(t, wt, f, forks[i], 11)
		want, err := wp.Interface().(*spec.VersionedBeaconState).HashTreeRoot()
		if err != nil {
			t.Fatal(err)
		}
		if got, err := eth2.HashTreeRoot(wp.Interface()); err != nil || got != want {
			t.Fatalf("%s: %x, %v; VersionedBeaconState.HashTreeRoot %x", forks[i], got, err, [32]byte(want))
		}
	}
}

// TestRefusals checks every kind of inconsistent wrapper is a
// *VersionError with its sentinel, and that lanehash itself refuses a
// wrapper.
func TestRefusals(t *testing.T) {
	st := &fulu.BeaconState{}
	blk := &electra.SignedBeaconBlock{}
	for _, c := range []struct {
		name string
		v    any
		is   error
	}{
		{"no fork", &spec.VersionedBeaconState{Version: spec.DataVersionFulu}, eth2.ErrNoFork},
		{"no fork, no version", spec.VersionedSignedBeaconBlock{}, eth2.ErrNoFork},
		{"two forks", &spec.VersionedSignedBeaconBlock{Version: spec.DataVersionElectra, Electra: blk, Fulu: blk}, eth2.ErrManyForks},
		{"version of another fork", &spec.VersionedBeaconState{Version: spec.DataVersionElectra, Fulu: st}, eth2.ErrVersionMismatch},
		{"unknown version", &spec.VersionedBeaconState{Version: 42, Fulu: st}, eth2.ErrVersionMismatch},
		{"unset version", &spec.VersionedBeaconState{Fulu: st}, eth2.ErrVersionMismatch},
		{"blinded flag", &api.VersionedProposal{Version: spec.DataVersionElectra, ElectraBlinded: new(apiv1electra.BlindedBeaconBlock)}, eth2.ErrVersionMismatch},
	} {
		_, err := eth2.HashTreeRoot(c.v)
		var ve *eth2.VersionError
		if !errors.Is(err, c.is) || !errors.As(err, &ve) {
			t.Errorf("%s: %v, want a *VersionError wrapping %v", c.name, err, c.is)
		}
		if _, _, err := eth2.ProveField(c.v, "slot"); !errors.Is(err, c.is) {
			t.Errorf("%s: ProveField: %v, want %v", c.name, err, c.is)
		}
	}
	for _, v := range []any{&spec.VersionedBeaconState{Version: spec.DataVersionFulu, Fulu: st}, api.VersionedBlindedBeaconBlock{}} {
		if _, err := lanehash.HashTreeRoot(v); !errors.Is(err, lanehash.ErrVersioned) {
			t.Errorf("lanehash.HashTreeRoot(%T): %v, want ErrVersioned", v, err)
		}
	}
	if _, err := eth2.HashTreeRoot(nil); !errors.Is(err, lanehash.ErrNil) {
		t.Errorf("HashTreeRoot(nil): %v, want lanehash.ErrNil", err)
	}
	if _, err := eth2.HashTreeRoot((*spec.VersionedBeaconState)(nil)); !errors.Is(err, lanehash.ErrNil) {
		t.Errorf("HashTreeRoot of a nil *VersionedBeaconState: %v, want lanehash.ErrNil", err)
	}
	if _, _, err := eth2.ProveField(&phase0.Validator{}, "slashed"); !errors.Is(err, eth2.ErrNotProvable) {
		t.Errorf("ProveField(Validator): %v, want ErrNotProvable", err)
	}
}

// TestOtherValues roots values that are no wrapper through lanehash.
func TestOtherValues(t *testing.T) {
	v := reflect.New(reflect.TypeFor[phase0.Validator]())
	fill(t, v, 5)
	want := clientRoot(t, v)
	for _, x := range []any{v.Interface(), v.Elem().Interface()} {
		if got, err := eth2.HashTreeRoot(x); err != nil || got != want {
			t.Fatalf("%T: %x, %v; the client's %x", x, got, err, want)
		}
	}
}

func ExampleHashTreeRoot() {
	// A state as the client's beacon API hands it back.
	state := &spec.VersionedBeaconState{Version: spec.DataVersionFulu, Fulu: &fulu.BeaconState{Slot: 1}}
	root, err := eth2.HashTreeRoot(state)
	if err != nil {
		fmt.Println(err)
		return
	}
	want, _ := state.Fulu.HashTreeRoot()
	fmt.Println(root == want)

	// A wrapper whose Version disagrees with its value is refused.
	state.Version = spec.DataVersionElectra
	_, err = eth2.HashTreeRoot(state)
	fmt.Println(errors.Is(err, eth2.ErrVersionMismatch))
	// Output:
	// true
	// true
}
