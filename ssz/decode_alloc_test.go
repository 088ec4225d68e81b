package ssz_test

import (
	"encoding/binary"
	"errors"
	"fmt"
	"reflect"
	"runtime"
	"testing"

	"github.com/lanehash/lanehash/internal/hostile"
	"github.com/lanehash/lanehash/internal/sszrand"
	"github.com/lanehash/lanehash/ssz"
)

// The allocation bounds the decoder keeps (see docs/guarantees.md, Bytes):
//
//   - an input that fails allocates at most inputFactor bytes per input
//     byte, plus the Go size of the top value and of one element being
//     decoded, plus allocFloor;
//   - an input that decodes allocates at most that plus valueFactor times
//     the heap the decoded value holds (slices grown by doubling, a union
//     option copied into its interface).
//
// inputFactor covers the Go headers of the smallest serialized values: a
// one-byte bitvector held in a slice is a 24-byte header and a 16-byte
// block, a one-byte container behind a pointer an 8-byte pointer and a
// 16-byte block.
const (
	inputFactor = 64
	valueFactor = 3
	allocFloor  = 64 << 10
)

// allocated returns the bytes the heap allocated while f ran.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// decodeAlloc decodes b into a fresh value of typ and returns the
// value, the bytes allocated and the error. The decoder compiles a
// type on its first decode and keeps it (as TypeOf keeps descriptors):
// that is the type's cost, tens of kilobytes for a block body whatever
// the input, so a decode of the same input makes it before the
// measure (a decode of nothing may stop before the parts the input
// reaches, and the compiled forms are a bounded cache that earlier
// tests' types may have evicted them from).
func decodeAlloc(typ *ssz.Type, b []byte) (reflect.Value, uint64, error) {
	_ = ssz.UnmarshalValue(typ, b, reflect.New(typ.Go).Elem())
	v := reflect.New(typ.Go).Elem()
	var err error
	n := allocated(func() { err = ssz.UnmarshalValue(typ, b, v) })
	return v, n, err
}

// randomEncoding returns the encoding of a random value of T drawn by
// fl.
func randomEncoding[T any](tb testing.TB, fl sszrand.Filler) []byte {
	tb.Helper()
	typ, err := ssz.TypeFor[T]()
	if err != nil {
		tb.Fatal(err)
	}
	v := reflect.New(typ.Go).Elem()
	fl.Fill(typ, v)
	enc, err := ssz.MarshalValue(typ, v)
	if err != nil {
		tb.Fatal(err)
	}
	return enc
}

// checkAlloc checks one decode's allocation against the bounds above:
// elem is the Go size of the largest element the decoder may hold while
// it fails (the element being decoded), and held the heap of the decoded
// value when it decoded.
func checkAlloc(typ *ssz.Type, b []byte, err error, v reflect.Value, got, elem uint64) error {
	limit := inputFactor*uint64(len(b)) + uint64(typ.Go.Size()) + elem + allocFloor
	what := "failing"
	if err == nil {
		limit += valueFactor * deepSize(v)
		what = "decoded"
	}
	if got > limit {
		return fmt.Errorf("%s input of %d bytes allocated %d bytes, bound %d (error %v)", what, len(b), got, limit, err)
	}
	return nil
}

// deepSize returns the heap bytes reachable from v (not counting v
// itself), each block rounded up as the allocator's size classes do
// (at least 16 bytes, then within an eighth), and the elements of a
// slice counted up to its length but its block at its capacity.
func deepSize(v reflect.Value) uint64 {
	block := func(n uint64) uint64 {
		switch {
		case n == 0:
			return 0
		case n <= 16:
			return 16
		}
		return (n + 15) &^ 15 * 9 / 8
	}
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			return 0
		}
		return block(uint64(v.Type().Elem().Size())) + deepSize(v.Elem())
	case reflect.Slice:
		n := block(uint64(v.Cap()) * uint64(v.Type().Elem().Size()))
		if hasPointers(v.Type().Elem()) {
			for i := 0; i < v.Len(); i++ {
				n += deepSize(v.Index(i))
			}
		}
		return n
	case reflect.Interface:
		if v.IsNil() {
			return 0
		}
		e := v.Elem()
		if e.Kind() == reflect.Pointer {
			return deepSize(e)
		}
		return block(uint64(e.Type().Size())) + deepSize(e)
	case reflect.Struct:
		var n uint64
		for i := 0; i < v.NumField(); i++ {
			n += deepSize(v.Field(i))
		}
		return n
	case reflect.Array:
		var n uint64
		if hasPointers(v.Type().Elem()) {
			for i := 0; i < v.Len(); i++ {
				n += deepSize(v.Index(i))
			}
		}
		return n
	}
	return 0
}

// hasPointers reports whether a value of t can hold heap memory.
func hasPointers(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Array:
		return t.Len() > 0 && hasPointers(t.Elem())
	case reflect.Struct:
		for i := 0; i < t.NumField(); i++ {
			if hasPointers(t.Field(i).Type) {
				return true
			}
		}
		return false
	case reflect.Pointer, reflect.Slice, reflect.Interface, reflect.Map, reflect.String, reflect.Chan, reflect.Func:
		return true
	}
	return false
}

// Elements whose Go size is far from their serialized minimum, the two
// ways an element count could be multiplied into a huge allocation.
type (
	// bigFixed serializes to at least 1 MiB + 4 bytes: an offset table
	// claiming n of them in 4n bytes lies.
	bigFixed struct {
		L []byte `ssz-max:"8"`
		V [1 << 20]byte
	}
	// goOnly serializes to 4 bytes at least but is 1 MiB in Go: its
	// elements may be many and still valid, so the decoder grows them.
	goOnly struct {
		L   []byte        `ssz-max:"8"`
		Pad [1 << 20]byte `ssz:"-"`
	}
)

// The types of the hostile inputs: each holds elements in one position.
type (
	allocListBig struct {
		L []bigFixed `ssz-max:"1048576"`
	}
	allocListGoOnly struct {
		L []goOnly `ssz-max:"1048576"`
	}
	allocVectorGoOnly struct {
		V []goOnly `ssz-size:"8192"`
	}
	allocProgBig struct {
		L []bigFixed `ssz-type:"progressive-list"`
	}
	allocNested struct {
		L [][]goOnly `ssz-max:"4,1048576"`
	}
	allocArrays struct {
		L [][4]goOnly `ssz-max:"1048576"`
	}
	allocPointers struct {
		L []*goOnly `ssz-max:"1048576"`
	}
	allocUnion struct {
		U ssz.Union[struct {
			None ssz.None
			L    []goOnly `ssz-max:"1048576"`
		}]
	}
	allocCompat struct {
		U ssz.CompatibleUnion[struct {
			L []bigFixed `ssz-max:"1048576"`
		}]
	}
	allocProgContainer struct {
		A uint8      `ssz-index:"0"`
		L []bigFixed `ssz-index:"2" ssz-max:"1048576"`
	}
	allocBitlist struct {
		B []byte `ssz:"bitlist" ssz-max:"1048576"`
	}
	allocValidGoOnly struct {
		L []goOnly `ssz-max:"64"`
	}
)

// hostileAlloc is one decode the allocation bound must hold for: a type,
// an input, the error it must fail with (nil: it decodes) and the Go
// size of one element.
type hostileAlloc struct {
	name string
	typ  reflect.Type
	in   []byte
	want error
	elem uint64
}

// offsets returns size bytes starting with an offset table of n
// entries all equal to 4n (every element empty), zeros after it.
func offsets(size, n int) []byte {
	b := make([]byte, size)
	for i := 0; i < n; i++ {
		binary.LittleEndian.PutUint32(b[4*i:], uint32(4*n))
	}
	return b
}

// prefixed returns p followed by b.
func prefixed(p []byte, b []byte) []byte { return append(append([]byte{}, p...), b...) }

// goOnlyList encodes n valid goOnly elements (each an offset to its
// empty list).
func goOnlyList(n int) []byte {
	b := offsets(8*n, n)
	for i := 0; i < n; i++ {
		binary.LittleEndian.PutUint32(b[4*i:], uint32(4*n+4*i))
		binary.LittleEndian.PutUint32(b[4*n+4*i:], 4)
	}
	return b
}

// hostileAllocs are the inputs of issue #20 class 5 and their kin in
// every position that holds elements: lists, vectors held as slices,
// progressive lists, nested lists, arrays in lists, union and compatible
// union options, progressive container fields, bitlists.
func hostileAllocs() []hostileAlloc {
	const kib64 = 64 << 10
	const mib = 1 << 20
	// 16384 offsets claiming 16384 bigFixed elements: 17 GB in Go.
	claimBig := offsets(kib64, kib64/4)
	// 8192 empty goOnly elements, each of which fails (no room for its
	// own offset): 8 GB in Go if made at once.
	claimGoOnly := offsets(kib64, kib64/8)
	field := func(b []byte) []byte { return prefixed([]byte{4, 0, 0, 0}, b) } // one variable field
	bits := make([]byte, kib64)
	bits[len(bits)-1] = 1
	return []hostileAlloc{
		{"list of 1 MiB elements claimed by 4-byte offsets", reflect.TypeFor[allocListBig](), field(claimBig), ssz.ErrSize, mib},
		{"list of Go-only 1 MiB elements", reflect.TypeFor[allocListGoOnly](), field(claimGoOnly), ssz.ErrSize, mib},
		{"vector of Go-only 1 MiB elements held as a slice", reflect.TypeFor[allocVectorGoOnly](), field(claimGoOnly), ssz.ErrSize, mib},
		{"progressive list of 1 MiB elements", reflect.TypeFor[allocProgBig](), field(claimBig), ssz.ErrSize, mib},
		{"list in a list of Go-only elements", reflect.TypeFor[allocNested](), field(prefixed([]byte{4, 0, 0, 0}, claimGoOnly)), ssz.ErrSize, mib},
		{"list of arrays of Go-only elements", reflect.TypeFor[allocArrays](), field(offsets(kib64, kib64/36)), ssz.ErrSize, 4 * mib},
		{"list of pointers to Go-only elements", reflect.TypeFor[allocPointers](), field(claimGoOnly), ssz.ErrSize, mib},
		{"union option of Go-only elements", reflect.TypeFor[allocUnion](), field(prefixed([]byte{1}, claimGoOnly)), ssz.ErrSize, mib},
		{"compatible union option of 1 MiB elements", reflect.TypeFor[allocCompat](), field(prefixed([]byte{1}, claimBig)), ssz.ErrSize, mib},
		{"progressive container field of 1 MiB elements", reflect.TypeFor[allocProgContainer](), prefixed([]byte{7, 5, 0, 0, 0}, claimBig), ssz.ErrSize, mib},
		{"bitlist of 64 KiB", reflect.TypeFor[allocBitlist](), field(bits), nil, 0},
		{"64 valid Go-only elements (grown, not made at once)", reflect.TypeFor[allocValidGoOnly](), field(goOnlyList(64)), nil, mib},
	}
}

// runHostileAlloc decodes one hostile input and checks its error and
// allocation.
func runHostileAlloc(c hostileAlloc) error {
	typ, err := ssz.TypeOf(c.typ)
	if err != nil {
		return err
	}
	v, got, err := decodeAlloc(typ, c.in)
	switch {
	case c.want == nil && err != nil:
		return fmt.Errorf("error %v, want none", err)
	case c.want != nil && !errors.Is(err, c.want):
		return fmt.Errorf("error %v, want %v", err, c.want)
	}
	var se *ssz.Error
	if err != nil && !errors.As(err, &se) {
		return fmt.Errorf("error %v is not an *ssz.Error", err)
	}
	if err == nil {
		back, merr := ssz.MarshalValue(typ, v)
		if merr != nil || string(back) != string(c.in) {
			return fmt.Errorf("decoded value does not encode back (%v)", merr)
		}
	}
	return checkAlloc(typ, c.in, err, v, got, c.elem)
}

// TestUnmarshalHostileAlloc decodes every hostile input in a child
// process capped at 3 GiB (hostile.DefaultLimits): an allocation the
// input does not back (17 GB from 64 KiB on the old decoder) kills the
// child and fails its case; one under the cap but over the bound fails
// it too.
func TestUnmarshalHostileAlloc(t *testing.T) {
	var cases []hostile.Case
	for _, c := range hostileAllocs() {
		cases = append(cases, hostile.Case{Name: c.name, Run: func() error { return runHostileAlloc(c) }})
	}
	hostile.Isolated(t, cases, hostile.DefaultLimits)
}
