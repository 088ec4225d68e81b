package ssz_test

import (
	"errors"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/lanehash/lanehash/ssz"
)

// Embedded structs whose inlined fields share a Go name with another
// field of the container.
type (
	nameInner struct {
		X uint64
		L []uint64 `ssz-max:"4"`
	}
	// nameShadowed: Go's v.X is the outer X, the container's third field.
	nameShadowed struct {
		nameInner
		X uint64
		L []uint64 `ssz-max:"4"`
	}
	nameLeft  struct{ X uint64 }
	nameRight struct {
		X uint64 `json:"right_x"`
	}
	// nameTwoEmbedded: Go has no v.X; the container has two.
	nameTwoEmbedded struct {
		nameLeft
		nameRight
	}
	NameMid  struct{ nameLeft }
	nameDeep struct {
		*NameMid
		X uint64
	}
	// nameSkipped: the embedded X is no field (ssz:"-" on the outer one
	// leaves a single X).
	nameSkipped struct {
		nameLeft
		X uint64 `ssz:"-"`
	}
	// nameDistinct: embedded fields with names of their own are the
	// container's fields in order.
	nameDistinct struct {
		nameLeft
		Y uint64
	}
)

// TestSharedFieldNamesRefused: a container two of whose fields share a
// Go name (an embedded struct's field beside the outer one's, or two
// embedded structs' fields) is ErrUnsupported where it is described, so
// that no path, proof, cache mark, diff path or JSON key resolves the
// name to one of them; fields embedded with names of their own are the
// container's fields, as before.
func TestSharedFieldNamesRefused(t *testing.T) {
	for _, v := range []any{nameShadowed{}, nameTwoEmbedded{}, nameDeep{}, [2]nameShadowed{}, struct{ A *nameTwoEmbedded }{}} {
		typ, err := ssz.TypeOf(reflect.TypeOf(v))
		if !errors.Is(err, ssz.ErrUnsupported) || !strings.Contains(err.Error(), "two fields are named X") {
			t.Errorf("TypeOf(%T) = %v, %v; want ErrUnsupported naming X", v, typ, err)
		}
		if _, err := ssz.HashTreeRoot(v, ssz.SHA256); !errors.Is(err, ssz.ErrUnsupported) {
			t.Errorf("HashTreeRoot(%T): %v, want ErrUnsupported", v, err)
		}
		if _, err := ssz.Marshal(v); !errors.Is(err, ssz.ErrUnsupported) {
			t.Errorf("Marshal(%T): %v, want ErrUnsupported", v, err)
		}
	}
	for _, c := range []struct {
		v     any
		names []string
	}{
		{nameSkipped{}, []string{"X"}},
		{nameDistinct{}, []string{"X", "Y"}},
	} {
		typ, err := ssz.TypeOf(reflect.TypeOf(c.v))
		if err != nil {
			t.Fatalf("TypeOf(%T): %v", c.v, err)
		}
		var got []string
		for _, f := range typ.Fields {
			got = append(got, f.Name)
		}
		if !reflect.DeepEqual(got, c.names) {
			t.Errorf("TypeOf(%T) fields %v, want %v", c.v, got, c.names)
		}
	}
}

// TestSharedFieldNamesManyFields: the check of a container of thousands
// of fields (the map form) finds the one name two of them share, and
// passes one whose names are all its own.
func TestSharedFieldNamesManyFields(t *testing.T) {
	build := func(n int, dup bool) reflect.Type {
		inner := reflect.StructOf([]reflect.StructField{{Name: "F0", Type: reflect.TypeFor[uint8]()}})
		fields := []reflect.StructField{{Name: "Inner", Type: inner, Anonymous: true}}
		for i := 1; i < n; i++ {
			name := "F" + strconv.Itoa(i)
			if dup && i == n-1 {
				name = "F0"
			}
			fields = append(fields, reflect.StructField{Name: name, Type: reflect.TypeFor[uint8]()})
		}
		return reflect.StructOf(fields)
	}
	for _, n := range []int{3, 64, 65, 2000} {
		if _, err := ssz.TypeOf(build(n, false)); err != nil {
			t.Errorf("%d fields, names their own: %v", n, err)
		}
		if _, err := ssz.TypeOf(build(n, true)); !errors.Is(err, ssz.ErrUnsupported) {
			t.Errorf("%d fields, the last named as the embedded one: %v, want ErrUnsupported", n, err)
		}
	}
}

// SharedInner is embedded by sharedMemory.
type SharedInner struct{ A uint64 }

// sharedMemory is described by hand below with a field for the embedded
// struct and another for the field inside it.
type sharedMemory struct {
	SharedInner
	X uint64
}

// TestSharedFieldMemoryRefused: a hand-made descriptor two of whose
// fields reach the same Go memory (equal index paths, or a field and a
// field inside it) is refused by CheckDescriptor: decoding would write
// the memory twice and encoding read it for both, so two serializations
// would decode to one value (break23f).
func TestSharedFieldMemoryRefused(t *testing.T) {
	u64 := &ssz.Type{Kind: ssz.KindUint64, Go: reflect.TypeFor[uint64](), Fixed: true, Size: 8}
	inner := &ssz.Type{Kind: ssz.KindContainer, Go: reflect.TypeFor[SharedInner](), Fixed: true, Size: 8,
		Fields: []ssz.Field{{Name: "A", Index: []int{0}, Type: u64}}}
	for name, fields := range map[string][]ssz.Field{
		"a field and one inside it": {{Name: "SharedInner", Index: []int{0}, Type: inner}, {Name: "A", Index: []int{0, 0}, Type: u64}},
		"one inside and the field":  {{Name: "A", Index: []int{0, 0}, Type: u64}, {Name: "X", Index: []int{1}, Type: u64}, {Name: "SharedInner", Index: []int{0}, Type: inner}},
	} {
		typ := &ssz.Type{Kind: ssz.KindContainer, Go: reflect.TypeFor[sharedMemory](), Fixed: true, Size: 8 * uint64(len(fields)), Fields: fields}
		if err := ssz.CheckDescriptor(typ); !errors.Is(err, ssz.ErrValue) || !strings.Contains(err.Error(), "same Go memory") {
			t.Errorf("%s: CheckDescriptor: %v, want ErrValue naming the shared memory", name, err)
		}
	}
	ok := &ssz.Type{Kind: ssz.KindContainer, Go: reflect.TypeFor[sharedMemory](), Fixed: true, Size: 16,
		Fields: []ssz.Field{{Name: "A", Index: []int{0, 0}, Type: u64}, {Name: "X", Index: []int{1}, Type: u64}}}
	if err := ssz.CheckDescriptor(ok); err != nil {
		t.Errorf("TypeOf's own fields: %v", err)
	}
}
