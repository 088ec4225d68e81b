package ssz

import (
	"encoding/binary"
	"math"
	"reflect"
	"unsafe"

	"github.com/holiman/uint256"
	"github.com/lanehash/lanehash/internal/sszpath"
	"github.com/lanehash/lanehash/internal/structfield"
)

// The reflect encoder: what Marshal was before the encoder was compiled
// per descriptor (encode_compiled.go), kept for what the compiled
// descriptors leave to it (descriptors made by hand whose Go type is not
// the one they describe, kinds they do not know), for AppendBasic and
// the reference root's basic values, and for its value checks
// (bitvectorBytes, bitlistLen, unionValue), which the reference root
// and the compiled encoder share. The error paths' steps (step,
// joinSteps) are the decoder's too.

// appendBasic appends the serialization of a basic value (bool, uintN).
// Its one error is a bool whose byte is neither 0 nor 1, without a path.
func appendBasic(dst []byte, t *Type, v reflect.Value) ([]byte, error) {
	switch t.Kind {
	case KindBool:
		b, err := boolByte(v)
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

// boolByte is the byte of a Go bool. reflect's Bool calls any byte but 0
// true, but memory written through unsafe (a zero-copy decoder's) can
// hold a byte above 1, which is no boolean: it is refused, as the decoder
// refuses that byte and plan and cache refuse it, rather than serialized
// as true. checkValue makes the value addressable, so the byte is read.
func boolByte(v reflect.Value) (byte, error) {
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

// appendValue appends the serialization of v (of type t.Go) to dst. Its
// errors' paths are relative to v: each step up puts its own step in
// front (stepError), and MarshalValue joins them under the root's path,
// so no path string is built for a value that encodes.
func appendValue(dst []byte, t *Type, v reflect.Value) ([]byte, error) {
	if t.IsBasic() {
		return appendBasic(dst, t, v)
	}
	switch t.Kind {
	case KindBitvector:
		b, err := bitvectorBytes(t, v, "")
		return append(dst, b...), err
	case KindBitlist, KindProgressiveBitlist:
		b := v.Bytes()
		if _, err := bitlistLen(t, b, ""); err != nil {
			return dst, err
		}
		if len(b) == 0 {
			return append(dst, 1), nil
		}
		return append(dst, b...), nil
	case KindVector:
		zero, err := vectorValueOK(t, v, "")
		if err != nil {
			return dst, err
		}
		return appendSequence(dst, t.Elem, int(t.Length), v, zero)
	case KindList, KindProgressiveList:
		if t.Kind == KindList && uint64(v.Len()) > t.Limit {
			return dst, errorf("", ErrListTooLong, "%d elements, limit %d", v.Len(), t.Limit)
		}
		return appendSequence(dst, t.Elem, v.Len(), v, false)
	case KindContainer, KindProgressiveContainer:
		return appendFields(dst, t, indirect(t, v))
	case KindUnion:
		v = indirect(t, v)
		sel, val, err := unionValue(t, v, "")
		if err != nil {
			return dst, err
		}
		dst = append(dst, sel)
		if t.Options[sel] == nil {
			return dst, nil
		}
		dst, err = appendValue(dst, t.Options[sel], val)
		return dst, step(err, ".Value")
	case KindCompatibleUnion:
		v = indirect(t, v)
		sel, val, err := compatibleUnionValue(t, v, "")
		if err != nil {
			return dst, err
		}
		dst, err = appendValue(append(dst, sel), t.Options[sel], val)
		return dst, step(err, ".Data")
	}
	return dst, errorf("", ErrUnsupported, "kind %d", t.Kind)
}

// appendSequence serializes the n elements of v (a slice or an array; a
// zero vector's elements when zero): fixed-size ones back to back,
// variable-size ones behind a table of offsets.
func appendSequence(dst []byte, et *Type, n int, v reflect.Value, zero bool) ([]byte, error) {
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
		if b, ok := basicMemory(et, v, n); ok {
			// The elements' memory is their serialization: one copy, and
			// a bool's bytes checked after it.
			start := len(dst)
			dst = append(dst, b...)
			if et.Kind == KindBool {
				for i, c := range dst[start:] {
					if c > 1 {
						return dst, step(errorf("", ErrBool, "byte 0x%02x", c), indexStep(i))
					}
				}
			}
			return dst, nil
		}
		for i := 0; i < n; i++ {
			if dst, err = appendBasic(dst, et, at(i)); err != nil {
				return dst, step(err, indexStep(i))
			}
		}
		return dst, nil
	}
	if et.Fixed {
		for i := 0; i < n; i++ {
			if dst, err = appendValue(dst, et, at(i)); err != nil {
				return dst, step(err, indexStep(i))
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
		if dst, err = appendValue(dst, et, at(i)); err != nil {
			return dst, step(err, indexStep(i))
		}
	}
	return dst, nil
}

// basicMemory returns the memory of the n basic elements of v when it
// is their serialization: on a little-endian host, elements of a Go
// unsigned integer kind of the element's size, or bools, in a slice or
// an addressable array. ok is false otherwise (big-endian hosts,
// uint128 and uint256, arrays held by value), where the elements are
// appended one by one.
func basicMemory(et *Type, v reflect.Value, n int) (b []byte, ok bool) {
	if !littleEndian || n == 0 {
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

// littleEndian reports whether the host stores integers little-endian,
// as SSZ serializes them.
var littleEndian = binary.NativeEndian.Uint16([]byte{1, 0}) == 1

func appendFields(dst []byte, t *Type, v reflect.Value) ([]byte, error) {
	start := len(dst)
	var offsets []int // positions of the offsets of variable fields
	var err error
	for i := range t.Fields {
		f := &t.Fields[i]
		if f.Type.Fixed {
			if dst, err = appendValue(dst, f.Type, structfield.Get(v, f.Index)); err != nil {
				return dst, firstBadField(t, v, i, step(err, "."+f.Name))
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
		if dst, err = appendValue(dst, f.Type, structfield.Get(v, f.Index)); err != nil {
			return dst, step(err, "."+f.Name)
		}
	}
	return dst, nil
}

// firstBadField returns the error of the first variable-size field of
// the container v before field i that does not encode, err (field i's)
// when they all do: the fixed-size fields are written first, but the
// error named is the first bad part in field order, the one the
// reference root names. It runs only on the way out of an error.
func firstBadField(t *Type, v reflect.Value, i int, err error) error {
	for j := range i {
		f := &t.Fields[j]
		if f.Type.Fixed {
			continue
		}
		if _, ferr := appendValue(nil, f.Type, structfield.Get(v, f.Index)); ferr != nil {
			return step(ferr, "."+f.Name)
		}
	}
	return err
}

// indexStep is the step of element i in an error's path.
func indexStep(i int) string { return sszpath.Index("", i) }

// stepError is an encoder's *Error on its way up, with the steps from
// the value it failed on to where it is, innermost first: the path is
// joined once, from the root down (joinSteps), as sszpath bounds it.
type stepError struct {
	err   *Error
	steps []string
}

func (e *stepError) Error() string { return e.err.Error() }

// step records one more step of err's path, from the value it is
// returned for to that value's parent.
func step(err error, s string) error {
	switch e := err.(type) {
	case nil:
		return nil
	case *stepError:
		e.steps = append(e.steps, s)
		return e
	case *Error:
		return &stepError{err: e, steps: []string{s}}
	}
	return err
}

// joinSteps returns err with its path joined under root: the *Error.
func joinSteps(err error, root string) error {
	switch e := err.(type) {
	case *stepError:
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

// bitvectorBytes returns the bytes of a bitvector value, checking its
// length and that bits beyond the length are zero.
func bitvectorBytes(t *Type, v reflect.Value, path string) ([]byte, error) {
	zero, err := vectorValueOK(t, v, path)
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

// bitlistLen returns the bit count of a bitlist's SSZ bytes, checking the
// delimiter and limit. Empty bytes stand for the empty bitlist.
func bitlistLen(t *Type, b []byte, path string) (uint64, error) {
	if len(b) == 0 {
		return 0, nil
	}
	last := b[len(b)-1]
	if last == 0 {
		return 0, errorf(path, ErrBitlist, "no delimiter bit in last byte")
	}
	n := uint64(len(b)-1)*8 + uint64(bitLen8(last)) - 1
	if t.Kind == KindBitlist && n > t.Limit {
		return 0, errorf(path, ErrListTooLong, "%d bits, limit %d", n, t.Limit)
	}
	return n, nil
}

func bitLen8(b byte) int {
	n := 0
	for b != 0 {
		n++
		b >>= 1
	}
	return n
}

// unionValue returns the selector and option value of a Union, checking
// that they agree with the descriptor.
func unionValue(t *Type, v reflect.Value, path string) (uint8, reflect.Value, error) {
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
	return sel, addressable(val), nil
}
