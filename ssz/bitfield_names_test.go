package ssz_test

import (
	"reflect"
	"testing"

	"github.com/lanehash/lanehash/ssz"
	bitfield "github.com/lanehash/lanehash/ssz/internal/go-bitfield"
)

// TestGoBitfieldNames describes fields of types declared in a package
// whose path ends in go-bitfield: the names go-bitfield gives its types
// are bitlists and bitvectors of the bits in the name, and names that
// only start like them are plain byte lists and vectors.
func TestGoBitfieldNames(t *testing.T) {
	type (
		bitlist struct {
			B bitfield.Bitlist `ssz-max:"2048"`
		}
		bitvector4 struct {
			B bitfield.Bitvector4 `ssz-size:"1"`
		}
		bitvector64 struct {
			B bitfield.Bitvector64 `ssz-size:"8"`
		}
		suffixed struct {
			B bitfield.Bitvector4Foo `ssz-size:"1"`
		}
		zeroLed struct {
			B bitfield.Bitvector04 `ssz-size:"1"`
		}
		bitlistLike struct {
			B bitfield.BitlistFoo `ssz-max:"16"`
		}
	)
	for _, c := range []struct {
		v    any
		kind ssz.Kind
		n    uint64 // bits of a bitvector, limit of a list or bitlist, length of a vector
	}{
		{bitlist{}, ssz.KindBitlist, 2048},
		{bitvector4{}, ssz.KindBitvector, 4},
		{bitvector64{}, ssz.KindBitvector, 64},
		{suffixed{}, ssz.KindVector, 1},
		{zeroLed{}, ssz.KindVector, 1},
		{bitlistLike{}, ssz.KindList, 16},
	} {
		typ, err := ssz.TypeOf(reflect.TypeOf(c.v))
		if err != nil {
			t.Errorf("%T: %v", c.v, err)
			continue
		}
		f := typ.Fields[0].Type
		n := f.Length
		if f.Kind == ssz.KindBitlist || f.Kind == ssz.KindList {
			n = f.Limit
		}
		if f.Kind != c.kind || n != c.n {
			t.Errorf("%T: field is %v, want %v of %d", c.v, f, c.kind, c.n)
		}
	}
}
