package plan

import (
	"errors"
	"strings"
	"testing"

	"github.com/lanehash/lanehash/internal/spectest"
	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

type bitsHolder struct {
	A uint64
	B []byte `ssz:"bitlist" ssz-max:"10"`
}

type vecHolder struct {
	A [2]uint64
	B []uint32 `ssz-size:"3"`
	C []byte   `ssz-size:"2" ssz-type:"bitvector" ssz-bitsize:"12"`
}

// wantErr checks that err is an *Error at index, whose path contains
// path and which wraps sentinel.
func wantErr(t *testing.T, err error, index int, path string, sentinel error) {
	t.Helper()
	var pe *Error
	if !errors.As(err, &pe) {
		t.Fatalf("err = %v, want a *plan.Error", err)
	}
	if pe.Index != index || !strings.Contains(pe.Path, path) || !errors.Is(err, sentinel) {
		t.Fatalf("err = %v (index %d, path %q), want index %d, path with %q, wrapping %v", err, pe.Index, pe.Path, index, path, sentinel)
	}
}

func TestBadValuesAreErrors(t *testing.T) {
	for _, k := range testKernels(t, lanes.SHA256) {
		t.Run(kernelName(k), func(t *testing.T) {
			vp := planOn[phase0.Validator](t, k)
			vals := phase0.RandomValidators(40, 3)
			vals[33].WithdrawalCredentials = vals[33].WithdrawalCredentials[:31]
			dst := make([][32]byte, 40)
			wantErr(t, vp.RootAll(dst, vals), 33, "WithdrawalCredentials", ssz.ErrSize)

			ptrs := make([]*phase0.Validator, 40)
			for i := range ptrs {
				ptrs[i] = &vals[i]
			}
			vals[33].WithdrawalCredentials = make([]byte, 32)
			if err := vp.RootAll(dst[:3], vals); err == nil {
				t.Fatal("RootAll with a short dst: no error")
			}

			bp := planOn[bitsHolder](t, k)
			bits := make([]bitsHolder, 20)
			for i := range bits {
				bits[i].B = []byte{0x01}
			}
			bits[12].B = []byte{0x05, 0x00}
			wantErr(t, bp.RootAll(make([][32]byte, 20), bits), 12, "B", ssz.ErrBitlist)
			bits[12].B = []byte{0xff, 0x0f}
			wantErr(t, bp.RootAll(make([][32]byte, 20), bits), 12, "B", ssz.ErrListTooLong)

			xp := planOn[vecHolder](t, k)
			vecs := make([]vecHolder, 20)
			vecs[5].B = []uint32{1, 2}
			wantErr(t, xp.RootAll(make([][32]byte, 20), vecs), 5, "B", ssz.ErrSize)
			vecs[5].B = nil
			vecs[6].C = []byte{0, 0x10}
			wantErr(t, xp.RootAll(make([][32]byte, 20), vecs), 6, "C", ssz.ErrBitvector)

			lp := planOn[spectest.VarTestStruct](t, k)
			vs := make([]spectest.VarTestStruct, 9)
			vs[8].B = make([]uint16, 1025)
			wantErr(t, lp.RootAll(make([][32]byte, 9), vs), 8, "B", ssz.ErrListTooLong)
			if _, err := lp.ListRoot(vs[:3], 2); !errors.Is(err, ssz.ErrListTooLong) {
				t.Fatalf("ListRoot over the limit = %v, want ErrListTooLong", err)
			}

			// An error deep inside a list names the outer element and
			// the inner position.
			ap := planOn[phase0.BeaconBlockBody](t, k)
			bodies := make([]phase0.BeaconBlockBody, 3)
			bodies[2].Attestations = []*phase0.Attestation{{AggregationBits: []byte{1}}, {AggregationBits: []byte{0}}}
			err := ap.RootAll(make([][32]byte, 3), bodies)
			wantErr(t, err, 2, "Attestations[1]", ssz.ErrBitlist)
		})
	}
}

func TestBadBytesAreErrors(t *testing.T) {
	p, err := PlanFor[phase0.Validator]()
	if err != nil {
		t.Fatal(err)
	}
	vals := phase0.RandomValidators(5, 9)
	ser := marshalAll(t, vals)
	dst := make([][32]byte, 5)
	if err := p.RootAllBytes(dst, ser[:len(ser)-1]); !errors.Is(err, ssz.ErrSize) {
		t.Fatalf("short bytes: %v, want ErrSize", err)
	}
	bad := append([]byte(nil), ser...)
	bad[3*121+88] = 2 // Slashed of element 3
	wantErr(t, p.RootAllBytes(dst, bad), 3, "Slashed", ssz.ErrBool)
	if err := p.RootAllBytes(dst[:4], ser); err == nil {
		t.Fatal("short dst: no error")
	}
}

func TestUnsupportedTypesAreErrors(t *testing.T) {
	type bad struct {
		A int
	}
	if _, err := PlanFor[bad](); !errors.Is(err, ssz.ErrUnsupported) {
		t.Errorf("int field: %v, want ErrUnsupported", err)
	}
	if _, err := PlanFor[phase0.Validator](WithKernel("sha256/nosuchx9")); !errors.Is(err, lanes.ErrUnknownKernel) {
		t.Errorf("unknown kernel: %v, want ErrUnknownKernel", err)
	}
}
