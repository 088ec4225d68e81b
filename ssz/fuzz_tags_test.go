package ssz_test

import (
	"errors"
	"reflect"
	"testing"

	"github.com/lanehash/lanehash/ssz"
)

// fuzzTargets are the Go types FuzzTypeForTags puts a fuzzed tag on.
var fuzzTargets = []reflect.Type{
	reflect.TypeFor[[]byte](), reflect.TypeFor[[]uint64](), reflect.TypeFor[[][]byte](),
	reflect.TypeFor[[4]byte](), reflect.TypeFor[[32]byte](), reflect.TypeFor[[2][]uint16](),
	reflect.TypeFor[uint64](), reflect.TypeFor[bool](), reflect.TypeFor[struct{ A uint8 }](),
	reflect.TypeFor[*struct{ A uint8 }](), reflect.TypeFor[[]struct{ A uint64 }](),
	reflect.TypeFor[struct {
		A uint8 `ssz-index:"0"`
	}](),
	reflect.TypeFor[ssz.Union[struct {
		None ssz.None
		B    []byte `ssz-max:"8"`
	}]](),
}

// sentinels are every sentinel error TypeOf may wrap.
var sentinels = []error{ssz.ErrUnsupported, ssz.ErrTag, ssz.ErrSpec, ssz.ErrRecursive, ssz.ErrOverflow}

// FuzzTypeForTags puts an arbitrary tag on a field of one of several Go
// types. TypeOf must not panic, hang or allocate by the tag's numbers; a
// rejection is an *ssz.Error wrapping a TypeOf sentinel and naming the
// field; an accepted type must hash its zero value (cheaply, whatever its
// sizes) and, when small, survive a codec round trip.
func FuzzTypeForTags(f *testing.F) {
	for _, tag := range []string{
		`ssz-size:"18446744073709551615"`, `ssz-bitsize:"18446744073709551615"`, `ssz:"bitlist" ssz-max:"18446744073709551361"`,
		`ssz-size:"9223372036854775808"`, `ssz-max:"4294967296"`, `ssz-size:"1099511627776"`, `ssz-size:"?,4" ssz-max:"4,?"`,
		`ssz-type:"vector" ssz-max:"4"`, `ssz-size:"4" ssz-max:"4"`, `ssz:"bitlist"`, `ssz:"bitlist" ssz-type:"bitvector" ssz-max:"8"`,
		`ssz-type:"progressive-list"`, `ssz-type:"progressive-bitlist"`, `ssz-type:"bitvector" ssz-bitsize:"4"`,
		`dynssz-max:"VALIDATOR_REGISTRY_LIMIT*VALIDATOR_REGISTRY_LIMIT"`, `dynssz-size:"(SLOTS_PER_EPOCH+7)/8"`,
		`ssz-type:"uint256"`, `ssz-index:"3"`, `ssz-type:"list" ssz-type:"vector" ssz-max:"2"`,
	} {
		for i := range fuzzTargets {
			f.Add(uint8(i), tag)
		}
	}
	f.Fuzz(func(t *testing.T, which uint8, tag string) {
		g := fuzzTargets[int(which)%len(fuzzTargets)]
		st := reflect.StructOf([]reflect.StructField{{Name: "Field", Type: g, Tag: reflect.StructTag(tag)}})
		typ, err := ssz.TypeOf(st)
		if err != nil {
			var se *ssz.Error
			if !errors.As(err, &se) {
				t.Fatalf("%s `%s`: error %T %v is not an *ssz.Error", g, tag, err, err)
			}
			known := false
			for _, s := range sentinels {
				known = known || errors.Is(err, s)
			}
			if !known {
				t.Fatalf("%s `%s`: error %v wraps no TypeOf sentinel", g, tag, err)
			}
			return
		}
		again, err := ssz.TypeOf(st)
		if err != nil || again != typ {
			t.Fatalf("%s `%s`: second TypeOf gave %v, %v", g, tag, again, err)
		}
		zero := reflect.New(st).Elem()
		r1, err := ssz.HashTreeRootValue(typ, zero, ssz.SHA256)
		if err != nil {
			return // a zero value may be invalid (a union without a None option)
		}
		if !small(typ) {
			return
		}
		b, err := ssz.MarshalValue(typ, zero)
		if err != nil {
			t.Fatalf("%s `%s`: zero value hashes but does not marshal: %v", g, tag, err)
		}
		back := reflect.New(st).Elem()
		if err := ssz.UnmarshalValue(typ, b, back); err != nil {
			t.Fatalf("%s `%s`: zero value does not decode: %v", g, tag, err)
		}
		if r2, err := ssz.HashTreeRootValue(typ, back, ssz.SHA256); err != nil || r1 != r2 {
			t.Fatalf("%s `%s`: round trip root %x, %v; want %x", g, tag, r2, err, r1)
		}
	})
}
