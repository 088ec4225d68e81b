package eth2_test

import (
	"encoding/binary"
	"errors"
	"fmt"
	"reflect"
	"testing"

	"github.com/attestantio/go-eth2-client/spec"
	"github.com/attestantio/go-eth2-client/spec/electra"
	"github.com/attestantio/go-eth2-client/spec/phase0"
	"github.com/lanehash/lanehash/eth2"
	"github.com/lanehash/lanehash/proof"
)

// TestProveFieldMatchesClient proves fields of a random versioned state
// of every fork by the client's field names and the spec's, and compares
// the proof with the client's FieldGeneralizedIndex, FieldRoot and
// ProveField, and verifies it against the client's state root.
func TestProveFieldMatchesClient(t *testing.T) {
	eachForkState(t, 21, func(t *testing.T, vs *spec.VersionedBeaconState, root [32]byte) {
		for _, c := range []struct{ client, ours string }{
			{"Validators", "Validators"},
			{"Balances", "balances"},
			{"LatestBlockHeader", "latest_block_header"},
			{"ETH1Data", "eth1_data"},
			{"Slot", "slot"},
		} {
			p, got, err := eth2.ProveField(vs, c.ours)
			if err != nil {
				t.Fatalf("ProveField(%q): %v", c.ours, err)
			}
			if got != root || !p.Verify(root) {
				t.Fatalf("ProveField(%q): root %x (the client's %x), verifies: %v", c.ours, got, root, p.Verify(root))
			}
			if want, ok := fieldRoot(t, vs, c.client); ok && p.Leaf != want {
				t.Fatalf("%q: leaf %x; the client's root of the field's value %x", c.ours, p.Leaf, want)
			}
			compareClient(t, vs, c.client, p)
			if r, err := eth2.FieldRoot(*vs, c.ours); err != nil || r != p.Leaf {
				t.Fatalf("FieldRoot(%q) of the value: %x, %v; the proof's leaf %x", c.ours, r, err, p.Leaf)
			}
		}
		// Below the top level, where the client proves nothing: the
		// proof must still verify against the client's root.
		for _, path := range []string{"validators[0].effective_balance", "balances.__len__", "latest_block_header.state_root"} {
			p, _, err := eth2.ProveField(vs, path)
			if err != nil || !p.Verify(root) {
				t.Fatalf("ProveField(%q): %v, verifies against the client's root: %v", path, err, err == nil && p.Verify(root))
			}
		}
	})
}

// TestProveFields proves several paths of a versioned state of every
// fork at once: each proof equals ProveField's for its path and verifies
// against the client's root; no paths is proof.ErrIndex, a bad path the
// path's error.
func TestProveFields(t *testing.T) {
	paths := []string{"slot", "validators[0].effective_balance", "balances.__len__", "latest_block_header.state_root", "Validators"}
	eachForkState(t, 23, func(t *testing.T, vs *spec.VersionedBeaconState, root [32]byte) {
		ps, got, err := eth2.ProveFields(vs, paths...)
		if err != nil || got != root || len(ps) != len(paths) {
			t.Fatalf("ProveFields: root %x (the client's %x), %d proofs, %v", got, root, len(ps), err)
		}
		for j, path := range paths {
			one, _, err := eth2.ProveField(vs, path)
			if err != nil || !reflect.DeepEqual(ps[j], one) || !ps[j].Verify(root) {
				t.Fatalf("%q: ProveFields' proof differs from ProveField's or does not verify (%v)", path, err)
			}
		}
		if _, _, err := eth2.ProveFields(vs); !errors.Is(err, proof.ErrIndex) {
			t.Errorf("no paths: %v, want proof.ErrIndex", err)
		}
		if _, _, err := eth2.ProveFields(vs, "slot", "no_such_field"); !errors.Is(err, proof.ErrPath) {
			t.Errorf("a bad path: %v, want proof.ErrPath", err)
		}
	})
}

// eachForkState runs f on a random versioned state of every fork (seed
// seed) and its root by the client's own HashTreeRoot, one subtest each.
func eachForkState(t *testing.T, seed uint64, f func(t *testing.T, vs *spec.VersionedBeaconState, root [32]byte)) {
	wt := reflect.TypeFor[spec.VersionedBeaconState]()
	fields, forks := forkFields(wt)
	for i, field := range fields {
		t.Run(forks[i], func(t *testing.T) {
			wp, _ := versioned(t, wt, field, forks[i], seed)
			vs := wp.Interface().(*spec.VersionedBeaconState)
			root, err := vs.HashTreeRoot()
			if err != nil {
				t.Fatal(err)
			}
			f(t, vs, root)
		})
	}
}

// TestProveBlock proves a path in a versioned signed block of every fork
// the client has one for, against the client's root.
func TestProveBlock(t *testing.T) {
	wt := reflect.TypeFor[spec.VersionedSignedBeaconBlock]()
	fields, forks := forkFields(wt)
	for i, f := range fields {
		wp, v := versioned(t, wt, f, forks[i], 31)
		root := clientRoot(t, v)
		p, got, err := eth2.ProveField(wp.Interface(), "message.body.randao_reveal")
		if err != nil || got != root || !p.Verify(root) {
			t.Fatalf("%s: %v, root %x (the client's %x)", forks[i], err, got, root)
		}
	}
}

// fieldRoot is the root of the state's field name computed without
// lanehash: the client's HashTreeRoot of a container field, the little
// endian chunk of Slot; false for a list field.
func fieldRoot(t *testing.T, vs *spec.VersionedBeaconState, name string) ([32]byte, bool) {
	inner, err := eth2.Unwrap(vs)
	if err != nil {
		t.Fatal(err)
	}
	f := reflect.ValueOf(inner).Elem().FieldByName(name)
	switch {
	case name == "Slot":
		var chunk [32]byte
		binary.LittleEndian.PutUint64(chunk[:], f.Uint())
		return chunk, true
	case f.Kind() == reflect.Pointer:
		return clientRoot(t, f), true
	}
	return [32]byte{}, false
}

// compareClient compares p with the client's FieldGeneralizedIndex,
// FieldRoot and ProveField of the field. go-eth2-client v0.30.1 cannot
// prove a Gloas state's fields (its FieldGeneralizedIndex assumes a
// plain container, and ProveField fails with "Node not found in tree"),
// so for Gloas the comparison is made only if the client succeeds; p is
// checked against the client's root either way.
func compareClient(t *testing.T, vs *spec.VersionedBeaconState, name string, p *proof.Proof) {
	t.Helper()
	branch, err := vs.ProveField(name)
	if err != nil {
		if vs.Version == spec.DataVersionGloas {
			t.Logf("%s: the client's ProveField(%q): %v", vs.Version, name, err)
			return
		}
		t.Fatalf("the client's ProveField(%q): %v", name, err)
	}
	g, err := vs.FieldGeneralizedIndex(name)
	if err != nil || p.Index != proof.GIndex(g) {
		t.Fatalf("%q: gindex %d; the client's %d, %v", name, p.Index, g, err)
	}
	leaf, err := vs.FieldRoot(name)
	if err != nil || p.Leaf != [32]byte(leaf) {
		t.Fatalf("%q: leaf %x; the client's FieldRoot %x, %v", name, p.Leaf, [32]byte(leaf), err)
	}
	if len(branch) != len(p.Branch) {
		t.Fatalf("%q: %d hashes; the client's ProveField %d", name, len(p.Branch), len(branch))
	}
	for k := range branch {
		if p.Branch[k] != [32]byte(branch[k]) {
			t.Fatalf("%q: branch %d %x; the client's %x", name, k, p.Branch[k], [32]byte(branch[k]))
		}
	}
}

func ExampleProveField() {
	state := &spec.VersionedBeaconState{Version: spec.DataVersionElectra, Electra: &electra.BeaconState{
		Slot:     42,
		Balances: []phase0.Gwei{32e9, 31e9},
	}}
	// The client's field name, the spec's, or a path below a field.
	p, root, err := eth2.ProveField(state, "balances[1]")
	if err != nil {
		fmt.Println(err)
		return
	}
	want, _ := state.HashTreeRoot()
	fmt.Println(root == want, p.Verify(want))
	// Output: true true
}
