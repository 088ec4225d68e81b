package ssz_test

import (
	"fmt"
	"reflect"

	"github.com/lanehash/lanehash/ssz"
)

// Checkpoint is the consensus Checkpoint container.
type Checkpoint struct {
	Epoch uint64
	Root  [32]byte
}

// PendingVotes shows a preset-dependent list: mainnet and minimal differ.
type PendingVotes struct {
	Votes []Checkpoint `ssz-max:"2048" dynssz-max:"EPOCHS_PER_ETH1_VOTING_PERIOD*SLOTS_PER_EPOCH"`
}

// The root of a two-field container is H(chunk(Epoch) || Root).
func ExampleHashTreeRoot() {
	cp := Checkpoint{Epoch: 1}
	root, err := ssz.HashTreeRoot(&cp, ssz.SHA256)
	if err != nil {
		panic(err)
	}
	fmt.Printf("%x\n", root)
	// Output: 16abab341fb7f370e27e4dadcf81766dd0dfd0ae64469477bb2cf6614938b2af
}

func ExampleMarshal() {
	b, err := ssz.Marshal(Checkpoint{Epoch: 258})
	if err != nil {
		panic(err)
	}
	var back Checkpoint
	if err := ssz.Unmarshal(b, &back); err != nil {
		panic(err)
	}
	fmt.Println(len(b), b[:8], back.Epoch)
	// Output: 40 [2 1 0 0 0 0 0 0] 258
}

func ExampleTypeOf() {
	mainnet, _ := ssz.TypeOf(reflect.TypeFor[PendingVotes]())
	minimal, _ := ssz.TypeOf(reflect.TypeFor[PendingVotes](), ssz.WithSpec(ssz.MinimalSpec()))
	fmt.Println(mainnet.Fields[0].Type.Limit, minimal.Fields[0].Type.Limit)
	// Output: 2048 32
}

func ExampleTypeOfTagged() {
	t, err := ssz.TypeOfTagged(reflect.TypeFor[[][]byte](), `ssz-size:"?,32" ssz-max:"16"`)
	if err != nil {
		panic(err)
	}
	fmt.Println(t, t.ChunkCount())
	// Output: List[Vector[uint8, 32], 16] 16
}

func ExampleUnion() {
	type Shape = ssz.Union[struct {
		Nothing ssz.None
		Small   uint16
	}]
	b, _ := ssz.Marshal(Shape{Selector: 1, Value: uint16(7)})
	var back Shape
	err := ssz.Unmarshal(b, &back)
	fmt.Println(b, back.Selector, back.Value, err)
	// Output: [1 7 0] 1 7 <nil>
}

func ExampleZeroHashes() {
	z := ssz.ZeroHashes(ssz.SHA256, 1)
	fmt.Printf("%x\n", z[1])
	// Output: f5a5fd42d16a20302798ef6ed309979b43003d2320d9f0e8ea9831a92759fb4b
}
