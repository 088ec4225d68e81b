// Package structfield reaches a field of a Go struct value by its reflect
// index path through embedded structs (ssz.Field.Index). It is the one
// place that crosses embedded pointers: reflect.Value.FieldByIndex panics
// on a nil one, while SSZ reads a nil embedded pointer as the zero value
// and writes through it by allocating it.
//
// It lives below ssz (it does not import it) so that the codec and the
// value walker in internal/sszwalk share it.
package structfield

import "reflect"

// Get returns the field at index of the struct value v for reading. A nil
// embedded pointer on the way gives the zero value of the field (not
// settable): SSZ reads a missing embedded struct as zero.
func Get(v reflect.Value, index []int) reflect.Value {
	for i, x := range index {
		if i > 0 && v.Kind() == reflect.Pointer {
			if v.IsNil() {
				return reflect.Zero(v.Type().Elem().FieldByIndex(index[i:]).Type)
			}
			v = v.Elem()
		}
		v = v.Field(x)
	}
	return v
}

// Settable returns the field at index of the settable struct value v for
// writing, allocating every nil embedded pointer on the way (so that the
// field it returns is settable too).
func Settable(v reflect.Value, index []int) reflect.Value {
	for i, x := range index {
		if i > 0 && v.Kind() == reflect.Pointer {
			if v.IsNil() {
				v.Set(reflect.New(v.Type().Elem()))
			}
			v = v.Elem()
		}
		v = v.Field(x)
	}
	return v
}
