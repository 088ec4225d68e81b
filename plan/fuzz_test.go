package plan

import (
	"reflect"
	"testing"

	"github.com/lanehash/lanehash/internal/spectest"
	"github.com/lanehash/lanehash/internal/sszrand"
	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// fixedBits is a fixed-size type whose serialization has bytes decoding
// rejects: booleans and bitvector padding.
type fixedBits struct {
	A bool
	B [1]byte `ssz-type:"bitvector" ssz-bitsize:"3"`
	C uint16
	D [3]bool
	E [2]byte `ssz-type:"bitvector" ssz-bitsize:"9"`
}

// fuzzBytes checks RootAllBytes of T on b against decoding plus the
// reference, element by element.
func fuzzBytes[T any](t *testing.T, p *Plan[T], h lanes.Hash, b []byte) {
	size := int(p.typ.Size)
	dst := make([][32]byte, len(b)/size)
	err := p.RootAllBytes(dst, b)
	if len(b)%size != 0 {
		if err == nil {
			t.Fatalf("%d bytes of %d-byte elements: no error", len(b), size)
		}
		return
	}
	for i := range dst {
		var v T
		if derr := ssz.Unmarshal(b[i*size:(i+1)*size], &v); derr != nil {
			if err == nil {
				t.Fatalf("element %d does not decode (%v) but RootAllBytes accepted it", i, derr)
			}
			return
		}
		if err != nil {
			continue // a later element is bad
		}
		if want := reference(t, &v, h); dst[i] != want {
			t.Fatalf("element %d: root %x, want %x", i, dst[i], want)
		}
	}
	if err != nil {
		var pe *Error
		if !asError(err, &pe) || pe.Index < 0 || pe.Index >= len(dst) {
			t.Fatalf("error %v names no element", err)
		}
	}
}

func asError(err error, pe **Error) bool {
	e, ok := err.(*Error)
	*pe = e
	return ok
}

func FuzzRootAllBytes(f *testing.F) {
	f.Add([]byte{}, false)
	f.Add(make([]byte, 121), true)
	f.Add(make([]byte, 121*3), false)
	f.Add([]byte{1, 7, 0, 0, 1, 0, 1, 0xff, 1}, false)
	f.Add([]byte{2, 7, 0, 0, 1, 0, 1, 0xff, 0}, false)
	f.Add([]byte{1, 8, 0, 0, 1, 0, 1, 0xff, 1, 1}, false)
	vp, err := PlanFor[phase0.Validator]()
	if err != nil {
		f.Fatal(err)
	}
	kp, err := PlanFor[phase0.Validator](WithHash(lanes.Keccak256))
	if err != nil {
		f.Fatal(err)
	}
	bp, err := PlanFor[fixedBits]()
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, b []byte, keccak bool) {
		if keccak {
			fuzzBytes(t, kp, lanes.Keccak256, b)
		} else {
			fuzzBytes(t, vp, lanes.SHA256, b)
		}
		fuzzBytes(t, bp, lanes.SHA256, b)
	})
}

// FuzzRootAll hashes random values (the fuzzer's bytes seed the value
// generator) of variable-size types and compares with the reference.
func FuzzRootAll(f *testing.F) {
	f.Add(uint64(1), uint8(3), uint8(8))
	f.Add(uint64(2), uint8(17), uint8(40))
	f.Add(uint64(3), uint8(0), uint8(0))
	complexPlan, err := PlanFor[spectest.ComplexTestStruct]()
	if err != nil {
		f.Fatal(err)
	}
	shapesPlan, err := PlanFor[varShapes](WithHash(lanes.Keccak256))
	if err != nil {
		f.Fatal(err)
	}
	compatPlan, err := PlanFor[withCompat]()
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, seed uint64, n, maxList uint8) {
		fl := sszrand.Filler{Rand: sszrand.NewRand(seed), MaxList: int(maxList % 64)}
		fuzzValues(t, complexPlan, &fl, int(n%24), lanes.SHA256)
		fuzzValues(t, shapesPlan, &fl, int(n%12), lanes.Keccak256)
		fuzzValues(t, compatPlan, &fl, int(n%12), lanes.SHA256)
	})
}

func fuzzValues[T any](t *testing.T, p *Plan[T], fl *sszrand.Filler, n int, h lanes.Hash) {
	vals := make([]T, n)
	for i := range vals {
		fl.Fill(p.typ, reflect.ValueOf(&vals[i]).Elem())
	}
	got, err := p.Roots(vals)
	if err != nil {
		t.Fatal(err)
	}
	for i := range vals {
		if want := reference(t, &vals[i], h); got[i] != want {
			t.Fatalf("value %d: root %x, want %x", i, got[i], want)
		}
	}
}
