package fulu_test

import (
	"fmt"

	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/fulu"
)

// One Go type serves both presets: the spec values given to the codec
// decide the preset-dependent sizes.
func ExampleBeaconState_presets() {
	for _, p := range []struct {
		name string
		spec ssz.SpecValues
	}{{"mainnet", ssz.MainnetSpec()}, {"minimal", ssz.MinimalSpec()}} {
		t, err := ssz.TypeFor[fulu.BeaconState](ssz.WithSpec(p.spec))
		if err != nil {
			fmt.Println(err)
			return
		}
		for _, f := range t.Fields {
			if f.Name == "RANDAOMixes" || f.Name == "ProposerLookahead" {
				fmt.Printf("%s %s: %d\n", p.name, f.Name, f.Type.Length)
			}
		}
	}
	// Output:
	// mainnet RANDAOMixes: 65536
	// mainnet ProposerLookahead: 64
	// minimal RANDAOMixes: 64
	// minimal ProposerLookahead: 16
}

// A synthetic fulu state with a small registry, hashed with the
// reference implementation.
func ExampleSyntheticBeaconState() {
	state := fulu.SyntheticBeaconState(64, 1)
	root, err := ssz.HashTreeRoot(state, ssz.SHA256)
	fmt.Println(len(state.Validators), "validators, hashed:", err == nil && root != [32]byte{})
	// Output: 64 validators, hashed: true
}
