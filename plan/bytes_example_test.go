package plan_test

import (
	"errors"
	"fmt"

	"github.com/lanehash/lanehash/plan"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// A serialized value is rooted straight from its bytes: here a
// PendingAttestation, whose aggregation bits and offset make it
// variable-size. The root is the decoded value's, and bytes the decoder
// would refuse are refused with the decoder's sentinel and field path,
// before anything is decoded.
func ExamplePlan_RootBytes() {
	p, err := plan.PlanFor[phase0.PendingAttestation]()
	if err != nil {
		panic(err)
	}
	att := phase0.PendingAttestation{AggregationBits: []byte{0b1011_0101, 0b1}, InclusionDelay: 3, ProposerIndex: 9}
	b, err := ssz.Marshal(&att)
	if err != nil {
		panic(err)
	}
	fromBytes, err := p.RootBytes(b)
	if err != nil {
		panic(err)
	}
	fromValue, err := ssz.HashTreeRoot(&att, ssz.SHA256)
	if err != nil {
		panic(err)
	}
	fmt.Println("same root as the decoded value:", fromBytes == fromValue)

	// The last byte of the bitlist carries its delimiter bit; without it
	// the bytes are not a PendingAttestation.
	b[len(b)-1] = 0
	_, err = p.RootBytes(b)
	var pe *plan.Error
	fmt.Println(errors.Is(err, ssz.ErrBitlist), errors.As(err, &pe) && pe.Path == "PendingAttestation.AggregationBits")

	// An offset pointing into the fixed part is refused as the decoder
	// refuses it.
	b[len(b)-1] = 1
	b[0] = 0
	_, err = p.RootBytes(b)
	fmt.Println(err)
	// Output:
	// same root as the decoded value: true
	// true true
	// plan: PendingAttestation.AggregationBits: bad offset: first offset 0, want 148
}
