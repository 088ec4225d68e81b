package ssz

// The encoder as it was before it was compiled per descriptor (commit
// d5a8f14), kept verbatim (identifiers prefixed "prev"; the value
// helpers it shared with the reference root, unionValue and the others,
// copied with it) as the oracle of TestEncoderMatchesOracle: the new
// encoder must write, refuse and name exactly what this one does. Only
// tests build it.

import (
	"encoding/binary"
	"math"
	"reflect"
	"unsafe"

	"github.com/holiman/uint256"
	"github.com/lanehash/lanehash/internal/sszpath"
	"github.com/lanehash/lanehash/internal/structfield"
)

// OracleMarshal and OracleMarshalValue are Marshal and MarshalValue as
// they were (the oracle's entry points, for the external tests).
var (
	OracleMarshal      = prevMarshal
	OracleMarshalValue = prevMarshalValue
)

// prevMarshal returns the SSZ serialization of v (a value or a pointer to
// one).
func prevMarshal(v any, opts ...Option) ([]byte, error) {
	t, rv, err := prevDescribe(v, opts)
	if err != nil {
		return nil, err
	}
	return prevMarshalValue(t, rv)
}

// prevMarshalValue returns the SSZ serialization of v, which must have the Go
// type t was built for (or be a pointer to it).
func prevMarshalValue(t *Type, v reflect.Value) ([]byte, error) {
	v, err := prevCheckValue(t, v)
	if err != nil {
		return nil, err
	}
	var dst []byte
	if n := prevEncodedSize(t, v); n <= prevMaxPresize {
		// One buffer of the right size: growing it by appending copied
		// a state's serialization about four times over.
		dst = make([]byte, 0, n)
	}
	b, err := prevAppendValue(dst, t, v)
	if err != nil {
		return nil, prevJoinSteps(err, prevRootPath(t))
	}
	return b, nil
}

// prevDescribe finds the descriptor of a value passed as any.
func prevDescribe(v any, opts []Option) (*Type, reflect.Value, error) {
	rv := reflect.ValueOf(v)
	if !rv.IsValid() {
		return nil, rv, errorf("", ErrValue, "nil value")
	}
	t, err := TypeOf(rv.Type(), opts...)
	if err != nil && rv.Kind() == reflect.Pointer {
		if rv.IsNil() {
			return nil, rv, errorf("", ErrValue, "nil %s", rv.Type())
		}
		rv = rv.Elem()
		t, err = TypeOf(rv.Type(), opts...)
	}
	return t, rv, err
}

// prevRootPath is the root of the paths in the encoder's and decoder's
// errors: the type's name (a pointer's element's), or for an unnamed type
// UnnamedPath, as TypeOf's errors and the reference root's.
func prevRootPath(t *Type) string {
	g := t.Go
	if g.Kind() == reflect.Pointer {
		g = g.Elem()
	}
	if g.Name() != "" {
		return g.Name()
	}
	return UnnamedPath(g)
}

// prevAppendBasic appends the serialization of a basic value (bool, uintN).
// Its one error is a bool whose byte is neither 0 nor 1, without a path.
func prevAppendBasic(dst []byte, t *Type, v reflect.Value) ([]byte, error) {
	switch t.Kind {
	case KindBool:
		b, err := prevBoolByte(v)
		return append(dst, b), err
	case KindUint8:
		return append(dst, uint8(v.Uint())), nil
	case KindUint16:
		return binary.LittleEndian.AppendUint16(dst, uint16(v.Uint())), nil
	case KindUint32:
		return binary.LittleEndian.AppendUint32(dst, uint32(v.Uint())), nil
	case KindUint64:
		return binary.LittleEndian.AppendUint64(dst, v.Uint()), nil
	case KindUint128, KindUint256:
		if t.Go.Kind() == reflect.Pointer {
			var limbs [4]uint64
			if !v.IsNil() {
				limbs = *v.Interface().(*uint256.Int)
			}
			for _, l := range limbs {
				dst = binary.LittleEndian.AppendUint64(dst, l)
			}
			return dst, nil
		}
		if t.Go.Elem().Kind() == reflect.Uint64 {
			for i := 0; i < v.Len(); i++ {
				dst = binary.LittleEndian.AppendUint64(dst, v.Index(i).Uint())
			}
			return dst, nil
		}
		for i := 0; i < v.Len(); i++ {
			dst = append(dst, uint8(v.Index(i).Uint()))
		}
		return dst, nil
	}
	return dst, nil // not reached: callers check IsBasic
}

// prevBoolByte is the byte of a Go bool. reflect's Bool calls any byte but 0
// true, but memory written through unsafe (a zero-copy decoder's) can
// hold a byte above 1, which is no boolean: it is refused, as the decoder
// refuses that byte and plan and cache refuse it, rather than serialized
// as true. checkValue makes the value addressable, so the byte is read.
func prevBoolByte(v reflect.Value) (byte, error) {
	if !v.CanAddr() {
		// A zero value standing for what a nil pointer points to.
		if v.Bool() {
			return 1, nil
		}
		return 0, nil
	}
	b := *(*byte)(v.Addr().UnsafePointer())
	if b > 1 {
		return b, errorf("", ErrBool, "byte 0x%02x", b)
	}
	return b, nil
}

// prevAppendValue appends the serialization of v (of type t.Go) to dst. Its
// errors' paths are relative to v: each step up puts its own step in
// front (stepError), and MarshalValue joins them under the root's path,
// so no path string is built for a value that encodes.
func prevAppendValue(dst []byte, t *Type, v reflect.Value) ([]byte, error) {
	if t.IsBasic() {
		return prevAppendBasic(dst, t, v)
	}
	switch t.Kind {
	case KindBitvector:
		b, err := prevBitvectorBytes(t, v, "")
		return append(dst, b...), err
	case KindBitlist, KindProgressiveBitlist:
		b := v.Bytes()
		if _, err := prevBitlistLen(t, b, ""); err != nil {
			return dst, err
		}
		if len(b) == 0 {
			return append(dst, 1), nil
		}
		return append(dst, b...), nil
	case KindVector:
		zero, err := prevVectorValueOK(t, v, "")
		if err != nil {
			return dst, err
		}
		return prevAppendSequence(dst, t.Elem, int(t.Length), v, zero)
	case KindList, KindProgressiveList:
		if t.Kind == KindList && uint64(v.Len()) > t.Limit {
			return dst, errorf("", ErrListTooLong, "%d elements, limit %d", v.Len(), t.Limit)
		}
		return prevAppendSequence(dst, t.Elem, v.Len(), v, false)
	case KindContainer, KindProgressiveContainer:
		return prevAppendFields(dst, t, prevIndirect(t, v))
	case KindUnion:
		v = prevIndirect(t, v)
		sel, val, err := prevUnionValue(t, v, "")
		if err != nil {
			return dst, err
		}
		dst = append(dst, sel)
		if t.Options[sel] == nil {
			return dst, nil
		}
		dst, err = prevAppendValue(dst, t.Options[sel], val)
		return dst, prevStep(err, ".Value")
	case KindCompatibleUnion:
		v = prevIndirect(t, v)
		sel, val, err := prevCompatibleUnionValue(t, v, "")
		if err != nil {
			return dst, err
		}
		dst, err = prevAppendValue(append(dst, sel), t.Options[sel], val)
		return dst, prevStep(err, ".Data")
	}
	return dst, errorf("", ErrUnsupported, "kind %d", t.Kind)
}

// prevAppendSequence serializes the n elements of v (a slice or an array; a
// zero vector's elements when zero): fixed-size ones back to back,
// variable-size ones behind a table of offsets.
func prevAppendSequence(dst []byte, et *Type, n int, v reflect.Value, zero bool) ([]byte, error) {
	at := func(i int) reflect.Value {
		if zero {
			return reflect.Zero(et.Go)
		}
		return v.Index(i)
	}
	var err error
	if et.IsBasic() {
		if zero {
			return append(dst, make([]byte, uint64(n)*et.Size)...), nil
		}
		if b, ok := prevBasicMemory(et, v, n); ok {
			// The elements' memory is their serialization: one copy, and
			// a bool's bytes checked after it.
			start := len(dst)
			dst = append(dst, b...)
			if et.Kind == KindBool {
				for i, c := range dst[start:] {
					if c > 1 {
						return dst, prevStep(errorf("", ErrBool, "byte 0x%02x", c), prevIndexStep(i))
					}
				}
			}
			return dst, nil
		}
		for i := 0; i < n; i++ {
			if dst, err = prevAppendBasic(dst, et, at(i)); err != nil {
				return dst, prevStep(err, prevIndexStep(i))
			}
		}
		return dst, nil
	}
	if et.Fixed {
		for i := 0; i < n; i++ {
			if dst, err = prevAppendValue(dst, et, at(i)); err != nil {
				return dst, prevStep(err, prevIndexStep(i))
			}
		}
		return dst, nil
	}
	if uint64(n) > math.MaxUint32/4 {
		return dst, errorf("", ErrSize, "%d offsets exceed 4 GiB", n)
	}
	start := len(dst)
	dst = append(dst, make([]byte, 4*n)...)
	for i := 0; i < n; i++ {
		off := len(dst) - start
		if uint64(off) > math.MaxUint32 {
			return dst, errorf("", ErrSize, "serialization exceeds 4 GiB offsets")
		}
		binary.LittleEndian.PutUint32(dst[start+4*i:], uint32(off))
		if dst, err = prevAppendValue(dst, et, at(i)); err != nil {
			return dst, prevStep(err, prevIndexStep(i))
		}
	}
	return dst, nil
}

// prevBasicMemory returns the memory of the n basic elements of v when it
// is their serialization: on a little-endian host, elements of a Go
// unsigned integer kind of the element's size, or bools, in a slice or
// an addressable array. ok is false otherwise (big-endian hosts,
// uint128 and uint256, arrays held by value), where the elements are
// appended one by one.
func prevBasicMemory(et *Type, v reflect.Value, n int) (b []byte, ok bool) {
	if !prevLittleEndian || n == 0 {
		return nil, false
	}
	switch k := v.Type().Elem().Kind(); {
	case et.Kind == KindBool && k == reflect.Bool,
		et.Kind == KindUint8 && k == reflect.Uint8,
		et.Kind == KindUint16 && k == reflect.Uint16,
		et.Kind == KindUint32 && k == reflect.Uint32,
		et.Kind == KindUint64 && k == reflect.Uint64:
	default:
		return nil, false
	}
	var p unsafe.Pointer
	switch {
	case v.Kind() == reflect.Slice:
		p = v.UnsafePointer()
	case v.CanAddr():
		p = v.Addr().UnsafePointer()
	default:
		return nil, false
	}
	return unsafe.Slice((*byte)(p), uint64(n)*et.Size), true
}

// prevLittleEndian reports whether the host stores integers little-endian,
// as SSZ serializes them.
var prevLittleEndian = binary.NativeEndian.Uint16([]byte{1, 0}) == 1

func prevAppendFields(dst []byte, t *Type, v reflect.Value) ([]byte, error) {
	start := len(dst)
	var offsets []int // positions of the offsets of variable fields
	var err error
	for i := range t.Fields {
		f := &t.Fields[i]
		if f.Type.Fixed {
			if dst, err = prevAppendValue(dst, f.Type, structfield.Get(v, f.Index)); err != nil {
				return dst, prevFirstBadField(t, v, i, prevStep(err, "."+f.Name))
			}
			continue
		}
		offsets = append(offsets, len(dst))
		dst = append(dst, 0, 0, 0, 0)
	}
	k := 0
	for i := range t.Fields {
		f := &t.Fields[i]
		if f.Type.Fixed {
			continue
		}
		off := len(dst) - start
		if uint64(off) > math.MaxUint32 {
			return dst, errorf("", ErrSize, "serialization exceeds 4 GiB offsets")
		}
		binary.LittleEndian.PutUint32(dst[offsets[k]:], uint32(off))
		k++
		if dst, err = prevAppendValue(dst, f.Type, structfield.Get(v, f.Index)); err != nil {
			return dst, prevStep(err, "."+f.Name)
		}
	}
	return dst, nil
}

// prevMaxPresize bounds the buffer MarshalValue allocates before encoding:
// a serialization's offsets reach 4 GiB at most.
const prevMaxPresize = 1 << 32

// prevEncodedSize returns the size of v's serialization, walking only its
// variable-size parts (a state's validators are a length times their
// size). It checks nothing: for a value the encoder refuses it is an
// estimate, and the encoder's error is the answer.
func prevEncodedSize(t *Type, v reflect.Value) uint64 {
	if t.Fixed {
		return t.Size
	}
	switch t.Kind {
	case KindBitlist, KindProgressiveBitlist:
		return uint64(max(v.Len(), 1))
	case KindList, KindProgressiveList:
		return prevSequenceSize(t.Elem, v.Len(), v.Index)
	case KindVector:
		if v.Kind() == reflect.Slice && uint64(v.Len()) != t.Length {
			// The zero vector (an empty slice), or a refused one.
			zero := reflect.Zero(t.Elem.Go)
			return prevSequenceSize(t.Elem, int(t.Length), func(int) reflect.Value { return zero })
		}
		return prevSequenceSize(t.Elem, int(t.Length), v.Index)
	case KindContainer, KindProgressiveContainer:
		v = prevIndirect(t, v)
		var n uint64
		for i := range t.Fields {
			f := &t.Fields[i]
			if f.Type.Fixed {
				n += f.Type.Size
			} else {
				n += 4 + prevEncodedSize(f.Type, structfield.Get(v, f.Index))
			}
		}
		return n
	case KindUnion:
		sel, val, err := prevUnionValue(t, prevIndirect(t, v), "")
		if err != nil || t.Options[sel] == nil {
			return 1
		}
		return 1 + prevEncodedSize(t.Options[sel], val)
	case KindCompatibleUnion:
		sel, val, err := prevCompatibleUnionValue(t, prevIndirect(t, v), "")
		if err != nil {
			return 1
		}
		return 1 + prevEncodedSize(t.Options[sel], val)
	}
	return 0
}

// prevSequenceSize is the size of n elements of type et, at(i) the i-th.
func prevSequenceSize(et *Type, n int, at func(int) reflect.Value) uint64 {
	if et.Fixed {
		return uint64(n) * et.Size
	}
	size := 4 * uint64(n)
	for i := 0; i < n; i++ {
		size += prevEncodedSize(et, at(i))
	}
	return size
}

// prevFirstBadField returns the error of the first variable-size field of
// the container v before field i that does not encode, err (field i's)
// when they all do: the fixed-size fields are written first, but the
// error named is the first bad part in field order, the one the
// reference root names. It runs only on the way out of an error.
func prevFirstBadField(t *Type, v reflect.Value, i int, err error) error {
	for j := range i {
		f := &t.Fields[j]
		if f.Type.Fixed {
			continue
		}
		if _, ferr := prevAppendValue(nil, f.Type, structfield.Get(v, f.Index)); ferr != nil {
			return prevStep(ferr, "."+f.Name)
		}
	}
	return err
}

// prevIndexStep is the step of element i in an error's path.
func prevIndexStep(i int) string { return sszpath.Index("", i) }

// prevStepError is an encoder's *Error on its way up, with the steps from
// the value it failed on to where it is, innermost first: the path is
// joined once, from the root down (joinSteps), as sszpath bounds it.
type prevStepError struct {
	err   *Error
	steps []string
}

func (e *prevStepError) Error() string { return e.err.Error() }

// prevStep records one more step of err's path, from the value it is
// returned for to that value's parent.
func prevStep(err error, s string) error {
	switch e := err.(type) {
	case nil:
		return nil
	case *prevStepError:
		e.steps = append(e.steps, s)
		return e
	case *Error:
		return &prevStepError{err: e, steps: []string{s}}
	}
	return err
}

// prevJoinSteps returns err with its path joined under root: the *Error.
func prevJoinSteps(err error, root string) error {
	switch e := err.(type) {
	case *prevStepError:
		path := root
		for i := len(e.steps) - 1; i >= 0; i-- {
			path = sszpath.Join(path, "", e.steps[i])
		}
		e.err.Path = path
		return e.err
	case *Error:
		// The root's own error: its path is the root's, whole, as the
		// reference names it (only joining bounds a path).
		e.Path = root
		return e
	}
	return err
}

// prevBitvectorBytes returns the bytes of a bitvector value, checking its
// length and that bits beyond the length are zero.
func prevBitvectorBytes(t *Type, v reflect.Value, path string) ([]byte, error) {
	zero, err := prevVectorValueOK(t, v, path)
	if err != nil {
		return nil, err
	}
	b := make([]byte, t.Size)
	if !zero {
		reflect.Copy(reflect.ValueOf(b), v)
	}
	if extra := t.Length % 8; extra != 0 && b[len(b)-1]>>extra != 0 {
		return nil, errorf(path, ErrBitvector, "bits set beyond bit %d", t.Length)
	}
	return b, nil
}

// prevBitlistLen returns the bit count of a bitlist's SSZ bytes, checking the
// delimiter and limit. Empty bytes stand for the empty bitlist.
func prevBitlistLen(t *Type, b []byte, path string) (uint64, error) {
	if len(b) == 0 {
		return 0, nil
	}
	last := b[len(b)-1]
	if last == 0 {
		return 0, errorf(path, ErrBitlist, "no delimiter bit in last byte")
	}
	n := uint64(len(b)-1)*8 + uint64(prevBitLen8(last)) - 1
	if t.Kind == KindBitlist && n > t.Limit {
		return 0, errorf(path, ErrListTooLong, "%d bits, limit %d", n, t.Limit)
	}
	return n, nil
}

func prevBitLen8(b byte) int {
	n := 0
	for b != 0 {
		n++
		b >>= 1
	}
	return n
}

// prevUnionValue returns the selector and option value of a Union, checking
// that they agree with the descriptor.
func prevUnionValue(t *Type, v reflect.Value, path string) (uint8, reflect.Value, error) {
	sel := uint8(v.Field(0).Uint())
	val := v.Field(1)
	if int(sel) >= len(t.Options) {
		return 0, val, errorf(path, ErrUnion, "selector %d of %d options", sel, len(t.Options))
	}
	opt := t.Options[sel]
	if opt == nil {
		if !val.IsNil() {
			return 0, val, errorf(path, ErrUnion, "None option with a value")
		}
		return sel, val, nil
	}
	if val.IsNil() {
		return 0, val, errorf(path, ErrUnion, "selector %d with nil value", sel)
	}
	val = val.Elem()
	if val.Type() != opt.Go {
		return 0, val, errorf(path, ErrUnion, "selector %d wants %s, value is %s", sel, opt.Go, val.Type())
	}
	// The option boxed in the interface is not addressable: a copy is,
	// so its bools are read byte by byte (boolByte).
	return sel, prevAddressable(val), nil
}

// prevIndirect returns the struct or union a descriptor's pointer value points
// to; a nil pointer stands for the zero value.
func prevIndirect(t *Type, v reflect.Value) reflect.Value {
	if t.Go.Kind() != reflect.Pointer || t.Kind == KindUint256 {
		return v
	}
	if v.IsNil() {
		return reflect.Zero(t.Go.Elem())
	}
	return v.Elem()
}

// prevVectorValueOK checks the length of a vector or bitvector value held in a
// slice: it must be the full length, or empty, which stands for the zero
// vector (zero is then true).
func prevVectorValueOK(t *Type, v reflect.Value, path string) (zero bool, err error) {
	if v.Kind() == reflect.Array {
		return false, nil
	}
	n := uint64(v.Len())
	if n == 0 {
		return true, nil
	}
	want := t.Length
	if t.Kind == KindBitvector {
		want = t.Size
	}
	if n != want {
		return false, errorf(path, ErrSize, "slice of %d elements for a vector of %d", n, want)
	}
	return false, nil
}

// prevCheckValue makes sure v has the descriptor's Go type, following a
// pointer the caller passed instead of a value.
func prevCheckValue(t *Type, v reflect.Value) (reflect.Value, error) {
	if !v.IsValid() {
		return v, errorf("", ErrValue, "nil value")
	}
	if v.Type() != t.Go && v.Kind() == reflect.Pointer && v.Type().Elem() == t.Go {
		if v.IsNil() {
			return reflect.Zero(t.Go), nil
		}
		v = v.Elem()
	}
	if v.Type() != t.Go {
		return v, errorf("", ErrValue, "value of type %s for descriptor of %s", v.Type(), t.Go)
	}
	return prevAddressable(v), nil
}

// prevAddressable returns v, or when v is not addressable (a value passed by
// value, a union's option boxed in an interface) a copy of it: a copy
// keeps every byte (a bool's too, see boolByte) and makes the value and
// all inside it addressable, so a bool byte above 1 is read and refused
// rather than taken for true.
func prevAddressable(v reflect.Value) reflect.Value {
	if v.CanAddr() {
		return v
	}
	c := reflect.New(v.Type()).Elem()
	c.Set(v)
	return c
}

// prevCompatibleUnionValue returns the selector and option value of a
// CompatibleUnion, checking that they agree with the descriptor.
func prevCompatibleUnionValue(t *Type, v reflect.Value, path string) (uint8, reflect.Value, error) {
	sel := uint8(v.Field(0).Uint())
	val := v.Field(1)
	if int(sel) >= len(t.Options) || t.Options[sel] == nil {
		return 0, val, errorf(path, ErrUnion, "selector %d is not an option", sel)
	}
	opt := t.Options[sel]
	if val.IsNil() {
		return 0, val, errorf(path, ErrUnion, "selector %d with nil data", sel)
	}
	val = val.Elem()
	if val.Type() != opt.Go {
		return 0, val, errorf(path, ErrUnion, "selector %d wants %s, data is %s", sel, opt.Go, val.Type())
	}
	// The option boxed in the interface is not addressable: a copy is,
	// so its bools are read byte by byte (boolByte).
	return sel, prevAddressable(val), nil
}
