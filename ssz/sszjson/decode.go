package sszjson

import (
	"encoding/binary"
	"fmt"
	"math/bits"
	"reflect"
	"unsafe"

	"github.com/lanehash/lanehash/internal/carve"
	"github.com/lanehash/lanehash/internal/sszlayout"
	"github.com/lanehash/lanehash/internal/structfield"
	"github.com/lanehash/lanehash/ssz"
)

// Unmarshal decodes the JSON document data into v, which must be a
// non-nil pointer to a value of an SSZ type (see package ssz), strictly:
// see the package documentation for what is refused. Options are
// ssz.TypeOf's (ssz.WithSpec for the minimal preset). Errors are *Error
// naming the value's path and the byte of data at fault.
//
// It allocates no more than the input justifies: the decoded value's
// own heap, each union's option value once more, and at most once the
// input's size and 16 KiB (see "Memory" in the package documentation).
func Unmarshal(data []byte, v any, opts ...ssz.Option) error {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		return &Error{Offset: -1, Err: fmt.Errorf("%w: Unmarshal needs a non-nil pointer, not %T", ssz.ErrValue, v)}
	}
	t, err := ssz.TypeOf(rv.Type().Elem(), opts...)
	if err != nil {
		return err
	}
	return UnmarshalValue(t, data, rv.Elem())
}

// UnmarshalValue decodes data into v, a settable value of the Go type t
// was built for, as Unmarshal does. On error v may be partly written. A
// descriptor that does not describe its Go type (one made by hand) is
// refused before anything is read with ssz.CheckDescriptor's error, an
// *ssz.Error wrapping ssz.ErrValue.
func UnmarshalValue(t *ssz.Type, data []byte, v reflect.Value) error {
	if err := ssz.CheckDescriptor(t); err != nil {
		return err
	}
	if !v.IsValid() || v.Type() != t.Go || !v.CanSet() {
		return &Error{Offset: -1, Err: fmt.Errorf("%w: want a settable %s", ssz.ErrValue, t.Go)}
	}
	d := &decoder{data: data}
	defer d.putScratches()
	lo := d.ws(0)
	if lo == len(data) {
		return rootError(fail(lo, ErrSyntax, "no value"))
	}
	hi, err := d.value(t, v, lo, 0)
	if err != nil {
		return rootError(err)
	}
	if end := d.ws(hi); end != len(data) {
		return rootError(fail(end, ErrSyntax, "data after the value: %s", d.quote(end)))
	}
	return nil
}

// The reader is a parser that recurses on the type, never on the input:
// value reads the JSON value at a byte as a value of a type, and returns
// where it ends. It refuses exactly what, and where, a reader that first
// scanned each object for its keys (each member's value skipped) and
// then read the fields in field order would: that reader is kept as the
// oracle of TestDecoderMatchesOracle. An object in the written form is
// read in one pass, each value parsed where its key is (container); at
// its first member that is not, or whose value does not read, finish
// scans the rest as that reader did, and the first fault of the scan,
// then a missing field, then the first field in field order that does
// not read is the error. A list is read in one pass (list): its
// elements into a pooled scratch as they come, its slice made of the
// exact count at its closing bracket; a vector the input can hold, in
// place into its slice of the vector's length; on a fault either is
// counted by skipping (the count checked against the vector's length or
// the list's limit, each element against the fewest bytes a value of
// its type takes), the count's fault first. Booleans and integers are
// parsed straight into Go memory, hex decoded straight into the bytes.
// Nesting deeper than the type is a wrong JSON type where it starts;
// what the reader keeps besides the value is one span per field of the
// containers on the current path (reused level by level), one
// unescaped string and the lists' scratch slices (scratch.go).

// decoder holds the document and the buffers the walk reuses.
type decoder struct {
	data []byte
	// unesc holds an unescaped string.
	unesc []byte
	// keysT and keys are the container type last read and its keys
	// (keysOf's memo is a sync.Map: a list of containers looks it up
	// once, not per element).
	keysT *ssz.Type
	keys  *fieldKeys
	// free is where small pointer-free slices are carved from.
	free carve.Blocks
	// spans holds, for each nesting depth, the spans of the fields of
	// the container being read there: one buffer per depth, reused by
	// every container read at it (the walk finishes one before it
	// starts the next).
	spans [][]span
	// unescaped is the bytes allocated for unesc in all; spent, those of
	// lists' scratch and pointee chunks' tails; granted, what of them
	// scratchAllowance paid for: the reader's allocations besides the
	// value, which listBudget bounds by the input (scratch.go).
	unescaped, spent, granted uint64
	// scratches are the slices lists are read into (scratch.go).
	scratches *scratchSet
}

// span is a value's bytes, [lo, hi), and whether it has been read into
// its field; the zero span is none.
type span struct {
	lo, hi int
	read   bool
}

// value reads the JSON value at byte lo (not white space) into v, a
// settable value of t's Go type (or, for an option of a union, of
// the option's), at nesting depth depth, and returns the end of the
// value.
func (d *decoder) value(t *ssz.Type, v reflect.Value, lo, depth int) (int, error) {
	if v.Kind() == reflect.Pointer {
		// JSON spells out every value: what a pointer points to is
		// always there.
		p := reflect.New(v.Type().Elem())
		v.Set(p)
		v = p.Elem()
	}
	switch t.Kind {
	case ssz.KindBool:
		b, hi, err := d.boolAt(lo)
		if err != nil {
			return hi, err
		}
		v.SetBool(b)
		return hi, nil
	case ssz.KindUint8, ssz.KindUint16, ssz.KindUint32, ssz.KindUint64:
		x, hi, err := d.uintAt(lo, 8*int(t.Size))
		if err != nil {
			return hi, err
		}
		v.SetUint(x)
		return hi, nil
	case ssz.KindUint128, ssz.KindUint256:
		return d.bigUint(t, v, lo)
	case ssz.KindBitvector, ssz.KindBitlist, ssz.KindProgressiveBitlist:
		return d.bitfield(t, v, lo)
	case ssz.KindVector, ssz.KindList, ssz.KindProgressiveList:
		return d.sequence(t, v, lo, depth)
	case ssz.KindContainer, ssz.KindProgressiveContainer:
		return d.container(t, v, lo, depth)
	case ssz.KindUnion, ssz.KindCompatibleUnion:
		return d.union(t, v, lo, depth)
	}
	return lo, fail(lo, ssz.ErrUnsupported, "kind %s", t.Kind)
}

// bigUint parses a uint128 or uint256 into v, a [16]byte, [2]uint64,
// [32]byte or [4]uint64 array (named or not, uint256.Int among them; a
// *uint256.Int's pointee), little-endian as package ssz stores them.
func (d *decoder) bigUint(t *ssz.Type, v reflect.Value, lo int) (int, error) {
	c := d.data[lo]
	if c != '"' && !isNumberStart(c) {
		return lo, d.scalarError(lo, d.endOf(lo), "an unsigned integer")
	}
	hi := d.tokenEnd(lo)
	if c == '"' {
		var err error
		if hi, err = d.skipString(lo); err != nil {
			return hi, err
		}
	}
	b, err := d.digits(lo, hi)
	if err != nil {
		return hi, err
	}
	var limbs [4]uint64 // little-endian limbs of the value so far
	words := int(t.Size / 8)
	for _, c := range b {
		carry := uint64(c - '0')
		for i := range words {
			h, l := bits.Mul64(limbs[i], 10)
			l, c := bits.Add64(l, carry, 0)
			limbs[i], carry = l, h+c
		}
		if carry != 0 {
			return hi, fail(lo, ErrNumber, "out of range for %s", t.Kind)
		}
	}
	if v.Type().Elem().Kind() == reflect.Uint64 {
		for i := range words {
			v.Index(i).SetUint(limbs[i])
		}
		return hi, nil
	}
	out := v.Bytes()
	for i := range words {
		binary.LittleEndian.PutUint64(out[8*i:], limbs[i])
	}
	return hi, nil
}

// hexDigits returns the digits of the "0x" hex string at [lo, hi).
func (d *decoder) hexDigits(lo, hi int) ([]byte, error) {
	s, err := d.str(lo, hi)
	if err != nil {
		return nil, err
	}
	if len(s) < 2 || s[0] != '0' || s[1] != 'x' {
		return nil, fail(lo, ErrHex, `want "0x" and hex digits, got %s`, d.quote(lo))
	}
	s = s[2:]
	if len(s)%2 != 0 {
		return nil, fail(lo, ErrHex, "odd number of hex digits (%d)", len(s))
	}
	return s, nil
}

// hexString returns the end of the "0x" hex string at byte lo and its
// digits.
func (d *decoder) hexString(lo int) (int, []byte, error) {
	// The written form, "0x" and an even number of hex digits, is taken
	// at once; anything else (escapes too) is checked by str.
	b := d.data
	if len(b)-lo >= 4 && b[lo] == '"' && b[lo+1] == '0' && b[lo+2] == 'x' {
		if j := hexDigitsEnd(b, lo+3); j < len(b) && b[j] == '"' && (j-lo-3)%2 == 0 {
			return j + 1, b[lo+3 : j], nil
		}
	}
	if d.data[lo] != '"' {
		return lo, nil, d.scalarError(lo, d.endOf(lo), `a "0x" hex string`)
	}
	hi, err := d.skipString(lo)
	if err != nil {
		return hi, nil, err
	}
	s, err := d.hexDigits(lo, hi)
	return hi, s, err
}

// bitfield parses a bitvector's or bitlist's SSZ bytes in hex, straight
// into the Go array or a new slice, and checks them as package ssz does:
// a bitvector's unused bits clear, a bitlist's delimiter bit there and
// its bits within the limit.
func (d *decoder) bitfield(t *ssz.Type, v reflect.Value, lo int) (int, error) {
	hi, s, err := d.hexString(lo)
	if err != nil {
		return hi, err
	}
	size := uint64(len(s) / 2)
	switch t.Kind {
	case ssz.KindBitvector:
		if size != t.Size {
			return hi, fail(lo, ssz.ErrSize, "%d bytes for %s (%d bytes)", size, t, t.Size)
		}
	case ssz.KindBitlist:
		if size > t.Limit/8+1 {
			return hi, fail(lo, ssz.ErrListTooLong, "%d bytes for %s (at most %d)", size, t, t.Limit/8+1)
		}
	}
	if v.Kind() == reflect.Slice {
		d.makeSlice(v, int(size))
	}
	b := v.Bytes()
	if err := d.decodeHex(lo, b, s); err != nil {
		return hi, err
	}
	if t.Kind == ssz.KindBitvector {
		if extra := t.Length % 8; extra != 0 && b[len(b)-1]>>extra != 0 {
			return hi, fail(lo, ssz.ErrBitvector, "bits set beyond bit %d", t.Length)
		}
		return hi, nil
	}
	if len(b) == 0 {
		return hi, fail(lo, ssz.ErrBitlist, "empty bitlist has no delimiter bit")
	}
	last := b[len(b)-1]
	if last == 0 {
		return hi, fail(lo, ssz.ErrBitlist, "no delimiter bit in last byte")
	}
	if n := uint64(len(b)-1)*8 + uint64(bits.Len8(last)) - 1; t.Kind == ssz.KindBitlist && n > t.Limit {
		return hi, fail(lo, ssz.ErrListTooLong, "%d bits, limit %d", n, t.Limit)
	}
	return hi, nil
}

// checkCount checks an element count of sequence t as it grows: at most
// the vector's length or the list's limit.
func checkCount(t *ssz.Type, k uint64, at int) error {
	switch {
	case t.Kind == ssz.KindVector && k > t.Length:
		return fail(at, ssz.ErrSize, "more than %d elements for %s", t.Length, t)
	case t.Kind == ssz.KindList && k > t.Limit:
		return fail(at, ssz.ErrListTooLong, "more than %d elements for %s", t.Limit, t)
	}
	return nil
}

// checkExact checks the final element count k of sequence t, which
// starts at byte lo.
func checkExact(t *ssz.Type, k uint64, lo int) error {
	if t.Kind == ssz.KindVector && k != t.Length {
		return fail(lo, ssz.ErrSize, "%d elements for %s", k, t)
	}
	return checkCount(t, k, lo)
}

// basicElem reports whether the elements of a sequence of t are parsed
// straight into its memory: booleans and unsigned integers up to 64
// bits, which the Go value holds as Go bools or unsigned integers of
// the SSZ size, named or not.
func basicElem(t *ssz.Type) bool {
	switch t.Kind {
	case ssz.KindBool, ssz.KindUint8, ssz.KindUint16, ssz.KindUint32, ssz.KindUint64:
		return true
	}
	return false
}

// sequence reads a vector or list: a byte string (sszlayout.IsBytes,
// the writer's own test) as hex or as an array of numbers, anything
// else as an array.
func (d *decoder) sequence(t *ssz.Type, v reflect.Value, lo, depth int) (int, error) {
	switch c := d.data[lo]; {
	case c == '"' && sszlayout.IsBytes(t):
		return d.byteString(t, v, lo)
	case c != '[':
		if sszlayout.IsBytes(t) {
			return lo, d.scalarError(lo, d.endOf(lo), `a "0x" hex string`)
		}
		return lo, d.scalarError(lo, d.endOf(lo), "an array")
	case basicElem(t.Elem):
		return d.basicSequence(t, v, lo)
	}
	return d.elements(t, v, lo, depth)
}

// byteString reads a byte vector or list given as hex.
func (d *decoder) byteString(t *ssz.Type, v reflect.Value, lo int) (int, error) {
	// A vector's written form, "0x" and its 2×length digits, is decoded
	// straight into it, its digits checked as they are decoded: one pass.
	b, made := d.data, false
	if end := lo + 3 + 2*int(t.Length); t.Kind == ssz.KindVector && t.Length <= uint64(len(b)-lo)/2 &&
		end < len(b) && b[end] == '"' && b[lo+1] == '0' && b[lo+2] == 'x' {
		if v.Kind() == reflect.Slice {
			d.makeSlice(v, int(t.Length))
			made = true
		}
		if decodeDigits(v.Bytes(), b[lo+3:end]) {
			return end + 1, nil
		}
	}
	hi, s, err := d.hexString(lo)
	if err != nil {
		return hi, err
	}
	k := uint64(len(s) / 2)
	if err := checkExact(t, k, lo); err != nil {
		return hi, err
	}
	if !made && v.Kind() == reflect.Slice {
		// (Made above, it has k bytes, k being the vector's length.)
		d.makeSlice(v, int(k))
	}
	return hi, d.decodeHex(lo, v.Bytes(), s)
}

// basicSequence reads an array of booleans or integers into v: into an
// array as it goes; a list in one pass (list); a vector in a slice,
// into a new slice of its length. Either way each element is written
// straight into Go memory.
func (d *decoder) basicSequence(t *ssz.Type, v reflect.Value, lo int) (int, error) {
	n := v.Len() // an array's
	// A vector in a slice is read in one pass (fixedLength), its faults
	// checked against count's; an array's are read in one pass anyway;
	// a vector the input left cannot hold is counted first.
	fixed := false
	if v.Kind() == reflect.Slice {
		if t.Kind != ssz.KindVector {
			return d.list(t, v, lo, 0)
		}
		if n, fixed = d.fixedLength(t, v, lo); !fixed {
			var err error
			if n, _, err = d.count(t, lo, 0); err != nil {
				return lo, err
			}
		}
		d.makeSlice(v, n)
	}
	hi, err := d.basicElements(t, p0(v, n), n, lo, d.ws(lo+1), 0)
	if err != nil && fixed {
		err = d.recount(t, lo, 0, err)
	}
	return hi, err
}

// p0 is the address of the first of the n elements of v, an array or
// a slice.
func p0(v reflect.Value, n int) unsafe.Pointer {
	if n == 0 {
		return nil
	}
	return v.Index(0).Addr().UnsafePointer()
}

// basicElements reads the array at byte lo, from its element k at byte
// i (the first element's or the closing bracket's, for k = 0), into
// the n booleans or integers of t's element type at p, and returns the
// end of the array: more than n elements are an error, at the first one
// too many.
func (d *decoder) basicElements(t *ssz.Type, p unsafe.Pointer, n, lo, i, k int) (int, error) {
	b := d.data
	if k == 0 && i < len(b) && b[i] == ']' {
		return i + 1, checkExact(t, 0, lo)
	}
	for ; ; k++ {
		if i >= len(b) {
			return i, fail(lo, ErrSyntax, "unterminated array")
		}
		if k == n {
			// Only an array or a vector not counted gets here: a
			// list was counted, or read into a scratch.
			return i, checkCount(t, uint64(k)+1, i)
		}
		hi, err := d.basicAt(t.Elem, p, k, i)
		if err != nil {
			return hi, elemErr(k, err)
		}
		var done bool
		if i, done, err = d.separator(lo, '[', ']', hi); err != nil || done {
			if err == nil {
				err = checkExact(t, uint64(k)+1, lo)
			}
			return i, err
		}
	}
}

// basicAt parses the boolean or integer of type et at byte i into
// element k of the elements at p, and returns its end.
func (d *decoder) basicAt(et *ssz.Type, p unsafe.Pointer, k, i int) (int, error) {
	if et.Kind == ssz.KindBool {
		x, hi, err := d.boolAt(i)
		*(*bool)(unsafe.Add(p, k)) = x
		return hi, err
	}
	x, hi, err := d.uintAt(i, 8*int(et.Size))
	switch et.Size {
	case 1:
		*(*uint8)(unsafe.Add(p, k)) = uint8(x)
	case 2:
		*(*uint16)(unsafe.Add(p, 2*k)) = uint16(x)
	case 4:
		*(*uint32)(unsafe.Add(p, 4*k)) = uint32(x)
	default:
		*(*uint64)(unsafe.Add(p, 8*k)) = x
	}
	return hi, err
}

// count scans the array at byte lo for its elements and returns their
// count, checked against the vector's length or the list's limit as it
// grows and at the end. An element shorter than any JSON of a valid
// value of its type is read at once, for its error: so each element
// counted stands for at least minJSON bytes of input, and a million {}
// for a list of containers cost no slice of a million containers.
//
// It returns the count and the end of the array; the elements are at
// depth.
func (d *decoder) count(t *ssz.Type, lo, depth int) (int, int, error) {
	return d.countFrom(t, lo, d.ws(lo+1), 0, depth)
}

// countFrom is count resumed at element k, which starts at byte i (for
// k = 0, the first element's or the closing bracket's byte): the
// elements before it were read, and passed what count checks. It
// returns the count of all the elements.
func (d *decoder) countFrom(t *ssz.Type, lo, i, k, depth int) (int, int, error) {
	// members(lo, '[', …) with its callback written in: it runs once per
	// element of every list.
	least := minJSON(t.Elem)
	b := d.data
	if k == 0 && i < len(b) && b[i] == ']' {
		return 0, i + 1, checkExact(t, 0, lo)
	}
	for ; ; k++ {
		if i >= len(b) {
			return k, i, fail(lo, ErrSyntax, "unterminated array")
		}
		elo := i
		ehi, err := d.skip(i)
		if err != nil {
			return k, ehi, err
		}
		if err := checkCount(t, uint64(k)+1, elo); err != nil {
			return k, ehi, err
		}
		if uint64(ehi-elo) < least {
			if _, err := d.value(t.Elem, reflect.New(t.Elem.Go).Elem(), elo, depth); err != nil {
				return k, ehi, elemErr(k, err)
			}
		}
		var done bool
		if i, done, err = d.separator(lo, '[', ']', ehi); err != nil || done {
			if err == nil {
				err = checkExact(t, uint64(k)+1, lo)
			}
			return k + 1, i, err
		}
	}
}

// The budget of an element slice: it is made in one piece when its Go
// size is within allocPerByte bytes per byte of the array's JSON (plus
// allocSlack). Every SSZ type's elements are (a uint256 "0," takes 32
// bytes in Go for 2 of JSON, an empty list "[]," 24 for 3, a uint64 "0,"
// 8 for 2); elements far larger in Go than in JSON (structs with bulk the
// SSZ type leaves out) start there and double as elements are reached,
// so an input refused early allocates in proportion to itself and to
// what it read, as package ssz's decoder does.
const (
	allocPerByte = 16
	allocSlack   = 4 << 10
)

// fixedLength returns the length of vector t, whose array starts at
// byte lo, when it is read without being counted first, into v (an
// array of that length, or a slice it makes of it): when the input left
// can hold that many elements (minJSON of the vector), and their Go
// size is within the budget of the input left, as a counted array's is
// of its own JSON. An input refused then allocates what its twin with
// the fault fixed would (the vector, of its length), and a short input
// nothing. Its faults are found as it is read, and recount picks the
// one count would have found first.
func (d *decoder) fixedLength(t *ssz.Type, v reflect.Value, lo int) (int, bool) {
	left := uint64(len(d.data) - lo)
	if t.Kind != ssz.KindVector || t.Length == 0 || minJSON(t) > left {
		return 0, false
	}
	// (minJSON(t) is at least 2 per element: t.Length fits an int.)
	n := int(t.Length)
	if v.Kind() == reflect.Array {
		return n, v.Len() == n
	}
	over, total := bits.Mul64(t.Length, uint64(v.Type().Elem().Size()))
	return n, over == 0 && total <= allocPerByte*left+allocSlack
}

// recount returns the error of the array t at byte lo that was read in
// one pass (a vector by fixedLength, a list by list) and failed with
// err: count's, when it finds one (the fault a reader that counts first
// finds first), else err (the first element that does not read: count
// found all well before it). Its elements are at depth.
func (d *decoder) recount(t *ssz.Type, lo, depth int, err error) error {
	if _, _, cerr := d.count(t, lo, depth); cerr != nil {
		return cerr
	}
	return err
}

// elements reads an array of composite values (containers, unions,
// sequences, uint128/256, bitfields) into v: a list in one pass
// (list); a vector whose length the input can hold (fixedLength) in one
// pass, its commas and brackets checked as it goes; another counted
// first, then each element read in place into the array or a new slice
// of the count's length.
func (d *decoder) elements(t *ssz.Type, v reflect.Value, lo, depth int) (int, error) {
	if t.Kind != ssz.KindVector && v.Kind() == reflect.Slice {
		return d.list(t, v, lo, depth)
	}
	n, fixed := d.fixedLength(t, v, lo)
	capacity, end := n, 0
	if !fixed {
		var err error
		if n, end, err = d.count(t, lo, depth+1); err != nil {
			return end, err
		}
		capacity = d.capacity(v, n, end-lo)
	}
	if v.Kind() == reflect.Slice {
		d.makeSlice(v, capacity)
	}
	var pointees carve.Pointees
	return d.inPlace(t, v, &pointees, lo, d.ws(lo+1), 0, n, capacity, end, fixed, depth)
}

// capacity is the length the slice v of n counted elements, whose JSON
// is size bytes, is made with: n, or what the budget (allocPerByte)
// allows, at least one.
func (d *decoder) capacity(v reflect.Value, n, size int) int {
	if v.Kind() != reflect.Slice {
		return n
	}
	if es := uint64(v.Type().Elem().Size()); es > 0 {
		budget := allocPerByte*uint64(size) + allocSlack
		if over, total := bits.Mul64(uint64(n), es); over != 0 || total > budget {
			return int(max(budget/es, 1))
		}
	}
	return n
}

// inPlace reads the n composite elements of the array t at byte lo,
// from element k at byte i on, into v, an array or a slice of capacity
// elements (grown, doubling, as they are reached), the pointees of its
// pointers from pointees. A counted array (fixed false, ending at end)
// had its commas and brackets checked by count; a vector read in one
// pass (fixed) has them checked here, and its faults are recount's.
func (d *decoder) inPlace(t *ssz.Type, v reflect.Value, pointees *carve.Pointees, lo, i, k, n, capacity, end int, fixed bool, depth int) (int, error) {
	pointee := v.Type().Elem() // the element's type; for a pointer, its pointee's
	pointers := pointee.Kind() == reflect.Pointer
	if pointers {
		pointee = pointee.Elem()
	}
	b := d.data
	for ; k < n; k++ {
		if k == capacity {
			capacity = min(2*capacity, n)
			v.Grow(capacity - k)
			v.SetLen(capacity)
		}
		if i >= len(b) || b[i] == ']' {
			// Only a vector not counted gets here: count finds it
			// unterminated or short.
			return i, d.recount(t, lo, depth+1, checkExact(t, uint64(k), lo))
		}
		e := v.Index(k)
		if pointers {
			// What the element points to, from a chunk (value would
			// allocate it alone).
			p := reflect.NewAt(pointee, pointees.Next(pointee, n-k))
			e.Set(p)
			e = p.Elem()
		}
		hi, err := d.value(t.Elem, e, i, depth+1)
		if err != nil {
			err = elemErr(k, err)
			if fixed {
				err = d.recount(t, lo, depth+1, err)
			}
			return hi, err
		}
		if !fixed {
			// count checked the commas and the closing bracket.
			i = d.ws(d.ws(hi) + 1)
			continue
		}
		var done bool
		switch i, done, err = d.separator(lo, '[', ']', hi); {
		case err != nil:
			return i, d.recount(t, lo, depth+1, err)
		case done && k+1 < n:
			return i, d.recount(t, lo, depth+1, checkExact(t, uint64(k)+1, lo))
		case !done && k+1 == n:
			return i, d.recount(t, lo, depth+1, checkCount(t, uint64(k)+2, i))
		case done:
			end = i
		}
	}
	return end, nil
}

// list reads a list's array at byte lo into v, a slice, in one pass:
// each element read into a pooled scratch (scratch.go), its commas and
// brackets and its count against the limit checked as it goes; at the
// closing bracket v is made, of the exact count, and the elements
// copied into it. Booleans and integers are parsed straight into the
// scratch's memory; the pointees of pointers come from chunks the size
// of the last list read with the scratch (its hint), within what the
// decoder can pay for their unused tail. A fault is recount's: the one
// a reader that counts first finds first. When the scratch is full and
// a larger one cannot be paid for, the rest is counted (countFrom), v
// made of the count and the elements read so far copied into it, and
// the rest read in place, as a counted list is.
func (d *decoder) list(t *ssz.Type, v reflect.Value, lo, depth int) (int, error) {
	b := d.data
	i := d.ws(lo + 1)
	if i < len(b) && b[i] == ']' {
		d.makeSlice(v, 0)
		return i + 1, nil
	}
	lb := listBudget{lo, d.funded()}
	var pointees carve.Pointees
	sc := d.getScratch(v.Type(), &lb, i)
	if sc == nil {
		return d.listCounted(t, v, nil, &pointees, &lb, i, 0, depth)
	}
	basic := basicElem(t.Elem)
	pointee := v.Type().Elem() // the element's type; for a pointer, its pointee's
	pointers := pointee.Kind() == reflect.Pointer
	if pointers {
		pointee = pointee.Elem()
	}
	// slot bounds the bytes a pointee takes in a chunk (carve.Pointees).
	slot := (pointee.Size() + 7) &^ 7
	for k := 0; ; k++ {
		if i >= len(b) {
			sc.release(k, k)
			return i, d.recount(t, lo, depth+1, fail(lo, ErrSyntax, "unterminated array"))
		}
		if err := checkCount(t, uint64(k)+1, i); err != nil {
			sc.release(k, k)
			return i, d.recount(t, lo, depth+1, err)
		}
		if k == sc.s.Len() && (sc.counted || !d.grow(sc, max(2*k, sc.hint, 8), k, &lb, i) && !d.grow(sc, max(2*k, 8), k, &lb, i)) {
			return d.listCounted(t, v, sc, &pointees, &lb, i, k, depth)
		}
		var hi int
		var err error
		if basic {
			hi, err = d.basicAt(t.Elem, sc.s.UnsafePointer(), k, i)
		} else {
			e := sc.s.Index(k)
			if pointers {
				left := 1
				if pointees.Unused() == 0 {
					left = d.chunkLeft(max(sc.hint-k, k+1), &lb, i, slot)
				}
				p := reflect.NewAt(pointee, pointees.Next(pointee, left))
				e.Set(p)
				e = p.Elem()
			}
			hi, err = d.value(t.Elem, e, i, depth+1)
		}
		if err != nil {
			sc.release(k+1, k+1)
			return hi, d.recount(t, lo, depth+1, elemErr(k, err))
		}
		var done bool
		if i, done, err = d.separator(lo, '[', ']', hi); err != nil {
			sc.release(k+1, k+1)
			return i, d.recount(t, lo, depth+1, err)
		}
		if done {
			d.makeSlice(v, k+1)
			sc.copyTo(v, k+1)
			sc.release(k+1, k+1)
			return i, nil
		}
	}
}

// listCounted finishes list when its scratch is full at element k, at
// byte i, or reads the whole list (k = 0) when it has no scratch (sc
// nil): the rest is counted, v made of the count (within the budget of
// capacity), the k elements read copied from the scratch, and the rest
// read in place. The scratch is then made as long as the list for the
// next call, when the decoder can pay for it, and released.
func (d *decoder) listCounted(t *ssz.Type, v reflect.Value, sc *scratch, pointees *carve.Pointees, lb *listBudget, i, k, depth int) (int, error) {
	lo := lb.lo
	n, end, err := d.countFrom(t, lo, i, k, depth+1)
	if err != nil {
		if sc != nil {
			sc.release(k, k)
		}
		return end, err
	}
	capacity := max(d.capacity(v, n, end-lo), k)
	d.makeSlice(v, capacity)
	if sc != nil {
		sc.copyTo(v, k)
	}
	if basicElem(t.Elem) {
		// (capacity is n: a boolean or integer takes at most 8 bytes of
		// Go for 2 of JSON.)
		end, err = d.basicElements(t, p0(v, capacity), capacity, lo, i, k)
	} else {
		end, err = d.inPlace(t, v, pointees, lo, i, k, n, capacity, end, false, depth)
	}
	if sc == nil {
		return end, err
	}
	sc.clear(k)
	sc.counted = false
	if size := uint64(max(v.Type().Elem().Size(), 1)); err == nil && n > sc.s.Len() {
		// The next list of this type is counted too unless the
		// scratch can be made as long as this one.
		sc.counted = d.budget(lb, end)/size < uint64(n) || !d.grow(sc, n, 0, lb, end)
	}
	sc.release(0, n)
	return end, err
}

// fieldSpans returns the buffer of n spans of depth, zeroed.
func (d *decoder) fieldSpans(depth, n int) []span {
	for len(d.spans) <= depth {
		d.spans = append(d.spans, nil)
	}
	s := d.spans[depth]
	if cap(s) < n {
		s = make([]span, n)
		d.spans[depth] = s
	}
	s = s[:n]
	clear(s)
	return s
}

// container reads an object with one key per field, in any order; a key
// names a field as a proof path's step does (proof.FieldIndex). What it
// finds wrong is what a scan of all the keys (each member's value
// skipped) before any field is read would find first, then a missing
// field, then the first field in field order that does not read.
//
// It reads the members as they come, each value parsed where its key
// is (no skip), while the object is the written form: keys without
// escapes that are fields' written names, each once, values that read.
// At the first member that is not, it hands the rest to finish, which
// scans the remaining members as the whole scan would have, and so
// finds what it would have found first; the members read so far have
// passed that scan, and read.
func (d *decoder) container(t *ssz.Type, v reflect.Value, lo, depth int) (int, error) {
	b := d.data
	if b[lo] != '{' {
		return lo, d.scalarError(lo, d.endOf(lo), "an object")
	}
	keys := d.keysOf(t)
	spans := d.fieldSpans(depth, len(t.Fields))
	after := lo
	for k := 0; ; k++ {
		klo := d.ws(after + 1)
		if k > 0 {
			j := d.ws(after)
			if j < len(b) && b[j] == '}' {
				return j + 1, d.missing(t, keys, spans, lo)
			}
			if j >= len(b) || b[j] != ',' {
				return d.finish(t, v, spans, lo, depth, k, after, nil)
			}
			klo = d.ws(j + 1)
		}
		var f, khi int
		if q := keys.quoted[min(k, len(keys.quoted)-1)]; k < len(keys.quoted) && len(b)-klo >= len(q) &&
			string(b[klo:klo+len(q)-1]) == q[:len(q)-1] {
			// The field of its place, its key as written: `"name"`.
			f, khi = k, klo+len(q)-1
		} else {
			if khi = plainString(b, klo); khi < 0 {
				return d.finish(t, v, spans, lo, depth, k, after, nil)
			}
			var ok bool
			if f, ok = keys.byName[string(b[klo+1:khi-1])]; !ok {
				return d.finish(t, v, spans, lo, depth, k, after, nil)
			}
		}
		j := d.ws(khi)
		if spans[f].hi != 0 || j >= len(b) || b[j] != ':' {
			return d.finish(t, v, spans, lo, depth, k, after, nil)
		}
		vlo := d.ws(j + 1)
		if vlo >= len(b) {
			return d.finish(t, v, spans, lo, depth, k, after, nil)
		}
		fi := &t.Fields[f]
		var fv reflect.Value
		if len(fi.Index) == 1 {
			fv = v.Field(fi.Index[0]) // (structfield.Settable's first step)
		} else {
			fv = structfield.Settable(v, fi.Index)
		}
		hi, err := d.value(fi.Type, fv, vlo, depth+1)
		if err != nil {
			return d.finish(t, v, spans, lo, depth, k, after, &fieldErr{f, err})
		}
		// A value that reads ends where skip would end it.
		spans[f] = span{vlo, hi, true}
		after = hi
	}
}

// keysOf returns keysOf(t), from the decoder's one-entry memo.
func (d *decoder) keysOf(t *ssz.Type) *fieldKeys {
	if d.keysT != t {
		d.keysT, d.keys = t, keysOf(t)
	}
	return d.keys
}

// fieldErr is the error of reading a field.
type fieldErr struct {
	field int
	err   error
}

// finish reads the rest of container t's object at lo from its member
// k on (member k-1's value ends at after), the members before it having
// been read into v and their fields' spans (spans, of depth) marked read; failed, when
// not nil, is the error of member k's field. It scans the remaining
// members (skipping each value), then checks for missing fields, then
// reads each field not read yet in field order, failed's giving its
// error: the order of members and container's old single scan.
func (d *decoder) finish(t *ssz.Type, v reflect.Value, spans []span, lo, depth, k, after int, failed *fieldErr) (int, error) {
	keys := keysOf(t)
	hi, err := d.membersFrom(lo, '{', k, after, func(k, klo, khi, vlo, vhi int) error {
		key, err := d.str(klo, khi)
		if err != nil {
			return err
		}
		f, ok := k, k < len(keys.names) && keys.names[k] == string(key) // in field order, as written
		if !ok {
			f, ok = keys.index(key)
		}
		if !ok {
			return failAt(klo, stepName(key), ErrUnknownField, "no field %q in %s", truncate(key), t)
		}
		if spans[f].hi != 0 {
			return failAt(klo, keys.names[f], ErrDuplicateField, "%s given twice", keys.names[f])
		}
		spans[f] = span{vlo, vhi, false}
		return nil
	})
	if err != nil {
		return hi, err
	}
	if err := d.missing(t, keys, spans, lo); err != nil {
		return hi, err
	}
	for i := range t.Fields {
		switch {
		case spans[i].read:
			continue
		case failed != nil && failed.field == i:
			return hi, withStep(failed.err, keys.names[i])
		}
		f := &t.Fields[i]
		// spans is this depth's buffer: the fields' values, read below
		// it, use deeper ones.
		if _, err := d.value(f.Type, structfield.Settable(v, f.Index), spans[i].lo, depth+1); err != nil {
			return hi, withStep(err, keys.names[i])
		}
	}
	return hi, nil
}

// missing returns the error of the first field of t without a span (its
// object at lo lacks it).
func (d *decoder) missing(t *ssz.Type, keys *fieldKeys, spans []span, lo int) error {
	for i := range spans {
		if spans[i].hi == 0 {
			return failAt(lo, keys.names[i], ErrMissingField, "%s has no %s", t, keys.names[i])
		}
	}
	return nil
}

// union reads a union's {"selector": n, "value": v} (Union; the None
// option's value is null) or a compatible union's {"selector": n,
// "data": v}: both keys, no others, the selector a JSON number (as the
// spec's value.yaml has it, never a string). It sets the selector (a
// Union's Selector, a CompatibleUnion's Variant: the first field) and
// the value (Value or Data, the second, holding the option's Go type).
func (d *decoder) union(t *ssz.Type, v reflect.Value, lo, depth int) (int, error) {
	if d.data[lo] != '{' {
		return lo, d.scalarError(lo, d.endOf(lo), "an object")
	}
	valueKey := "value"
	if t.Kind == ssz.KindCompatibleUnion {
		valueKey = "data"
	}
	var sel, val span
	hi, err := d.members(lo, '{', func(_, klo, khi, vlo, vhi int) error {
		key, err := d.str(klo, khi)
		if err != nil {
			return err
		}
		p := &sel
		switch string(key) {
		case "selector":
		case valueKey:
			p = &val
		default:
			return failAt(klo, stepName(key), ErrUnknownField, "a %s has only selector and %s", t.Kind, valueKey)
		}
		if p.hi != 0 {
			return failAt(klo, string(key), ErrDuplicateField, "%s given twice", key)
		}
		*p = span{vlo, vhi, false}
		return nil
	})
	if err != nil {
		return hi, err
	}
	if sel.hi == 0 {
		return hi, failAt(lo, "selector", ErrMissingField, "no selector")
	}
	if !isNumberStart(d.data[sel.lo]) {
		return hi, withStep(d.scalarError(sel.lo, d.endOf(sel.lo), "a number"), "selector")
	}
	s, err := d.uint(sel.lo, sel.hi, 8)
	if err != nil {
		return hi, withStep(err, "selector")
	}
	if s >= uint64(len(t.Options)) || t.Options[s] == nil && (t.Kind == ssz.KindCompatibleUnion || s != 0) {
		return hi, failAt(sel.lo, "selector", ssz.ErrUnion, "selector %d is not an option of %s", s, t)
	}
	opt := t.Options[s]
	switch {
	case val.hi == 0 && opt == nil:
		return hi, failAt(lo, valueKey, ErrMissingField, "no %s (null for the None option)", valueKey)
	case val.hi == 0:
		return hi, failAt(lo, valueKey, ErrMissingField, "no %s", valueKey)
	case opt == nil:
		if string(d.data[val.lo:val.hi]) != "null" {
			// Other JSON is of the wrong kind; a token that is no JSON
			// (nul, nullx) is not JSON, as it is anywhere else.
			return hi, withStep(d.scalarError(val.lo, d.endOf(val.lo), "null (the None option has no value)"), valueKey)
		}
		v.Field(0).SetUint(s)
		v.Field(1).SetZero()
		return hi, nil
	}
	// Decoded into a value of its own, then copied into the interface
	// (Go boxes a copy of a value that is not a pointer): the memory
	// bound counts the option's value twice.
	x := reflect.New(opt.Go).Elem()
	if _, err := d.value(opt, x, val.lo, depth+1); err != nil {
		return hi, withStep(err, valueKey)
	}
	v.Field(0).SetUint(s)
	v.Field(1).Set(x)
	return hi, nil
}
