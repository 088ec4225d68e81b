package plan

import (
	"reflect"
	"testing"

	"github.com/lanehash/lanehash/internal/hostile"
	"github.com/lanehash/lanehash/internal/spectest"
	"github.com/lanehash/lanehash/internal/sszrand"
	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/gloas"
)

// fuzzShapes is how many random hostile shapes FuzzRootBytes draws its
// type from (beside the fixed types below).
const fuzzShapes = 32

// fuzzBytesTypes are FuzzRootBytes's fixed types: the generic spec
// containers (variable-size fields, bitfields, progressive containers,
// a compatible union) and consensus types with nested offsets.
var fuzzBytesTypes = []reflect.Type{
	reflect.TypeFor[spectest.VarTestStruct](),
	reflect.TypeFor[spectest.ComplexTestStruct](),
	reflect.TypeFor[spectest.BitsStruct](),
	reflect.TypeFor[spectest.ProgressiveComplexTestStruct](),
	reflect.TypeFor[spectest.CompatibleUnionABCA](),
	reflect.TypeFor[gloas.BeaconBlockBody](),
	reflect.TypeFor[gloas.ExecutionPayloadEnvelope](),
}

// fuzzBytesType returns FuzzRootBytes's type number sel: a fixed type,
// or a random shape of the hostile generator in a container.
func fuzzBytesType(sel uint8) (*ssz.Type, error) {
	i := int(sel) % (len(fuzzBytesTypes) + fuzzShapes)
	if i < len(fuzzBytesTypes) {
		return ssz.TypeOf(fuzzBytesTypes[i])
	}
	rng := sszrand.NewRand(uint64(i))
	return ssz.TypeOf(hostile.ContainerOf(hostile.RandomShape(rng, 3)).Go)
}

// FuzzRootBytes is the bytes path's differential target: for any bytes
// and any of its types, RootBytes must give the root of the decoded
// value when ssz.Unmarshal accepts the bytes, and otherwise an *Error
// with the decoder's sentinel and path; it must never panic. The corpus
// starts from valid serializations of random values of every type.
func FuzzRootBytes(f *testing.F) {
	k, err := lanes.Select(lanes.SHA256, "")
	if err != nil {
		f.Fatal(err)
	}
	cores := map[uint8]*core{}
	coreOf := func(tb testing.TB, sel uint8) *core {
		sel %= uint8(len(fuzzBytesTypes) + fuzzShapes)
		if c := cores[sel]; c != nil {
			return c
		}
		typ, err := fuzzBytesType(sel)
		if err != nil {
			tb.Fatal(err)
		}
		c, err := bytesCore(typ, k)
		if err != nil {
			tb.Fatal(err)
		}
		cores[sel] = c
		return c
	}
	for sel := 0; sel < len(fuzzBytesTypes)+fuzzShapes; sel++ {
		c := coreOf(f, uint8(sel))
		fl := sszrand.Filler{Rand: sszrand.NewRand(uint64(sel)), MaxList: 4, MaxBits: 300}
		v := reflect.New(c.typ.Go).Elem()
		fl.Fill(c.typ, v)
		if b, err := ssz.MarshalValue(c.typ, v); err == nil {
			f.Add(uint8(sel), b)
		}
	}
	f.Fuzz(func(t *testing.T, sel uint8, b []byte) {
		if _, err := checkBytes(coreOf(t, sel), b, lanes.SHA256); err != nil {
			t.Fatal(err)
		}
	})
}
