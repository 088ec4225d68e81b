package ssz

import (
	"encoding/binary"
	"math"
	"reflect"

	"github.com/holiman/uint256"
	"github.com/lanehash/lanehash/internal/sszpath"
	"github.com/lanehash/lanehash/internal/structfield"
)

// Marshal returns the SSZ serialization of v (a value or a pointer to
// one).
func Marshal(v any, opts ...Option) ([]byte, error) {
	t, rv, err := describe(v, opts)
	if err != nil {
		return nil, err
	}
	return MarshalValue(t, rv)
}

// MarshalValue returns the SSZ serialization of v, which must have the Go
// type t was built for (or be a pointer to it).
func MarshalValue(t *Type, v reflect.Value) ([]byte, error) {
	v, err := checkValue(t, v)
	if err != nil {
		return nil, err
	}
	return appendValue(nil, t, v, rootPath(t))
}

// describe finds the descriptor of a value passed as any.
func describe(v any, opts []Option) (*Type, reflect.Value, error) {
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

// rootPath is the root of the paths in the encoder's and decoder's
// errors: the type's name (a pointer's element's), or for an unnamed type
// UnnamedPath, as TypeOf's errors and the reference root's.
func rootPath(t *Type) string {
	g := t.Go
	if g.Kind() == reflect.Pointer {
		g = g.Elem()
	}
	if g.Name() != "" {
		return g.Name()
	}
	return UnnamedPath(g)
}

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

// appendValue appends the serialization of v (of type t.Go) to dst.
func appendValue(dst []byte, t *Type, v reflect.Value, path string) ([]byte, error) {
	if t.IsBasic() {
		out, err := appendBasic(dst, t, v)
		return out, atPath(err, path)
	}
	switch t.Kind {
	case KindBitvector:
		b, err := bitvectorBytes(t, v, path)
		return append(dst, b...), err
	case KindBitlist, KindProgressiveBitlist:
		b := v.Bytes()
		if _, err := bitlistLen(t, b, path); err != nil {
			return dst, err
		}
		if len(b) == 0 {
			return append(dst, 1), nil
		}
		return append(dst, b...), nil
	case KindVector:
		zero, err := vectorValueOK(t, v, path)
		if err != nil {
			return dst, err
		}
		return appendSequence(dst, t.Elem, int(t.Length), func(i int) reflect.Value {
			if zero {
				return reflect.Zero(t.Elem.Go)
			}
			return v.Index(i)
		}, path)
	case KindList, KindProgressiveList:
		if t.Kind == KindList && uint64(v.Len()) > t.Limit {
			return dst, errorf(path, ErrListTooLong, "%d elements, limit %d", v.Len(), t.Limit)
		}
		return appendSequence(dst, t.Elem, v.Len(), v.Index, path)
	case KindContainer, KindProgressiveContainer:
		v = indirect(t, v)
		return appendFields(dst, t, v, path)
	case KindUnion:
		v = indirect(t, v)
		sel, val, err := unionValue(t, v, path)
		if err != nil {
			return dst, err
		}
		dst = append(dst, sel)
		if t.Options[sel] == nil {
			return dst, nil
		}
		return appendValue(dst, t.Options[sel], val, sszpath.Field(path, "Value"))
	case KindCompatibleUnion:
		v = indirect(t, v)
		sel, val, err := compatibleUnionValue(t, v, path)
		if err != nil {
			return dst, err
		}
		return appendValue(append(dst, sel), t.Options[sel], val, sszpath.Field(path, "Data"))
	}
	return dst, errorf(path, ErrUnsupported, "kind %d", t.Kind)
}

// appendSequence serializes n elements: fixed-size ones back to back,
// variable-size ones behind a table of offsets.
func appendSequence(dst []byte, et *Type, n int, at func(int) reflect.Value, path string) ([]byte, error) {
	var err error
	if et.IsBasic() {
		for i := 0; i < n; i++ {
			if dst, err = appendBasic(dst, et, at(i)); err != nil {
				return nil, atPath(err, indexPath(path, i))
			}
		}
		return dst, nil
	}
	if et.Fixed {
		for i := 0; i < n; i++ {
			if dst, err = appendValue(dst, et, at(i), indexPath(path, i)); err != nil {
				return dst, err
			}
		}
		return dst, nil
	}
	if uint64(n) > math.MaxUint32/4 {
		return dst, errorf(path, ErrSize, "%d offsets exceed 4 GiB", n)
	}
	start := len(dst)
	dst = append(dst, make([]byte, 4*n)...)
	for i := 0; i < n; i++ {
		off := len(dst) - start
		if uint64(off) > math.MaxUint32 {
			return dst, errorf(path, ErrSize, "serialization exceeds 4 GiB offsets")
		}
		binary.LittleEndian.PutUint32(dst[start+4*i:], uint32(off))
		if dst, err = appendValue(dst, et, at(i), indexPath(path, i)); err != nil {
			return dst, err
		}
	}
	return dst, nil
}

func appendFields(dst []byte, t *Type, v reflect.Value, path string) ([]byte, error) {
	start := len(dst)
	var offsets []int // positions of the offsets of variable fields
	var err error
	for i := range t.Fields {
		f := &t.Fields[i]
		if f.Type.Fixed {
			if dst, err = appendValue(dst, f.Type, structfield.Get(v, f.Index), sszpath.Field(path, f.Name)); err != nil {
				return dst, err
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
			return dst, errorf(path, ErrSize, "serialization exceeds 4 GiB offsets")
		}
		binary.LittleEndian.PutUint32(dst[offsets[k]:], uint32(off))
		k++
		if dst, err = appendValue(dst, f.Type, structfield.Get(v, f.Index), sszpath.Field(path, f.Name)); err != nil {
			return dst, err
		}
	}
	return dst, nil
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
