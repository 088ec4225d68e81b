package plan_test

import (
	"fmt"
	"reflect"

	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/plan"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// Checkpoint is a small container: Epoch, then Root.
type Checkpoint struct {
	Epoch uint64
	Root  [32]byte
}

func ExamplePlanFor() {
	p, err := plan.PlanFor[phase0.Validator]()
	if err != nil {
		panic(err)
	}
	v := phase0.RandomValidators(1, 42)[0]
	root, err := p.Root(&v)
	if err != nil {
		panic(err)
	}
	want, _ := ssz.HashTreeRoot(&v, ssz.SHA256)
	fmt.Println(root == want)
	// Output: true
}

func ExamplePlan_Root() {
	p, err := plan.PlanFor[Checkpoint]()
	if err != nil {
		panic(err)
	}
	root, err := p.Root(&Checkpoint{Epoch: 1})
	if err != nil {
		panic(err)
	}
	fmt.Printf("%x\n", root)
	// Output: 16abab341fb7f370e27e4dadcf81766dd0dfd0ae64469477bb2cf6614938b2af
}

func ExamplePlan_RootAll() {
	p, err := plan.PlanFor[phase0.Validator](plan.WithWorkers(2))
	if err != nil {
		panic(err)
	}
	vals := phase0.RandomValidators(1000, 7)
	roots := make([][32]byte, len(vals))
	if err := p.RootAll(roots, vals); err != nil {
		panic(err)
	}
	want, _ := ssz.HashTreeRoot(&vals[999], ssz.SHA256)
	fmt.Println(roots[999] == want)
	// Output: true
}

func ExamplePlan_RootAllPtr() {
	p, err := plan.PlanFor[Checkpoint]()
	if err != nil {
		panic(err)
	}
	// A nil element is the zero value, as a nil pointer is everywhere
	// in SSZ's Go ecosystem and in the reference ssz.HashTreeRoot.
	roots := make([][32]byte, 2)
	if err := p.RootAllPtr(roots, []*Checkpoint{{Epoch: 1}, nil}); err != nil {
		panic(err)
	}
	zero, _ := ssz.HashTreeRoot(&Checkpoint{}, ssz.SHA256)
	fmt.Println(roots[1] == zero)
	// Output: true
}

func ExamplePlan_Roots() {
	p, err := plan.PlanFor[Checkpoint](plan.WithHash(lanes.Keccak256))
	if err != nil {
		panic(err)
	}
	roots, err := p.Roots([]Checkpoint{{Epoch: 1}, {Epoch: 2}})
	if err != nil {
		panic(err)
	}
	want, _ := ssz.HashTreeRoot(&Checkpoint{Epoch: 2}, ssz.Keccak256)
	fmt.Println(len(roots), roots[1] == want)
	// Output: 2 true
}

func ExamplePlan_ListRoot() {
	p, err := plan.PlanFor[phase0.Validator]()
	if err != nil {
		panic(err)
	}
	// The registry of a beacon state: List[Validator, 2^40].
	vals := phase0.RandomValidators(100, 1)
	root, err := p.ListRoot(vals, 1<<40)
	if err != nil {
		panic(err)
	}
	lt, _ := ssz.TypeOfTagged(reflect.TypeOf(vals), `ssz-max:"1099511627776"`)
	want, _ := ssz.HashTreeRootValue(lt, reflect.ValueOf(vals), ssz.SHA256)
	fmt.Println(root == want)
	// Output: true
}

func ExamplePlan_ProgressiveListRoot() {
	p, err := plan.PlanFor[uint64]()
	if err != nil {
		panic(err)
	}
	list := []uint64{1, 2, 3, 4, 5, 6, 7, 8, 9}
	root, err := p.ProgressiveListRoot(list)
	if err != nil {
		panic(err)
	}
	lt, _ := ssz.TypeOfTagged(reflect.TypeOf(list), `ssz-type:"progressive-list"`)
	want, _ := ssz.HashTreeRootValue(lt, reflect.ValueOf(list), ssz.SHA256)
	fmt.Println(root == want)
	// Output: true
}

func ExamplePlan_RootAllBytes() {
	p, err := plan.PlanFor[phase0.Validator]()
	if err != nil {
		panic(err)
	}
	vals := phase0.RandomValidators(3, 5)
	var registry []byte
	for i := range vals {
		b, err := ssz.Marshal(&vals[i])
		if err != nil {
			panic(err)
		}
		registry = append(registry, b...)
	}
	roots := make([][32]byte, 3)
	if err := p.RootAllBytes(roots, registry); err != nil {
		panic(err)
	}
	want, _ := p.Roots(vals)
	fmt.Println(roots[2] == want[2])
	fmt.Println(p.RootAllBytes(roots, registry[:100]))
	// Output:
	// true
	// plan: element 0: wrong size: 100 bytes is not a whole number of 121-byte elements
}

func ExamplePlan_Stats() {
	p, err := plan.PlanFor[phase0.Validator](plan.WithKernel("sha256/genericx1"), plan.WithWorkers(1))
	if err != nil {
		panic(err)
	}
	if _, err := p.Roots(phase0.RandomValidators(10, 3)); err != nil {
		panic(err)
	}
	s := p.Stats()
	fmt.Println(s.LockstepPairs, s.LaneFill())
	// Output: 80 1
}
