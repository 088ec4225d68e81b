package sszjson

// The reader as it was before it was compiled per type (commit
// 118576f: decode.go, scan.go, the reader's half of names.go and
// ParseResponse), kept verbatim, identifiers prefixed "old", as the
// oracle of TestDecoderMatchesOracle: the new reader must accept,
// refuse, name, place and write exactly what this one does. Only tests
// build it. Verbatim but for the corrections the reader had too, each
// marked "(Corrected: …)": a token that is no JSON where a response's
// string metadata or a None option's null belongs is ErrSyntax, not
// ErrType; a bad hex digit after an escape is placed at its own byte;
// a key is not cut at 256 bytes (underscores make any length name a
// field).

import (
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math/bits"
	"reflect"
	"strconv"
	"sync"
	"unicode/utf16"
	"unicode/utf8"
	"unsafe"

	"github.com/lanehash/lanehash/internal/checked"
	"github.com/lanehash/lanehash/internal/sszlayout"
	"github.com/lanehash/lanehash/internal/structfield"
	"github.com/lanehash/lanehash/proof"
	"github.com/lanehash/lanehash/ssz"
)

// The oracle's entry points, for the external tests.
var (
	OracleUnmarshal      = oldUnmarshal
	OracleUnmarshalValue = oldUnmarshalValue
	OracleParseResponse  = oldParseResponse
)

// Unmarshal decodes the JSON document data into v, which must be a
// non-nil pointer to a value of an SSZ type (see package ssz), strictly:
// see the package documentation for what is refused. Options are
// ssz.TypeOf's (ssz.WithSpec for the minimal preset). Errors are *Error
// naming the value's path and the byte of data at fault.
//
// It allocates no more than the input justifies: the decoded value's
// own heap plus at most once the input's size (see "Memory" in the
// package documentation).
func oldUnmarshal(data []byte, v any, opts ...ssz.Option) error {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		return &Error{Offset: -1, Err: fmt.Errorf("%w: Unmarshal needs a non-nil pointer, not %T", ssz.ErrValue, v)}
	}
	t, err := ssz.TypeOf(rv.Type().Elem(), opts...)
	if err != nil {
		return err
	}
	return oldUnmarshalValue(t, data, rv.Elem())
}

// UnmarshalValue decodes data into v, a settable value of the Go type t
// was built for, as Unmarshal does. On error v may be partly written.
func oldUnmarshalValue(t *ssz.Type, data []byte, v reflect.Value) error {
	if !v.IsValid() || v.Type() != t.Go || !v.CanSet() {
		return &Error{Offset: -1, Err: fmt.Errorf("%w: want a settable %s", ssz.ErrValue, t.Go)}
	}
	d := &oldDecoder{data: data}
	lo := d.ws(0)
	if lo == len(data) {
		return oldRootError(oldFail(lo, ErrSyntax, "no value"))
	}
	hi, err := d.value(t, v, lo, 0)
	if err != nil {
		return oldRootError(err)
	}
	if end := d.ws(hi); end != len(data) {
		return oldRootError(oldFail(end, ErrSyntax, "data after the value: %s", d.quote(end)))
	}
	return nil
}

// The reader is a parser that recurses on the type, never on the input:
// value reads the JSON value at a byte as a value of a type, and returns
// where it ends. An object is scanned once for its keys (each member's
// value skipped: strings eight bytes at a time, nesting by counting
// brackets, without recursion), which must be its container's fields,
// each once, before any is read; then each field's value is read at the
// byte its key's scan found. An array is counted first, by the same
// scan (the count checked against the vector's length or the list's
// limit, each element against the fewest bytes a value of its type
// takes), and only then is its Go slice made, of its exact length, and
// its elements read into it in place: booleans and integers parsed
// straight into the slice's memory. So every byte is skipped once by
// each level above it and parsed once by its own; nesting deeper than
// the type is a wrong JSON type where it starts; and what the reader
// keeps besides the value is one span per field of the containers on
// the current path (reused level by level) and one unescaped string.

// decoder holds the document and the buffers the walk reuses.
type oldDecoder struct {
	data []byte
	// unesc holds an unescaped string.
	unesc []byte
	// spans holds, for each nesting depth, the spans of the fields of
	// the container being read there: one buffer per depth, reused by
	// every container read at it (the walk finishes one before it
	// starts the next).
	spans [][]oldSpan
}

// span is a value's bytes, [lo, hi); the zero span is none.
type oldSpan struct{ lo, hi int }

// value reads the JSON value at byte lo (not white space) into v, a
// settable value of t's Go type (or, for an option of a union, of
// the option's), at nesting depth depth, and returns the end of the
// value.
func (d *oldDecoder) value(t *ssz.Type, v reflect.Value, lo, depth int) (int, error) {
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
	return lo, oldFail(lo, ssz.ErrUnsupported, "kind %s", t.Kind)
}

// bigUint parses a uint128 or uint256 into v, a [16]byte, [2]uint64,
// [32]byte or [4]uint64 array (named or not, uint256.Int among them; a
// *uint256.Int's pointee), little-endian as package ssz stores them.
func (d *oldDecoder) bigUint(t *ssz.Type, v reflect.Value, lo int) (int, error) {
	c := d.data[lo]
	if c != '"' && !oldIsNumberStart(c) {
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
			return hi, oldFail(lo, ErrNumber, "out of range for %s", t.Kind)
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
func (d *oldDecoder) hexDigits(lo, hi int) ([]byte, error) {
	s, err := d.str(lo, hi)
	if err != nil {
		return nil, err
	}
	if len(s) < 2 || s[0] != '0' || s[1] != 'x' {
		return nil, oldFail(lo, ErrHex, `want "0x" and hex digits, got %s`, d.quote(lo))
	}
	s = s[2:]
	if len(s)%2 != 0 {
		return nil, oldFail(lo, ErrHex, "odd number of hex digits (%d)", len(s))
	}
	return s, nil
}

// decodeHex decodes the hex digits s of the string at byte lo into dst
// (len(s)/2 bytes).
func (d *oldDecoder) decodeHex(lo int, dst, s []byte) error {
	if _, err := hex.Decode(dst, s); err != nil {
		for i, c := range s {
			if _, ok := oldHexVal(c); !ok {
				// (Corrected: s may be unescaped; the digit's own byte.)
				return oldFail(d.rawOffset(lo, 2+i), ErrHex, "bad hex digit %q", c)
			}
		}
		return oldFail(lo, ErrHex, "%v", err)
	}
	return nil
}

// hexString returns the end of the "0x" hex string at byte lo and its
// digits.
func (d *oldDecoder) hexString(lo int) (int, []byte, error) {
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
func (d *oldDecoder) bitfield(t *ssz.Type, v reflect.Value, lo int) (int, error) {
	hi, s, err := d.hexString(lo)
	if err != nil {
		return hi, err
	}
	size := uint64(len(s) / 2)
	switch t.Kind {
	case ssz.KindBitvector:
		if size != t.Size {
			return hi, oldFail(lo, ssz.ErrSize, "%d bytes for %s (%d bytes)", size, t, t.Size)
		}
	case ssz.KindBitlist:
		if size > t.Limit/8+1 {
			return hi, oldFail(lo, ssz.ErrListTooLong, "%d bytes for %s (at most %d)", size, t, t.Limit/8+1)
		}
	}
	if v.Kind() == reflect.Slice {
		oldMakeSlice(v, int(size))
	}
	b := v.Bytes()
	if err := d.decodeHex(lo, b, s); err != nil {
		return hi, err
	}
	if t.Kind == ssz.KindBitvector {
		if extra := t.Length % 8; extra != 0 && b[len(b)-1]>>extra != 0 {
			return hi, oldFail(lo, ssz.ErrBitvector, "bits set beyond bit %d", t.Length)
		}
		return hi, nil
	}
	if len(b) == 0 {
		return hi, oldFail(lo, ssz.ErrBitlist, "empty bitlist has no delimiter bit")
	}
	last := b[len(b)-1]
	if last == 0 {
		return hi, oldFail(lo, ssz.ErrBitlist, "no delimiter bit in last byte")
	}
	if n := uint64(len(b)-1)*8 + uint64(bits.Len8(last)) - 1; t.Kind == ssz.KindBitlist && n > t.Limit {
		return hi, oldFail(lo, ssz.ErrListTooLong, "%d bits, limit %d", n, t.Limit)
	}
	return hi, nil
}

// sliceHeader is the layout of a Go slice.
type oldSliceHeader struct {
	data     unsafe.Pointer
	len, cap int
}

// noElements is what an empty slice points to.
var oldNoElements [0]uint64

// makeSlice sets v, a settable slice, to a new slice of length n: for 0
// an empty slice, not nil (as package ssz makes it); else zeroed memory
// of its own (never v's old array). Unlike reflect.MakeSlice it
// allocates the array alone, not also a slice header for the
// reflect.Value it returns: a list of a million empty lists costs no
// million headers.
func oldMakeSlice(v reflect.Value, n int) {
	if n == 0 {
		*(*oldSliceHeader)(v.Addr().UnsafePointer()) = oldSliceHeader{data: unsafe.Pointer(&oldNoElements)}
		return
	}
	v.SetZero()
	v.Grow(n)
	v.SetLen(n)
}

// checkCount checks an element count of sequence t as it grows: at most
// the vector's length or the list's limit.
func oldCheckCount(t *ssz.Type, k uint64, at int) error {
	switch {
	case t.Kind == ssz.KindVector && k > t.Length:
		return oldFail(at, ssz.ErrSize, "more than %d elements for %s", t.Length, t)
	case t.Kind == ssz.KindList && k > t.Limit:
		return oldFail(at, ssz.ErrListTooLong, "more than %d elements for %s", t.Limit, t)
	}
	return nil
}

// checkExact checks the final element count k of sequence t, which
// starts at byte lo.
func oldCheckExact(t *ssz.Type, k uint64, lo int) error {
	if t.Kind == ssz.KindVector && k != t.Length {
		return oldFail(lo, ssz.ErrSize, "%d elements for %s", k, t)
	}
	return oldCheckCount(t, k, lo)
}

// basicElem reports whether the elements of a sequence of t are parsed
// straight into its memory: booleans and unsigned integers up to 64
// bits, which the Go value holds as Go bools or unsigned integers of
// the SSZ size, named or not.
func oldBasicElem(t *ssz.Type) bool {
	switch t.Kind {
	case ssz.KindBool, ssz.KindUint8, ssz.KindUint16, ssz.KindUint32, ssz.KindUint64:
		return true
	}
	return false
}

// sequence reads a vector or list: a byte string (sszlayout.IsBytes,
// the writer's own test) as hex or as an array of numbers, anything
// else as an array.
func (d *oldDecoder) sequence(t *ssz.Type, v reflect.Value, lo, depth int) (int, error) {
	switch c := d.data[lo]; {
	case c == '"' && sszlayout.IsBytes(t):
		return d.byteString(t, v, lo)
	case c != '[':
		if sszlayout.IsBytes(t) {
			return lo, d.scalarError(lo, d.endOf(lo), `a "0x" hex string`)
		}
		return lo, d.scalarError(lo, d.endOf(lo), "an array")
	case oldBasicElem(t.Elem):
		return d.basicSequence(t, v, lo)
	}
	return d.elements(t, v, lo, depth)
}

// byteString reads a byte vector or list given as hex.
func (d *oldDecoder) byteString(t *ssz.Type, v reflect.Value, lo int) (int, error) {
	hi, s, err := d.hexString(lo)
	if err != nil {
		return hi, err
	}
	k := uint64(len(s) / 2)
	if err := oldCheckExact(t, k, lo); err != nil {
		return hi, err
	}
	if v.Kind() == reflect.Array {
		return hi, d.decodeHex(lo, v.Bytes(), s)
	}
	oldMakeSlice(v, int(k))
	return hi, d.decodeHex(lo, v.Bytes(), s)
}

// basicSequence reads an array of booleans or integers into v: into an
// array as it goes; for a slice, counted first, then into a new slice
// of the exact length. Either way each element is written straight into
// the Go value's memory.
func (d *oldDecoder) basicSequence(t *ssz.Type, v reflect.Value, lo int) (int, error) {
	n := v.Len() // an array's
	if v.Kind() == reflect.Slice {
		var err error
		if n, _, err = d.count(t, lo, 0); err != nil {
			return lo, err
		}
		oldMakeSlice(v, n)
	}
	var p unsafe.Pointer
	if n > 0 {
		p = v.Index(0).Addr().UnsafePointer()
	}
	et := t.Elem
	b := d.data
	i := d.ws(lo + 1)
	k := 0
	if i < len(b) && b[i] == ']' {
		return i + 1, oldCheckExact(t, 0, lo)
	}
	for ; ; k++ {
		if i >= len(b) {
			return i, oldFail(lo, ErrSyntax, "unterminated array")
		}
		if k == n {
			// Only an array gets here: a slice was counted.
			return i, oldCheckCount(t, uint64(k)+1, i)
		}
		var hi int
		var err error
		if et.Kind == ssz.KindBool {
			var x bool
			x, hi, err = d.boolAt(i)
			*(*bool)(unsafe.Add(p, k)) = x
		} else {
			var x uint64
			x, hi, err = d.uintAt(i, 8*int(et.Size))
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
		}
		if err != nil {
			return hi, oldElemErr(k, err)
		}
		i = d.ws(hi)
		switch {
		case i < len(b) && b[i] == ',':
			i = d.ws(i + 1)
			if i < len(b) && b[i] == ']' {
				return i, oldFail(i, ErrSyntax, "trailing comma")
			}
		case i < len(b) && b[i] == ']':
			return i + 1, oldCheckExact(t, uint64(k)+1, lo)
		case i >= len(b):
			return i, oldFail(lo, ErrSyntax, "unterminated array")
		default:
			return i, oldFail(i, ErrSyntax, "want ',' or ']'")
		}
	}
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
func (d *oldDecoder) count(t *ssz.Type, lo, depth int) (int, int, error) {
	least := oldMinJSON(t.Elem)
	n := 0
	hi, err := d.members(lo, '[', func(k, elo, ehi, _, _ int) error {
		if err := oldCheckCount(t, uint64(k)+1, elo); err != nil {
			return err
		}
		if uint64(ehi-elo) < least {
			if _, err := d.value(t.Elem, reflect.New(t.Elem.Go).Elem(), elo, depth); err != nil {
				return oldElemErr(k, err)
			}
		}
		n = k + 1
		return nil
	})
	if err != nil {
		return n, hi, err
	}
	return n, hi, oldCheckExact(t, uint64(n), lo)
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
	oldAllocPerByte = 16
	oldAllocSlack   = 4 << 10
)

// elements reads an array of composite values (containers, unions,
// sequences, uint128/256, bitfields) into v: counted first, then each
// element read in place into the array or a new slice of the count's
// length.
func (d *oldDecoder) elements(t *ssz.Type, v reflect.Value, lo, depth int) (int, error) {
	n, end, err := d.count(t, lo, depth+1)
	if err != nil {
		return end, err
	}
	capacity := n
	if v.Kind() == reflect.Slice {
		if size := uint64(v.Type().Elem().Size()); size > 0 {
			budget := oldAllocPerByte*uint64(end-lo) + oldAllocSlack
			if over, total := bits.Mul64(uint64(n), size); over != 0 || total > budget {
				capacity = int(max(budget/size, 1))
			}
		}
		oldMakeSlice(v, capacity)
	}
	i := d.ws(lo + 1)
	for k := 0; k < n; k++ {
		if k == capacity {
			capacity = min(2*capacity, n)
			v.Grow(capacity - k)
			v.SetLen(capacity)
		}
		hi, err := d.value(t.Elem, v.Index(k), i, depth+1)
		if err != nil {
			return hi, oldElemErr(k, err)
		}
		// count checked the commas and the closing bracket.
		i = d.ws(d.ws(hi) + 1)
	}
	return end, nil
}

// fieldSpans returns the buffer of n spans of depth, zeroed.
func (d *oldDecoder) fieldSpans(depth, n int) []oldSpan {
	for len(d.spans) <= depth {
		d.spans = append(d.spans, nil)
	}
	s := d.spans[depth]
	if cap(s) < n {
		s = make([]oldSpan, n)
		d.spans[depth] = s
	}
	s = s[:n]
	clear(s)
	return s
}

// container reads an object with one key per field, in any order; a key
// names a field as a proof path's step does (proof.FieldIndex). All keys
// are checked before any field is read.
func (d *oldDecoder) container(t *ssz.Type, v reflect.Value, lo, depth int) (int, error) {
	if d.data[lo] != '{' {
		return lo, d.scalarError(lo, d.endOf(lo), "an object")
	}
	oldKeys := oldKeysOf(t)
	spans := d.fieldSpans(depth, len(t.Fields))
	hi, err := d.members(lo, '{', func(k, klo, khi, vlo, vhi int) error {
		key, err := d.str(klo, khi)
		if err != nil {
			return err
		}
		f, ok := k, k < len(oldKeys.names) && oldKeys.names[k] == string(key) // in field order, as written
		if !ok {
			f, ok = oldKeys.index(t, key)
		}
		if !ok {
			return oldFailAt(klo, oldStepName(key), ErrUnknownField, "no field %q in %s", oldTruncate(key), t)
		}
		if spans[f].hi != 0 {
			return oldFailAt(klo, oldKeys.names[f], ErrDuplicateField, "%s given twice", oldKeys.names[f])
		}
		spans[f] = oldSpan{vlo, vhi}
		return nil
	})
	if err != nil {
		return hi, err
	}
	for i := range spans {
		if spans[i].hi == 0 {
			return hi, oldFailAt(lo, oldKeys.names[i], ErrMissingField, "%s has no %s", t, oldKeys.names[i])
		}
	}
	for i := range t.Fields {
		f := &t.Fields[i]
		// spans is this depth's buffer: the fields' values, read below
		// it, use deeper ones.
		if _, err := d.value(f.Type, structfield.Settable(v, f.Index), spans[i].lo, depth+1); err != nil {
			return hi, oldWithStep(err, oldKeys.names[i])
		}
	}
	return hi, nil
}

// union reads a union's {"selector": n, "value": v} (Union; the None
// option's value is null) or a compatible union's {"selector": n,
// "data": v}: both keys, no others, the selector a JSON number (as the
// spec's value.yaml has it, never a string). It sets the selector (a
// Union's Selector, a CompatibleUnion's Variant: the first field) and
// the value (Value or Data, the second, holding the option's Go type).
func (d *oldDecoder) union(t *ssz.Type, v reflect.Value, lo, depth int) (int, error) {
	if d.data[lo] != '{' {
		return lo, d.scalarError(lo, d.endOf(lo), "an object")
	}
	valueKey := "value"
	if t.Kind == ssz.KindCompatibleUnion {
		valueKey = "data"
	}
	var sel, val oldSpan
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
			return oldFailAt(klo, oldStepName(key), ErrUnknownField, "a %s has only selector and %s", t.Kind, valueKey)
		}
		if p.hi != 0 {
			return oldFailAt(klo, string(key), ErrDuplicateField, "%s given twice", key)
		}
		*p = oldSpan{vlo, vhi}
		return nil
	})
	if err != nil {
		return hi, err
	}
	if sel.hi == 0 {
		return hi, oldFailAt(lo, "selector", ErrMissingField, "no selector")
	}
	if !oldIsNumberStart(d.data[sel.lo]) {
		return hi, oldWithStep(d.scalarError(sel.lo, d.endOf(sel.lo), "a number"), "selector")
	}
	s, err := d.uint(sel.lo, sel.hi, 8)
	if err != nil {
		return hi, oldWithStep(err, "selector")
	}
	if s >= uint64(len(t.Options)) || t.Options[s] == nil && (t.Kind == ssz.KindCompatibleUnion || s != 0) {
		return hi, oldFailAt(sel.lo, "selector", ssz.ErrUnion, "selector %d is not an option of %s", s, t)
	}
	opt := t.Options[s]
	switch {
	case val.hi == 0 && opt == nil:
		return hi, oldFailAt(lo, valueKey, ErrMissingField, "no %s (null for the None option)", valueKey)
	case val.hi == 0:
		return hi, oldFailAt(lo, valueKey, ErrMissingField, "no %s", valueKey)
	case opt == nil:
		if string(d.data[val.lo:val.hi]) != "null" {
			// (Corrected: a token that is no JSON is ErrSyntax.)
			return hi, oldWithStep(d.scalarError(val.lo, d.endOf(val.lo), "null (the None option has no value)"), valueKey)
		}
		v.Field(0).SetUint(s)
		v.Field(1).SetZero()
		return hi, nil
	}
	x := reflect.New(opt.Go).Elem()
	if _, err := d.value(opt, x, val.lo, depth+1); err != nil {
		return hi, oldWithStep(err, valueKey)
	}
	v.Field(0).SetUint(s)
	v.Field(1).Set(x)
	return hi, nil
}

// The lexical layer of the reader: errors at a byte, white space,
// skipping a value without parsing it, strings, literals and integers.

// srcErr is an error of a value: at byte off, about the part of the
// value that step names, below it (a field's name, an element's index,
// a key that names no field: "" for the value itself). Each level the
// error passes on its way out puts its own step in front (withStep,
// elemErr), so paths cost nothing unless something fails; rootError
// makes it an *Error.
type oldSrcErr struct {
	off  int
	step string
	err  error
}

func (e *oldSrcErr) Error() string { return e.err.Error() }
func (e *oldSrcErr) Unwrap() error { return e.err }

// fail is an error of the value at byte off.
func oldFail(off int, sentinel error, format string, args ...any) error {
	return &oldSrcErr{off: off, err: fmt.Errorf("%w: "+format, append([]any{sentinel}, args...)...)}
}

// failAt is an error of the part step of the value, at byte off.
func oldFailAt(off int, step string, sentinel error, format string, args ...any) error {
	return &oldSrcErr{off: off, step: step, err: fmt.Errorf("%w: "+format, append([]any{sentinel}, args...)...)}
}

// isSpace reports JSON's white space.
func oldIsSpace(c byte) bool { return c == ' ' || c == '\n' || c == '\r' || c == '\t' }

// ws returns the first byte at or after i that is not white space.
func (d *oldDecoder) ws(i int) int {
	for i < len(d.data) && oldIsSpace(d.data[i]) {
		i++
	}
	return i
}

// delim marks the bytes that end a number or literal.
var oldDelim = [256]bool{',': true, ']': true, '}': true, ':': true, '"': true, '[': true, '{': true,
	' ': true, '\t': true, '\n': true, '\r': true}

// skip returns the end of the value that starts at byte i (not white
// space). It only finds where the value ends — strings by their closing
// quote, objects and arrays by counting brackets, numbers and literals at
// the next delimiter — and leaves checking it to the value's own parse.
// It does not recurse.
func (d *oldDecoder) skip(i int) (int, error) {
	b := d.data
	if i >= len(b) {
		return i, oldFail(i, ErrSyntax, "unexpected end of input, want a value")
	}
	switch b[i] {
	case '"':
		return d.skipString(i)
	case '{', '[':
		start, depth := i, 0
		for i < len(b) {
			switch b[i] {
			case '"':
				j, err := d.skipString(i)
				if err != nil {
					return j, err
				}
				i = j
				continue
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return i + 1, nil
				}
			}
			i++
		}
		what := "object"
		if b[start] == '[' {
			what = "array"
		}
		return i, oldFail(start, ErrSyntax, "unterminated %s", what)
	case ',', ']', '}', ':':
		return i, oldFail(i, ErrSyntax, "unexpected %q, want a value", b[i])
	}
	j := i
	for j < len(b) && !oldDelim[b[j]] {
		j++
	}
	return j, nil
}

// skipString returns the end of the string whose opening quote is at i:
// one past its closing quote. It looks at eight bytes at a time for a
// quote or a backslash, and steps over the byte after each backslash.
func (d *oldDecoder) skipString(i int) (int, error) {
	b := d.data
	j := i + 1
	for {
		for j+8 <= len(b) {
			x := binary.LittleEndian.Uint64(b[j:])
			if m := oldHasByte(x, '"') | oldHasByte(x, '\\'); m != 0 {
				j += bits.TrailingZeros64(m) / 8
				break
			}
			j += 8
		}
		for j < len(b) && b[j] != '"' && b[j] != '\\' {
			j++
		}
		switch {
		case j >= len(b):
			return len(b), oldFail(i, ErrSyntax, "unterminated string")
		case b[j] == '"':
			return j + 1, nil
		}
		j += 2 // a backslash and the byte it escapes
	}
}

// hasByte returns a word with the high bit of each byte of x that is c
// set (and none of the bytes before the first such byte: the lowest set
// bit marks the first match).
func oldHasByte(x uint64, c byte) uint64 {
	const lo, hi = 0x0101010101010101, 0x8080808080808080
	y := x ^ (lo * uint64(c))
	return (y - lo) &^ y & hi
}

// plain reports whether s has no byte a JSON string must escape or that
// starts an escape (a control character, a quote or a backslash), eight
// bytes at a time.
func oldPlain(s []byte) bool {
	const lo, hi = 0x0101010101010101, 0x8080808080808080
	for len(s) >= 8 {
		x := binary.LittleEndian.Uint64(s)
		ctl := (x - lo*0x20) &^ x & hi // a byte below 0x20
		if ctl|oldHasByte(x, '"')|oldHasByte(x, '\\') != 0 {
			return false
		}
		s = s[8:]
	}
	for _, c := range s {
		if c < 0x20 || c == '"' || c == '\\' {
			return false
		}
	}
	return true
}

// quote shows the input at byte i in a message, briefly.
func (d *oldDecoder) quote(i int) string {
	end := min(len(d.data), i+16)
	s := strconv.Quote(string(d.data[i:end]))
	if end < len(d.data) {
		s += "…"
	}
	return s
}

// jsonKind names the kind of the JSON value starting with c.
func oldJsonKind(c byte) string {
	switch c {
	case '{':
		return "an object"
	case '[':
		return "an array"
	case '"':
		return "a string"
	case 't', 'f':
		return "a boolean"
	case 'n':
		return "null"
	}
	return "a number"
}

// str returns the contents of the string at [lo, hi) (its quotes
// included), unescaped, checking it as JSON requires: no control
// characters, only JSON's escapes. The result is valid until the next
// call (an escaped string is unescaped into a buffer the decoder reuses).
func (d *oldDecoder) str(lo, hi int) ([]byte, error) {
	b := d.data
	if hi-lo < 2 || b[lo] != '"' || b[hi-1] != '"' {
		return nil, oldFail(lo, ErrSyntax, "malformed string")
	}
	s := b[lo+1 : hi-1]
	if oldPlain(s) {
		return s, nil
	}
	// The unescaped string is no longer than the escaped one: one buffer
	// of that size, reused by later strings no longer than it, so all
	// unescaping allocates at most the input's size.
	if cap(d.unesc) < len(s) {
		d.unesc = make([]byte, 0, len(s))
	}
	out := d.unesc[:0]
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c < 0x20:
			return nil, oldFail(lo+1+i, ErrSyntax, "control character %#02x in a string", c)
		case c != '\\':
			out = append(out, c)
			continue
		}
		if i+1 == len(s) {
			return nil, oldFail(lo+1+i, ErrSyntax, "bad escape")
		}
		i++
		switch s[i] {
		case '"', '\\', '/':
			out = append(out, s[i])
		case 'b':
			out = append(out, '\b')
		case 'f':
			out = append(out, '\f')
		case 'n':
			out = append(out, '\n')
		case 'r':
			out = append(out, '\r')
		case 't':
			out = append(out, '\t')
		case 'u':
			r, ok := oldHex4(s[i+1:])
			if !ok {
				return nil, oldFail(lo+i, ErrSyntax, "bad \\u escape")
			}
			i += 4
			if utf16.IsSurrogate(r) {
				r2, ok := rune(0), false
				if i+2 < len(s) && s[i+1] == '\\' && s[i+2] == 'u' {
					r2, ok = oldHex4(s[i+3:])
				}
				r = utf16.DecodeRune(r, r2)
				if !ok || r == utf8.RuneError {
					return nil, oldFail(lo+i, ErrSyntax, "lone surrogate in a \\u escape")
				}
				i += 6
			}
			out = utf8.AppendRune(out, r)
		default:
			return nil, oldFail(lo+i, ErrSyntax, "bad escape \\%c", s[i])
		}
	}
	d.unesc = out
	return out, nil
}

// rawOffset is the reader's (scan.go), the byte of the input that
// gives byte u of the unescaped contents of the string at lo. (Added
// with the correction of decodeHex.)
func (d *oldDecoder) rawOffset(lo, u int) int {
	b := d.data
	for i, n := lo+1, 0; i < len(b) && b[i] != '"'; {
		raw, out := 1, 1 // the bytes of input and of output of this character
		if b[i] == '\\' && i+1 < len(b) {
			raw = 2
			if b[i+1] == 'u' {
				r, _ := oldHex4(b[i+2:])
				raw = 6
				if utf16.IsSurrogate(r) {
					r2, _ := oldHex4(b[min(i+8, len(b)):])
					r, raw = utf16.DecodeRune(r, r2), 12
				}
				out = utf8.RuneLen(r)
			}
		}
		if u < n+out {
			return i
		}
		i, n = i+raw, n+out
	}
	return lo
}

// hex4 reads the four hex digits of a \u escape.
func oldHex4(s []byte) (rune, bool) {
	if len(s) < 4 {
		return 0, false
	}
	var r rune
	for _, c := range s[:4] {
		x, ok := oldHexVal(c)
		if !ok {
			return 0, false
		}
		r = r<<4 | rune(x)
	}
	return r, true
}

func oldHexVal(c byte) (byte, bool) {
	switch {
	case '0' <= c && c <= '9':
		return c - '0', true
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10, true
	case 'A' <= c && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

// boolean parses true or false.
func (d *oldDecoder) boolean(lo, hi int) (bool, error) {
	switch string(d.data[lo:hi]) {
	case "true":
		return true, nil
	case "false":
		return false, nil
	}
	return false, d.scalarError(lo, hi, "true or false")
}

// scalarError is the error of a value at [lo, hi) that is not the
// scalar wanted: of another JSON kind, or no JSON at all.
func (d *oldDecoder) scalarError(lo, hi int, want string) error {
	switch tok := string(d.data[lo:hi]); {
	case tok == "true" || tok == "false" || tok == "null" || d.data[lo] == '"' || d.data[lo] == '{' || d.data[lo] == '[' || oldIsNumber(d.data[lo:hi]):
		return oldFail(lo, ErrType, "want %s, got %s", want, oldJsonKind(d.data[lo]))
	}
	return oldFail(lo, ErrSyntax, "bad token %s", d.quote(lo))
}

// isNumber reports whether b is a JSON number:
// -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
func oldIsNumber(b []byte) bool {
	i := 0
	if i < len(b) && b[i] == '-' {
		i++
	}
	digits := func() int {
		s := i
		for i < len(b) && '0' <= b[i] && b[i] <= '9' {
			i++
		}
		return i - s
	}
	switch {
	case i < len(b) && b[i] == '0':
		i++
	case digits() == 0:
		return false
	}
	if i < len(b) && b[i] == '.' {
		i++
		if digits() == 0 {
			return false
		}
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		if digits() == 0 {
			return false
		}
	}
	return i == len(b)
}

// digits returns the decimal digits of the unsigned integer at [lo, hi):
// a JSON number or a string of digits, the beacon API's form (no sign,
// no leading zeros, no fraction or exponent, no white space).
func (d *oldDecoder) digits(lo, hi int) ([]byte, error) {
	b := d.data[lo:hi]
	quoted := b[0] == '"'
	if quoted {
		s, err := d.str(lo, hi)
		if err != nil {
			return nil, err
		}
		b = s
	} else if !oldIsNumber(b) {
		return nil, d.scalarError(lo, hi, "an unsigned integer")
	}
	if len(b) == 0 {
		return nil, oldFail(lo, ErrNumber, "empty string")
	}
	for i, c := range b {
		if c < '0' || c > '9' {
			switch {
			case c == '-' && i == 0:
				return nil, oldFail(lo, ErrNumber, "negative")
			case !quoted && (c == '.' || c == 'e' || c == 'E'):
				return nil, oldFail(lo, ErrNumber, "not an integer")
			}
			return nil, oldFail(lo, ErrNumber, "not a decimal integer: %s", d.quote(lo))
		}
	}
	if len(b) > 1 && b[0] == '0' {
		return nil, oldFail(lo, ErrNumber, "leading zero")
	}
	return b, nil
}

// uint parses an unsigned integer of bits (8 … 64) bits.
func (d *oldDecoder) uint(lo, hi int, bits int) (uint64, error) {
	// The beacon API's "1234": at most 19 digits, no escapes, no leading
	// zero, parsed at once.
	if b := d.data[lo:hi]; len(b) >= 3 && len(b) <= 21 && b[0] == '"' && (b[1] != '0' || len(b) == 3) {
		var x uint64
		ok := true
		for _, c := range b[1 : len(b)-1] {
			ok = ok && '0' <= c && c <= '9'
			x = x*10 + uint64(c-'0')
		}
		if ok && (bits == 64 || x>>bits == 0) {
			return x, nil
		}
	}
	if d.data[lo] != '"' && !oldIsNumberStart(d.data[lo]) {
		return 0, d.scalarError(lo, hi, "an unsigned integer")
	}
	b, err := d.digits(lo, hi)
	if err != nil {
		return 0, err
	}
	max := uint64(1)<<bits - 1
	if bits == 64 {
		max = ^uint64(0)
	}
	var x uint64
	for _, c := range b {
		dig := uint64(c - '0')
		if x > (max-dig)/10 {
			return 0, oldFail(lo, ErrNumber, "out of range for uint%d", bits)
		}
		x = x*10 + dig
	}
	return x, nil
}

func oldIsNumberStart(c byte) bool { return c == '-' || '0' <= c && c <= '9' }

// elemErr puts element k's step on a value's error.
func oldElemErr(k int, err error) error {
	if se, ok := err.(*oldSrcErr); ok {
		se.step = "[" + strconv.Itoa(k) + "]" + oldDotted(se.step)
	}
	return err
}

// dotted is a step to append after another: ".name" or "[i]".
func oldDotted(step string) string {
	if step == "" || step[0] == '[' {
		return step
	}
	return "." + step
}

// truncate shortens a key for a message.
func oldTruncate(b []byte) string {
	if len(b) > 64 {
		return string(b[:64]) + "…"
	}
	return string(b)
}

// stepName is a key as a path step: itself when it is a name a path
// can spell, else quoted.
func oldStepName(key []byte) string {
	for i, c := range key {
		if !(c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || i > 0 && '0' <= c && c <= '9') {
			return strconv.Quote(oldTruncate(key))
		}
	}
	if len(key) == 0 {
		return `""`
	}
	return oldTruncate(key)
}

// withStep puts step on a value's error.
func oldWithStep(err error, step string) error {
	if se, ok := err.(*oldSrcErr); ok {
		se.step = step + oldDotted(se.step)
	}
	return err
}

// rootError turns an error of the walk into an *Error: its path below
// the root value and its byte.
func oldRootError(err error) error {
	if err == nil {
		return nil
	}
	if se, ok := err.(*oldSrcErr); ok {
		return &Error{Path: se.step, Offset: int64(se.off), Err: se.err}
	}
	return &Error{Offset: -1, Err: err}
}

// tokenEnd returns the end of the number or literal starting at i: the
// next delimiter.
func (d *oldDecoder) tokenEnd(i int) int {
	for i < len(d.data) && !oldDelim[d.data[i]] {
		i++
	}
	return i
}

// endOf returns where the value at i ends for its error message: a
// token's end, or one byte past a string's, an object's or an array's
// opening (what scalarError shows of it).
func (d *oldDecoder) endOf(i int) int {
	switch d.data[i] {
	case '"', '{', '[':
		return i + 1
	}
	return d.tokenEnd(i)
}

// uintAt parses the unsigned integer of bits (8 … 64) bits that starts
// at byte i and returns it and its end. The forms the beacon API and
// value.yaml write ("1234" with at most 19 digits, 1234) are read at
// once; anything else goes through uint, which checks it strictly.
func (d *oldDecoder) uintAt(i int, bits int) (uint64, int, error) {
	b := d.data
	var x uint64
	switch c := b[i]; {
	case c == '"':
		j := i + 1
		for j < len(b) && j-i <= 19 && '0' <= b[j] && b[j] <= '9' {
			x = x*10 + uint64(b[j]-'0')
			j++
		}
		if n := j - i - 1; j < len(b) && b[j] == '"' && n > 0 && n <= 19 && (b[i+1] != '0' || n == 1) && (bits == 64 || x>>bits == 0) {
			return x, j + 1, nil
		}
		hi, err := d.skipString(i)
		if err != nil {
			return 0, hi, err
		}
		x, err = d.uint(i, hi, bits)
		return x, hi, err
	case '0' <= c && c <= '9':
		j := i
		for j < len(b) && j-i < 19 && '0' <= b[j] && b[j] <= '9' {
			x = x*10 + uint64(b[j]-'0')
			j++
		}
		if (j == len(b) || oldDelim[b[j]]) && (c != '0' || j == i+1) && (bits == 64 || x>>bits == 0) {
			return x, j, nil
		}
		hi := d.tokenEnd(i)
		x, err := d.uint(i, hi, bits)
		return x, hi, err
	case c == '-':
		hi := d.tokenEnd(i)
		x, err := d.uint(i, hi, bits)
		return x, hi, err
	}
	return 0, i, d.scalarError(i, d.endOf(i), "an unsigned integer")
}

// boolAt parses the true or false that starts at byte i and returns it
// and its end.
func (d *oldDecoder) boolAt(i int) (bool, int, error) {
	b := d.data
	switch {
	case len(b)-i >= 4 && string(b[i:i+4]) == "true" && (len(b) == i+4 || oldDelim[b[i+4]]):
		return true, i + 4, nil
	case len(b)-i >= 5 && string(b[i:i+5]) == "false" && (len(b) == i+5 || oldDelim[b[i+5]]):
		return false, i + 5, nil
	}
	hi := d.endOf(i)
	v, err := d.boolean(i, hi)
	return v, hi, err
}

// members scans the object (open '{') or array (open '[') that starts
// at byte lo, calling f with each member's index and spans: an
// element's [lo, hi), or a key's [lo, hi) and its value's [vlo, vhi),
// found by skip. It checks the commas, the colons and the closing
// bracket, and returns the end of the object or array; the members
// themselves are left to f.
func (d *oldDecoder) members(lo int, open byte, f func(k, lo, hi, vlo, vhi int) error) (int, error) {
	b := d.data
	closer := byte(']')
	if open == '{' {
		closer = '}'
	}
	i := d.ws(lo + 1)
	if i < len(b) && b[i] == closer {
		return i + 1, nil
	}
	for k := 0; ; k++ {
		if i >= len(b) {
			return i, oldFail(lo, ErrSyntax, "unterminated %s", oldJsonKind(open)[3:])
		}
		klo := i
		khi, err := d.skip(i)
		if err != nil {
			return khi, err
		}
		vlo, vhi := klo, khi
		if open == '{' {
			// The key, then its value.
			if b[klo] != '"' {
				return klo, oldFail(klo, ErrSyntax, "want a key string, got %s", d.quote(klo))
			}
			j := d.ws(khi)
			if j >= len(b) || b[j] != ':' {
				return j, oldFail(j, ErrSyntax, "want ':' after a key")
			}
			vlo = d.ws(j + 1)
			if vhi, err = d.skip(vlo); err != nil {
				return vhi, err
			}
		}
		if err := f(k, klo, khi, vlo, vhi); err != nil {
			return vhi, err
		}
		i = d.ws(vhi)
		switch {
		case i < len(b) && b[i] == ',':
			i = d.ws(i + 1)
			if i < len(b) && b[i] == closer {
				return i, oldFail(i, ErrSyntax, "trailing comma")
			}
		case i < len(b) && b[i] == closer:
			return i + 1, nil
		case i >= len(b):
			return i, oldFail(lo, ErrSyntax, "unterminated %s", oldJsonKind(open)[3:])
		default:
			return i, oldFail(i, ErrSyntax, "want ',' or '%c'", closer)
		}
	}
}

// fieldKeys are a container's keys: the names Marshal writes, which are
// the names paths give the fields (sszlayout.FieldName: the spec's name
// where package proof resolves it to the field), so every key written
// reads back as its field.
type oldFieldKeys struct {
	names  []string       // by field
	quoted []string       // `"name":`, by field
	byName map[string]int // names → field
}

// keys memoizes fieldKeys by container type.
var oldKeys sync.Map

// keysOf returns the keys of container t.
func oldKeysOf(t *ssz.Type) *oldFieldKeys {
	if k, ok := oldKeys.Load(t); ok {
		return k.(*oldFieldKeys)
	}
	k := &oldFieldKeys{names: make([]string, len(t.Fields)), quoted: make([]string, len(t.Fields)),
		byName: make(map[string]int, len(t.Fields))}
	for i := range t.Fields {
		name := sszlayout.FieldName(t, i)
		q, _ := json.Marshal(name) // a string always marshals
		k.names[i], k.quoted[i] = name, string(q)+":"
		k.byName[name] = i
	}
	oldKeys.Store(t, k)
	return k
}

// index returns the field a key names: a written name at once, any
// other key by the rule of proof paths (proof.FieldIndex: the Go name,
// the json tag, either folded), so a key means what a path step does.
func (k *oldFieldKeys) index(t *ssz.Type, key []byte) (int, bool) {
	if i, ok := k.byName[string(key)]; ok {
		return i, true
	}
	// (Corrected: no cut at 256 bytes, as underscores fold away.)
	i, err := proof.FieldIndex(t, string(key))
	return i, err == nil
}

// minJSON returns the fewest bytes any JSON of a valid value of t takes
// (saturating): the bound count checks each element of an array
// against, so that an element too short to be one is refused before the
// array's slice is made.
func oldMinJSON(t *ssz.Type) uint64 {
	if m, ok := oldMinJSONs.Load(t); ok {
		return m.(uint64)
	}
	m := oldMinJSONOf(t)
	oldMinJSONs.Store(t, m)
	return m
}

var oldMinJSONs sync.Map

func oldMinJSONOf(t *ssz.Type) uint64 {
	switch t.Kind {
	case ssz.KindBool:
		return 4 // true
	case ssz.KindBitvector:
		return checked.SatAdd(4, checked.SatAdd(t.Size, t.Size)) // "0x" and the bytes in hex
	case ssz.KindBitlist, ssz.KindProgressiveBitlist:
		return 6 // "0x01"
	case ssz.KindVector:
		// [e,e,…], or a byte string's hex, or [n,n,…]: 2L+1 at least.
		per := checked.SatAdd(oldMinJSON(t.Elem), 1)
		return checked.SatAdd(1, checked.SatMul(t.Length, per))
	case ssz.KindList, ssz.KindProgressiveList:
		return 2 // []
	case ssz.KindContainer, ssz.KindProgressiveContainer:
		// {"k":v,"k":v}: a key of one character at least.
		m := uint64(1)
		for i := range t.Fields {
			m = checked.SatAdd(m, checked.SatAdd(5, oldMinJSON(t.Fields[i].Type)))
		}
		return m
	case ssz.KindUnion, ssz.KindCompatibleUnion:
		// {"selector":0,"value":v} (23 bytes and the value, null for
		// the None option) or {"selector":1,"data":v} (22 and the value).
		base, m := uint64(23), ^uint64(0)
		if t.Kind == ssz.KindCompatibleUnion {
			base = 22
		}
		for i, o := range t.Options {
			switch {
			case o != nil:
				m = min(m, oldMinJSON(o))
			case i == 0 && t.Kind == ssz.KindUnion:
				m = min(m, 4) // null
			}
		}
		return checked.SatAdd(base, m)
	}
	return 1 // a digit
}

// responseKeys are the keys a beacon-API response gives beside "data"
// (the beacon-APIs spec's response metadata), and the JSON kind of each
// one's value: 's' a string, 'b' a boolean.
var oldResponseKeys = map[string]byte{
	"version":                   's',
	"execution_optimistic":      'b',
	"finalized":                 'b',
	"dependent_root":            's',
	"execution_payload_blinded": 'b',
	"execution_payload_value":   's',
	"consensus_block_value":     's',
}

// ParseResponse splits a beacon-API response, {"version": "fulu",
// "execution_optimistic": false, "finalized": true, "data": {…}}, into
// its parts. A response is a JSON object with a "data" key whose other
// keys are all the beacon-APIs spec's response metadata: "version",
// "dependent_root", "execution_payload_value" and
// "consensus_block_value" (strings), "execution_optimistic",
// "finalized" and "execution_payload_blinded" (booleans). Keys are
// compared exactly (after unescaping), each may appear once. A document
// that is not an object, has any other key (an *Error naming the key,
// at its byte) or no "data" is an *Error wrapping ErrNoEnvelope; a key
// given twice is ErrDuplicateField, a metadata value of the wrong JSON
// kind ErrType, anything that is not JSON ErrSyntax. The data is not
// checked: Unmarshal it.
func oldParseResponse(doc []byte) (*Response, error) {
	d := &oldDecoder{data: doc}
	lo := d.ws(0)
	if lo == len(doc) {
		return nil, oldRootError(oldFail(lo, ErrSyntax, "no value"))
	}
	if doc[lo] != '{' {
		return nil, &Error{Offset: int64(lo), Err: fmt.Errorf("%w: %s, not an object", ErrNoEnvelope, oldJsonKind(doc[lo]))}
	}
	r := &Response{Offset: -1}
	hi, err := d.members(lo, '{', func(_, klo, khi, vlo, vhi int) error {
		key, err := d.str(klo, khi)
		if err != nil {
			return err
		}
		if string(key) == "data" {
			if r.Offset >= 0 {
				return oldFailAt(klo, "data", ErrDuplicateField, "data given twice")
			}
			r.Data, r.Offset = doc[vlo:vhi], vlo
			return nil
		}
		kind, ok := oldResponseKeys[string(key)]
		if !ok {
			return oldFailAt(klo, oldStepName(key), ErrNoEnvelope, "%q is no key of a response (data and its metadata)", oldTruncate(key))
		}
		name := string(key)
		for _, k := range r.Keys {
			if k == name {
				return oldFailAt(klo, name, ErrDuplicateField, "%s given twice", name)
			}
		}
		r.Keys = append(r.Keys, name)
		switch kind {
		case 'b':
			_, err = d.boolean(vlo, vhi)
		default:
			if doc[vlo] != '"' {
				// (Corrected: a token that is no JSON is ErrSyntax.)
				return oldWithStep(d.scalarError(vlo, d.endOf(vlo), "a string"), name)
			}
			var s []byte
			if s, err = d.str(vlo, vhi); err == nil && name == "version" {
				r.Version = string(s)
			}
		}
		return oldWithStep(err, name)
	})
	if err != nil {
		return nil, oldRootError(err)
	}
	if end := d.ws(hi); end != len(doc) {
		return nil, oldRootError(oldFail(end, ErrSyntax, "data after the value: %s", d.quote(end)))
	}
	if r.Offset < 0 {
		return nil, &Error{Offset: int64(lo), Err: fmt.Errorf("%w: no data key", ErrNoEnvelope)}
	}
	return r, nil
}
