package ssz_test

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"reflect"

	"golang.org/x/crypto/sha3"

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

// The same container with Keccak-256 (legacy Ethereum padding): the root
// is keccak256(chunk(Epoch) || Root), which x/crypto/sha3 confirms.
func ExampleHashTreeRoot_keccak256() {
	cp := Checkpoint{Epoch: 1, Root: [32]byte{0xff}}
	root, err := ssz.HashTreeRoot(&cp, ssz.Keccak256)
	if err != nil {
		panic(err)
	}
	h := sha3.NewLegacyKeccak256()
	h.Write([]byte{1, 31: 0}) // Epoch as a little-endian 32-byte chunk
	h.Write(cp.Root[:])
	fmt.Printf("%x %v\n", root, [32]byte(h.Sum(nil)) == root)
	// Output: af97ce14d991720278e7f1214bf057cd150936efd5fd53457b50d20de6dc767f true
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

// One buffer serves a run of encodings: each appends to the buffer cut
// back to empty, which grows only when a value needs more room. A value
// that does not encode leaves the buffer as it was.
func ExampleMarshalAppend() {
	var buf []byte
	for epoch := range uint64(3) {
		var err error
		if buf, err = ssz.MarshalAppend(buf[:0], &Checkpoint{Epoch: 256 + epoch}); err != nil {
			panic(err)
		}
		fmt.Println(len(buf), buf[:2])
	}
	tooMany := &PendingVotes{Votes: make([]Checkpoint, 2049)}
	out, err := ssz.MarshalAppend(buf, tooMany)
	fmt.Println(len(out) == len(buf), errors.Is(err, ssz.ErrListTooLong))
	// Output:
	// 40 [0 1]
	// 40 [1 1]
	// 40 [2 1]
	// true true
}

// MarshalAppendValue takes a descriptor and a reflect.Value, as
// MarshalValue does: here serializations of two values one after the
// other in one buffer.
func ExampleMarshalAppendValue() {
	t, err := ssz.TypeOf(reflect.TypeFor[Checkpoint]())
	if err != nil {
		panic(err)
	}
	var buf []byte
	for _, cp := range []Checkpoint{{Epoch: 1}, {Epoch: 2}} {
		if buf, err = ssz.MarshalAppendValue(buf, t, reflect.ValueOf(&cp)); err != nil {
			panic(err)
		}
	}
	fmt.Println(len(buf), buf[0], buf[40])
	// Output: 80 1 2
}

// Size is the length Marshal would return, and its error for a value
// Marshal refuses: a list of 3 checkpoints is an offset and 3 × 40
// bytes.
func ExampleSize() {
	votes := &PendingVotes{Votes: make([]Checkpoint, 3)}
	n, err := ssz.Size(votes)
	fmt.Println(n, err)
	_, err = ssz.Size(&PendingVotes{Votes: make([]Checkpoint, 2049)})
	fmt.Println(err)
	// Output:
	// 124 <nil>
	// ssz: PendingVotes.Votes: list too long: 2049 elements, limit 2048
}

// SizeValue sizes a value of a descriptor: with the minimal preset's
// limit of 32 votes, 33 are refused.
func ExampleSizeValue() {
	t, err := ssz.TypeOf(reflect.TypeFor[PendingVotes](), ssz.WithSpec(ssz.MinimalSpec()))
	if err != nil {
		panic(err)
	}
	for _, n := range []int{32, 33} {
		size, err := ssz.SizeValue(t, reflect.ValueOf(&PendingVotes{Votes: make([]Checkpoint, n)}))
		fmt.Println(size, errors.Is(err, ssz.ErrListTooLong))
	}
	// Output:
	// 1284 false
	// 0 true
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

// Circle and Square share a field layout (EIP-8016 asks that the options
// of a compatible union be such compatible progressive containers).
type Circle struct {
	Radius uint32 `ssz-index:"0"`
}

// Square is the other option of Shape.
type Square struct {
	Radius uint32 `ssz-index:"0"`
	Side   uint32 `ssz-index:"1"`
}

// Shape is a CompatibleUnion with selectors 1 (Circle) and 2 (Square),
// chosen by the ssz-index tags; without tags they follow the field order
// from 1. dynamic-ssz's dynssz.CompatibleUnion is read the same way.
type Shape = ssz.CompatibleUnion[struct {
	Circle Circle `ssz-index:"1"`
	Square Square `ssz-index:"2"`
}]

// A compatible union is serialized as its selector byte and the
// selected option's bytes; its root is H(root(Data), selector). Decoding
// fills Data with a value of the option's type, and rejects a selector
// that is not an option.
func ExampleCompatibleUnion() {
	s := Shape{Variant: 2, Data: Square{Radius: 3, Side: 4}}
	b, err := ssz.Marshal(s)
	if err != nil {
		panic(err)
	}
	fmt.Printf("% x\n", b)

	var back Shape
	if err := ssz.Unmarshal(b, &back); err != nil {
		panic(err)
	}
	fmt.Printf("%d %+v\n", back.Variant, back.Data)

	b[0] = 3
	fmt.Println(errors.Is(ssz.Unmarshal(b, &back), ssz.ErrUnion))

	root, _ := ssz.HashTreeRoot(s, ssz.SHA256)
	data, _ := ssz.HashTreeRoot(s.Data, ssz.SHA256)
	selector := [32]byte{2}
	fmt.Println(root == sha256.Sum256(append(data[:], selector[:]...)))
	// Output:
	// 02 03 00 00 00 04 00 00 00
	// 2 {Radius:3 Side:4}
	// true
	// true
}

// Errors carry the path of the field and wrap a sentinel: classify them
// with errors.As and errors.Is, not by their text.
func ExampleError() {
	var cp Checkpoint
	err := ssz.Unmarshal(make([]byte, 39), &cp)
	var se *ssz.Error
	if errors.As(err, &se) {
		fmt.Println("path:", se.Path)
		fmt.Println("wrong size:", errors.Is(err, ssz.ErrSize))
	}
	type Account struct{ Name string } // SSZ has no string type
	_, err = ssz.HashTreeRoot(&Account{"x"}, ssz.SHA256)
	if errors.As(err, &se) {
		fmt.Println("path:", se.Path)
		fmt.Println("unsupported:", errors.Is(err, ssz.ErrUnsupported))
	}
	// Output:
	// path: Checkpoint
	// wrong size: true
	// path: Account.Name
	// unsupported: true
}

// The root of an empty List[Checkpoint, 2]: zero chunks merkleized to
// depth 1, then the length (0) mixed in.
func ExampleZeroHashes_emptyList() {
	type Votes struct {
		Votes []Checkpoint `ssz-max:"2"`
	}
	root, err := ssz.HashTreeRoot(&Votes{}, ssz.SHA256)
	if err != nil {
		panic(err)
	}
	z := ssz.ZeroHashes(ssz.SHA256, 1)
	fmt.Printf("%x %v\n", root, root == sha256.Sum256(append(z[1][:], make([]byte, 32)...)))
	// Output: 7a0501f5957bdf9cb3a8ff4966f02265f968658b7a9c62642cba1165e86642f5 true
}
