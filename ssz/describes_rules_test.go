package ssz_test

import (
	"errors"
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/holiman/uint256"

	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/sszjson"
)

// The tests below hold hand-made descriptors to the rules TypeOf
// enforces where it builds one (docs/guarantees.md): sizes that fit an
// int, field paths TypeOf builds, no Go type within itself, union
// options as their options struct declares them. Each descriptor here
// was accepted by CheckDescriptor once and made an entry point panic or
// answer wrongly.

// callNoPanic runs f and turns a panic into an error that says so.
func callNoPanic[T any](f func() (T, error)) (v T, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	return f()
}

// refusedEverywhere checks that CheckDescriptor refuses d with ErrValue
// and rule (nil: none asked) and that every entry point refuses a value
// v with ErrValue, none panicking.
func refusedEverywhere(t *testing.T, name string, d *ssz.Type, rule error, v reflect.Value) {
	t.Helper()
	err := ssz.CheckDescriptor(d)
	if !errors.Is(err, ssz.ErrValue) || rule != nil && !errors.Is(err, rule) {
		t.Errorf("%s: CheckDescriptor %v, want ErrValue and %v", name, err, rule)
	}
	calls := map[string]func() (any, error){
		"HashTreeRootValue": func() (any, error) { return ssz.HashTreeRootValue(d, v, ssz.SHA256) },
		"MarshalValue":      func() (any, error) { return ssz.MarshalValue(d, v) },
		"SizeValue":         func() (any, error) { return ssz.SizeValue(d, v) },
		"UnmarshalValue": func() (any, error) {
			p := reflect.New(d.Go)
			return nil, ssz.UnmarshalValue(d, make([]byte, 64), p.Elem())
		},
		"sszjson.MarshalValue": func() (any, error) { return sszjson.MarshalValue(d, v) },
		"sszjson.UnmarshalValue": func() (any, error) {
			p := reflect.New(d.Go)
			return nil, sszjson.UnmarshalValue(d, []byte(`{}`), p.Elem())
		},
	}
	for call, f := range calls {
		got, err := callNoPanic(f)
		if !errors.Is(err, ssz.ErrValue) {
			t.Errorf("%s: %s answered %v, %v; want ErrValue", name, call, got, err)
		}
	}
	if m := ssz.MinSize(d); m != math.MaxUint64 {
		t.Errorf("%s: MinSize %d, want the largest uint64", name, m)
	}
}

// describesRuleOne is a one-byte container, an element of the vectors
// below.
type describesRuleOne struct{ A uint8 }

// TestCheckDescriptorRefusesSizesPastInt: vectors held in slices whose
// length does not fit an int (the codec indexes and counts with it: on
// a 32-bit host a length of 2^32+1 encoded as one element, on a 64-bit
// one sszjson panicked in make or wrote "[]"), a fixed size past an int
// with a length that fits, a bitvector and a container past an int: TypeOf
// refuses each with ErrOverflow, and CheckDescriptor must too.
func TestCheckDescriptorRefusesSizesPastInt(t *testing.T) {
	u8, err := ssz.TypeFor[uint8]()
	if err != nil {
		t.Fatal(err)
	}
	one, err := ssz.TypeFor[describesRuleOne]()
	if err != nil {
		t.Fatal(err)
	}
	list, err := ssz.TypeOfTagged(reflect.TypeFor[[]byte](), `ssz-max:"4"`)
	if err != nil {
		t.Fatal(err)
	}
	half := uint64(1) << (strconv.IntSize / 2) // elements of half bytes: size past int at half/2 of them
	block, err := ssz.TypeOf(reflect.ArrayOf(int(half), reflect.TypeFor[byte]()))
	if err != nil {
		t.Fatal(err)
	}
	pastInt := uint64(math.MaxInt) + 1
	lengths := []uint64{pastInt, pastInt + 1, math.MaxUint64}
	if strconv.IntSize == 32 {
		lengths = append(lengths, 1<<32+1) // an int(n) of 1
	}
	for _, n := range lengths {
		_, terr := ssz.TypeOfTagged(reflect.TypeFor[[]byte](), reflect.StructTag(`ssz-size:"`+strconv.FormatUint(n, 10)+`"`))
		if !errors.Is(terr, ssz.ErrOverflow) {
			t.Errorf("TypeOfTagged of a []byte vector of %d: %v, want ErrOverflow", n, terr)
		}
		for name, d := range map[string]*ssz.Type{
			"bytes":      {Kind: ssz.KindVector, Go: reflect.TypeFor[[]byte](), Elem: u8, Length: n, Fixed: true, Size: n},
			"containers": {Kind: ssz.KindVector, Go: reflect.TypeFor[[]describesRuleOne](), Elem: one, Length: n, Fixed: true, Size: n},
			"lists":      {Kind: ssz.KindVector, Go: reflect.TypeFor[[][]byte](), Elem: list, Length: n},
		} {
			refusedEverywhere(t, fmt.Sprintf("%s vector of %d", name, n), d, ssz.ErrOverflow, reflect.MakeSlice(d.Go, 0, 0))
		}
	}
	blocks := reflect.SliceOf(block.Go)
	size := half / 2 * half // MaxInt+1
	if _, err := ssz.TypeOfTagged(blocks, reflect.StructTag(`ssz-size:"`+strconv.FormatUint(half/2, 10)+`"`)); !errors.Is(err, ssz.ErrOverflow) {
		t.Errorf("TypeOfTagged of %d blocks of %d bytes: %v, want ErrOverflow", half/2, half, err)
	}
	refusedEverywhere(t, "vector whose size passes an int", &ssz.Type{Kind: ssz.KindVector, Go: blocks, Elem: block, Length: half / 2, Fixed: true, Size: size},
		ssz.ErrOverflow, reflect.MakeSlice(blocks, 0, 0))
	if strconv.IntSize == 32 { // a bitvector's bytes, a 64-bit count of bits over 8, always fit a 64-bit int
		refusedEverywhere(t, "bitvector whose size passes an int", &ssz.Type{Kind: ssz.KindBitvector, Go: reflect.TypeFor[[]byte](), Length: 8 * pastInt, Fixed: true, Size: pastInt},
			ssz.ErrOverflow, reflect.ValueOf([]byte{}))
	}
	halfInt := uint64(math.MaxInt)/2 + 1
	bigBytes := &ssz.Type{Kind: ssz.KindVector, Go: reflect.TypeFor[[]byte](), Elem: u8, Length: halfInt, Fixed: true, Size: halfInt}
	if err := ssz.CheckDescriptor(bigBytes); err != nil {
		t.Fatalf("a byte vector of %d (fits an int): %v", halfInt, err)
	}
	type twoSlices struct{ A, B []byte }
	refusedEverywhere(t, "container whose size passes an int", &ssz.Type{Kind: ssz.KindContainer, Go: reflect.TypeFor[twoSlices](), Fixed: true, Size: 2 * halfInt,
		Fields: []ssz.Field{{Name: "A", Index: []int{0}, Type: bigBytes}, {Name: "B", Index: []int{1}, Type: bigBytes}}},
		ssz.ErrOverflow, reflect.ValueOf(twoSlices{}))
}

// DescribesRuleInner is an exported struct the types below hold.
type DescribesRuleInner struct {
	X uint64
	I *uint256.Int
}

// describesRuleHidden holds a DescribesRuleInner in an unexported field
// that is not embedded: reflect marks whatever is reached through it
// read-only for good (SetUint and Interface panic).
type describesRuleHidden struct {
	h DescribesRuleInner
	B uint64
}

// DescribesRuleNamed holds one in an exported field, not embedded:
// TypeOf describes it as a nested container, never as the outer one's
// own fields.
type DescribesRuleNamed struct {
	N DescribesRuleInner
	B uint64
}

// describesRuleInner is unexported, embedded by value below (TypeOf's
// path through it holds: an embedded field's read-only mark is not
// sticky) and by pointer (which TypeOf refuses).
type describesRuleInner struct {
	X uint64
	I *uint256.Int
}

// DescribesRuleEmbedded embeds describesRuleInner by value.
type DescribesRuleEmbedded struct {
	describesRuleInner
	B uint64
}

// DescribesRuleEmbeddedPtr embeds a pointer to describesRuleInner.
type DescribesRuleEmbeddedPtr struct {
	*describesRuleInner
	B uint64
}

// TestCheckDescriptorFieldPathsAsTypeOfBuilds: a field's index path
// must cross only embedded structs (by value, or by an exported
// pointer) to an exported field, the paths TypeOf builds. A path
// through an unexported field that is not embedded made sszjson's
// decoder panic in SetUint and the reference root and sszjson's encoder
// in Interface; one through an exported named field or an embedded
// pointer to an unexported struct is a flattening TypeOf never builds.
func TestCheckDescriptorFieldPathsAsTypeOfBuilds(t *testing.T) {
	u64, err := ssz.TypeFor[uint64]()
	if err != nil {
		t.Fatal(err)
	}
	u256, err := ssz.TypeFor[*uint256.Int]()
	if err != nil {
		t.Fatal(err)
	}
	through := func(g reflect.Type) *ssz.Type {
		return &ssz.Type{Kind: ssz.KindContainer, Go: g, Fixed: true, Size: 48, Fields: []ssz.Field{
			{Name: "X", Index: []int{0, 0}, Type: u64}, {Name: "I", Index: []int{0, 1}, Type: u256}, {Name: "B", Index: []int{1}, Type: u64}}}
	}
	hidden := describesRuleHidden{h: DescribesRuleInner{X: 5, I: uint256.NewInt(9)}, B: 6}
	refusedEverywhere(t, "path through an unexported field", through(reflect.TypeFor[describesRuleHidden]()), nil, reflect.ValueOf(hidden))
	refusedEverywhere(t, "path through an exported named field", through(reflect.TypeFor[DescribesRuleNamed]()), nil,
		reflect.ValueOf(DescribesRuleNamed{N: DescribesRuleInner{X: 5, I: uint256.NewInt(9)}, B: 6}))
	if _, err := ssz.TypeFor[DescribesRuleEmbeddedPtr](); !errors.Is(err, ssz.ErrUnsupported) {
		t.Errorf("TypeFor of an embedded pointer to an unexported struct: %v, want ErrUnsupported", err)
	}
	refusedEverywhere(t, "path through an embedded pointer to an unexported struct", through(reflect.TypeFor[DescribesRuleEmbeddedPtr]()), nil,
		reflect.ValueOf(DescribesRuleEmbeddedPtr{&describesRuleInner{X: 5, I: uint256.NewInt(9)}, 6}))

	// The same path through an unexported struct embedded by value is
	// TypeOf's own: accepted, and every entry point answers as with
	// TypeOf's descriptor.
	mine := through(reflect.TypeFor[DescribesRuleEmbedded]())
	if err := ssz.CheckDescriptor(mine); err != nil {
		t.Fatalf("path through an unexported struct embedded by value: %v", err)
	}
	v := DescribesRuleEmbedded{describesRuleInner{X: 5, I: uint256.NewInt(9)}, 6}
	want, err := ssz.HashTreeRoot(v, ssz.SHA256)
	if err != nil {
		t.Fatal(err)
	}
	if got, err := ssz.HashTreeRootValue(mine, reflect.ValueOf(v), ssz.SHA256); err != nil || got != want {
		t.Errorf("root under the hand-made descriptor %x, %v; TypeOf's %x", got, err, want)
	}
	js, err := sszjson.MarshalValue(mine, reflect.ValueOf(v))
	if err != nil {
		t.Fatal(err)
	}
	var back DescribesRuleEmbedded
	if err := sszjson.UnmarshalValue(mine, js, reflect.ValueOf(&back).Elem()); err != nil || back.X != 5 || back.I.Uint64() != 9 || back.B != 6 {
		t.Errorf("JSON round trip of %s: %+v, %v", js, back, err)
	}
}

// DescribesRuleNode is a Go type within itself: TypeOf refuses it
// (ErrRecursive).
type DescribesRuleNode struct {
	V    uint64
	Next *DescribesRuleNode
}

// nodeChain returns a hand-made descriptor of *DescribesRuleNode nested
// depth levels deep, the last leaving Next out: distinct descriptors,
// none within itself.
func nodeChain(t *testing.T, depth int) *ssz.Type {
	t.Helper()
	u64, err := ssz.TypeFor[uint64]()
	if err != nil {
		t.Fatal(err)
	}
	g := reflect.TypeFor[*DescribesRuleNode]()
	last := &ssz.Type{Kind: ssz.KindContainer, Go: g, Fixed: true, Size: 8, Fields: []ssz.Field{{Name: "V", Index: []int{0}, Type: u64}}}
	for range depth - 1 {
		last = &ssz.Type{Kind: ssz.KindContainer, Go: g, Fixed: true, Size: last.Size + 8,
			Fields: []ssz.Field{{Name: "V", Index: []int{0}, Type: u64}, {Name: "Next", Index: []int{1}, Type: last}}}
	}
	return last
}

// DescribesRuleSelfEmbed embeds a pointer to itself: TypeOf refuses it.
type DescribesRuleSelfEmbed struct {
	V uint64
	*DescribesRuleSelfEmbed
}

// TestCheckDescriptorRefusesGoTypeWithinItself: a chain of distinct
// descriptors of a recursive Go type was accepted at any depth, and a
// deep one (600,000 levels) overflowed the stack in CheckDescriptor
// itself, a fatal error. Each must be refused as TypeOf refuses the Go
// type: ErrValue and ErrRecursive, at the path where it recurs. So is a
// chain whose shorter links were first accepted elsewhere in the same
// descriptor (a walk remembering verdicts must not forget where they
// hold), and a path through an embedded pointer to the struct itself.
func TestCheckDescriptorRefusesGoTypeWithinItself(t *testing.T) {
	if _, err := ssz.TypeFor[*DescribesRuleNode](); !errors.Is(err, ssz.ErrRecursive) {
		t.Fatalf("TypeFor[*DescribesRuleNode]: %v, want ErrRecursive", err)
	}
	if err := ssz.CheckDescriptor(nodeChain(t, 1)); err != nil {
		t.Fatalf("one level (no Next): %v", err)
	}
	for _, depth := range []int{2, 3, 64, 1 << 16} {
		d := nodeChain(t, depth)
		err := ssz.CheckDescriptor(d)
		var se *ssz.Error
		if !errors.Is(err, ssz.ErrValue) || !errors.Is(err, ssz.ErrRecursive) || !errors.As(err, &se) || se.Path != "DescribesRuleNode.Next" {
			t.Errorf("chain of %d levels: CheckDescriptor %v, want ErrValue and ErrRecursive at DescribesRuleNode.Next", depth, err)
		}
		if depth == 2 {
			refusedEverywhere(t, "chain of 2 levels", d, ssz.ErrRecursive, reflect.ValueOf(&DescribesRuleNode{V: 1, Next: &DescribesRuleNode{V: 2}}))
		}
	}

	// Links accepted one by one as fields of a holder (a field of its
	// own for each), each the next one's Next: every field's walk is one
	// level deep.
	const links = 64
	var goFields []reflect.StructField
	for i := 1; i <= links; i++ {
		goFields = append(goFields, reflect.StructField{Name: "N" + strconv.Itoa(i), Type: reflect.TypeFor[*DescribesRuleNode]()})
	}
	holder := &ssz.Type{Kind: ssz.KindContainer, Go: reflect.StructOf(goFields)}
	for i := 1; i <= links; i++ {
		link := nodeChain(t, i)
		holder.Fields = append(holder.Fields, ssz.Field{Name: "N" + strconv.Itoa(i), Index: []int{i - 1}, Type: link})
		holder.Size += link.Size
	}
	holder.Fixed = true
	if err := ssz.CheckDescriptor(holder); !errors.Is(err, ssz.ErrRecursive) || !strings.Contains(err.Error(), ".N2.Next") {
		t.Errorf("holder of %d links accepted one by one: %v, want ErrRecursive at .N2.Next", links, err)
	}

	if _, err := ssz.TypeFor[DescribesRuleSelfEmbed](); !errors.Is(err, ssz.ErrRecursive) {
		t.Fatalf("TypeFor[DescribesRuleSelfEmbed]: %v, want ErrRecursive", err)
	}
	u64, _ := ssz.TypeFor[uint64]()
	selfEmbed := &ssz.Type{Kind: ssz.KindContainer, Go: reflect.TypeFor[DescribesRuleSelfEmbed](), Fixed: true, Size: 16,
		Fields: []ssz.Field{{Name: "V", Index: []int{0}, Type: u64}, {Name: "W", Index: []int{1, 0}, Type: u64}}}
	refusedEverywhere(t, "path through an embedded pointer to the struct itself", selfEmbed, ssz.ErrRecursive,
		reflect.ValueOf(DescribesRuleSelfEmbed{V: 1, DescribesRuleSelfEmbed: &DescribesRuleSelfEmbed{V: 2}}))
}

// describesRuleUnion declares option 1 a uint16.
type describesRuleUnion = ssz.Union[struct {
	None ssz.None
	A    uint16
}]

// describesRuleCompat declares options at selectors 1 and 3.
type describesRuleCompat = ssz.CompatibleUnion[struct {
	A uint16 `ssz-index:"1"`
	B uint32 `ssz-index:"3"`
}]

// TestCheckDescriptorUnionOptionsAsDeclared: a union's options must be
// those its options struct declares, at the selectors TypeOf gives
// them, of the declared Go types. A Union[None, uint16] whose option 1
// was a uint64 descriptor was accepted, and a value TypeOf's descriptor
// refuses (ErrUnion) hashed as a Union[None, uint64].
func TestCheckDescriptorUnionOptionsAsDeclared(t *testing.T) {
	u16, _ := ssz.TypeFor[uint16]()
	u32, _ := ssz.TypeFor[uint32]()
	u64, _ := ssz.TypeFor[uint64]()
	ug := reflect.TypeFor[describesRuleUnion]()
	if d, err := ssz.TypeOf(ug); err != nil || ssz.CheckDescriptor(d) != nil {
		t.Fatalf("TypeOf's union: %v", err)
	}
	if err := ssz.CheckDescriptor(&ssz.Type{Kind: ssz.KindUnion, Go: ug, Options: []*ssz.Type{nil, u16}}); err != nil {
		t.Errorf("a hand-made twin of TypeOf's union: %v", err)
	}
	wide := describesRuleUnion{Selector: 1, Value: uint64(1 << 40)}
	if _, err := ssz.HashTreeRoot(wide, ssz.SHA256); !errors.Is(err, ssz.ErrUnion) {
		t.Errorf("TypeOf's descriptor on a uint64 option: %v, want ErrUnion", err)
	}
	for name, opts := range map[string][]*ssz.Type{
		"a uint64 option declared uint16": {nil, u64},
		"an option more than declared":    {nil, u16, u16},
		"an option where None is":         {u16, u16},
		"None alone":                      {nil},
	} {
		refusedEverywhere(t, "union with "+name, &ssz.Type{Kind: ssz.KindUnion, Go: ug, Options: opts}, nil, reflect.ValueOf(wide))
	}

	cg := reflect.TypeFor[describesRuleCompat]()
	if d, err := ssz.TypeOf(cg); err != nil || ssz.CheckDescriptor(d) != nil || len(d.Options) != 4 {
		t.Fatalf("TypeOf's compatible union: %v", err)
	}
	if err := ssz.CheckDescriptor(&ssz.Type{Kind: ssz.KindCompatibleUnion, Go: cg, Options: []*ssz.Type{nil, u16, nil, u32}}); err != nil {
		t.Errorf("a hand-made twin of TypeOf's compatible union: %v", err)
	}
	cv := describesRuleCompat{Variant: 3, Data: uint32(7)}
	for name, opts := range map[string][]*ssz.Type{
		"a uint64 option declared uint32":     {nil, u16, nil, u64},
		"an option at an undeclared selector": {nil, u16, u32},
		"options swapped":                     {nil, u32, nil, u16},
		"an option left out":                  {nil, u16},
	} {
		refusedEverywhere(t, "compatible union with "+name, &ssz.Type{Kind: ssz.KindCompatibleUnion, Go: cg, Options: opts}, nil, reflect.ValueOf(cv))
	}
}
