package sszjson

import (
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"math/bits"
	"reflect"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
	"unsafe"

	"github.com/lanehash/lanehash/internal/sszlayout"
	"github.com/lanehash/lanehash/internal/sszwalk"
	"github.com/lanehash/lanehash/ssz"
)

// Unmarshal decodes the JSON document data into v, which must be a
// non-nil pointer to a value of an SSZ type (see package ssz), strictly:
// see the package documentation for what is refused. Options are
// ssz.TypeOf's (ssz.WithSpec for the minimal preset). Errors are *Error
// naming the value's path and the byte of data at fault.
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
// was built for, as Unmarshal does. On error v may be partly written.
func UnmarshalValue(t *ssz.Type, data []byte, v reflect.Value) error {
	if !v.IsValid() || v.Type() != t.Go || !v.CanSet() {
		return &Error{Offset: -1, Err: fmt.Errorf("%w: want a settable %s", ssz.ErrValue, t.Go)}
	}
	d := &decoder{data: data}
	lo, hi, err := d.document()
	if err != nil {
		return d.convert(t, err)
	}
	return d.convert(t, sszwalk.Fill(t, v, &node{d: d, lo: lo, hi: hi}))
}

// The decoder is a sszwalk.Source over the document's bytes: the walk
// (which parts a type has, allocating, setting) is sszwalk.Fill's, the
// one the spec-vector runner reads value.yaml with. A node is one JSON
// value, the span [lo, hi) of the document without white space around
// it. Asked for a container's fields or a sequence's elements, a node
// scans its own span once, skipping each member (strings by IndexByte,
// nesting by counting brackets) to record the member's span, and hands
// out one node per member, which is parsed strictly when Fill gets to it.
// So every byte is parsed once by its own level and skipped once by each
// level above it, nothing but the members' spans is kept (a few words
// per member: memory of the order of the input), and nothing recurses but
// Fill's walk of the type, whose depth the type bounds: nesting deeper
// than the type is a wrong JSON type where it starts. Leaves (booleans,
// numbers, hex strings) and whole sequences of basic values are parsed
// straight into the Go value.

// decoder holds the document and what the nodes share.
type decoder struct {
	data []byte
	// sels is the selector of the union last read at each depth: the
	// union on the path of an error (Fill goes depth first, so it is the
	// last one read at its depth), which names the option the rest of
	// the path is in.
	sels []int
	// nums holds a sequence of basic values while it is counted.
	nums []uint64
	// unesc holds an unescaped string.
	unesc []byte
	// spans holds the elements' spans of an array while it is counted.
	spans [][2]int
}

// node is one JSON value of the document: data[lo:hi], at nesting depth
// depth (the document is 0, its members 1, …).
type node struct {
	d      *decoder
	lo, hi int
	depth  int
}

// srcErr is an error of a node: at byte off, about the value's step
// (a key that names no field, a field that is missing: "" for the node
// itself). convert turns it, with Fill's path, into an *Error.
type srcErr struct {
	off  int
	step string
	err  error
}

func (e *srcErr) Error() string { return e.err.Error() }
func (e *srcErr) Unwrap() error { return e.err }

// fail is an error of the value at byte off.
func fail(off int, sentinel error, format string, args ...any) error {
	return &srcErr{off: off, err: fmt.Errorf("%w: "+format, append([]any{sentinel}, args...)...)}
}

// failAt is an error of the part step of the value, at byte off.
func failAt(off int, step string, sentinel error, format string, args ...any) error {
	return &srcErr{off: off, step: step, err: fmt.Errorf("%w: "+format, append([]any{sentinel}, args...)...)}
}

// convert turns an error of Fill (an *sszwalk.Error with Go names in its
// path, wrapping a node's *srcErr) into an *Error with the spec's names.
func (d *decoder) convert(t *ssz.Type, err error) error {
	return d.convertAt(t, err, 0)
}

// convertAt is convert for a walk from a value at depth.
func (d *decoder) convertAt(t *ssz.Type, err error, depth int) error {
	if err == nil {
		return nil
	}
	e := &Error{Offset: -1, Err: err}
	var we *sszwalk.Error
	if errors.As(err, &we) {
		e.Path, e.Err = d.specPath(t, we.Path, depth), we.Err
	}
	var se *srcErr
	if errors.As(e.Err, &se) {
		e.Offset, e.Err = int64(se.off), se.err
		if se.step != "" {
			e.Path = joinStep(e.Path, se.step)
		}
	} else if errors.Is(e.Err, sszwalk.ErrShape) {
		// Not reached: the nodes check counts and selectors themselves.
		e.Err = fmt.Errorf("%w: %w", ErrType, e.Err)
	}
	return e
}

// joinStep appends a field name or an index step to path.
func joinStep(path, step string) string {
	if step != "" && step[0] == '[' {
		return path + step
	}
	return sszlayout.JoinPath(path, step)
}

// isSpace reports JSON's white space.
func isSpace(c byte) bool { return c == ' ' || c == '\n' || c == '\r' || c == '\t' }

// ws returns the first byte at or after i that is not white space.
func (d *decoder) ws(i int) int {
	for i < len(d.data) && isSpace(d.data[i]) {
		i++
	}
	return i
}

// document finds the one value of the document: white space around it
// and nothing else.
func (d *decoder) document() (int, int, error) {
	lo := d.ws(0)
	if lo == len(d.data) {
		return 0, 0, fail(lo, ErrSyntax, "no value")
	}
	hi, err := d.skip(lo)
	if err != nil {
		return 0, 0, err
	}
	if end := d.ws(hi); end != len(d.data) {
		return 0, 0, fail(end, ErrSyntax, "data after the value: %s", d.quote(end))
	}
	return lo, hi, nil
}

// delim marks the bytes that end a number or literal.
var delim = [256]bool{',': true, ']': true, '}': true, ':': true, '"': true, '[': true, '{': true,
	' ': true, '\t': true, '\n': true, '\r': true}

// skip returns the end of the value that starts at byte i (not white
// space). It only finds where the value ends — strings by their closing
// quote, objects and arrays by counting brackets, numbers and literals at
// the next delimiter — and leaves checking it to the value's own parse.
// It does not recurse.
func (d *decoder) skip(i int) (int, error) {
	b := d.data
	if i >= len(b) {
		return i, fail(i, ErrSyntax, "unexpected end of input, want a value")
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
		return i, fail(start, ErrSyntax, "unterminated %s", what)
	case ',', ']', '}', ':':
		return i, fail(i, ErrSyntax, "unexpected %q, want a value", b[i])
	}
	j := i
	for j < len(b) && !delim[b[j]] {
		j++
	}
	return j, nil
}

// skipString returns the end of the string whose opening quote is at i:
// one past its closing quote. It looks at eight bytes at a time for a
// quote or a backslash, and steps over the byte after each backslash.
func (d *decoder) skipString(i int) (int, error) {
	b := d.data
	j := i + 1
	for {
		for j+8 <= len(b) {
			x := binary.LittleEndian.Uint64(b[j:])
			if m := hasByte(x, '"') | hasByte(x, '\\'); m != 0 {
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
			return len(b), fail(i, ErrSyntax, "unterminated string")
		case b[j] == '"':
			return j + 1, nil
		}
		j += 2 // a backslash and the byte it escapes
	}
}

// hasByte returns a word with the high bit of each byte of x that is c
// set (and none of the bytes before the first such byte: the lowest set
// bit marks the first match).
func hasByte(x uint64, c byte) uint64 {
	const lo, hi = 0x0101010101010101, 0x8080808080808080
	y := x ^ (lo * uint64(c))
	return (y - lo) &^ y & hi
}

// plain reports whether s has no byte a JSON string must escape or that
// starts an escape (a control character, a quote or a backslash), eight
// bytes at a time.
func plain(s []byte) bool {
	const lo, hi = 0x0101010101010101, 0x8080808080808080
	for len(s) >= 8 {
		x := binary.LittleEndian.Uint64(s)
		ctl := (x - lo*0x20) &^ x & hi // a byte below 0x20
		if ctl|hasByte(x, '"')|hasByte(x, '\\') != 0 {
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
func (d *decoder) quote(i int) string {
	end := min(len(d.data), i+16)
	s := strconv.Quote(string(d.data[i:end]))
	if end < len(d.data) {
		s += "…"
	}
	return s
}

// jsonKind names the kind of the JSON value starting with c.
func jsonKind(c byte) string {
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

// wrongType is the error of a value of the wrong JSON kind.
func (n *node) wrongType(want string) error {
	return n.d.scalarError(n.lo, n.hi, want)
}

// str returns the contents of the string at [lo, hi) (its quotes
// included), unescaped, checking it as JSON requires: no control
// characters, only JSON's escapes. The result is valid until the next
// call (an escaped string is unescaped into a buffer the decoder reuses).
func (d *decoder) str(lo, hi int) ([]byte, error) {
	b := d.data
	if hi-lo < 2 || b[lo] != '"' || b[hi-1] != '"' {
		return nil, fail(lo, ErrSyntax, "malformed string")
	}
	s := b[lo+1 : hi-1]
	if plain(s) {
		return s, nil
	}
	out := d.unesc[:0]
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c < 0x20:
			return nil, fail(lo+1+i, ErrSyntax, "control character %#02x in a string", c)
		case c != '\\':
			out = append(out, c)
			continue
		}
		if i+1 == len(s) {
			return nil, fail(lo+1+i, ErrSyntax, "bad escape")
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
			r, ok := hex4(s[i+1:])
			if !ok {
				return nil, fail(lo+i, ErrSyntax, "bad \\u escape")
			}
			i += 4
			if utf16.IsSurrogate(r) {
				r2, ok := rune(0), false
				if i+2 < len(s) && s[i+1] == '\\' && s[i+2] == 'u' {
					r2, ok = hex4(s[i+3:])
				}
				r = utf16.DecodeRune(r, r2)
				if !ok || r == utf8.RuneError {
					return nil, fail(lo+i, ErrSyntax, "lone surrogate in a \\u escape")
				}
				i += 6
			}
			out = utf8.AppendRune(out, r)
		default:
			return nil, fail(lo+i, ErrSyntax, "bad escape \\%c", s[i])
		}
	}
	d.unesc = out
	return out, nil
}

// hex4 reads the four hex digits of a \u escape.
func hex4(s []byte) (rune, bool) {
	if len(s) < 4 {
		return 0, false
	}
	var r rune
	for _, c := range s[:4] {
		x, ok := hexVal(c)
		if !ok {
			return 0, false
		}
		r = r<<4 | rune(x)
	}
	return r, true
}

func hexVal(c byte) (byte, bool) {
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

// Nil is false: JSON spells out every value, zero ones too.
func (n *node) Nil(*ssz.Type) bool { return false }

// Leaf parses booleans, unsigned integers, bitfields, byte strings, and
// whole sequences of booleans and integers up to uint64 (into the Go
// value directly, without a node per element).
func (n *node) Leaf(t *ssz.Type, v reflect.Value) (bool, error) {
	switch t.Kind {
	case ssz.KindBool:
		b, err := n.d.boolean(n.lo, n.hi)
		if err != nil {
			return true, err
		}
		v.SetBool(b)
	case ssz.KindUint8, ssz.KindUint16, ssz.KindUint32, ssz.KindUint64:
		x, err := n.d.uint(n.lo, n.hi, 8*int(t.Size))
		if err != nil {
			return true, err
		}
		v.SetUint(x)
	case ssz.KindUint128, ssz.KindUint256:
		return true, n.bigUint(t, v)
	case ssz.KindBitvector, ssz.KindBitlist, ssz.KindProgressiveBitlist:
		return true, n.bitfield(t, v)
	case ssz.KindVector, ssz.KindList, ssz.KindProgressiveList:
		// Hex for a byte string, as the writer decides (sszlayout.IsBytes):
		// a sequence of a named uint8 is an array.
		switch c := n.d.data[n.lo]; {
		case c == '"' && sszlayout.IsBytes(t):
			return true, n.byteString(t, v)
		case c == '[' && basicElem(t.Elem):
			return true, n.basicSequence(t, v)
		case c != '[':
			if sszlayout.IsBytes(t) {
				return true, n.wrongType(`a "0x" hex string`)
			}
			return true, n.wrongType("an array")
		}
		return false, nil
	default:
		return false, nil
	}
	return true, nil
}

// boolean parses true or false.
func (d *decoder) boolean(lo, hi int) (bool, error) {
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
func (d *decoder) scalarError(lo, hi int, want string) error {
	switch tok := string(d.data[lo:hi]); {
	case tok == "true" || tok == "false" || tok == "null" || d.data[lo] == '"' || d.data[lo] == '{' || d.data[lo] == '[' || isNumber(d.data[lo:hi]):
		return fail(lo, ErrType, "want %s, got %s", want, jsonKind(d.data[lo]))
	}
	return fail(lo, ErrSyntax, "bad token %s", d.quote(lo))
}

// isNumber reports whether b is a JSON number:
// -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
func isNumber(b []byte) bool {
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
func (d *decoder) digits(lo, hi int) ([]byte, error) {
	b := d.data[lo:hi]
	quoted := b[0] == '"'
	if quoted {
		s, err := d.str(lo, hi)
		if err != nil {
			return nil, err
		}
		b = s
	} else if !isNumber(b) {
		return nil, d.scalarError(lo, hi, "an unsigned integer")
	}
	if len(b) == 0 {
		return nil, fail(lo, ErrNumber, "empty string")
	}
	for i, c := range b {
		if c < '0' || c > '9' {
			switch {
			case c == '-' && i == 0:
				return nil, fail(lo, ErrNumber, "negative")
			case !quoted && (c == '.' || c == 'e' || c == 'E'):
				return nil, fail(lo, ErrNumber, "not an integer")
			}
			return nil, fail(lo, ErrNumber, "not a decimal integer: %s", d.quote(lo))
		}
	}
	if len(b) > 1 && b[0] == '0' {
		return nil, fail(lo, ErrNumber, "leading zero")
	}
	return b, nil
}

// uint parses an unsigned integer of bits (8 … 64) bits.
func (d *decoder) uint(lo, hi int, bits int) (uint64, error) {
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
	if d.data[lo] != '"' && !isNumberStart(d.data[lo]) {
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
			return 0, fail(lo, ErrNumber, "out of range for uint%d", bits)
		}
		x = x*10 + dig
	}
	return x, nil
}

func isNumberStart(c byte) bool { return c == '-' || '0' <= c && c <= '9' }

// bigUint parses a uint128 or uint256 into v (of t's Go type, or the
// pointee of a *uint256.Int), through its little-endian bytes, which
// package ssz stores in every Go form of the type.
func (n *node) bigUint(t *ssz.Type, v reflect.Value) error {
	d := n.d
	if c := d.data[n.lo]; c != '"' && !isNumberStart(c) {
		return d.scalarError(n.lo, n.hi, "an unsigned integer")
	}
	b, err := d.digits(n.lo, n.hi)
	if err != nil {
		return err
	}
	var limbs [4]uint64 // little-endian limbs of the value so far
	words := int(t.Size / 8)
	for _, c := range b {
		carry := uint64(c - '0')
		for i := range words {
			hi, lo := bits.Mul64(limbs[i], 10)
			lo, c := bits.Add64(lo, carry, 0)
			limbs[i], carry = lo, hi+c
		}
		if carry != 0 {
			return fail(n.lo, ErrNumber, "out of range for %s", t.Kind)
		}
	}
	le := make([]byte, t.Size)
	for i := range words {
		for j := range 8 {
			le[8*i+j] = byte(limbs[i] >> (8 * j))
		}
	}
	u := v
	if t.Go.Kind() == reflect.Pointer {
		u = reflect.New(t.Go).Elem()
	}
	if err := ssz.UnmarshalValue(t, le, u); err != nil {
		return fail(n.lo, ErrNumber, "%v", err)
	}
	if u != v {
		v.Set(u.Elem())
	}
	return nil
}

// hexDigits returns the digits of the "0x" hex string at [lo, hi).
func (n *node) hexDigits() ([]byte, error) {
	d := n.d
	if d.data[n.lo] != '"' {
		return nil, n.wrongType(`a "0x" hex string`)
	}
	s, err := d.str(n.lo, n.hi)
	if err != nil {
		return nil, err
	}
	if len(s) < 2 || s[0] != '0' || s[1] != 'x' {
		return nil, fail(n.lo, ErrHex, `want "0x" and hex digits, got %s`, d.quote(n.lo))
	}
	s = s[2:]
	if len(s)%2 != 0 {
		return nil, fail(n.lo, ErrHex, "odd number of hex digits (%d)", len(s))
	}
	return s, nil
}

// decodeHex decodes hex digits s into dst (len(s)/2 bytes).
func (n *node) decodeHex(dst, s []byte) error {
	if _, err := hex.Decode(dst, s); err != nil {
		for i, c := range s {
			if _, ok := hexVal(c); !ok {
				return fail(n.lo+3+i, ErrHex, "bad hex digit %q", c)
			}
		}
		return fail(n.lo, ErrHex, "%v", err)
	}
	return nil
}

// bitfield parses a bitvector's or bitlist's SSZ bytes in hex; package
// ssz checks the delimiter and the unused bits.
func (n *node) bitfield(t *ssz.Type, v reflect.Value) error {
	s, err := n.hexDigits()
	if err != nil {
		return err
	}
	size := uint64(len(s) / 2)
	switch t.Kind {
	case ssz.KindBitvector:
		if size != t.Size {
			return fail(n.lo, ssz.ErrSize, "%d bytes for %s (%d bytes)", size, t, t.Size)
		}
	case ssz.KindBitlist:
		if size > t.Limit/8+1 {
			return fail(n.lo, ssz.ErrListTooLong, "%d bytes for %s (at most %d)", size, t, t.Limit/8+1)
		}
	}
	b := make([]byte, size)
	if err := n.decodeHex(b, s); err != nil {
		return err
	}
	return n.sszErr(ssz.UnmarshalValue(t, b, v))
}

// sszErr is a node's error for an error of package ssz: its cause,
// without ssz's own path.
func (n *node) sszErr(err error) error {
	if err == nil {
		return nil
	}
	var se *ssz.Error
	if errors.As(err, &se) {
		err = se.Err
	}
	return &srcErr{off: n.lo, err: err}
}

// count checks an element count of sequence t as it grows: at most the
// vector's length or the list's limit.
func (n *node) count(t *ssz.Type, k uint64, at int) error {
	switch {
	case t.Kind == ssz.KindVector && k > t.Length:
		return fail(at, ssz.ErrSize, "more than %d elements for %s", t.Length, t)
	case t.Kind == ssz.KindList && k > t.Limit:
		return fail(at, ssz.ErrListTooLong, "more than %d elements for %s", t.Limit, t)
	}
	return nil
}

// exact checks the final element count k of sequence t.
func (n *node) exact(t *ssz.Type, k uint64) error {
	if t.Kind == ssz.KindVector && k != t.Length {
		return fail(n.lo, ssz.ErrSize, "%d elements for %s", k, t)
	}
	return n.count(t, k, n.lo)
}

// byteString parses a byte vector or list given as hex.
func (n *node) byteString(t *ssz.Type, v reflect.Value) error {
	s, err := n.hexDigits()
	if err != nil {
		return err
	}
	k := uint64(len(s) / 2)
	if err := n.exact(t, k); err != nil {
		return err
	}
	if v.Kind() == reflect.Array {
		return n.decodeHex(v.Bytes(), s)
	}
	sl := reflect.MakeSlice(v.Type(), int(k), int(k))
	if err := n.decodeHex(sl.Bytes(), s); err != nil {
		return err
	}
	v.Set(sl)
	return nil
}

// basicElem reports whether sequences of t are parsed whole by
// basicSequence: booleans and unsigned integers up to 64 bits.
func basicElem(t *ssz.Type) bool {
	switch t.Kind {
	case ssz.KindBool, ssz.KindUint8, ssz.KindUint16, ssz.KindUint32, ssz.KindUint64:
		return true
	}
	return false
}

// basicSequence parses an array of booleans or integers into v, counted
// in a buffer the decoder reuses, then stored straight into the Go
// array or a new slice (their elements are Go bools or unsigned integers
// of the SSZ size, named or not).
func (n *node) basicSequence(t *ssz.Type, v reflect.Value) error {
	d, et := n.d, t.Elem
	nums := d.nums[:0]
	err := n.members('[', func(k, lo, hi, _, _ int) error {
		if err := n.count(t, uint64(k)+1, lo); err != nil {
			return err
		}
		var x uint64
		var err error
		if et.Kind == ssz.KindBool {
			var b bool
			b, err = d.boolean(lo, hi)
			if b {
				x = 1
			}
		} else {
			x, err = d.uint(lo, hi, 8*int(et.Size))
		}
		if err != nil {
			return elemErr(k, err)
		}
		nums = append(nums, x)
		return nil
	})
	d.nums = nums[:0]
	if err != nil {
		return err
	}
	if err := n.exact(t, uint64(len(nums))); err != nil {
		return err
	}
	seq := v
	if v.Kind() == reflect.Slice {
		seq = reflect.MakeSlice(v.Type(), len(nums), len(nums))
	}
	var p unsafe.Pointer
	if len(nums) > 0 {
		p = seq.Index(0).Addr().UnsafePointer()
	}
	for i, x := range nums {
		switch et.Size {
		case 1:
			*(*uint8)(unsafe.Add(p, i)) = uint8(x)
		case 2:
			*(*uint16)(unsafe.Add(p, 2*i)) = uint16(x)
		case 4:
			*(*uint32)(unsafe.Add(p, 4*i)) = uint32(x)
		default:
			*(*uint64)(unsafe.Add(p, 8*i)) = x
		}
	}
	if v.Kind() == reflect.Slice {
		v.Set(seq)
	}
	return nil
}

// elemErr puts element k's step on a node's error.
func elemErr(k int, err error) error {
	if se, ok := err.(*srcErr); ok {
		se.step = "[" + strconv.Itoa(k) + "]" + dotted(se.step)
	}
	return err
}

// dotted is a step to append after another: ".name" or "[i]".
func dotted(step string) string {
	if step == "" || step[0] == '[' {
		return step
	}
	return "." + step
}

// members scans the node's object (open '{') or array (open '['),
// calling f with each member's index and spans: an element's [lo, hi),
// or a key's [lo, hi) and its value's [vlo, vhi). It checks the commas,
// the colons and the closing bracket; the members themselves are left to
// f.
func (n *node) members(open byte, f func(k, lo, hi, vlo, vhi int) error) error {
	d, b := n.d, n.d.data
	if b[n.lo] != open {
		if open == '{' {
			return n.wrongType("an object")
		}
		return n.wrongType("an array")
	}
	closer := byte(']')
	if open == '{' {
		closer = '}'
	}
	i := d.ws(n.lo + 1)
	if i < n.hi && b[i] == closer {
		return n.end(i + 1)
	}
	for k := 0; ; k++ {
		if i >= n.hi {
			return fail(i, ErrSyntax, "unexpected end, want a value")
		}
		lo := i
		hi, err := d.skip(i)
		if err != nil {
			return err
		}
		if hi > n.hi {
			return fail(lo, ErrSyntax, "unterminated value")
		}
		vlo, vhi := lo, hi
		if open == '{' {
			// The key, then its value.
			if b[lo] != '"' {
				return fail(lo, ErrSyntax, "want a key string, got %s", d.quote(lo))
			}
			j := d.ws(hi)
			if j >= n.hi || b[j] != ':' {
				return fail(j, ErrSyntax, "want ':' after a key")
			}
			vlo = d.ws(j + 1)
			if vhi, err = d.skip(vlo); err != nil {
				return err
			}
			if vhi > n.hi {
				return fail(vlo, ErrSyntax, "unterminated value")
			}
		}
		if err := f(k, lo, hi, vlo, vhi); err != nil {
			return err
		}
		i = d.ws(vhi)
		switch {
		case i < n.hi && b[i] == ',':
			i = d.ws(i + 1)
			if i < n.hi && (b[i] == closer) {
				return fail(i, ErrSyntax, "trailing comma")
			}
		case i < n.hi && b[i] == closer:
			return n.end(i + 1)
		default:
			return fail(i, ErrSyntax, "want ',' or '%c'", closer)
		}
	}
}

// end checks that the node's value ends at i.
func (n *node) end(i int) error {
	if i != n.hi {
		return fail(i, ErrSyntax, "data after the value: %s", n.d.quote(i))
	}
	return nil
}

// Elems reads an array, one node per element; a vector must have all its
// elements, a list at most its limit. An element shorter than any valid
// JSON of its type is read at once, for its error: so each node kept
// stands for at least minJSON bytes of input, and an array of a million
// {} costs no million nodes.
func (n *node) Elems(t *ssz.Type) ([]sszwalk.Source, error) {
	spans := n.d.spans[:0]
	least := minJSON(t.Elem)
	err := n.members('[', func(k, lo, hi, _, _ int) error {
		if err := n.count(t, uint64(k)+1, lo); err != nil {
			return err
		}
		if uint64(hi-lo) < least {
			e := &node{d: n.d, lo: lo, hi: hi, depth: n.depth + 1}
			if err := e.fill(t.Elem); err != nil {
				return elemErr(k, err)
			}
		}
		if len(spans) == cap(spans) {
			// Doubling: append's gentler growth of large slices would
			// copy a million spans five times over.
			spans = append(make([][2]int, 0, 2*cap(spans)+64), spans...)
		}
		spans = append(spans, [2]int{lo, hi})
		return nil
	})
	n.d.spans = spans[:0]
	if err != nil {
		return nil, err
	}
	if err := n.exact(t, uint64(len(spans))); err != nil {
		return nil, err
	}
	nodes := make([]node, len(spans))
	srcs := make([]sszwalk.Source, len(spans))
	for i, sp := range spans {
		nodes[i] = node{d: n.d, lo: sp[0], hi: sp[1], depth: n.depth + 1}
		srcs[i] = &nodes[i]
	}
	return srcs, nil
}

// Fields reads an object with one key per field, in any order; a key
// names a field as a proof path's step does (proof.FieldIndex).
func (n *node) Fields(t *ssz.Type) ([]sszwalk.Source, error) {
	d := n.d
	keys := keysOf(t)
	nodes := make([]node, len(t.Fields))
	err := n.members('{', func(k, klo, khi, vlo, vhi int) error {
		key, err := d.str(klo, khi)
		if err != nil {
			return err
		}
		f, ok := k, k < len(keys.names) && keys.names[k] == string(key) // in field order, as written
		if !ok {
			f, ok = keys.index(t, key)
		}
		if !ok {
			return failAt(klo, stepName(key), ErrUnknownField, "no field %q in %s", truncate(key), t)
		}
		if nodes[f].d != nil {
			return failAt(klo, keys.names[f], ErrDuplicateField, "%s given twice", keys.names[f])
		}
		nodes[f] = node{d: d, lo: vlo, hi: vhi, depth: n.depth + 1}
		return nil
	})
	if err != nil {
		return nil, err
	}
	srcs := make([]sszwalk.Source, len(nodes))
	for i := range nodes {
		if nodes[i].d == nil {
			return nil, failAt(n.lo, keys.names[i], ErrMissingField, "%s has no %s", t, keys.names[i])
		}
		srcs[i] = &nodes[i]
	}
	return srcs, nil
}

// truncate shortens a key for a message.
func truncate(b []byte) string {
	if len(b) > 64 {
		return string(b[:64]) + "…"
	}
	return string(b)
}

// stepName is a key as a path step: itself when it is a name a path
// can spell, else quoted.
func stepName(key []byte) string {
	for i, c := range key {
		if !(c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || i > 0 && '0' <= c && c <= '9') {
			return strconv.Quote(truncate(key))
		}
	}
	if len(key) == 0 {
		return `""`
	}
	return truncate(key)
}

// Option reads a union's {"selector": n, "value": v} (Union; the None
// option's value is null) or a compatible union's {"selector": n,
// "data": v}: both keys, no others, the selector a JSON number (as the
// spec's value.yaml has it, never a string).
func (n *node) Option(t *ssz.Type) (int, sszwalk.Source, error) {
	d := n.d
	valueKey := "value"
	if t.Kind == ssz.KindCompatibleUnion {
		valueKey = "data"
	}
	var sel, val *node
	err := n.members('{', func(_, klo, khi, vlo, vhi int) error {
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
		if *p != nil {
			return failAt(klo, string(key), ErrDuplicateField, "%s given twice", key)
		}
		*p = &node{d: d, lo: vlo, hi: vhi, depth: n.depth + 1}
		return nil
	})
	if err != nil {
		return 0, nil, err
	}
	if sel == nil {
		return 0, nil, failAt(n.lo, "selector", ErrMissingField, "no selector")
	}
	if c := d.data[sel.lo]; !isNumberStart(c) {
		return 0, nil, withStep(d.scalarError(sel.lo, sel.hi, "a number"), "selector")
	}
	s, err := d.uint(sel.lo, sel.hi, 8)
	if err != nil {
		return 0, nil, withStep(err, "selector")
	}
	if s >= uint64(len(t.Options)) || t.Options[s] == nil && (t.Kind == ssz.KindCompatibleUnion || s != 0) {
		return 0, nil, failAt(sel.lo, "selector", ssz.ErrUnion, "selector %d is not an option of %s", s, t)
	}
	for len(d.sels) <= n.depth {
		d.sels = append(d.sels, 0)
	}
	d.sels[n.depth] = int(s)
	if val == nil {
		if t.Options[s] == nil {
			return 0, nil, failAt(n.lo, valueKey, ErrMissingField, "no %s (null for the None option)", valueKey)
		}
		return 0, nil, failAt(n.lo, valueKey, ErrMissingField, "no %s", valueKey)
	}
	if t.Options[s] == nil {
		if string(d.data[val.lo:val.hi]) != "null" {
			return 0, nil, failAt(val.lo, valueKey, ErrType, "the None option has no value: want null")
		}
		return int(s), nil, nil
	}
	return int(s), val, nil
}

// withStep puts step on a node's error.
func withStep(err error, step string) error {
	if se, ok := err.(*srcErr); ok {
		se.step = step + dotted(se.step)
	}
	return err
}

// fill reads the node into a value of t that is then dropped, for the
// node's error: a *srcErr with the path below the node.
func (n *node) fill(t *ssz.Type) error {
	err := sszwalk.Fill(t, reflect.New(t.Go).Elem(), n)
	if err == nil {
		return nil
	}
	je := n.d.convertAt(t, err, n.depth).(*Error)
	return &srcErr{off: int(je.Offset), step: je.Path, err: je.Err}
}
