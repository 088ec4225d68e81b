package gloas_test

import (
	"crypto/sha256"
	"fmt"

	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/gloas"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// The gloas BeaconState is a progressive container: its root mixes in
// the active_fields bit field (46 ones), and the registry is a
// progressive list, which has no limit to pad to.
func ExampleBeaconState() {
	t, err := ssz.TypeFor[gloas.BeaconState](ssz.WithSpec(ssz.MinimalSpec()))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(t.Kind, len(t.ActiveFields), "active fields")
	for _, f := range t.Fields {
		switch f.Name {
		case "Validators", "HistoricalRoots", "PTCWindow":
			fmt.Println(f.Name, f.Type)
		}
	}
	// Output:
	// ProgressiveContainer 46 active fields
	// HistoricalRoots List[Vector[uint8, 32], 16777216]
	// Validators ProgressiveList[Container(phase0.Validator)]
	// PTCWindow Vector[Vector[uint64, 16], 24]
}

// A progressive list's root does not depend on a limit. One validator
// fills the first subtree (one chunk) and leaves the rest of the spine
// empty, so the registry's root is H(H(validator, Z), length), with the
// subtree on the left of its spine node.
func ExampleBeaconState_registry() {
	v := &phase0.Validator{WithdrawalCredentials: make([]byte, 32), EffectiveBalance: 32e9}
	type registry struct {
		Validators []*phase0.Validator `ssz-type:"progressive-list"`
	}
	// A container of one field has that field's root.
	got, err := ssz.HashTreeRoot(registry{Validators: []*phase0.Validator{v}}, ssz.SHA256)
	if err != nil {
		fmt.Println(err)
		return
	}
	vr, err := ssz.HashTreeRoot(v, ssz.SHA256)
	if err != nil {
		fmt.Println(err)
		return
	}
	var zero, length [32]byte
	length[0] = 1
	spine := sha256.Sum256(append(vr[:], zero[:]...))
	want := sha256.Sum256(append(spine[:], length[:]...))
	fmt.Println(got == want)
	// Output: true
}
