package sszjson_test

import (
	"fmt"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/sszjson"
)

// manyListsType is a struct of n fields, field k a list of [k+1]uint64:
// n list Go types, each a scratch of its own.
func manyListsType(n int) reflect.Type {
	var fs []reflect.StructField
	for k := range n {
		fs = append(fs, reflect.StructField{
			Name: fmt.Sprintf("F%d", k),
			Type: reflect.SliceOf(reflect.ArrayOf(k+1, reflect.TypeFor[uint64]())),
			Tag:  `ssz-max:"4"`,
		})
	}
	return reflect.StructOf(fs)
}

// manyListsJSON is the JSON of a manyListsType(n) value with one zero
// element in each list, without its closing brace.
func manyListsJSON(n int) string {
	var b strings.Builder
	b.WriteByte('{')
	for k := range n {
		if k > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `"f%d":[[%s0]]`, k, strings.Repeat("0,", k))
	}
	return b.String()
}

// TestManyListGoTypesMemory: a decode keeps a scratch for at most 64
// list Go types, each paid for from the input with its bookkeeping;
// a list of any other Go type is counted first, with no scratch made
// and dropped per list. From a cold pool (two collections), every
// decode allocates at most its value's heap, its input and 16 KiB: lists
// of 8, 64 and 100 Go types, and 100,000 lists of a 65th type after 64.
func TestManyListGoTypesMemory(t *testing.T) {
	overflow := func() reflect.Type {
		fs := reflect.VisibleFields(manyListsType(64))
		inner := reflect.StructOf([]reflect.StructField{{Name: "X", Type: reflect.TypeFor[[]uint16](), Tag: `ssz-max:"4"`}})
		fs = append(fs, reflect.StructField{Name: "E", Type: reflect.SliceOf(inner), Tag: `ssz-max:"100000"`})
		return reflect.StructOf(fs)
	}
	cases := []struct {
		name string
		typ  reflect.Type
		doc  string
	}{
		{"8 types", manyListsType(8), manyListsJSON(8) + "}"},
		{"64 types", manyListsType(64), manyListsJSON(64) + "}"},
		{"100 types", manyListsType(100), manyListsJSON(100) + "}"},
		{"100,000 lists of a 65th type", overflow(),
			manyListsJSON(64) + `,"e":[` + strings.Repeat(`{"x":[0]},`, 99999) + `{"x":[0]}]}`},
	}
	for _, c := range cases {
		typ, err := ssz.TypeOf(c.typ)
		if err != nil {
			t.Fatal(err)
		}
		doc := []byte(c.doc)
		least, v := uint64(0), reflect.Value{}
		for range 3 { // the least of three: a collection in one adds its own
			v = reflect.New(typ.Go).Elem()
			var before, after runtime.MemStats
			runtime.GC()
			runtime.GC()
			runtime.ReadMemStats(&before)
			if err := sszjson.UnmarshalValue(typ, doc, v); err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
			runtime.ReadMemStats(&after)
			if a := after.TotalAlloc - before.TotalAlloc; least == 0 || a < least {
				least = a
			}
		}
		bound := heapOf(v) + uint64(len(doc)) + 16<<10
		if least > bound {
			t.Errorf("%s: allocated %d bytes, more than the value's heap, the input (%d) and 16 KiB: %d", c.name, least, len(doc), bound)
		}
	}
}
