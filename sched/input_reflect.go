package sched

import (
	"reflect"
	"unsafe"
)

// PtrSliceOfReflect returns the Input of the values the elements of s,
// a slice of pointers, point to: PtrsOf for callers that know the
// element type only at run time (lanehash.HashTreeRootList of a
// []*phase0.Validator). A nil element reads as the zero value. A value
// that is not a slice of pointers gives an Input of no type and no
// instances, which Prepared.Run refuses (KindType).
func PtrSliceOfReflect(s reflect.Value) Input {
	if s.Kind() != reflect.Slice || s.Type().Elem().Kind() != reflect.Pointer {
		return Input{}
	}
	return Input{base: s.UnsafePointer(), stride: unsafe.Sizeof(unsafe.Pointer(nil)), indirect: true, n: s.Len(), typ: s.Type().Elem().Elem()}
}

// ValueAt returns the Input of the single value of Go type t at p:
// ValueOf for callers that know the type only at run time and hold the
// value's address (lanehash.HashTreeRoot, which has it from an
// interface). The caller vouches that p points to a value of type t; a
// nil p reads as the zero value.
func ValueAt(t reflect.Type, p unsafe.Pointer) Input {
	return Input{base: p, n: 1, typ: t}
}
