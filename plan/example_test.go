package plan_test

import (
	"crypto/sha256"
	"errors"
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

// validator returns an active validator with a recognisable key and
// balance, as the examples' input.
func validator(key byte, balance phase0.Gwei) phase0.Validator {
	return phase0.Validator{
		Pubkey:                phase0.BLSPubKey{key},
		WithdrawalCredentials: make([]byte, 32),
		EffectiveBalance:      balance,
		ExitEpoch:             phase0.FarFutureEpoch,
		WithdrawableEpoch:     phase0.FarFutureEpoch,
	}
}

// Compile the plan of a type once, then hash values of it; the root
// equals the reference implementation's.
func ExamplePlanFor() {
	p, err := plan.PlanFor[phase0.Validator]()
	if err != nil {
		panic(err)
	}
	v := validator(0xaa, 32_000_000_000)
	root, err := p.Root(&v)
	if err != nil {
		panic(err)
	}
	want, err := ssz.HashTreeRoot(&v, ssz.SHA256)
	if err != nil {
		panic(err)
	}
	fmt.Printf("%x\n", root)
	fmt.Println("same as ssz.HashTreeRoot:", root == want)
	// Output:
	// 4c367df543919a77e8008a2a502bc46d925b0dd830a1722b875d4129bf4f687b
	// same as ssz.HashTreeRoot: true
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

// One root per element, W elements hashed side by side on each of two
// workers; dst is the caller's, so steady-state calls allocate nothing.
func ExamplePlan_RootAll() {
	p, err := plan.PlanFor[phase0.Validator](plan.WithWorkers(2))
	if err != nil {
		panic(err)
	}
	vals := []phase0.Validator{
		validator(1, 32_000_000_000),
		validator(2, 31_000_000_000),
		validator(3, 16_000_000_000),
	}
	roots := make([][32]byte, len(vals))
	if err := p.RootAll(roots, vals); err != nil {
		panic(err)
	}
	for i := range vals {
		want, err := ssz.HashTreeRoot(&vals[i], ssz.SHA256)
		if err != nil {
			panic(err)
		}
		fmt.Printf("validator %d: %x… reference agrees: %v\n", i, roots[i][:8], roots[i] == want)
	}
	// Output:
	// validator 0: 89a656e100847c79… reference agrees: true
	// validator 1: 75479d0255a22897… reference agrees: true
	// validator 2: 10bc71231936977e… reference agrees: true
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

// The registry of a beacon state is a List[Validator, 2^40]: the
// element roots merkleized to depth 40, then the length mixed in.
func ExamplePlan_ListRoot() {
	p, err := plan.PlanFor[phase0.Validator]()
	if err != nil {
		panic(err)
	}
	vals := []phase0.Validator{validator(1, 32_000_000_000), validator(2, 32_000_000_000)}
	root, err := p.ListRoot(vals, 1<<40)
	if err != nil {
		panic(err)
	}
	lt, err := ssz.TypeOfTagged(reflect.TypeOf(vals), `ssz-max:"1099511627776"`)
	if err != nil {
		panic(err)
	}
	want, err := ssz.HashTreeRootValue(lt, reflect.ValueOf(vals), ssz.SHA256)
	if err != nil {
		panic(err)
	}
	fmt.Printf("registry of 2: %x (reference agrees: %v)\n", root, root == want)

	// An empty registry is the zero subtree of depth 40 mixed with
	// length 0: H(zero hash 40 || 32 zero bytes).
	empty, err := p.ListRoot(nil, 1<<40)
	if err != nil {
		panic(err)
	}
	z := ssz.ZeroHashes(ssz.SHA256, 40)
	fmt.Println("empty registry:", empty == sha256.Sum256(append(z[40][:], make([]byte, 32)...)))
	// Output:
	// registry of 2: 037a0146f3cead2d581a19706a0e2a9e4d5c129415adba112c099329d5e8a050 (reference agrees: true)
	// empty registry: true
}

// Beacon clients hold the registry as pointers (go-eth2-client's
// []*phase0.Validator): ListRootPtr roots it where it lies, with no copy
// of the validators, and a nil element is the zero Validator.
func ExamplePlan_ListRootPtr() {
	p, err := plan.PlanFor[phase0.Validator]()
	if err != nil {
		panic(err)
	}
	a, b := validator(1, 32_000_000_000), validator(2, 32_000_000_000)
	registry := []*phase0.Validator{&a, &b, nil}
	root, err := p.ListRootPtr(registry, 1<<40)
	if err != nil {
		panic(err)
	}
	values, err := p.ListRoot([]phase0.Validator{a, b, {}}, 1<<40)
	if err != nil {
		panic(err)
	}
	want, err := ssz.HashTreeRoot(&struct {
		Validators []*phase0.Validator `ssz-max:"1099511627776"`
	}{registry}, ssz.SHA256) // a one-field container's root is its field's root
	if err != nil {
		panic(err)
	}
	fmt.Println("same root as the values:", root == values, "reference agrees:", root == want)
	// Output: same root as the values: true reference agrees: true
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
	lt, err := ssz.TypeOfTagged(reflect.TypeOf(list), `ssz-type:"progressive-list"`)
	if err != nil {
		panic(err)
	}
	want, err := ssz.HashTreeRootValue(lt, reflect.ValueOf(list), ssz.SHA256)
	if err != nil {
		panic(err)
	}
	fmt.Printf("%x (reference agrees: %v)\n", root, root == want)
	// Output:
	// 2a6a1f2355e1bbc893a520107245a9a1f32d3f612849cdc5c196cd1b672754fe (reference agrees: true)
}

func ExamplePlan_RootAllBytes() {
	p, err := plan.PlanFor[phase0.Validator]()
	if err != nil {
		panic(err)
	}
	// Three serialized validators back to back, as a state holds them.
	vals := []phase0.Validator{validator(1, 1), validator(2, 2), validator(3, 3)}
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
	for i := range vals {
		want, err := ssz.HashTreeRoot(&vals[i], ssz.SHA256)
		if err != nil {
			panic(err)
		}
		fmt.Printf("element %d: %x… reference agrees: %v\n", i, roots[i][:8], roots[i] == want)
	}
	fmt.Println(p.RootAllBytes(roots, registry[:100]))
	// Output:
	// element 0: 79c674cea55bcede… reference agrees: true
	// element 1: 31993d611d4aea72… reference agrees: true
	// element 2: a6665e43a69e9a87… reference agrees: true
	// plan: Validator: wrong size: 100 bytes is not a multiple of the element size 121
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

// Errors name the element and the field, and wrap an ssz sentinel:
// classify them with errors.As and errors.Is, not by their text.
func ExampleError() {
	p, err := plan.PlanFor[phase0.Validator]()
	if err != nil {
		panic(err)
	}
	vals := []phase0.Validator{validator(1, 1), validator(2, 2)}
	vals[1].WithdrawalCredentials = vals[1].WithdrawalCredentials[:20]
	_, err = p.Roots(vals)
	var pe *plan.Error
	if errors.As(err, &pe) {
		fmt.Println("element:", pe.Index)
		fmt.Println("field:", pe.Path)
		fmt.Println("wrong size:", errors.Is(err, ssz.ErrSize))
	}
	// Output:
	// element: 1
	// field: Validator.WithdrawalCredentials
	// wrong size: true
}

// HistoricalBatch's vectors are SLOTS_PER_HISTORICAL_ROOT long: 8192 on
// mainnet, 64 on the minimal preset. WithSpec compiles the plan for the
// preset the values were made for.
func ExampleWithSpec() {
	minimal := ssz.MinimalSpec()
	p, err := plan.PlanFor[phase0.HistoricalBatch](plan.WithSpec(minimal))
	if err != nil {
		panic(err)
	}
	n := minimal["SLOTS_PER_HISTORICAL_ROOT"]
	batch := phase0.HistoricalBatch{BlockRoots: make([]phase0.Root, n), StateRoots: make([]phase0.Root, n)}
	batch.BlockRoots[0][0] = 1
	root, err := p.Root(&batch)
	if err != nil {
		panic(err)
	}
	want, err := ssz.HashTreeRoot(&batch, ssz.SHA256, ssz.WithSpec(minimal))
	if err != nil {
		panic(err)
	}
	fmt.Printf("%d roots per vector: %x (reference agrees: %v)\n", n, root, root == want)

	mainnet, err := plan.PlanFor[phase0.HistoricalBatch]() // mainnet is the default
	if err != nil {
		panic(err)
	}
	_, err = mainnet.Root(&batch)
	fmt.Println(err)
	// Output:
	// 64 roots per vector: c0c09665fe129ad4d5d6a97e0e72b89d392de3ab407b18b727d1b2d053f2bc62 (reference agrees: true)
	// plan: HistoricalBatch.BlockRoots: wrong size: slice of 64 elements for a vector of 8192
}

// A kernel forced by name (see lanes.Kernels) for one plan; the default
// is the automatic choice, which LANEHASH_KERNEL can also force.
func ExampleWithKernel() {
	p, err := plan.PlanFor[phase0.Validator](plan.WithKernel("sha256/genericx1"))
	if err != nil {
		panic(err)
	}
	fmt.Println(p.Kernel(), p.Width())
	_, err = plan.PlanFor[phase0.Validator](plan.WithKernel("sha256/nosuchx64"))
	fmt.Println(errors.Is(err, lanes.ErrUnknownKernel))
	// Output:
	// sha256/genericx1 1
	// true
}
