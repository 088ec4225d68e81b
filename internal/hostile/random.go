package hostile

import (
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"

	"github.com/lanehash/lanehash/ssz"
)

// Opaque is the kind of a shape taken whole from a static Go type (the
// unions, which reflect cannot build); the oracle does not know it, so
// such shapes are checked against the reference only.
const Opaque Kind = 100

// ProgressiveContainer is the kind of a generated EIP-7495 container.
const ProgressiveContainer Kind = 101

// Static types for the random generator: unions with options in every
// position kind (basic, list, bitvector with padding bits, bitlist,
// container, progressive container, union-free None), and a
// progressive container.

// ProgBox is a progressive container with gaps in its active fields.
type ProgBox struct {
	A uint8    `ssz-index:"0"`
	B []uint16 `ssz-index:"3" ssz-type:"progressive-list"`
	C [1]byte  `ssz-index:"4" ssz-type:"bitvector" ssz-bitsize:"3"`
}

// SmallBox is a plain two-field container.
type SmallBox struct {
	X uint32
	Y []byte `ssz-max:"70"`
}

// UnionWithNone has a None option and options of several kinds.
type UnionWithNone = ssz.Union[struct {
	None ssz.None
	A    uint16
	B    []uint64 `ssz-max:"40"`
	C    [1]byte  `ssz-type:"bitvector" ssz-bitsize:"5"`
	D    *SmallBox
}]

// UnionNoNone has no None option (its zero value is invalid, which the
// plan must report as the reference does).
type UnionNoNone = ssz.Union[struct {
	P ProgBox
	L []byte `ssz:"bitlist" ssz-max:"100"`
	S SmallBox
	V [2]byte `ssz-type:"bitvector" ssz-bitsize:"12"`
}]

// CompatUnion is an EIP-8016 compatible union with options at
// selectors 1, 2 and 5 (its zero value, selector 0, is invalid).
type CompatUnion = ssz.CompatibleUnion[struct {
	A uint16   `ssz-index:"1"`
	B []uint64 `ssz-index:"2" ssz-max:"8"`
	C [1]byte  `ssz-index:"5" ssz-type:"bitvector" ssz-bitsize:"5"`
}]

var opaqueShapes = []*Shape{
	{Kind: Opaque, Go: reflect.TypeFor[CompatUnion](), Name: "CompatUnion"},
	{Kind: Opaque, Go: reflect.TypeFor[*CompatUnion](), Name: "*CompatUnion"},
	{Kind: Opaque, Go: reflect.TypeFor[UnionWithNone](), Name: "UnionWithNone"},
	{Kind: Opaque, Go: reflect.TypeFor[*UnionWithNone](), Name: "*UnionWithNone"},
	{Kind: Opaque, Go: reflect.TypeFor[UnionNoNone](), Name: "UnionNoNone"},
	{Kind: Opaque, Go: reflect.TypeFor[ProgBox](), Name: "ProgBox"},
	{Kind: Opaque, Go: reflect.TypeFor[*ProgBox](), Name: "*ProgBox"},
}

// hugeLimits are list and bitlist limits whose trees are deep but whose
// values stay small.
var hugeLimits = []uint64{1 << 32, 1 << 40, 1<<63 + 1, math.MaxUint64 - 255, math.MaxUint64}

// RandomShape returns a random valid shape of at most depth levels:
// basic values, bitvectors of any bit count (padding in the last byte),
// bitlists, vectors (slices and Go arrays), lists (sometimes with
// extreme limits), progressive lists, containers, pointers to them,
// progressive containers, and the static unions, in every position.
func RandomShape(rng *rand.Rand, depth int) *Shape {
	if depth <= 0 || rng.IntN(4) == 0 {
		return randomLeaf(rng)
	}
	switch rng.IntN(7) {
	case 0, 1:
		e := RandomShape(rng, depth-1)
		if rng.IntN(3) == 0 {
			n := 1 + rng.IntN(6)
			return wrap(Vector, reflect.ArrayOf(n, e.Go), Level{}, uint64(n), e, fmt.Sprintf("[%d]%s", n, e.Name))
		}
		// Long vectors of basic values, short ones of composites, so
		// that nested vectors stay small (unions are rooted one by one).
		n := uint64(1 + rng.IntN(40))
		if e.Kind != Basic {
			n = uint64(1 + rng.IntN(6))
		}
		return wrap(Vector, reflect.SliceOf(e.Go), Level{Size: fmt.Sprint(n)}, n, e, fmt.Sprintf("Vector[%s, %d]", e.Name, n))
	case 2, 3:
		e := RandomShape(rng, depth-1)
		limit := uint64(rng.IntN(50))
		if rng.IntN(5) == 0 {
			limit = hugeLimits[rng.IntN(len(hugeLimits))]
		}
		return wrap(List, reflect.SliceOf(e.Go), Level{Max: fmt.Sprint(limit)}, limit, e, fmt.Sprintf("List[%s, %d]", e.Name, limit))
	case 4:
		e := RandomShape(rng, depth-1)
		return wrap(ProgressiveList, reflect.SliceOf(e.Go), Level{Type: "progressive-list"}, 0, e, fmt.Sprintf("ProgressiveList[%s]", e.Name))
	case 5:
		fields := make([]*Shape, 1+rng.IntN(5))
		for i := range fields {
			fields[i] = RandomShape(rng, depth-1)
		}
		c := ContainerOf(fields...)
		if rng.IntN(3) == 0 {
			c.Go, c.Name = reflect.PointerTo(c.Go), "*"+c.Name
		}
		return c
	}
	fields := make([]*Shape, 1+rng.IntN(4))
	for i := range fields {
		fields[i] = RandomShape(rng, depth-1)
	}
	return progressiveContainerOf(rng, fields)
}

// randomLeaf returns a basic value, a bitfield or a static type.
func randomLeaf(rng *rand.Rand) *Shape {
	switch rng.IntN(6) {
	case 0:
		bits := uint64(1 + rng.IntN(600))
		return &Shape{Kind: Bitvector, Go: reflect.TypeFor[[]byte](), N: bits, Bytes: ceilDiv(bits, 8), Levels: []Level{{Bitsize: fmt.Sprint(bits)}}, Name: fmt.Sprintf("Bitvector[%d]", bits)}
	case 1:
		limit := uint64(1 + rng.IntN(3000))
		if rng.IntN(4) == 0 {
			limit = hugeLimits[rng.IntN(len(hugeLimits))]
		}
		return &Shape{Kind: Bitlist, Go: reflect.TypeFor[[]byte](), N: limit, Levels: []Level{{Max: fmt.Sprint(limit), Type: "bitlist"}}, Name: fmt.Sprintf("Bitlist[%d]", limit)}
	case 2:
		return opaqueShapes[rng.IntN(len(opaqueShapes))]
	}
	basics := []*Shape{uint8Shape, uint64Shape, boolShape,
		{Kind: Basic, Go: reflect.TypeFor[uint16](), Size: 2, Name: "uint16"},
		{Kind: Basic, Go: reflect.TypeFor[uint32](), Size: 4, Name: "uint32"}}
	return basics[rng.IntN(len(basics))]
}

// progressiveContainerOf builds a progressive container of fields at
// increasing random ssz-index positions.
func progressiveContainerOf(rng *rand.Rand, fields []*Shape) *Shape {
	sf := make([]reflect.StructField, len(fields))
	names := make([]string, len(fields))
	index := 0
	for i, f := range fields {
		index += rng.IntN(3)
		tag := strings.TrimSpace(string(f.Tag()) + fmt.Sprintf(` ssz-index:"%d"`, index))
		sf[i] = reflect.StructField{Name: fmt.Sprintf("F%d", i), Type: f.Go, Tag: reflect.StructTag(tag)}
		names[i] = fmt.Sprintf("%d:%s", index, f.Name)
		index++
	}
	return &Shape{Kind: ProgressiveContainer, Go: reflect.StructOf(sf), Fields: fields, Name: "Progressive{" + strings.Join(names, ", ") + "}"}
}
