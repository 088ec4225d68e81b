package ssz

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

type recursivePtr struct {
	A    uint64
	Next *recursivePtr
}

type recursiveList struct {
	L []recursiveList `ssz-max:"4"`
}

type inner struct {
	Bad []uint64
}

type outer struct {
	A     uint8
	Inner []inner `ssz-max:"2"`
}

type embedded struct {
	X uint16
	Y uint16
}

type withEmbedded struct {
	embedded
	Z uint32
	_ uint64 // unexported fields are left out
	S uint64 `ssz:"-"`
}

func TestTypeErrors(t *testing.T) {
	cases := []struct {
		name string
		typ  reflect.Type
		tag  reflect.StructTag
		err  error
		path string
	}{
		{"int", reflect.TypeFor[int](), "", ErrUnsupported, "int"},
		{"string", reflect.TypeFor[struct{ S string }](), "", ErrUnsupported, ".S"},
		{"map", reflect.TypeFor[struct{ M map[uint8]uint8 }](), "", ErrUnsupported, ".M"},
		{"chan", reflect.TypeFor[struct{ C chan uint8 }](), "", ErrUnsupported, ".C"},
		{"interface", reflect.TypeFor[struct{ I any }](), "", ErrUnsupported, ".I"},
		{"float", reflect.TypeFor[struct{ F float64 }](), "", ErrUnsupported, ".F"},
		{"slice without size", reflect.TypeFor[outer](), "", ErrTag, "outer.Inner[].Bad"},
		{"array size mismatch", reflect.TypeFor[[4]byte](), `ssz-size:"5"`, ErrTag, ""},
		{"extra dimension", reflect.TypeFor[[]byte](), `ssz-size:"4,4"`, ErrTag, "[]"},
		{"max on array", reflect.TypeFor[[4]byte](), `ssz-max:"4"`, ErrTag, ""},
		{"bitvector too big", reflect.TypeFor[[1]byte](), `ssz-type:"bitvector" ssz-bitsize:"9"`, ErrTag, ""},
		{"bitvector too small", reflect.TypeFor[[2]byte](), `ssz-type:"bitvector" ssz-bitsize:"8"`, ErrTag, ""},
		{"bitlist not bytes", reflect.TypeFor[[]uint16](), `ssz:"bitlist" ssz-max:"8"`, ErrTag, ""},
		{"bitlist without max", reflect.TypeFor[[]byte](), `ssz:"bitlist"`, ErrTag, ""},
		{"uint256 wrong size", reflect.TypeFor[[16]byte](), `ssz-type:"uint256"`, ErrTag, ""},
		{"bad number", reflect.TypeFor[[]byte](), `ssz-max:"x"`, ErrTag, ""},
		{"bad ssz tag", reflect.TypeFor[[]byte](), `ssz:"bitlyst"`, ErrTag, ""},
		{"recursive pointer", reflect.TypeFor[recursivePtr](), "", ErrRecursive, "recursivePtr.Next"},
		{"recursive list", reflect.TypeFor[recursiveList](), "", ErrRecursive, "recursiveList.L[]"},
		{"empty container", reflect.TypeFor[struct{}](), "", ErrTag, ""},
		{"vector of 0", reflect.TypeFor[[0]uint8](), "", ErrTag, ""},
		{"unknown spec value", reflect.TypeFor[[]byte](), `dynssz-max:"NO_SUCH_VALUE"`, ErrSpec, ""},
		{"bad expression", reflect.TypeFor[[]byte](), `dynssz-max:"SLOTS_PER_EPOCH*"`, ErrTag, ""},
		{"pointer to slice", reflect.TypeFor[*[]byte](), "", ErrUnsupported, ""},
		{"progressive field without index", reflect.TypeFor[struct {
			A uint8 `ssz-index:"0"`
			B uint8
		}](), "", ErrTag, ".B"},
		{"progressive index not increasing", reflect.TypeFor[struct {
			A uint8 `ssz-index:"1"`
			B uint8 `ssz-index:"1"`
		}](), "", ErrTag, ".B"},
		{"union with only None", reflect.TypeFor[Union[struct{ N None }]](), "", ErrTag, ""},
		{"None not first", reflect.TypeFor[Union[struct {
			A uint8
			N None
		}]](), "", ErrTag, ".N"},
	}
	for _, c := range cases {
		_, err := TypeOfTagged(c.typ, c.tag)
		if !errors.Is(err, c.err) {
			t.Errorf("%s: error %v, want %v", c.name, err, c.err)
			continue
		}
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("%s: %T is not *Error", c.name, err)
			continue
		}
		if !strings.HasSuffix(e.Path, c.path) {
			t.Errorf("%s: path %q, want suffix %q", c.name, e.Path, c.path)
		}
	}
}

func TestTypeShapes(t *testing.T) {
	typ, err := TypeFor[withEmbedded]()
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range typ.Fields {
		names = append(names, f.Name)
	}
	if strings.Join(names, ",") != "X,Y,Z" || !typ.Fixed || typ.Size != 8 {
		t.Errorf("fields %v fixed %v size %d, want X,Y,Z fixed 8", names, typ.Fixed, typ.Size)
	}
	if f := typ.Fields[1]; f.Offset != 2 || !f.Direct || len(f.Index) != 2 {
		t.Errorf("embedded field Y: offset %d direct %v index %v", f.Offset, f.Direct, f.Index)
	}

	typ, err = TypeOfTagged(reflect.TypeFor[[][]byte](), `ssz-size:"?,32" ssz-max:"16"`)
	if err != nil {
		t.Fatal(err)
	}
	if typ.String() != "List[Vector[uint8, 32], 16]" || typ.ChunkCount() != 16 || typ.Elem.ChunkCount() != 1 {
		t.Errorf("%s: chunk count %d", typ, typ.ChunkCount())
	}
	typ, err = TypeOfTagged(reflect.TypeFor[[]uint16](), `ssz-max:"33"`)
	if err != nil {
		t.Fatal(err)
	}
	if typ.ChunkCount() != 3 || !typ.Elem.IsBasic() || typ.IsBasic() || typ.FixedPartSize() != 4 {
		t.Errorf("List[uint16, 33]: chunks %d", typ.ChunkCount())
	}
	typ, err = TypeOfTagged(reflect.TypeFor[[]byte](), `ssz-size:"1" ssz-bitsize:"4"`)
	if err != nil {
		t.Fatal(err)
	}
	if typ.Kind != KindBitvector || typ.Length != 4 || typ.Size != 1 {
		t.Errorf("Bitvector[4]: %s size %d", typ, typ.Size)
	}
}

type dynTyped struct {
	Roots [][]byte `ssz-size:"8192,32" dynssz-size:"SLOTS_PER_HISTORICAL_ROOT,32"`
	Bits  []byte   `ssz:"bitlist" ssz-max:"2048" dynssz-max:"MAX_VALIDATORS_PER_COMMITTEE*MAX_COMMITTEES_PER_SLOT"`
	Odd   []byte   `ssz-max:"7" dynssz-max:"NOT_IN_ANY_PRESET"`
}

func TestDynamicSizes(t *testing.T) {
	main, err := TypeFor[dynTyped]()
	if err != nil {
		t.Fatal(err)
	}
	mini, err := TypeFor[dynTyped](WithSpec(MinimalSpec()))
	if err != nil {
		t.Fatal(err)
	}
	if main.Fields[0].Type.Length != 8192 || main.Fields[1].Type.Limit != 2048*64 {
		t.Errorf("mainnet: %s, %s", main.Fields[0].Type, main.Fields[1].Type)
	}
	if mini.Fields[0].Type.Length != 64 || mini.Fields[1].Type.Limit != 2048*4 {
		t.Errorf("minimal: %s, %s", mini.Fields[0].Type, mini.Fields[1].Type)
	}
	if main.Fields[2].Type.Limit != 7 {
		t.Errorf("fallback to the static tag: %s", main.Fields[2].Type)
	}
	custom := MainnetSpec()
	custom["NOT_IN_ANY_PRESET"] = 9
	c, err := TypeFor[dynTyped](WithSpec(custom))
	if err != nil {
		t.Fatal(err)
	}
	if c.Fields[2].Type.Limit != 9 {
		t.Errorf("spec value must win over the static tag: %s", c.Fields[2].Type)
	}
	again, _ := TypeFor[dynTyped]()
	if again != main {
		t.Error("repeated TypeOf did not come from the cache")
	}
	if again, _ := TypeFor[dynTyped](WithSpec(MinimalSpec())); again != mini {
		t.Error("repeated TypeOf with the minimal preset did not come from the cache")
	}
}

func TestSpecCopies(t *testing.T) {
	a := MainnetSpec()
	a["SLOTS_PER_EPOCH"] = 1
	if MainnetSpec()["SLOTS_PER_EPOCH"] != 32 || MinimalSpec()["SLOTS_PER_EPOCH"] != 8 {
		t.Error("presets are shared with callers")
	}
	for k := range MainnetSpec() {
		if _, ok := MinimalSpec()[k]; !ok {
			t.Errorf("%s missing from the minimal preset", k)
		}
	}
}

func TestExpressions(t *testing.T) {
	spec := SpecValues{"A": 6, "B": 4}
	lookup := func(s string) (uint64, bool) { v, ok := spec[s]; return v, ok }
	for expr, want := range map[string]uint64{
		"A": 6, "A*B": 24, "A+B*2": 14, "(A+B)*2": 20, "A/B": 1, "A-B": 2, " 7 ": 7, "B/2/2": 1,
	} {
		got, err := evalExpr(expr, lookup)
		if err != nil || got != want {
			t.Errorf("%q = %d, %v; want %d", expr, got, err, want)
		}
	}
	for _, bad := range []string{"", "A*", "(A", "A)", "B-A", "A/0", "18446744073709551615+1", "4294967296*4294967296", "A B", "C"} {
		if _, err := evalExpr(bad, lookup); err == nil {
			t.Errorf("%q evaluated", bad)
		}
	}
}
