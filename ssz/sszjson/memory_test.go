package sszjson_test

import (
	"errors"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"github.com/holiman/uint256"

	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/sszjson"
)

// Types whose lists allow millions of elements, for the memory bound.
type (
	memU64s struct {
		V []uint64 `ssz-max:"100000000"`
	}
	memBools struct {
		V []bool `ssz-max:"100000000"`
	}
	memLists struct {
		V [][]byte `ssz-max:"10000000,4"`
	}
	memU64L struct {
		V [][]uint64 `ssz-max:"10000000,4"`
	}
	memInner struct {
		X uint64
		Y [2]byte
	}
	memConts struct {
		V []memInner `ssz-max:"10000000"`
	}
	memPtrs struct {
		V []*memInner `ssz-max:"10000000"`
	}
	memUnions struct {
		V []ssz.Union[struct {
			None ssz.None
			A    uint16
			B    []uint64 `ssz-max:"3"`
		}] `ssz-max:"10000000"`
	}
	memU256s struct {
		V [][32]byte `ssz-max:"10000000" ssz-type:"list,uint256"`
	}
	memBitlists struct {
		V [][]byte `ssz-max:"10000000,8" ssz-type:"list,bitlist"`
	}
	// A vector is made at once, of its length, when the input left can
	// hold it: its shapes are of n+1 elements.
	memU64V struct {
		V []uint64 `ssz-size:"1048577"`
	}
	memPtrV struct {
		V []*memInner `ssz-size:"262145"`
	}
	memBytes struct {
		V [][]byte `ssz-max:"10000000,100000000"`
	}
	// memBigUnions' option 1 is 32 KiB of Go from about 2 KiB of JSON:
	// the union's copy of it is far more than its share of the input.
	memBigUnion = ssz.Union[struct {
		None ssz.None
		Big  [1024]uint256.Int
	}]
	memBigUnions struct {
		V []memBigUnion `ssz-max:"10000000"`
	}
)

// bigUnionJSON is a memBigUnion of option 1, all zeros.
var bigUnionJSON = `{"selector":1,"value":[` + strings.Repeat("0,", 1023) + `0]}`

// memShape is a document of many small elements and its last element:
// bad (refused) or good (its accepted twin).
type memShape struct {
	name string
	elem string // each element but the last, and the twin's last
	n    int    // how many
	bad  string // the refused document's last element
	err  error  // its sentinel
	into func() any
}

func (s memShape) doc(last string) []byte {
	var b strings.Builder
	b.Grow(len(s.elem)*s.n + 64)
	b.WriteString(`{"v":[`)
	for range s.n {
		b.WriteString(s.elem)
		b.WriteByte(',')
	}
	b.WriteString(last)
	b.WriteString(`]}`)
	return []byte(b.String())
}

func memShapes() []memShape {
	const m = 1 << 20
	return []memShape{
		{name: "1M uint64 0s", elem: `0`, n: m, bad: `x`, err: sszjson.ErrSyntax, into: func() any { return new(memU64s) }},
		{name: "1M uint64 0s, -1 last", elem: `0`, n: m, bad: `-1`, err: sszjson.ErrNumber, into: func() any { return new(memU64s) }},
		{name: "1M uint64 \"0\"s", elem: `"0"`, n: m, bad: `"x"`, err: sszjson.ErrNumber, into: func() any { return new(memU64s) }},
		{name: "1M bools", elem: `true`, n: m, bad: `1`, err: sszjson.ErrType, into: func() any { return new(memBools) }},
		{name: "1M [] into [][]byte", elem: `[]`, n: m, bad: `x`, err: sszjson.ErrSyntax, into: func() any { return new(memLists) }},
		{name: "1M [] into [][]byte, 5 last", elem: `[]`, n: m, bad: `[1,2,3,4,5]`, err: ssz.ErrListTooLong, into: func() any { return new(memLists) }},
		{name: "1M [] into [][]uint64", elem: `[]`, n: m, bad: `[-1]`, err: sszjson.ErrNumber, into: func() any { return new(memU64L) }},
		{name: "1M \"0x\" into [][]byte", elem: `"0x"`, n: m, bad: `"0x0"`, err: sszjson.ErrHex, into: func() any { return new(memLists) }},
		{name: "256K containers", elem: `{"x":0,"y":[0,0]}`, n: m / 4, bad: `{"x":-1,"y":[0,0]}`, err: sszjson.ErrNumber, into: func() any { return new(memConts) }},
		{name: "256K pointed containers", elem: `{"x":0,"y":"0x0000"}`, n: m / 4, bad: `{"x":0,"y":"0x00"}`, err: ssz.ErrSize, into: func() any { return new(memPtrs) }},
		{name: "20K containers, folded keys", elem: `{"` + strings.Repeat("_", 255) + `x":0,"Y":[0,0]}`, n: 20000,
			bad: `{"` + strings.Repeat("_", 255) + `x":-1,"Y":[0,0]}`, err: sszjson.ErrNumber, into: func() any { return new(memConts) }},
		{name: "256K None unions", elem: `{"selector":0,"value":null}`, n: m / 4, bad: `{"selector":9,"value":null}`, err: ssz.ErrUnion, into: func() any { return new(memUnions) }},
		{name: "256K uint16 unions", elem: `{"selector":1,"value":0}`, n: m / 4, bad: `{"selector":1,"value":65536}`, err: sszjson.ErrNumber, into: func() any { return new(memUnions) }},
		{name: "1M uint64 0s into a vector", elem: `0`, n: m, bad: `x`, err: sszjson.ErrSyntax, into: func() any { return new(memU64V) }},
		{name: "256K pointed containers, vector", elem: `{"x":0,"y":"0x0000"}`, n: m / 4, bad: `{"x":0,"y":"0x00"}`, err: ssz.ErrSize, into: func() any { return new(memPtrV) }},
		{name: "1M uint256 0s", elem: `0`, n: m, bad: `x`, err: sszjson.ErrSyntax, into: func() any { return new(memU256s) }},
		{name: "64 unions of 32 KiB", elem: bigUnionJSON, n: 64, bad: strings.Replace(bigUnionJSON, "1", "2", 1), err: ssz.ErrUnion,
			into: func() any { return new(memBigUnions) }},
		{name: "1M bitlists", elem: `"0x01"`, n: m, bad: `"0x00"`, err: ssz.ErrBitlist, into: func() any { return new(memBitlists) }},
		{name: "escaped hex", elem: `"0x` + strings.Repeat(`\u0030`, 2*m) + `"`, n: 1, bad: `"0x` + strings.Repeat(`\u0030`, 2*m-1) + `"`,
			err: sszjson.ErrHex, into: func() any { return new(memBytes) }},
	}
}

// allocated returns the bytes f allocates.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// memFactor is c of the promise: Unmarshal allocates at most the decoded
// value's own heap, each union's option value once more (unionCopiesOf)
// and c times the input (and memSlack).
const (
	memFactor = 1
	memSlack  = 64 << 10
)

// TestMemoryBound checks the promise on inputs of a million small
// elements: the accepted document allocates no more than the decoded
// value's own heap (heapOf), each union's option value once more
// (unionCopiesOf) and memFactor times the JSON; the refused
// twin, the same document with a bad last element, no more than the
// accepted one. For scale it logs what ssz.Unmarshal allocates for the
// same value.
func TestMemoryBound(t *testing.T) {
	if testing.Short() {
		t.Skip("inputs of megabytes")
	}
	for _, s := range memShapes() {
		good, bad := s.doc(s.elem), s.doc(s.bad)
		v := s.into()
		var err error
		goodAlloc := allocated(func() { err = sszjson.Unmarshal(good, v) })
		if err != nil {
			t.Fatalf("%s: the accepted twin: %v", s.name, err)
		}
		enc, err := ssz.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		heap := allocated(func() { err = ssz.Unmarshal(enc, s.into()) })
		if err != nil {
			t.Fatal(err)
		}
		badAlloc := allocated(func() { err = sszjson.Unmarshal(bad, s.into()) })
		if !errors.Is(err, s.err) {
			t.Errorf("%s: %v, want %v", s.name, err, s.err)
		}
		own, copies := heapOf(reflect.ValueOf(v)), unionCopiesOf(reflect.ValueOf(v))
		t.Logf("%-30s %8d bytes: accepted %10d (%5.2fx; the value %10d and unions' copies %8d, ssz.Unmarshal %10d), refused %10d (%5.2fx)", s.name, len(good),
			goodAlloc, float64(goodAlloc)/float64(len(good)), own, copies, heap, badAlloc, float64(badAlloc)/float64(len(bad)))
		if limit := own + copies + memFactor*uint64(len(good)) + memSlack; goodAlloc > limit {
			t.Errorf("%s: accepted, %d bytes allocated for %d of JSON, a value of %d and unions' copies of %d (limit %d)",
				s.name, goodAlloc, len(good), own, copies, limit)
		}
		if badAlloc > goodAlloc+memSlack {
			t.Errorf("%s: refused, %d bytes allocated, more than its accepted twin's %d", s.name, badAlloc, goodAlloc)
		}
	}
}

// TestMemoryRefusedEarly checks inputs refused at their start, or by
// their shape, allocate next to nothing whatever their size: a list of a
// million elements each too short to be one, a list over its limit, a
// million-deep nesting, a key of megabytes.
func TestMemoryRefusedEarly(t *testing.T) {
	if testing.Short() {
		t.Skip("inputs of megabytes")
	}
	const m = 1 << 20
	for _, c := range []struct {
		name string
		doc  string
		into any
		err  error
	}{
		{"1M {} into containers", `{"v":[` + strings.Repeat(`{},`, m) + `{}]}`, new(memConts), sszjson.ErrMissingField},
		{"1M {} into pointers", `{"v":[` + strings.Repeat(`{},`, m) + `{}]}`, new(memPtrs), sszjson.ErrMissingField},
		{"1M short unions", `{"v":[` + strings.Repeat(`{"selector":0},`, m) + `{}]}`, new(memUnions), sszjson.ErrMissingField},
		{"1M elements over a limit of 4", `{"v":[[` + strings.Repeat(`0,`, m) + `0]]}`, new(memU64L), ssz.ErrListTooLong},
		{"deep nesting", `{"v":` + strings.Repeat("[", m) + strings.Repeat("]", m) + `}`, new(memLists), sszjson.ErrType},
		{"long key", `{"` + strings.Repeat("k", m) + `":1}`, new(memU64s), sszjson.ErrUnknownField},
		{"long number", `{"v":[` + strings.Repeat("9", m) + `]}`, new(memU64s), sszjson.ErrNumber},
	} {
		var err error
		doc := []byte(c.doc)
		alloc := allocated(func() { err = sszjson.Unmarshal(doc, c.into) })
		if !errors.Is(err, c.err) {
			t.Errorf("%s: %v, want %v", c.name, err, c.err)
		}
		t.Logf("%-30s %8d bytes: %d allocated", c.name, len(c.doc), alloc)
		if alloc > memSlack {
			t.Errorf("%s: %d bytes allocated for %d of input", c.name, alloc, len(c.doc))
		}
	}
}

// TestMemoryUnionCopy checks the bound's union term on one union whose
// option is far larger in Go than in JSON (32 KiB from 2 KiB): the
// option is decoded into a value of its own, then copied into the
// union's interface (Go boxes a copy of a value that is not a pointer;
// reflect cannot box memory it did not copy), so it allocates the
// value's heap, the option once more and at most the input, with no
// slack for the copy to hide in.
func TestMemoryUnionCopy(t *testing.T) {
	doc := []byte(`{"v":[` + bigUnionJSON + `]}`)
	var v memBigUnions
	var err error
	total := ^uint64(0)
	for range 3 { // the least of three: no collector's or runtime's noise
		total = min(total, allocated(func() { v = memBigUnions{}; err = sszjson.Unmarshal(doc, &v) }))
		if err != nil {
			t.Fatal(err)
		}
	}
	own, copies := heapOf(reflect.ValueOf(v)), unionCopiesOf(reflect.ValueOf(v))
	t.Logf("%d bytes of JSON: %d allocated, the value's heap %d, the union's copy %d", len(doc), total, own, copies)
	if copies != 32<<10 {
		t.Errorf("the union's copy counted as %d bytes, want %d", copies, 32<<10)
	}
	if limit := own + copies + uint64(len(doc)); total > limit {
		t.Errorf("%d bytes allocated, more than the value's heap %d, the union's copy %d and the input %d (%d)", total, own, copies, len(doc), limit)
	}
}

// unionCopiesOf returns the bytes of the copies of v's unions' option
// values Unmarshal makes besides their boxes (heapOf counts those): each
// option's Go value once more (its own bytes, not what it points to),
// in allocator sizes; the None option has no value and no copy.
func unionCopiesOf(v reflect.Value) uint64 {
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			return 0
		}
		return unionCopiesOf(v.Elem())
	case reflect.Slice, reflect.Array:
		n := uint64(0)
		for i := range v.Len() {
			n += unionCopiesOf(v.Index(i))
		}
		return n
	case reflect.Interface:
		if v.IsNil() {
			return 0
		}
		e := v.Elem()
		return allocSize(uint64(e.Type().Size())) + unionCopiesOf(e)
	case reflect.Struct:
		n := uint64(0)
		for i := range v.NumField() {
			n += unionCopiesOf(v.Field(i))
		}
		return n
	}
	return 0
}

// heapOf returns the bytes of heap a Go value holds: the arrays of its
// slices (to their capacity), what its pointers point to and the boxes
// of its interfaces' values, each rounded up as the allocator rounds it.
func heapOf(v reflect.Value) uint64 {
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			return 0
		}
		return allocSize(uint64(v.Type().Elem().Size())) + heapOf(v.Elem())
	case reflect.Slice:
		if v.Cap() == 0 {
			return 0
		}
		n := allocSize(uint64(v.Cap()) * uint64(v.Type().Elem().Size()))
		for i := range v.Len() {
			n += heapOf(v.Index(i))
		}
		return n
	case reflect.Interface:
		if v.IsNil() {
			return 0
		}
		e := v.Elem()
		if e.Kind() == reflect.Pointer {
			return heapOf(e)
		}
		return allocSize(uint64(e.Type().Size())) + heapOf(e)
	case reflect.Struct:
		n := uint64(0)
		for i := range v.NumField() {
			n += heapOf(v.Field(i))
		}
		return n
	case reflect.Array:
		n := uint64(0)
		for i := range v.Len() {
			n += heapOf(v.Index(i))
		}
		return n
	}
	return 0
}

// sizeClasses are the Go allocator's object sizes up to 32 KiB.
var sizeClasses = []uint64{8, 16, 24, 32, 48, 64, 80, 96, 112, 128, 144, 160, 176, 192, 208, 224, 240, 256,
	288, 320, 352, 384, 416, 448, 480, 512, 576, 640, 704, 768, 896, 1024, 1152, 1280, 1408, 1536, 1792,
	2048, 2304, 2688, 3072, 3200, 3456, 4096, 4864, 5376, 6144, 6528, 6784, 6912, 8192, 9472, 9728, 10240,
	10880, 12288, 13568, 14336, 16384, 18432, 19072, 20480, 21760, 24576, 27264, 28672, 32768}

// allocSize is the heap an allocation of n bytes takes: its size class,
// or whole pages for a large object; n itself below 16 bytes, which the
// tiny allocator packs (close enough for the pointer-free values here).
func allocSize(n uint64) uint64 {
	switch {
	case n == 0:
		return 0
	case n < 16:
		return n
	case n > 32768:
		return (n + 8191) &^ 8191
	}
	for _, c := range sizeClasses {
		if c >= n {
			return c
		}
	}
	return n
}
