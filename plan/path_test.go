package plan

import (
	"errors"
	"fmt"
	"reflect"
	"runtime"
	"strings"
	"testing"
	"unsafe"

	"github.com/lanehash/lanehash/internal/longnames"
	"github.com/lanehash/lanehash/ssz"
)

// TestUnnamedTypeRetainedMemory compiles types whose spelling is long
// (reflect.StructOf: many fields, a long field name, a long tag) beside
// many boolean bytes, each of which keeps a path: the plan must hold
// memory in proportion to the type, not the type's spelling times its
// booleans (a 2,000-field type once exhausted memory), and root as the
// reference does.
func TestUnnamedTypeRetainedMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles types of tens of thousands of nodes")
	}
	many := make([]reflect.StructField, 600)
	for i := range many {
		many[i] = reflect.StructField{Name: fmt.Sprintf("F%d", i), Type: reflect.TypeFor[[64]bool]()}
	}
	longName := "F" + strings.Repeat("x", 32<<10)
	for _, c := range []struct {
		name   string
		fields []reflect.StructField
	}{
		{"600 fields", many},
		{"long field name", []reflect.StructField{{Name: longName, Type: reflect.TypeFor[[4096]bool]()}}},
		{"long tag", []reflect.StructField{
			{Name: "A", Type: reflect.TypeFor[[4096]bool]()},
			{Name: "B", Type: reflect.TypeFor[uint64](), Tag: reflect.StructTag(`x:"` + strings.Repeat("y", 64<<10) + `"`)},
		}},
		{"vector of containers, long name", []reflect.StructField{{Name: "V", Type: reflect.ArrayOf(2048,
			reflect.StructOf([]reflect.StructField{{Name: longName, Type: reflect.TypeFor[bool]()}}))}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			typ := reflect.StructOf(c.fields)
			v := reflect.New(typ)
			before := longnames.LiveHeap()
			r, err := compileAny(typ, nil)
			if err != nil {
				t.Fatal(err)
			}
			held := int64(longnames.LiveHeap()) - int64(before)
			if limit := int64(48 << 20); held > limit {
				t.Errorf("the plan holds %d MiB, want under %d", held>>20, limit>>20)
			}
			want, err := ssz.HashTreeRoot(v.Interface(), ssz.SHA256)
			if err != nil {
				t.Fatal(err)
			}
			got, err := r.Root(v.UnsafePointer())
			if err != nil || got != want {
				t.Fatalf("Root = %x, %v; the reference %x", got, err, want)
			}
			// A bad boolean in the last field: the error names it as
			// the reference does.
			last := typ.Field(typ.NumField() - 1)
			if last.Type.Kind() == reflect.Array {
				*(*byte)(unsafe.Add(v.UnsafePointer(), last.Offset+last.Type.Size()-1)) = 2
				_, err = r.Root(v.UnsafePointer())
				_, rerr := ssz.HashTreeRoot(v.Interface(), ssz.SHA256)
				var pe *Error
				var se *ssz.Error
				if !errors.Is(err, ssz.ErrBool) || !errors.As(err, &pe) || !errors.As(rerr, &se) || pe.Path != se.Path {
					t.Fatalf("bad boolean: %v; the reference %v", err, rerr)
				}
			}
			runtime.KeepAlive(r)
		})
	}
}
