package sszwalk_test

import (
	"errors"
	"reflect"
	"slices"
	"testing"

	"github.com/holiman/uint256"

	"github.com/lanehash/lanehash/internal/sszwalk"
	"github.com/lanehash/lanehash/ssz"
)

type box struct {
	X uint32
	Y [2]uint16
}

type Base struct {
	E uint64
}

type choice = ssz.Union[struct {
	N ssz.None
	A uint16
	B *box
}]

type compat = ssz.CompatibleUnion[struct {
	Small box    `ssz-index:"2"`
	List  []byte `ssz-index:"5" ssz-max:"4"`
}]

// nested has every way down to a leaf: a nil embedded pointer (Fill must
// allocate it to reach E), a pointer field, arrays and slices as
// vectors, a list of pointers, both union kinds, a bitlist and a
// *uint256.Int.
type nested struct {
	*Base
	P    *box
	V    [2]box
	S    []uint64 `ssz-size:"3"`
	L    []*box   `ssz-max:"4"`
	U    choice
	C    compat
	Bits []byte `ssz:"bitlist" ssz-max:"10"`
	Big  *uint256.Int
	Flag bool
}

// recorder is a Source that knows its path (spelled as Fill spells
// error paths), logs every leaf it fills, and numbers the integer leaves
// 1, 2, 3, … in the order Fill asks for them.
type recorder struct {
	path string
	st   *recState
}

type recState struct {
	leaves []string
	next   uint64
	// failAt makes Leaf fail at that path; nilPtrs leaves pointers nil.
	failAt  string
	nilPtrs bool
	// list is the length of every list; nilOption gives a union's
	// option no Source.
	list      int
	nilOption bool
}

var errLeaf = errors.New("leaf refused")

func (r recorder) at(step string) recorder { return recorder{r.path + step, r.st} }

func (r recorder) Nil(*ssz.Type) bool { return r.st.nilPtrs }

func (r recorder) Leaf(t *ssz.Type, v reflect.Value) (bool, error) {
	switch t.Kind {
	case ssz.KindVector, ssz.KindList:
		return false, nil
	}
	if r.path == r.st.failAt {
		return true, errLeaf
	}
	r.st.leaves = append(r.st.leaves, r.path)
	switch t.Kind {
	case ssz.KindBool:
		v.SetBool(true)
	case ssz.KindBitlist:
		v.SetBytes([]byte{0b101})
	case ssz.KindUint256:
		r.st.next++
		v.Index(0).SetUint(r.st.next)
	default:
		r.st.next++
		v.SetUint(r.st.next)
	}
	return true, nil
}

func (r recorder) Elems(t *ssz.Type) ([]sszwalk.Source, error) {
	n := int(t.Length)
	if t.Kind == ssz.KindList {
		n = r.st.list
	}
	var srcs []sszwalk.Source
	for i := range n {
		srcs = append(srcs, r.at("["+string(rune('0'+i))+"]"))
	}
	return srcs, nil
}

func (r recorder) Fields(t *ssz.Type) ([]sszwalk.Source, error) {
	var srcs []sszwalk.Source
	for _, f := range t.Fields {
		srcs = append(srcs, r.at("."+f.Name))
	}
	return srcs, nil
}

func (r recorder) Option(t *ssz.Type) (int, sszwalk.Source, error) {
	if t.Kind == ssz.KindUnion {
		if r.st.nilOption {
			return 2, nil, nil
		}
		return 2, r.at(".Value"), nil
	}
	return 5, r.at(".Data"), nil
}

func nestedType(t *testing.T) *ssz.Type {
	t.Helper()
	typ, err := ssz.TypeFor[nested]()
	if err != nil {
		t.Fatal(err)
	}
	return typ
}

// TestFillReachesEveryLeaf: every leaf of nested is asked for once, in
// field and element order, and lands where its path says — through the
// nil embedded *Base, pointers Fill allocates, arrays, slices it makes
// and the values inside both unions.
func TestFillReachesEveryLeaf(t *testing.T) {
	typ := nestedType(t)
	st := &recState{list: 2}
	var got nested
	if err := sszwalk.Fill(typ, reflect.ValueOf(&got).Elem(), recorder{st: st}); err != nil {
		t.Fatal(err)
	}
	wantLeaves := []string{
		".E",
		".P.X", ".P.Y[0]", ".P.Y[1]",
		".V[0].X", ".V[0].Y[0]", ".V[0].Y[1]", ".V[1].X", ".V[1].Y[0]", ".V[1].Y[1]",
		".S[0]", ".S[1]", ".S[2]",
		".L[0].X", ".L[0].Y[0]", ".L[0].Y[1]", ".L[1].X", ".L[1].Y[0]", ".L[1].Y[1]",
		".U.Value.X", ".U.Value.Y[0]", ".U.Value.Y[1]",
		".C.Data[0]", ".C.Data[1]",
		".Bits", ".Big", ".Flag",
	}
	if !slices.Equal(st.leaves, wantLeaves) {
		t.Fatalf("leaves\n%q\nwant\n%q", st.leaves, wantLeaves)
	}
	want := nested{
		Base: &Base{E: 1},
		P:    &box{X: 2, Y: [2]uint16{3, 4}},
		V:    [2]box{{5, [2]uint16{6, 7}}, {8, [2]uint16{9, 10}}},
		S:    []uint64{11, 12, 13},
		L:    []*box{{14, [2]uint16{15, 16}}, {17, [2]uint16{18, 19}}},
		U:    choice{Selector: 2, Value: &box{20, [2]uint16{21, 22}}},
		C:    compat{Variant: 5, Data: []byte{23, 24}},
		Bits: []byte{0b101},
		Big:  &uint256.Int{25},
		Flag: true,
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got  %+v\nwant %+v", got, want)
	}
	// The value is a valid SSZ value of its type: the codec takes it.
	if _, err := ssz.Marshal(&got); err != nil {
		t.Errorf("Marshal of the filled value: %v", err)
	}
}

// TestFillNilPointers: a Source that leaves pointers nil gets nil
// pointers (the zero value), and Fill asks for nothing behind them.
func TestFillNilPointers(t *testing.T) {
	typ := nestedType(t)
	st := &recState{list: 1, nilPtrs: true}
	got := nested{P: &box{X: 9}}
	if err := sszwalk.Fill(typ, reflect.ValueOf(&got).Elem(), recorder{st: st}); err != nil {
		t.Fatal(err)
	}
	if got.P != nil || got.Big != nil || len(got.L) != 1 || got.L[0] != nil || got.U.Value != (*box)(nil) {
		t.Errorf("pointers not left nil: %+v", got)
	}
	if got.Base == nil || got.E != 1 {
		t.Errorf("embedded *Base: %+v (an embedded pointer is always allocated: E is a field of nested)", got.Base)
	}
	for _, l := range st.leaves {
		if l == ".P.X" || l == ".Big" || l == ".L[0].X" {
			t.Errorf("asked for %s behind a nil pointer", l)
		}
	}
}

// TestFillErrorPaths: an error names the place it happened, whether the
// Source refused a leaf or a count or selector does not fit the type.
func TestFillErrorPaths(t *testing.T) {
	typ := nestedType(t)
	for _, at := range []string{".E", ".V[1].Y[0]", ".L[1].X", ".U.Value.Y[1]", ".C.Data[1]", ".Flag"} {
		var v nested
		err := sszwalk.Fill(typ, reflect.ValueOf(&v).Elem(), recorder{st: &recState{list: 2, failAt: at}})
		var e *sszwalk.Error
		if !errors.As(err, &e) || e.Path != at || !errors.Is(err, errLeaf) {
			t.Errorf("failing at %s: got %v", at, err)
		}
	}
	var v nested
	err := sszwalk.Fill(typ, reflect.ValueOf(&v).Elem(), recorder{st: &recState{list: 5}})
	var e *sszwalk.Error
	if !errors.As(err, &e) || e.Path != ".L" || !errors.Is(err, sszwalk.ErrShape) {
		t.Errorf("5 elements for a list of at most 4: got %v", err)
	}
	err = sszwalk.Fill(typ, reflect.ValueOf(&v).Elem(), recorder{st: &recState{nilOption: true}})
	if !errors.As(err, &e) || e.Path != ".U.Value" || !errors.Is(err, sszwalk.ErrShape) {
		t.Errorf("an option without a Source: got %v", err)
	}
	if err := sszwalk.Fill(typ, reflect.ValueOf(v), recorder{st: &recState{}}); !errors.Is(err, sszwalk.ErrShape) {
		t.Errorf("unsettable value: got %v", err)
	}
}

// badOption selects what its type does not offer.
type badOption struct {
	recorder
	sel int
}

func (b badOption) Option(*ssz.Type) (int, sszwalk.Source, error) { return b.sel, b.recorder, nil }

func (b badOption) Fields(t *ssz.Type) ([]sszwalk.Source, error) {
	srcs, err := b.recorder.Fields(t)
	for i := range srcs {
		srcs[i] = badOption{srcs[i].(recorder), b.sel}
	}
	return srcs, err
}

// TestFillRejectsSelectors: a selector out of range, and one that names
// no option of a CompatibleUnion, are ErrShape at the union.
func TestFillRejectsSelectors(t *testing.T) {
	type two struct {
		U choice
		C compat
	}
	typ, err := ssz.TypeFor[two]()
	if err != nil {
		t.Fatal(err)
	}
	for sel, at := range map[int]string{-1: ".U", 3: ".U", 0: ".C", 1: ".C"} {
		var v two
		err := sszwalk.Fill(typ, reflect.ValueOf(&v).Elem(), badOption{recorder{st: &recState{}}, sel})
		var e *sszwalk.Error
		if sel == 0 {
			// Union's None is selector 0: only the CompatibleUnion refuses it.
			if v.U.Selector != 0 || v.U.Value != nil {
				t.Errorf("None: %+v", v.U)
			}
		}
		if !errors.As(err, &e) || e.Path != at || !errors.Is(err, sszwalk.ErrShape) {
			t.Errorf("selector %d: got %v, want ErrShape at %s", sel, err, at)
		}
	}
}
