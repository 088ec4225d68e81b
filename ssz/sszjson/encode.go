package sszjson

import (
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"math/big"
	"reflect"
	"strconv"

	"github.com/lanehash/lanehash/internal/checked"
	"github.com/lanehash/lanehash/internal/sszlayout"
	"github.com/lanehash/lanehash/internal/structfield"
	"github.com/lanehash/lanehash/ssz"
)

// Marshal returns the canonical JSON of v (a value of an SSZ type or a
// pointer to one), compact: no white space. Options are ssz.TypeOf's.
// A value that is no valid value of its type (a list over its limit, a
// fixed-size slice of another length, a bitlist without its delimiter, a
// union selector that is no option) is an *Error naming its path, as
// ssz.Marshal refuses it.
func Marshal(v any, opts ...ssz.Option) ([]byte, error) {
	t, rv, err := describe(v, opts)
	if err != nil {
		return nil, err
	}
	return MarshalValue(t, rv)
}

// MarshalIndent is Marshal with each object member and array element on
// a line of its own, begun with prefix and indent once per level of
// nesting, as encoding/json's MarshalIndent writes.
func MarshalIndent(v any, prefix, indent string, opts ...ssz.Option) ([]byte, error) {
	t, rv, err := describe(v, opts)
	if err != nil {
		return nil, err
	}
	return marshal(t, rv, prefix, indent)
}

// MarshalValue returns the compact JSON of v, which must have the Go
// type t was built for (or be a pointer to it). A descriptor that does
// not describe its Go type (one made by hand) is refused before
// anything is encoded with ssz.CheckDescriptor's error, an *ssz.Error
// wrapping ssz.ErrValue.
func MarshalValue(t *ssz.Type, v reflect.Value) ([]byte, error) {
	return marshal(t, v, "", "")
}

// An Encoder writes JSON values to a stream as it makes them, so a state
// of hundreds of megabytes is never held whole.
type Encoder struct {
	w              io.Writer
	prefix, indent string
}

// NewEncoder returns an Encoder writing to w.
func NewEncoder(w io.Writer) *Encoder { return &Encoder{w: w} }

// SetIndent makes the Encoder write each value as MarshalIndent does.
func (enc *Encoder) SetIndent(prefix, indent string) { enc.prefix, enc.indent = prefix, indent }

// Encode writes the JSON of v (a value of an SSZ type or a pointer to
// one) and a newline. Options are ssz.TypeOf's. On an error part of the
// value may have been written.
func (enc *Encoder) Encode(v any, opts ...ssz.Option) error {
	t, rv, err := describe(v, opts)
	if err != nil {
		return err
	}
	return enc.EncodeValue(t, rv)
}

// EncodeValue writes the JSON of v, of the Go type t was built for (or a
// pointer to it), and a newline. A descriptor that does not describe its
// Go type is refused as MarshalValue refuses it, before anything is
// written.
func (enc *Encoder) EncodeValue(t *ssz.Type, v reflect.Value) error {
	if err := ssz.CheckDescriptor(t); err != nil {
		return err
	}
	e := &encoder{w: enc.w, prefix: enc.prefix, indent: enc.indent}
	if err := e.encode(t, v); err != nil {
		return err
	}
	e.buf = append(e.buf, '\n')
	return e.flush()
}

// describe finds the descriptor of a value passed as any, as ssz.Marshal
// does: the value's type, else a pointer's element type.
func describe(v any, opts []ssz.Option) (*ssz.Type, reflect.Value, error) {
	rv := reflect.ValueOf(v)
	if !rv.IsValid() {
		return nil, rv, &Error{Offset: -1, Err: fmt.Errorf("%w: nil value", ssz.ErrValue)}
	}
	t, err := ssz.TypeOf(rv.Type(), opts...)
	if err != nil && rv.Kind() == reflect.Pointer {
		if rv.IsNil() {
			return nil, rv, &Error{Offset: -1, Err: fmt.Errorf("%w: nil %s", ssz.ErrValue, rv.Type())}
		}
		rv = rv.Elem()
		t, err = ssz.TypeOf(rv.Type(), opts...)
	}
	return t, rv, err
}

// encoder appends JSON to buf, writing it out to w (when set) as it
// grows past flushAt; without w, buf grows.
type encoder struct {
	buf            []byte
	w              io.Writer
	written        int // bytes written out to w
	prefix, indent string
	depth          int
}

// marshal returns the JSON of v. A value whose JSON is longer than
// flushAt is encoded twice: first only counted, then into one buffer of
// its size. A state's JSON is hundreds of megabytes, and a buffer grown
// as it is written (or kept in pieces and joined) allocates, faults in
// and copies it about twice over, which costs more than encoding it
// again.
func marshal(t *ssz.Type, v reflect.Value, prefix, indent string) ([]byte, error) {
	if err := ssz.CheckDescriptor(t); err != nil {
		return nil, err
	}
	e := &encoder{w: io.Discard, prefix: prefix, indent: indent}
	if err := e.encode(t, v); err != nil {
		return nil, err
	}
	if e.written == 0 {
		return e.buf, nil
	}
	if err := e.reserve(0); err != nil { // its bound, checked as it grew, before this make
		return nil, err
	}
	e = &encoder{buf: make([]byte, 0, e.written+len(e.buf)), prefix: prefix, indent: indent}
	if err := e.encode(t, v); err != nil {
		return nil, err
	}
	return e.buf, nil
}

// reserve refuses, with ssz.ErrSize, to make the JSON longer by n more
// bytes (at least) when that would take it past checked.MaxEncoded, the
// bound ssz.Marshal puts on a serialization: the JSON of a value is
// bounded as its serialization is, and checked before a sequence's
// bytes or elements are made (the zero value of a vector of 2^50 bytes
// is an empty slice, whose JSON no Go slice can hold).
func (e *encoder) reserve(n uint64) error {
	total := checked.SatAdd(uint64(e.written)+uint64(len(e.buf)), n)
	if total > checked.MaxEncoded {
		return valueErr(ssz.ErrSize, "JSON of %d bytes or more does not fit in a Go slice", total)
	}
	return nil
}

// flushAt is the buffered output an encoder with a writer lets build up.
const flushAt = 64 << 10

// flush writes the buffer out to w. Every caller returns its error at
// once: an encoder stops at its first failed write (a writer that takes
// fewer bytes than it is given without saying why fails with
// io.ErrShortWrite).
func (e *encoder) flush() error {
	if e.w == nil || len(e.buf) == 0 {
		return nil
	}
	n, err := e.w.Write(e.buf)
	if err == nil && n < len(e.buf) {
		err = io.ErrShortWrite
	}
	e.written += len(e.buf)
	e.buf = e.buf[:0]
	if err != nil {
		return &Error{Offset: -1, Err: err}
	}
	return nil
}

// encode writes v, of t's Go type or a pointer to it, made addressable
// (a Go bool's byte is read, as ssz.Marshal reads it).
func (e *encoder) encode(t *ssz.Type, v reflect.Value) error {
	switch {
	case !v.IsValid():
		return &Error{Offset: -1, Err: fmt.Errorf("%w: no value", ssz.ErrValue)}
	case v.Type() == t.Go:
	case v.Kind() == reflect.Pointer && v.Type().Elem() == t.Go:
		if v.IsNil() {
			v = reflect.Zero(t.Go)
		} else {
			v = v.Elem()
		}
	default:
		return &Error{Offset: -1, Err: fmt.Errorf("%w: a %s for %s", ssz.ErrValue, v.Type(), t.Go)}
	}
	if !v.CanAddr() {
		c := reflect.New(v.Type()).Elem()
		c.Set(v)
		v = c
	}
	if err := e.value(t, v); err != nil {
		var je *Error
		if errors.As(err, &je) {
			return je
		}
		return &Error{Offset: -1, Err: err}
	}
	return nil
}

// within puts step in front of the path of err, an *Error (e.value
// returns no other kind).
func within(err error, step string) error {
	if je, ok := err.(*Error); ok {
		switch {
		case je.Path == "":
			je.Path = step
		case je.Path[0] == '[':
			je.Path = step + je.Path
		default:
			je.Path = step + "." + je.Path
		}
	}
	return err
}

// valueErr is an error of the value being written, at its own path.
func valueErr(sentinel error, format string, args ...any) error {
	return &Error{Offset: -1, Err: fmt.Errorf("%w: "+format, append([]any{sentinel}, args...)...)}
}

// sszErr is an error of package ssz about the value being written,
// without ssz's own path.
func sszErr(err error) error {
	var se *ssz.Error
	if errors.As(err, &se) {
		err = se.Err
	}
	return &Error{Offset: -1, Err: err}
}

// newline starts a member on a line of its own (indented output only).
func (e *encoder) newline() {
	if e.indent == "" && e.prefix == "" {
		return
	}
	e.buf = append(e.buf, '\n')
	e.buf = append(e.buf, e.prefix...)
	for range e.depth {
		e.buf = append(e.buf, e.indent...)
	}
}

// open and close write an object's or array's brackets, close with the
// closing bracket on a line of its own after n members.
func (e *encoder) open(c byte) {
	e.buf = append(e.buf, c)
	e.depth++
}

func (e *encoder) close(c byte, n int) {
	e.depth--
	if n > 0 {
		e.newline()
	}
	e.buf = append(e.buf, c)
}

// next starts member i, flushing the buffer when it has grown past
// flushAt: its error must be returned.
func (e *encoder) next(i int) error {
	if i > 0 {
		e.buf = append(e.buf, ',')
	}
	e.newline()
	if e.w != nil && len(e.buf) >= flushAt {
		return e.flush()
	}
	return nil
}

// value writes v, an addressable value of t's Go type (or the zero value
// of it, which need not be).
func (e *encoder) value(t *ssz.Type, v reflect.Value) error {
	if v.Kind() == reflect.Pointer && t.Kind != ssz.KindUint128 && t.Kind != ssz.KindUint256 {
		if v.IsNil() {
			v = reflect.Zero(v.Type().Elem()) // nil is the zero value
		} else {
			v = v.Elem()
		}
	}
	switch t.Kind {
	case ssz.KindBool:
		b := byte(0)
		switch {
		case v.CanAddr():
			// The byte itself: reflect's Bool calls any byte but 0 true.
			b = *(*byte)(v.Addr().UnsafePointer())
		case v.Bool():
			b = 1
		}
		if b > 1 {
			return valueErr(ssz.ErrBool, "byte %#02x", b)
		}
		if b == 1 {
			e.buf = append(e.buf, "true"...)
		} else {
			e.buf = append(e.buf, "false"...)
		}
	case ssz.KindUint8, ssz.KindUint16, ssz.KindUint32, ssz.KindUint64:
		e.buf = append(e.buf, '"')
		e.buf = strconv.AppendUint(e.buf, v.Uint(), 10)
		e.buf = append(e.buf, '"')
	case ssz.KindUint128, ssz.KindUint256:
		le, err := ssz.AppendBasic(nil, t, v)
		if err != nil {
			return sszErr(err)
		}
		for i, j := 0, len(le)-1; i < j; i, j = i+1, j-1 {
			le[i], le[j] = le[j], le[i]
		}
		e.buf = append(e.buf, '"')
		e.buf = new(big.Int).SetBytes(le).Append(e.buf, 10)
		e.buf = append(e.buf, '"')
	case ssz.KindBitvector, ssz.KindBitlist, ssz.KindProgressiveBitlist:
		b, err := ssz.MarshalValue(t, v)
		if err != nil {
			return sszErr(err)
		}
		e.hex(b)
	case ssz.KindVector, ssz.KindList, ssz.KindProgressiveList:
		return e.sequence(t, v)
	case ssz.KindContainer, ssz.KindProgressiveContainer:
		return e.container(t, v)
	case ssz.KindUnion, ssz.KindCompatibleUnion:
		return e.union(t, v)
	default:
		return valueErr(ssz.ErrUnsupported, "kind %s", t.Kind)
	}
	return nil
}

// hex writes b as a "0x" hex string.
func (e *encoder) hex(b []byte) {
	e.buf = append(e.buf, '"', '0', 'x')
	e.buf = hex.AppendEncode(e.buf, b)
	e.buf = append(e.buf, '"')
}

// sequence writes a vector or list: a byte string (elements of plain
// uint8) in hex, anything else as an array. An empty Go slice for a
// vector is the zero vector, written out in full.
func (e *encoder) sequence(t *ssz.Type, v reflect.Value) error {
	n := v.Len()
	zero := false
	switch {
	case t.Kind == ssz.KindVector && v.Kind() == reflect.Slice && n == 0:
		zero, n = true, int(t.Length)
	case t.Kind == ssz.KindVector && uint64(n) != t.Length:
		return valueErr(ssz.ErrSize, "%d elements for %s", n, t)
	case t.Kind == ssz.KindList && uint64(n) > t.Limit:
		return valueErr(ssz.ErrListTooLong, "%d elements for %s", n, t)
	}
	if sszlayout.IsBytes(t) {
		// "0x" and two hex digits a byte, quoted.
		if err := e.reserve(checked.SatAdd(4, checked.SatMul(2, uint64(n)))); err != nil {
			return err
		}
		var b []byte
		switch {
		case zero:
			b = make([]byte, n)
		case v.CanAddr() || v.Kind() == reflect.Slice:
			b = v.Bytes()
		default: // the zero value of an array
			b = make([]byte, n)
		}
		e.hex(b)
		return nil
	}
	// An element and a comma each, at least.
	if err := e.reserve(checked.SatMul(uint64(n), checked.SatAdd(minJSON(t.Elem), 1))); err != nil {
		return err
	}
	e.open('[')
	var z reflect.Value
	if zero || !v.CanAddr() && v.Kind() == reflect.Array {
		z = reflect.Zero(t.Elem.Go)
	}
	for i := range n {
		if err := e.next(i); err != nil {
			return err
		}
		ev := z
		if !z.IsValid() {
			ev = v.Index(i)
		}
		if err := e.value(t.Elem, ev); err != nil {
			return within(err, indexStep(i))
		}
	}
	e.close(']', n)
	return nil
}

// container writes an object, its fields in order under the names paths
// give them.
func (e *encoder) container(t *ssz.Type, v reflect.Value) error {
	k := keysOf(t)
	e.open('{')
	for i := range t.Fields {
		if err := e.next(i); err != nil {
			return err
		}
		e.buf = append(e.buf, k.quoted[i]...)
		if e.indent != "" || e.prefix != "" {
			e.buf = append(e.buf, ' ')
		}
		if err := e.value(t.Fields[i].Type, structfield.Get(v, t.Fields[i].Index)); err != nil {
			return within(err, k.names[i])
		}
	}
	e.close('}', len(t.Fields))
	return nil
}

// union writes {"selector": n, "value": v} (a Union; the None option's
// value null) or {"selector": n, "data": v} (a CompatibleUnion). The
// value must be of the selected option's Go type.
func (e *encoder) union(t *ssz.Type, v reflect.Value) error {
	valueKey := "value"
	if t.Kind == ssz.KindCompatibleUnion {
		valueKey = "data"
	}
	sel, val := v.Field(0).Uint(), v.Field(1)
	if sel >= uint64(len(t.Options)) || t.Options[sel] == nil && (t.Kind == ssz.KindCompatibleUnion || sel != 0) {
		return within(valueErr(ssz.ErrUnion, "selector %d is not an option of %s", sel, t), "selector")
	}
	opt := t.Options[sel]
	sep := ":"
	if e.indent != "" || e.prefix != "" {
		sep = ": "
	}
	e.open('{')
	if err := e.next(0); err != nil {
		return err
	}
	e.buf = append(e.buf, `"selector"`+sep...)
	e.buf = strconv.AppendUint(e.buf, sel, 10)
	if err := e.next(1); err != nil {
		return err
	}
	e.buf = append(e.buf, `"`+valueKey+`"`+sep...)
	if opt == nil {
		if !val.IsNil() {
			return within(valueErr(ssz.ErrUnion, "the None option holds a %s", val.Elem().Type()), valueKey)
		}
		e.buf = append(e.buf, "null"...)
	} else {
		if val.IsNil() || val.Elem().Type() != opt.Go {
			got := "nothing"
			if !val.IsNil() {
				got = "a " + val.Elem().Type().String()
			}
			return within(valueErr(ssz.ErrUnion, "option %d is a %s, the value %s", sel, opt.Go, got), valueKey)
		}
		// A copy: the value in the interface is not addressable.
		c := reflect.New(opt.Go).Elem()
		c.Set(val.Elem())
		if err := e.value(opt, c); err != nil {
			return within(err, valueKey)
		}
	}
	e.close('}', 2)
	return nil
}
