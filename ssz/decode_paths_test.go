package ssz_test

import (
	"errors"
	"testing"

	"github.com/lanehash/lanehash/ssz"
)

// One type per step a decode error's path can take.
type (
	pathFixedElems struct {
		L []struct{ B bool } `ssz-max:"4"`
	}
	pathBasicElems struct {
		L []bool `ssz-max:"4"`
	}
	pathVarElems struct {
		L [][]bool `ssz-max:"4,4"`
	}
	pathUnion struct {
		U ssz.Union[struct {
			None ssz.None
			V    []bool `ssz-max:"4"`
		}]
	}
	pathCompat struct {
		U ssz.CompatibleUnion[struct {
			V []bool `ssz-max:"4"`
		}]
	}
	pathPointer struct {
		P *struct {
			L []bool `ssz-max:"4"`
		}
	}
)

// TestUnmarshalErrorPaths checks the path of a decode error through
// every step (field, element of a fixed or variable sequence, basic
// element, union value, compatible union data, pointer), now that the
// decoder builds each path only when an error passes through it.
func TestUnmarshalErrorPaths(t *testing.T) {
	for _, c := range []struct {
		v    any
		in   []byte
		path string
		want error
	}{
		{new(pathFixedElems), []byte{4, 0, 0, 0, 1, 2}, "pathFixedElems.L[1].B", ssz.ErrBool},
		{new(pathBasicElems), []byte{4, 0, 0, 0, 1, 2}, "pathBasicElems.L[1]", ssz.ErrBool},
		{new(pathVarElems), []byte{4, 0, 0, 0, 8, 0, 0, 0, 10, 0, 0, 0, 1}, "pathVarElems.L[0]", ssz.ErrOffset},
		{new(pathVarElems), []byte{4, 0, 0, 0, 8, 0, 0, 0, 9, 0, 0, 0, 1, 0, 3}, "pathVarElems.L[1][1]", ssz.ErrBool},
		{new(pathUnion), []byte{4, 0, 0, 0, 1, 0, 2}, "pathUnion.U.Value[1]", ssz.ErrBool},
		{new(pathUnion), []byte{4, 0, 0, 0, 2}, "pathUnion.U", ssz.ErrUnion},
		{new(pathCompat), []byte{4, 0, 0, 0, 1, 0, 2}, "pathCompat.U.Data[1]", ssz.ErrBool},
		{new(pathPointer), []byte{4, 0, 0, 0, 4, 0, 0, 0, 2}, "pathPointer.P.L[0]", ssz.ErrBool},
		{new(pathPointer), []byte{4, 0, 0, 0, 5, 0, 0, 0}, "pathPointer.P.L", ssz.ErrOffset},
	} {
		err := ssz.Unmarshal(c.in, c.v)
		var se *ssz.Error
		if !errors.As(err, &se) || se.Path != c.path || !errors.Is(err, c.want) {
			t.Errorf("%T from %x: %v; want %v at %s", c.v, c.in, err, c.want, c.path)
		}
	}
}
