package ssz

import (
	"encoding/binary"
	"reflect"

	"github.com/holiman/uint256"
	"github.com/lanehash/lanehash/internal/sszpath"
)

// What the compiled encoder (encode_compiled.go) shares with the
// reference root and AppendBasic: a basic value's serialization
// (appendBasic, boolByte), the value checks (bitvectorBytes, bitlistLen,
// unionValue), and the error paths' steps (step, joinSteps), which the
// decoder's errors use too.

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
