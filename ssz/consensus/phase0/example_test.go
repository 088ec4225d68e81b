package phase0_test

import (
	"fmt"

	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// Hashing a synthetic registry's validators one by one with the
// reference implementation.
func ExampleRandomValidators() {
	vals := phase0.RandomValidators(1000, 1)
	active := 0
	for i := range vals {
		if vals[i].ExitEpoch == phase0.FarFutureEpoch {
			active++
		}
		if _, err := ssz.HashTreeRoot(&vals[i], ssz.SHA256); err != nil {
			fmt.Println("validator", i, err)
			return
		}
	}
	fmt.Println(len(vals), "validators, over 900 active:", active > 900)
	// Output: 1000 validators, over 900 active: true
}

// A synthetic mainnet-sized state serializes to its mainnet size: the
// fixed part, the vectors and 121 bytes per validator.
func ExampleSyntheticBeaconState() {
	state := phase0.SyntheticBeaconState(16, 1)
	enc, err := ssz.Marshal(state)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(len(state.Validators), "validators,", len(state.RANDAOMixes), "RANDAO mixes, over 2 MiB:", len(enc) > 2<<20)
	// Output: 16 validators, 65536 RANDAO mixes, over 2 MiB: true
}
