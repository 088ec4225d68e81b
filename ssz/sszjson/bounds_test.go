package sszjson_test

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"reflect"
	"runtime"
	"strconv"
	"testing"

	"github.com/lanehash/lanehash/internal/sszvalidate"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/sszjson"
)

// maxEncoded is the bound ssz.Marshal puts on a serialization and
// sszjson on JSON (checked.MaxEncoded), restated here for the test.
const maxEncoded = min(math.MaxInt, 1<<47)

// oneByte is a one-byte container: {"a":"0"} at the least.
type oneByte struct{ A uint8 }

// TestMarshalRefusesJSONPastMaxEncoded: the zero value of a vector held
// in a slice is an empty slice whose JSON is written out in full. A
// type TypeOf accepts (its length and size fit an int) can have a zero
// value whose JSON no Go slice holds: a byte vector of 2^46 bytes on a
// 64-bit host (2^47 and more hex digits) panicked in make. Marshal,
// MarshalIndent and an Encoder must refuse it with ErrSize, as
// ssz.Marshal refuses a serialization past the same bound, before they
// allocate or write it.
func TestMarshalRefusesJSONPastMaxEncoded(t *testing.T) {
	bytesLen := uint64(maxEncoded)/2 - 1 // "0x", the digits and quotes: 2 bytes past the bound
	elems := uint64(maxEncoded)/8 + 1    // {"a":"0"} and a comma each
	for name, g := range map[string]reflect.Type{
		"bytes": reflect.StructOf([]reflect.StructField{{Name: "V", Type: reflect.TypeFor[[]byte](),
			Tag: reflect.StructTag(`ssz-size:"` + strconv.FormatUint(bytesLen, 10) + `"`)}}),
		"containers": reflect.StructOf([]reflect.StructField{{Name: "V", Type: reflect.TypeFor[[]oneByte](),
			Tag: reflect.StructTag(`ssz-size:"` + strconv.FormatUint(elems, 10) + `"`)}}),
	} {
		if _, err := ssz.TypeOf(g); err != nil {
			t.Fatalf("%s: TypeOf %v", name, err)
		}
		v := reflect.New(g).Interface()
		calls := map[string]func() error{
			"Marshal":       func() error { _, err := sszjson.Marshal(v); return err },
			"MarshalIndent": func() error { _, err := sszjson.MarshalIndent(v, "", " "); return err },
			"Encoder": func() error {
				var w bytes.Buffer
				return sszjson.NewEncoder(&w).Encode(v)
			},
		}
		for call, f := range calls {
			err := func() (err error) {
				defer func() {
					if r := recover(); r != nil {
						err = fmt.Errorf("panic: %v", r)
					}
				}()
				return f()
			}()
			var je *sszjson.Error
			if !errors.Is(err, ssz.ErrSize) || !errors.As(err, &je) || je.Path != "v" {
				t.Errorf("%s: %s of the zero value: %v, want ErrSize at v", name, call, err)
			}
		}
	}
}

// freshPair is a small container whose descriptor is copied afresh for
// every call below, as a caller that makes its descriptors by hand and
// drops them does.
type freshPair struct {
	A uint64
	B bool
	C []uint16 `ssz-max:"4"`
}

// freshDescriptor returns a deep copy of TypeOf's descriptor of
// freshPair: new pointers for the container and every part.
func freshDescriptor(t *testing.T) *ssz.Type {
	t.Helper()
	d, err := ssz.TypeFor[freshPair]()
	if err != nil {
		t.Fatal(err)
	}
	c := *d
	c.Fields = append([]ssz.Field(nil), d.Fields...)
	for i := range c.Fields {
		ft := *c.Fields[i].Type
		if ft.Elem != nil {
			e := *ft.Elem
			ft.Elem = &e
		}
		c.Fields[i].Type = &ft
	}
	return &c
}

// freshSpec is a container whose list limit is a spec value: every new
// value is a new descriptor from TypeOf, which keeps 8 spec variants of
// a type and drops older ones.
type freshSpec struct {
	A uint64
	L []uint64 `ssz-max:"4" dynssz-max:"FRESH_MAX"`
}

// liveHeapGrowth runs f n times and returns how much the live heap grew,
// measured after a full collection before and after.
func liveHeapGrowth(n int, f func(i int)) int64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	for i := range n {
		f(i)
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	return int64(after.HeapAlloc) - int64(before.HeapAlloc)
}

// maxMemoHeap is the live heap the per-descriptor memos may keep: each
// is bounded (4,096 containers' keys, field names and fixed-size checks,
// 16,384 minimum JSON lengths), each entry keeping its descriptor, about
// 2.5 KB for freshPair's: 14 MB at most measured. Kept unbounded, 20,000
// fresh descriptors kept 54 MB, and 20,000 spec variants 40 MB.
const maxMemoHeap = 24 << 20

// TestMemosBoundedUnderFreshDescriptors: sszjson's keys and minimum
// JSON lengths, sszlayout's field names and sszvalidate's checks are
// memoized per descriptor pointer, and kept every descriptor they were
// given: 2.4 KB live per fresh descriptor through sszjson (232 MB per
// 100,000), and per spec variant through sszjson.Marshal (102 MB per
// 50,000). 20,000 fresh descriptors and 20,000 spec variants must leave
// the live heap under maxMemoHeap.
func TestMemosBoundedUnderFreshDescriptors(t *testing.T) {
	const n = 20_000
	val := freshPair{A: 7, B: true, C: []uint16{1, 2}}
	js, err := sszjson.Marshal(&val)
	if err != nil {
		t.Fatal(err)
	}
	enc, err := ssz.Marshal(&val)
	if err != nil {
		t.Fatal(err)
	}
	sv := freshSpec{A: 1, L: []uint64{1}}
	cases := map[string]func(i int) error{
		"sszjson.MarshalValue and UnmarshalValue, sszvalidate.Validate": func(int) error {
			d := freshDescriptor(t)
			out, err := sszjson.MarshalValue(d, reflect.ValueOf(val))
			if err != nil || !bytes.Equal(out, js) {
				return fmt.Errorf("MarshalValue %s, %v; want %s", out, err, js)
			}
			var back freshPair
			if err := sszjson.UnmarshalValue(d, js, reflect.ValueOf(&back).Elem()); err != nil || back.A != 7 || len(back.C) != 2 {
				return fmt.Errorf("UnmarshalValue %+v, %v", back, err)
			}
			return sszvalidate.Validate(d, enc)
		},
		"sszjson.Marshal under spec variants": func(i int) error {
			_, err := sszjson.Marshal(&sv, ssz.WithSpec(ssz.SpecValues{"FRESH_MAX": uint64(8 + i)}))
			return err
		},
	}
	for name, f := range cases {
		if err := f(0); err != nil { // TypeOf's own descriptor memoized first
			t.Fatalf("%s: %v", name, err)
		}
		var failed error
		grew := liveHeapGrowth(n, func(i int) {
			if err := f(n + i); err != nil && failed == nil {
				failed = err
			}
		})
		if failed != nil {
			t.Fatalf("%s: %v", name, failed)
		}
		t.Logf("%s: %d fresh descriptors leave %d KB live", name, n, grew>>10)
		if grew > maxMemoHeap {
			t.Errorf("%s: %d fresh descriptors, dropped by the caller, leave %d MB live (bound %d MB)", name, n, grew>>20, maxMemoHeap>>20)
		}
	}
}
