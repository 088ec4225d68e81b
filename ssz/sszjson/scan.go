package sszjson

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/bits"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
)

// The lexical layer of the reader: errors at a byte, white space,
// skipping a value without parsing it, strings, literals and integers.

// srcErr is an error of a value: at byte off, about the part of the
// value that step names, below it (a field's name, an element's index,
// a key that names no field: "" for the value itself). Each level the
// error passes on its way out puts its own step in front (withStep,
// elemErr), so paths cost nothing unless something fails; rootError
// makes it an *Error.
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

// isSpace reports JSON's white space.
func isSpace(c byte) bool { return c == ' ' || c == '\n' || c == '\r' || c == '\t' }

// ws returns the first byte at or after i that is not white space.
func (d *decoder) ws(i int) int {
	for i < len(d.data) && isSpace(d.data[i]) {
		i++
	}
	return i
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
		end, open := nestedEnd(b, i)
		switch {
		case end >= 0:
			return end, nil
		case open >= 0:
			return len(b), fail(open, ErrSyntax, "unterminated string")
		case b[i] == '[':
			return len(b), fail(i, ErrSyntax, "unterminated array")
		}
		return len(b), fail(i, ErrSyntax, "unterminated object")
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
// one past its closing quote (stringEnd).
func (d *decoder) skipString(i int) (int, error) {
	if j := stringEnd(d.data, i); j >= 0 {
		return j, nil
	}
	return len(d.data), fail(i, ErrSyntax, "unterminated string")
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

// plainString returns the end of the string at byte i (one past its
// closing quote) when there is one and it has nothing to unescape or
// refuse (no backslash, no control character): its contents are then
// the bytes between its quotes. Else it returns -1. It looks at eight
// bytes at a time.
func plainString(b []byte, i int) int {
	if i >= len(b) || b[i] != '"' {
		return -1
	}
	j := i + 1
	for j+8 <= len(b) {
		x := binary.LittleEndian.Uint64(b[j:])
		ctl := (x - ones*0x20) &^ x & highs // a byte below 0x20
		if m := ctl | hasByte(x, '"') | hasByte(x, '\\'); m != 0 {
			j += bits.TrailingZeros64(m) / 8
			if b[j] == '"' {
				return j + 1
			}
			return -1
		}
		j += 8
	}
	for ; j < len(b); j++ {
		switch c := b[j]; {
		case c == '"':
			return j + 1
		case c == '\\' || c < 0x20:
			return -1
		}
	}
	return -1
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
	// The unescaped string is no longer than the escaped one: one buffer
	// of that size, reused by later strings no longer than it, so all
	// unescaping allocates at most the input's size.
	if cap(d.unesc) < len(s) {
		d.unesc = make([]byte, 0, len(s))
		d.unescaped += uint64(len(s))
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

// rawOffset returns the byte of the input that gives byte u of the
// unescaped contents of the string at lo, which str has unescaped: the
// byte itself, or the backslash of the escape that gives it. Values
// parsed from unescaped strings (hex digits) are checked there, so an
// error found at an index of the unescaped string is placed by this
// (on the error path only), never by adding the index to lo, which
// after an escape would name another byte.
func (d *decoder) rawOffset(lo, u int) int {
	b := d.data
	for i, n := lo+1, 0; i < len(b) && b[i] != '"'; {
		raw, out := 1, 1 // the bytes of input and of output of this character
		if b[i] == '\\' && i+1 < len(b) {
			raw = 2
			if b[i+1] == 'u' {
				r, _ := hex4(b[i+2:])
				raw = 6
				if utf16.IsSurrogate(r) {
					r2, _ := hex4(b[min(i+8, len(b)):])
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

// elemErr puts element k's step on a value's error.
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

// withStep puts step on a value's error.
func withStep(err error, step string) error {
	if se, ok := err.(*srcErr); ok {
		se.step = step + dotted(se.step)
	}
	return err
}

// rootError turns an error of the walk into an *Error: its path below
// the root value and its byte.
func rootError(err error) error {
	if err == nil {
		return nil
	}
	if se, ok := err.(*srcErr); ok {
		return &Error{Path: se.step, Offset: int64(se.off), Err: se.err}
	}
	return &Error{Offset: -1, Err: err}
}

// tokenEnd returns the end of the number or literal starting at i: the
// next delimiter.
func (d *decoder) tokenEnd(i int) int {
	for i < len(d.data) && !delim[d.data[i]] {
		i++
	}
	return i
}

// endOf returns where the value at i ends for its error message: a
// token's end, or one byte past a string's, an object's or an array's
// opening (what scalarError shows of it).
func (d *decoder) endOf(i int) int {
	switch d.data[i] {
	case '"', '{', '[':
		return i + 1
	}
	return d.tokenEnd(i)
}

// uintAt parses the unsigned integer of bits (8 … 64) bits that starts
// at byte i and returns it and its end. The forms the beacon API and
// value.yaml write ("1234" with at most 20 digits, 1234) are read at
// once; anything else goes through uint, which checks it strictly.
func (d *decoder) uintAt(i int, bits int) (uint64, int, error) {
	b := d.data
	switch c := b[i]; {
	case c == '"':
		x, j, ok := decimal(b, i+1)
		if n := j - i - 1; ok && j < len(b) && b[j] == '"' && n > 0 && (b[i+1] != '0' || n == 1) && (bits == 64 || x>>bits == 0) {
			return x, j + 1, nil
		}
		hi, err := d.skipString(i)
		if err != nil {
			return 0, hi, err
		}
		x, err = d.uint(i, hi, bits)
		return x, hi, err
	case '0' <= c && c <= '9':
		x, j, ok := decimal(b, i)
		if ok && (j == len(b) || delim[b[j]]) && (c != '0' || j == i+1) && (bits == 64 || x>>bits == 0) {
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

// decimal reads the decimal digits at b[i:], at most 20 of them (as
// many as a uint64 has), and returns their value and their end; ok is
// false when they are more than a uint64 holds (the caller then looks
// at them again, strictly).
func decimal(b []byte, i int) (x uint64, j int, ok bool) {
	j = i
	// Eight digits at a time while they are at most 19 in all, which a
	// uint64 holds whatever they are.
	for j+8 <= len(b) && j-i <= 11 {
		w := binary.LittleEndian.Uint64(b[j:])
		if w&highs != 0 || inRange(w, '0', '9') != highs {
			break
		}
		x = x*100000000 + eightDigits(w)
		j += 8
	}
	for j < len(b) && j-i < 19 && '0' <= b[j] && b[j] <= '9' {
		x = x*10 + uint64(b[j]-'0')
		j++
	}
	if j-i == 19 && j < len(b) && '0' <= b[j] && b[j] <= '9' {
		dig := uint64(b[j] - '0')
		if x > (math.MaxUint64-dig)/10 {
			return x, j, false
		}
		x = x*10 + dig
		j++
	}
	return x, j, true
}

// eightDigits returns the value of the eight decimal digits of w, the
// first in its lowest byte: pairs, then fours, then all eight, each
// step one multiplication.
func eightDigits(w uint64) uint64 {
	w -= ones * '0'
	w = w * (1 + 10<<8) >> 8 & 0x00ff00ff00ff00ff
	w = w * (1 + 100<<16) >> 16 & 0x0000ffff0000ffff
	return w * (1 + 10000<<32) >> 32
}

// boolAt parses the true or false that starts at byte i and returns it
// and its end.
func (d *decoder) boolAt(i int) (bool, int, error) {
	b := d.data
	switch {
	case len(b)-i >= 4 && string(b[i:i+4]) == "true" && (len(b) == i+4 || delim[b[i+4]]):
		return true, i + 4, nil
	case len(b)-i >= 5 && string(b[i:i+5]) == "false" && (len(b) == i+5 || delim[b[i+5]]):
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
func (d *decoder) members(lo int, open byte, f func(k, lo, hi, vlo, vhi int) error) (int, error) {
	return d.membersFrom(lo, open, 0, lo, f)
}

// membersFrom is members resumed at member k, whose predecessor's value
// ends at byte after (for k = 0, from the opening bracket: after is
// ignored). The reader's fast paths that read members as they go hand
// the rest of an object to it, from the member where they stopped, so
// that it finds the fault the scan of the whole would have.
func (d *decoder) membersFrom(lo int, open byte, k, after int, f func(k, lo, hi, vlo, vhi int) error) (int, error) {
	b := d.data
	closer := byte(']')
	if open == '{' {
		closer = '}'
	}
	var i int
	if k == 0 {
		i = d.ws(lo + 1)
		if i < len(b) && b[i] == closer {
			return i + 1, nil
		}
	} else {
		var done bool
		var err error
		if i, done, err = d.separator(lo, open, closer, after); done || err != nil {
			return i, err
		}
	}
	for ; ; k++ {
		if i >= len(b) {
			return i, fail(lo, ErrSyntax, "unterminated %s", jsonKind(open)[3:])
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
				return klo, fail(klo, ErrSyntax, "want a key string, got %s", d.quote(klo))
			}
			j := d.ws(khi)
			if j >= len(b) || b[j] != ':' {
				return j, fail(j, ErrSyntax, "want ':' after a key")
			}
			vlo = d.ws(j + 1)
			if vhi, err = d.skip(vlo); err != nil {
				return vhi, err
			}
		}
		if err := f(k, klo, khi, vlo, vhi); err != nil {
			return vhi, err
		}
		var done bool
		if i, done, err = d.separator(lo, open, closer, vhi); done || err != nil {
			return i, err
		}
	}
}

// separator checks what follows a member of the object or array at lo
// whose value ends at byte after: a comma and the next member, whose
// start it returns, or the closing bracket, whose end it returns with
// done.
func (d *decoder) separator(lo int, open, closer byte, after int) (i int, done bool, err error) {
	b := d.data
	i = d.ws(after)
	switch {
	case i < len(b) && b[i] == ',':
		i = d.ws(i + 1)
		if i < len(b) && b[i] == closer {
			return i, false, fail(i, ErrSyntax, "trailing comma")
		}
		return i, false, nil
	case i < len(b) && b[i] == closer:
		return i + 1, true, nil
	case i >= len(b):
		return i, false, fail(lo, ErrSyntax, "unterminated %s", jsonKind(open)[3:])
	}
	return i, false, fail(i, ErrSyntax, "want ',' or '%c'", closer)
}
