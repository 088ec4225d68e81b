package plan

import (
	"errors"
	"testing"

	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/ssz"
)

// bits3 is a bitvector of 3 bits in one byte: bits 3..7 are padding.
type bits3 = [1]byte

type padInList struct {
	L [][1]byte `ssz-max:"4" ssz-type:"?,bitvector" ssz-bitsize:"?,3"`
}

type padInBigVector struct {
	V [][1]byte `ssz-size:"300" ssz-type:"?,bitvector" ssz-bitsize:"?,3"`
}

type padInProgressive struct {
	A uint8   `ssz-index:"0"`
	B [1]byte `ssz-index:"1" ssz-type:"bitvector" ssz-bitsize:"3"`
}

type padAlone struct {
	B [1]byte `ssz-type:"bitvector" ssz-bitsize:"3"`
}

type padUnion = ssz.Union[struct {
	None ssz.None
	B    [1]byte `ssz-type:"bitvector" ssz-bitsize:"3"`
}]

type padInUnion struct{ U padUnion }

type padInUnionList struct {
	L []padAlone `ssz-max:"3"`
}

// checkPadding roots v with every kernel and wants the reference's
// verdict: ErrBitvector.
func checkPadding[T any](t *testing.T, name string, v *T) {
	t.Helper()
	if _, err := ssz.HashTreeRoot(v, ssz.SHA256); !errors.Is(err, ssz.ErrBitvector) {
		t.Fatalf("%s: reference gives %v, want ErrBitvector", name, err)
	}
	for _, k := range testKernels(t, lanes.SHA256) {
		p := planOn[T](t, k)
		if _, err := p.Root(v); !errors.Is(err, ssz.ErrBitvector) {
			t.Errorf("%s on %s: Root gives %v, want ErrBitvector", name, kernelName(k), err)
		}
		if _, err := p.Roots([]T{*v, *v}); !errors.Is(err, ssz.ErrBitvector) {
			t.Errorf("%s on %s: Roots gives %v, want ErrBitvector", name, kernelName(k), err)
		}
	}
}

// TestBitvectorPaddingEverywhere sets a padding bit of a bitvector in
// every position where the bitvector is compiled on its own.
func TestBitvectorPaddingEverywhere(t *testing.T) {
	bad := [1]byte{0x08}
	checkPadding(t, "list element", &padInList{L: [][1]byte{{1}, bad}})
	vec := make([][1]byte, 300)
	vec[299] = bad
	checkPadding(t, "non-inline vector element", &padInBigVector{V: vec})
	checkPadding(t, "progressive-container field", &padInProgressive{B: bad})
	checkPadding(t, "single-field container", &padAlone{B: bad})
	checkPadding(t, "union option", &padInUnion{U: padUnion{Selector: 1, Value: bad}})
	checkPadding(t, "list of single-field containers", &padInUnionList{L: []padAlone{{}, {B: bad}}})
}

type unionPtrHolder struct {
	A uint16
	U *shapeUnion
}

// TestUnionPointerField roots a pointer-to-union field, nil and not,
// against the reference.
func TestUnionPointerField(t *testing.T) {
	vals := []unionPtrHolder{
		{A: 1},
		{A: 2, U: &shapeUnion{}},
		{A: 3, U: &shapeUnion{Selector: 1, Value: uint16(7)}},
		{A: 4, U: &shapeUnion{Selector: 2, Value: []uint64{1, 2, 3}}},
	}
	for _, k := range testKernels(t, lanes.SHA256) {
		p := planOn[unionPtrHolder](t, k)
		for i := range vals {
			want := reference(t, &vals[i], lanes.SHA256)
			if got, err := p.Root(&vals[i]); err != nil || got != want {
				t.Errorf("%s value %d: Root %x, %v; want %x", kernelName(k), i, got, err, want)
			}
		}
		got, err := p.Roots(vals)
		for i := range vals {
			if want := reference(t, &vals[i], lanes.SHA256); err != nil || got[i] != want {
				t.Errorf("%s value %d: Roots %v, %v", kernelName(k), i, got, err)
				break
			}
		}
	}
}
