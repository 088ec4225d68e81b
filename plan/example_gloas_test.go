package plan_test

import (
	"errors"
	"fmt"

	"github.com/lanehash/lanehash/plan"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/gloas"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// Request is a compatible union of two progressive containers that share
// their first field; the selectors come from the ssz-index tags.
type Request = ssz.CompatibleUnion[struct {
	Exit    gloas.BuilderExitRequest    `ssz-index:"1"`
	Deposit gloas.BuilderDepositRequest `ssz-index:"2"`
}]

// Compatible unions of mixed selectors in one RootAll: the plan roots
// each selector's values as one batch (lockstep for fixed-shape
// options) and mixes the selectors in with one call.
func ExamplePlan_compatibleUnion() {
	p, err := plan.PlanFor[Request]()
	if err != nil {
		panic(err)
	}
	reqs := []Request{
		{Variant: 1, Data: gloas.BuilderExitRequest{Pubkey: phase0.BLSPubKey{1}}},
		{Variant: 2, Data: gloas.BuilderDepositRequest{WithdrawalCredentials: make([]byte, 32), Amount: 32e9}},
		{Variant: 1, Data: gloas.BuilderExitRequest{Pubkey: phase0.BLSPubKey{2}}},
	}
	roots, err := p.Roots(reqs)
	if err != nil {
		panic(err)
	}
	same := true
	for i := range reqs {
		want, _ := ssz.HashTreeRoot(reqs[i], ssz.SHA256)
		same = same && roots[i] == want
	}
	fmt.Println(same)

	// Selector 3 is not an option: an ssz.ErrUnion naming the instance.
	reqs[2].Variant = 3
	_, err = p.Roots(reqs)
	var pe *plan.Error
	fmt.Println(errors.Is(err, ssz.ErrUnion), errors.As(err, &pe) && pe.Index == 2)
	// Output:
	// true
	// true true
}

// The Gloas registry is a progressive list: ProgressiveListRootPtr roots
// the state's []*Validator in lockstep and merkleizes the subtrees 1, 4,
// 16, … together, giving the state's Validators field root.
func ExamplePlan_ProgressiveListRootPtr_gloasRegistry() {
	state := gloas.SyntheticBeaconState(1000, 1)
	p, err := plan.PlanFor[phase0.Validator]()
	if err != nil {
		panic(err)
	}
	root, err := p.ProgressiveListRootPtr(state.Validators)
	if err != nil {
		panic(err)
	}
	type registry struct {
		Validators []*phase0.Validator `ssz-type:"progressive-list"`
	}
	want, _ := ssz.HashTreeRoot(registry{state.Validators}, ssz.SHA256)
	fmt.Println(root == want)
	// Output: true
}
