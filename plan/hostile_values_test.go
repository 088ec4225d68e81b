package plan

import (
	"errors"
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/lanehash/lanehash/internal/hostile"
	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/ssz"
)

// The bitvectors below are 3 bits in one byte: bits 3..7 are padding.

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

type vvHolder struct {
	A  uint64
	VV [3][1]byte `ssz-type:"?,bitvector" ssz-bitsize:"?,3"`
}

// TestInlineVectorErrorNamesPosition wants the element's index in the
// path of an error inside an inline vector, as the reference gives it,
// from Go values and from serialized bytes.
func TestInlineVectorErrorNamesPosition(t *testing.T) {
	v := vvHolder{VV: [3][1]byte{{1}, {0x10}, {2}}}
	_, rerr := ssz.HashTreeRoot(&v, ssz.SHA256)
	var se *ssz.Error
	if !errors.As(rerr, &se) || se.Path != "vvHolder.VV[1]" {
		t.Fatalf("reference: %v, want path vvHolder.VV[1]", rerr)
	}
	p := planOn[vvHolder](t, testKernels(t, lanes.SHA256)[0])
	_, err := p.Root(&v)
	wantErr(t, err, -1, "vvHolder.VV[1]", ssz.ErrBitvector)
	b := make([]byte, 11)
	b[9] = 0x10
	wantErr(t, p.RootAllBytes(make([][32]byte, 1), b), 0, "VV[1]", ssz.ErrBitvector)
}

type flagged struct {
	A uint64
	B [1]byte `ssz-type:"bitvector" ssz-bitsize:"5"`
	C [4]uint64
}

// TestFirstBadElementIsDeterministic puts bad elements at 100 and 19,000
// and wants index 100 from every call with two workers, whichever worker
// finishes first.
func TestFirstBadElementIsDeterministic(t *testing.T) {
	vals := make([]flagged, 20000)
	vals[100].B[0] = 0x20
	vals[19000].B[0] = 0x40
	p, err := PlanFor[flagged](WithWorkers(2))
	if err != nil {
		t.Fatal(err)
	}
	dst := make([][32]byte, len(vals))
	for range 60 {
		wantErr(t, p.RootAll(dst, vals), 100, "B", ssz.ErrBitvector)
	}
	// A list of them: the error names the first bad element, too.
	for range 20 {
		_, err := p.ListRoot(vals, 1<<20)
		var pe *Error
		if !errors.As(err, &pe) || !strings.Contains(pe.Path, "100") && pe.Index != 100 {
			t.Fatalf("ListRoot: %v, want element 100", err)
		}
	}
}

// TestHugeWorkerCount asks for 2^62 workers on a wide tree: no division
// by zero, the same root.
func TestHugeWorkerCount(t *testing.T) {
	type wide struct {
		L []uint64 `ssz-max:"1048576"`
	}
	v := wide{L: make([]uint64, 1<<17)}
	for i := range v.L {
		v.L[i] = uint64(i)
	}
	p, err := PlanFor[wide](WithWorkers(math.MaxInt))
	if err != nil {
		t.Fatal(err)
	}
	got, err := p.Root(&v)
	if want := reference(t, &v, lanes.SHA256); err != nil || got != want {
		t.Fatalf("root %x, %v; want %x", got, err, want)
	}
}

// TestListRootAtEdgeLimits compares ListRoot with the reference for
// limits at every overflow edge, for a basic element (packed chunks,
// where limit·size passes 2^64) and a container.
func TestListRootAtEdgeLimits(t *testing.T) {
	words := []uint64{1, 2, 3}
	boxes := []flagged{{A: 1}, {A: 2}, {A: 3}}
	pw, err := PlanFor[uint64]()
	if err != nil {
		t.Fatal(err)
	}
	pb, err := PlanFor[flagged]()
	if err != nil {
		t.Fatal(err)
	}
	for _, limit := range hostile.Edges {
		if limit < 3 {
			continue
		}
		tag := reflect.StructTag(fmt.Sprintf(`ssz-max:"%d"`, limit))
		for _, c := range []struct {
			name string
			list any
			got  func() ([32]byte, error)
		}{
			{"[]uint64", words, func() ([32]byte, error) { return pw.ListRoot(words, limit) }},
			{"[]flagged", boxes, func() ([32]byte, error) { return pb.ListRoot(boxes, limit) }},
		} {
			typ, err := ssz.TypeOfTagged(reflect.TypeOf(c.list), tag)
			if err != nil {
				t.Fatal(err)
			}
			want, err := ssz.HashTreeRootValue(typ, reflect.ValueOf(c.list), ssz.SHA256)
			if err != nil {
				t.Fatal(err)
			}
			if got, err := c.got(); err != nil || got != want {
				t.Errorf("%s limit %d: %x, %v; want %x", c.name, limit, got, err, want)
			}
		}
	}
}
