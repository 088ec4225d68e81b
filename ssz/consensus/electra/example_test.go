package electra_test

import (
	"fmt"

	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/electra"
)

// The committee bits of an electra attestation are a bitvector with one
// bit per committee of a slot, so their size depends on the preset.
func ExampleAttestation() {
	for _, p := range []struct {
		name string
		spec ssz.SpecValues
	}{{"mainnet", ssz.MainnetSpec()}, {"minimal", ssz.MinimalSpec()}} {
		att := &electra.Attestation{AggregationBits: []byte{0x01}}
		enc, err := ssz.Marshal(att, ssz.WithSpec(p.spec))
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("%s: empty attestation is %d bytes\n", p.name, len(enc))
	}
	// Output:
	// mainnet: empty attestation is 237 bytes
	// minimal: empty attestation is 230 bytes
}
