package ssz_test

import (
	"bytes"
	"errors"
	"math"
	"reflect"
	"testing"

	"github.com/holiman/uint256"

	"github.com/lanehash/lanehash/diff"
	"github.com/lanehash/lanehash/internal/hostile"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/sszjson"
)

// handPair is the Go type of the hand-made descriptors below.
type handPair struct {
	A bool
	B [3]uint64
	C []uint64 `ssz-max:"8"`
}

// handDescriptors are descriptors made by hand that contradict their Go
// type, each with the path CheckDescriptor names: every one of them
// made HashTreeRootValue panic (and most sszjson's and diff's entry
// points), reading the value as the descriptor said it was.
func handDescriptors() []struct {
	name, path string
	t          *ssz.Type
	v          reflect.Value
} {
	u8 := &ssz.Type{Kind: ssz.KindUint8, Go: reflect.TypeFor[uint8](), Fixed: true, Size: 1}
	u64 := &ssz.Type{Kind: ssz.KindUint64, Go: reflect.TypeFor[uint64](), Fixed: true, Size: 8}
	boolean := &ssz.Type{Kind: ssz.KindBool, Go: reflect.TypeFor[bool](), Fixed: true, Size: 1}
	words := &ssz.Type{Kind: ssz.KindVector, Go: reflect.TypeFor[[3]uint64](), Elem: u64, Length: 3, Fixed: true, Size: 24}
	list := &ssz.Type{Kind: ssz.KindList, Go: reflect.TypeFor[[]uint64](), Elem: u64, Limit: 8}
	pair := func(a, b, c *ssz.Type) *ssz.Type {
		t := &ssz.Type{Kind: ssz.KindContainer, Go: reflect.TypeFor[handPair](), Fields: []ssz.Field{
			{Name: "A", Index: []int{0}, Type: a}, {Name: "B", Index: []int{1}, Type: b}, {Name: "C", Index: []int{2}, Type: c}}}
		return t
	}
	value := reflect.ValueOf(&handPair{A: true, B: [3]uint64{1, 2, 3}, C: []uint64{4, 5}}).Elem()
	progressive := pair(boolean, words, list)
	progressive.Kind, progressive.ActiveFields = ssz.KindProgressiveContainer, []bool{true, false, true}
	cyclic := &ssz.Type{Kind: ssz.KindList, Go: reflect.TypeFor[[]uint64](), Limit: 8}
	cyclic.Elem = cyclic
	return []struct {
		name, path string
		t          *ssz.Type
		v          reflect.Value
	}{
		{"a uint8 descriptor of a bool field", "handPair.A", pair(&ssz.Type{Kind: ssz.KindUint8, Go: reflect.TypeFor[bool](), Fixed: true, Size: 1}, words, list), value},
		{"a container descriptor of a []byte", "[]uint8", &ssz.Type{Kind: ssz.KindContainer, Go: reflect.TypeFor[[]byte](), Fixed: true, Size: 1,
			Fields: []ssz.Field{{Name: "X", Index: []int{0}, Type: u8}}}, reflect.ValueOf([]byte{1})},
		{"a vector of 5 for a [3]uint64", "handPair.B", pair(boolean, &ssz.Type{Kind: ssz.KindVector, Go: reflect.TypeFor[[3]uint64](), Elem: u64, Length: 5, Fixed: true, Size: 40}, list), value},
		{"a field past the struct's", "handPair.D", &ssz.Type{Kind: ssz.KindContainer, Go: reflect.TypeFor[handPair](), Fixed: true, Size: 1,
			Fields: []ssz.Field{{Name: "D", Index: []int{3}, Type: boolean}}}, value},
		{"a list whose elements are containers", "handPair.C[]", pair(boolean, words, &ssz.Type{Kind: ssz.KindList, Go: reflect.TypeFor[[]uint64](), Elem: pair(boolean, words, list), Limit: 8}), value},
		{"a list without an element", "handPair.C[]", pair(boolean, words, &ssz.Type{Kind: ssz.KindList, Go: reflect.TypeFor[[]uint64](), Limit: 8}), value},
		{"a bitvector of a []uint64", "handPair.C", pair(boolean, words, &ssz.Type{Kind: ssz.KindBitvector, Go: reflect.TypeFor[[]uint64](), Length: 8, Fixed: true, Size: 1}), value},
		{"a progressive container with two active fields for three", "handPair", progressive, value},
		{"a field without a descriptor", "handPair.B", pair(boolean, nil, list), value},
		{"a union of a struct of three fields", "handPair", &ssz.Type{Kind: ssz.KindUnion, Go: reflect.TypeFor[handPair](), Options: []*ssz.Type{nil, u64}}, value},
		{"a list that is its own element", "handPair.C[]", pair(boolean, words, cyclic), value},
		{"two fields of one name", "handPair", &ssz.Type{Kind: ssz.KindContainer, Go: reflect.TypeFor[handPair](),
			Fields: []ssz.Field{{Name: "A", Index: []int{0}, Type: boolean}, {Name: "A", Index: []int{2}, Type: list}}}, value},
		{"two fields of one Go field", "handPair", &ssz.Type{Kind: ssz.KindContainer, Go: reflect.TypeFor[handPair](),
			Fields: []ssz.Field{{Name: "A", Index: []int{0}, Type: boolean}, {Name: "B", Index: []int{0}, Type: boolean}}}, value},
		{"no Go type", "", &ssz.Type{Kind: ssz.KindUint64, Fixed: true, Size: 8}, reflect.ValueOf(uint64(1))},
		{"nil", "", nil, value},
	}
}

// TestHandMadeDescriptorsRefused: each descriptor of handDescriptors is
// CheckDescriptor's ErrValue, at its path, at every entry point that
// takes a descriptor, and no entry point panics.
func TestHandMadeDescriptorsRefused(t *testing.T) {
	for _, c := range handDescriptors() {
		err := ssz.CheckDescriptor(c.t)
		var se *ssz.Error
		if !errors.Is(err, ssz.ErrValue) || !errors.As(err, &se) || se.Path != c.path {
			t.Errorf("%s: CheckDescriptor: %v, want ErrValue at %q", c.name, err, c.path)
			continue
		}
		g := c.v.Type()
		entries := map[string]func() error{
			"HashTreeRootValue": func() error { _, err := ssz.HashTreeRootValue(c.t, c.v, ssz.SHA256); return err },
			"MarshalValue":      func() error { _, err := ssz.MarshalValue(c.t, c.v); return err },
			"MarshalAppendValue": func() error {
				b, err := ssz.MarshalAppendValue([]byte{7}, c.t, c.v)
				if !bytes.Equal(b, []byte{7}) {
					t.Errorf("%s: MarshalAppendValue wrote %x", c.name, b)
				}
				return err
			},
			"SizeValue":              func() error { _, err := ssz.SizeValue(c.t, c.v); return err },
			"UnmarshalValue":         func() error { return ssz.UnmarshalValue(c.t, make([]byte, 64), reflect.New(g).Elem()) },
			"AppendBasic":            func() error { _, err := ssz.AppendBasic(nil, c.t, c.v); return err },
			"sszjson.MarshalValue":   func() error { _, err := sszjson.MarshalValue(c.t, c.v); return err },
			"sszjson.EncodeValue":    func() error { return sszjson.NewEncoder(new(bytes.Buffer)).EncodeValue(c.t, c.v) },
			"sszjson.UnmarshalValue": func() error { return sszjson.UnmarshalValue(c.t, []byte(`{"A":true}`), reflect.New(g).Elem()) },
			"diff.Serialized":        func() error { _, _, err := diff.Serialized(c.t, make([]byte, 64), make([]byte, 64)); return err },
		}
		if n := ssz.MinSize(c.t); n != math.MaxUint64 {
			t.Errorf("%s: MinSize %d, want the largest uint64", c.name, n)
		}
		for name, f := range entries {
			func() {
				defer func() {
					if r := recover(); r != nil {
						t.Errorf("%s: %s panicked: %v", c.name, name, r)
					}
				}()
				if got := f(); !errors.Is(got, ssz.ErrValue) || got.Error() != err.Error() && name != "diff.Serialized" {
					t.Errorf("%s: %s: %v, want CheckDescriptor's %v", c.name, name, got, err)
				}
			}()
		}
	}
}

// TestTypeOfDescriptorsAccepted: CheckDescriptor accepts what TypeOf
// builds, kinds of every sort (a pointer to a container, unions, a
// progressive container, bitfields, uint256) among them.
func TestTypeOfDescriptorsAccepted(t *testing.T) {
	type sink struct {
		U128   [16]byte `ssz-type:"uint128"`
		U256   *uint256.Int
		BitV   [2]byte `ssz-type:"bitvector" ssz-bitsize:"12"`
		BitL   []byte  `ssz:"bitlist" ssz-max:"20"`
		PBits  []byte  `ssz-type:"progressive-bitlist"`
		Union  hostile.UnionWithNone
		NoNone *hostile.UnionNoNone
		Compat hostile.CompatUnion
		Prog   []*hostile.ProgBox `ssz-type:"progressive-list"`
	}
	for _, g := range []reflect.Type{reflect.TypeFor[handPair](), reflect.TypeFor[*handPair](), reflect.TypeFor[sink]()} {
		typ, err := ssz.TypeOf(g)
		if err != nil {
			t.Fatal(err)
		}
		if err := ssz.CheckDescriptor(typ); err != nil {
			t.Errorf("%s: %v", g, err)
		}
	}
}
