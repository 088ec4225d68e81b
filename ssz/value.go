package ssz

import (
	"reflect"

	"github.com/lanehash/lanehash/internal/sszpath"
)

// indirect returns the struct or union a descriptor's pointer value points
// to; a nil pointer stands for the zero value.
func indirect(t *Type, v reflect.Value) reflect.Value {
	if t.Go.Kind() != reflect.Pointer || t.Kind == KindUint256 {
		return v
	}
	if v.IsNil() {
		return reflect.Zero(t.Go.Elem())
	}
	return v.Elem()
}

// vectorValueOK checks the length of a vector or bitvector value held in a
// slice: it must be the full length, or empty, which stands for the zero
// vector (zero is then true).
func vectorValueOK(t *Type, v reflect.Value, path string) (zero bool, err error) {
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

// indexPath is path + "[i]", bounded (sszpath.Index).
func indexPath(path string, i int) string { return sszpath.Index(path, i) }

// checkValue makes sure v has the descriptor's Go type, following a
// pointer the caller passed instead of a value.
func checkValue(t *Type, v reflect.Value) (reflect.Value, error) {
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
	if err := readable(v); err != nil {
		return v, err
	}
	return addressable(v), nil
}

// readable refuses a value reflect lets no one read or copy: one
// reached through an unexported field of a value that is not
// addressable (reflect.ValueOf(s).Field(i)), which addressable could
// not copy (reflect.Value.Set panics on it).
func readable(v reflect.Value) error {
	if !v.CanAddr() && !v.CanInterface() {
		return errorf("", ErrValue, "value of %s read through an unexported field of a value that is not addressable: pass the value or a pointer to it", v.Type())
	}
	return nil
}

// addressable returns v, or when v is not addressable (a value passed by
// value, a union's option boxed in an interface) a copy of it: a copy
// keeps every byte (a bool's too, see boolByte) and makes the value and
// all inside it addressable, so a bool byte above 1 is read and refused
// rather than taken for true.
func addressable(v reflect.Value) reflect.Value {
	if v.CanAddr() {
		return v
	}
	c := reflect.New(v.Type()).Elem()
	c.Set(v)
	return c
}
