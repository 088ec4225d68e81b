package lanehash_test

import (
	"errors"
	"fmt"
	"reflect"

	"github.com/lanehash/lanehash"
	"github.com/lanehash/lanehash/plan"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// Block is a type of the caller's, with the SSZ tags other Go SSZ
// libraries read (ssz-size, ssz-max).
type Block struct {
	Slot       uint64
	ParentRoot [32]byte
	Payload    []byte `ssz-max:"1024"`
}

// HashTreeRoot is the method fastssz generates and code written against
// it calls: one line makes it lanehash's.
func (b *Block) HashTreeRoot() ([32]byte, error) { return lanehash.HashTreeRoot(b) }

// A type of the caller's becomes fast with one method; its plan is
// compiled on the first call and reused by every later one, from any
// goroutine.
func Example_method() {
	b := &Block{Slot: 7, ParentRoot: [32]byte{1}, Payload: []byte("hello")}
	root, err := b.HashTreeRoot()
	if err != nil {
		fmt.Println(err)
		return
	}
	want, _ := ssz.HashTreeRoot(b, ssz.SHA256) // the slow reference
	fmt.Println(root == want)
	// Output: true
}

// A value of a type known only at run time (decoded from a type
// registry, say) is rooted as a value or through a pointer alike.
func ExampleHashTreeRoot() {
	var v any = phase0.Checkpoint{Epoch: 3, Root: phase0.Root{9}}
	byValue, err := lanehash.HashTreeRoot(v)
	if err != nil {
		fmt.Println(err)
		return
	}
	c := v.(phase0.Checkpoint)
	byPointer, _ := lanehash.HashTreeRoot(&c)
	fmt.Println(byValue == byPointer)

	// Options are plan's; each option set has its plan.
	one, _ := lanehash.HashTreeRoot(&c, plan.WithWorkers(1))
	fmt.Println(one == byValue)

	// A nil is an error, not a zero value and not a panic.
	_, err = lanehash.HashTreeRoot((*phase0.Checkpoint)(nil))
	fmt.Println(errors.Is(err, lanehash.ErrNil))
	// Output:
	// true
	// true
	// true
}

// A serialized value is rooted straight from its bytes, with no
// decoding: its type is given as a reflect.Type.
func ExampleHashTreeRootBytes() {
	h := &phase0.BeaconBlockHeader{Slot: 100, ProposerIndex: 5}
	data, _ := ssz.Marshal(h)
	root, err := lanehash.HashTreeRootBytes(reflect.TypeFor[phase0.BeaconBlockHeader](), data)
	if err != nil {
		fmt.Println(err)
		return
	}
	want, _ := lanehash.HashTreeRoot(h)
	fmt.Println(root == want)

	// Bytes that are not a header are refused, with the ssz sentinel.
	_, err = lanehash.HashTreeRootBytes(reflect.TypeFor[phase0.BeaconBlockHeader](), data[:50])
	fmt.Println(errors.Is(err, ssz.ErrSize))
	// Output:
	// true
	// true
}

// Many values of one type are rooted side by side, from a []T or from a
// []*T as beacon clients hold registries.
func ExampleHashTreeRoots() {
	vals := []*phase0.Validator{{EffectiveBalance: 32e9}, {EffectiveBalance: 31e9}, nil}
	roots := make([][32]byte, len(vals))
	if err := lanehash.HashTreeRoots(roots, vals); err != nil {
		fmt.Println(err)
		return
	}
	first, _ := lanehash.HashTreeRoot(vals[0])
	zero, _ := lanehash.HashTreeRoot(&phase0.Validator{})
	fmt.Println(roots[0] == first, roots[2] == zero) // a nil element is the zero value
	// Output: true true
}

// A list's own root, List[T, limit], is the root a container's field of
// that type has: a registry's is its root with the limit 2^40.
func ExampleHashTreeRootList() {
	vals := []*phase0.Validator{{EffectiveBalance: 32e9}, {Slashed: true}}
	root, err := lanehash.HashTreeRootList(vals, 1<<40)
	if err != nil {
		fmt.Println(err)
		return
	}
	// The reference's root of a state holding that registry has it as a
	// field; here, a container of that one field, whose root is the
	// field's root.
	type registry struct {
		Validators []*phase0.Validator `ssz-max:"1099511627776"`
	}
	want, _ := ssz.HashTreeRoot(&registry{Validators: vals}, ssz.SHA256)
	fmt.Println(root == want)

	_, err = lanehash.HashTreeRootList(vals, 1)
	fmt.Println(errors.Is(err, ssz.ErrListTooLong))
	// Output:
	// true
	// true
}
