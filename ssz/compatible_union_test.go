package ssz

import (
	"bytes"
	"errors"
	"reflect"
	"testing"
)

type cuSmall struct {
	A uint8 `ssz-index:"0"`
}

type cuVar struct {
	A uint8    `ssz-index:"0"`
	B []uint16 `ssz-index:"2" ssz-max:"4"`
}

// cuShape has options at selectors 2 and 5.
type cuShape = CompatibleUnion[struct {
	Small cuSmall `ssz-index:"2"`
	Var   cuVar   `ssz-index:"5"`
}]

// cuOrdered takes its selectors from the field order: 1 and 2.
type cuOrdered = CompatibleUnion[struct {
	A uint16
	B []byte `ssz-max:"3"`
}]

// CompatibleUnion2 has CompatibleUnion's layout and method but not its
// name; dynamic-ssz's other generic wrappers (TypeWrapper) share the
// method, so the name is what tells a compatible union apart.
type CompatibleUnion2[T any] struct {
	Variant uint8
	Data    any
}

func (*CompatibleUnion2[T]) GetDescriptorType() reflect.Type { return reflect.TypeFor[T]() }

type inStruct struct {
	X uint64
	U cuShape
}

func TestCompatibleUnionDescriptor(t *testing.T) {
	typ, err := TypeFor[cuShape]()
	if err != nil {
		t.Fatal(err)
	}
	if typ.Kind != KindCompatibleUnion || typ.Fixed || len(typ.Options) != 6 ||
		typ.Options[2] == nil || typ.Options[5] == nil || typ.Options[0] != nil || typ.Options[3] != nil {
		t.Fatalf("descriptor %+v", typ)
	}
	ord, err := TypeFor[cuOrdered]()
	if err != nil {
		t.Fatal(err)
	}
	if len(ord.Options) != 3 || ord.Options[1].Kind != KindUint16 || ord.Options[2].Kind != KindList {
		t.Fatalf("field-order selectors: %+v", ord.Options)
	}
	for name, bad := range map[string]reflect.Type{
		"selector 0": reflect.TypeFor[CompatibleUnion[struct {
			A uint8 `ssz-index:"0"`
		}]](),
		"selector 128": reflect.TypeFor[CompatibleUnion[struct {
			A uint8 `ssz-index:"128"`
		}]](),
		"duplicate": reflect.TypeFor[CompatibleUnion[struct {
			A uint8 `ssz-index:"3"`
			B uint8 `ssz-index:"3"`
		}]](),
		"mixed": reflect.TypeFor[CompatibleUnion[struct {
			A uint8 `ssz-index:"3"`
			B uint8
		}]](),
		"no options": reflect.TypeFor[CompatibleUnion[struct{}]](),
	} {
		if _, err := TypeOf(bad); !errors.Is(err, ErrTag) {
			t.Errorf("%s: err %v, want ErrTag", name, err)
		}
	}
	// A union as a container field is a variable-size field.
	if in, err := TypeFor[inStruct](); err != nil || in.Fixed {
		t.Fatalf("container with a union: %v", err)
	}
	if isCompatibleUnion(reflect.TypeFor[CompatibleUnion2[struct{ A uint8 }]]()) {
		t.Error("a type not named CompatibleUnion[…] was taken for one")
	}
}

func TestCompatibleUnionCodecAndRoot(t *testing.T) {
	v := inStruct{X: 7, U: cuShape{Variant: 5, Data: cuVar{A: 1, B: []uint16{2, 3}}}}
	b, err := Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	// X, the union's offset, then selector 5 and cuVar (A, offset, B).
	want := []byte{7, 0, 0, 0, 0, 0, 0, 0, 12, 0, 0, 0, 5, 1, 5, 0, 0, 0, 2, 0, 3, 0}
	if !bytes.Equal(b, want) {
		t.Fatalf("encoding %x, want %x", b, want)
	}
	var back inStruct
	if err := Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, v) {
		t.Fatalf("round trip %+v, want %+v", back, v)
	}

	got, err := HashTreeRoot(v.U, SHA256)
	if err != nil {
		t.Fatal(err)
	}
	data, err := HashTreeRoot(cuVar{A: 1, B: []uint16{2, 3}}, SHA256)
	if err != nil {
		t.Fatal(err)
	}
	if w := shaPair(data, [32]byte{5}); got != w {
		t.Errorf("root %x, want H(root(data), selector) %x", got, w)
	}
}

func TestCompatibleUnionStrictDecoding(t *testing.T) {
	typ, err := TypeFor[cuShape]()
	if err != nil {
		t.Fatal(err)
	}
	for name, in := range map[string][]byte{
		"empty":            {},
		"selector 0":       {0, 1},
		"selector 3":       {3, 1},
		"selector 128":     {128, 1},
		"selector 255":     {255, 1},
		"selector only":    {2},
		"extra byte":       {2, 1, 0},
		"cuVar too short":  {5, 1, 5, 0, 0},
		"padding inserted": {5, 0, 1, 5, 0, 0, 0},
	} {
		err := UnmarshalValue(typ, in, reflect.New(typ.Go).Elem())
		if err == nil {
			t.Errorf("%s: %x decoded", name, in)
		}
	}
	for name, u := range map[string]cuShape{
		"zero value":   {},
		"not option":   {Variant: 3, Data: cuSmall{}},
		"nil data":     {Variant: 2},
		"wrong type":   {Variant: 2, Data: cuVar{}},
		"pointer data": {Variant: 2, Data: &cuSmall{}},
	} {
		if _, err := Marshal(u); !errors.Is(err, ErrUnion) {
			t.Errorf("%s: Marshal err %v, want ErrUnion", name, err)
		}
		if _, err := HashTreeRoot(u, SHA256); !errors.Is(err, ErrUnion) {
			t.Errorf("%s: HashTreeRoot err %v, want ErrUnion", name, err)
		}
	}
}
