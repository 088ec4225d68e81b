package sched

import (
	"reflect"
	"unsafe"

	"github.com/lanehash/lanehash/internal/graph"
)

// Input locates the instances a graph or a program is run on: n values
// of one Go type in the caller's memory. It is built only by the
// constructors below (SliceOf, PtrsOf, ValueOf and their reflect
// forms), which take typed values, except PtrsOfType, which takes the
// pointers the cache holds to its changed elements (the cache vouches
// for their type); the Go type an Input records is checked against the
// type a Prepared graph was compiled for.
type Input struct {
	base     unsafe.Pointer
	stride   uintptr
	indirect bool             // instance i is the pointer stored at base+i·stride
	ptrs     []unsafe.Pointer // when not nil, instance i is at ptrs[i]
	n        int
	zero     unsafe.Pointer // when not nil, a nil instance reads as this zero value
	typ      reflect.Type   // the Go type of one instance; nil inside the executor
}

// SliceOf returns the Input of the elements of s.
func SliceOf[T any](s []T) Input {
	var v T
	return Input{base: unsafe.Pointer(unsafe.SliceData(s)), stride: unsafe.Sizeof(v), n: len(s), typ: reflect.TypeFor[T]()}
}

// PtrsOf returns the Input of the values s points to; a nil element
// reads as the zero value.
func PtrsOf[T any](s []*T) Input {
	return Input{base: unsafe.Pointer(unsafe.SliceData(s)), stride: unsafe.Sizeof((*T)(nil)), indirect: true, n: len(s), typ: reflect.TypeFor[T]()}
}

// PtrsOfType returns the Input of the values of Go type t that ptrs
// point to: PtrsOf for a caller that knows the type only at run time
// and holds the pointers already (the cache's changed elements). The
// caller vouches that every pointer points to a value of type t; a nil
// one reads as the zero value.
func PtrsOfType(t reflect.Type, ptrs []unsafe.Pointer) Input {
	return Input{ptrs: ptrs, n: len(ptrs), typ: t}
}

// ValueOf returns the Input of the single value *v; a nil v reads as
// the zero value.
func ValueOf[T any](v *T) Input {
	return Input{base: unsafe.Pointer(v), n: 1, typ: reflect.TypeFor[T]()}
}

// ValueOfReflect returns the Input of the single value v, which must be
// addressable (reflect.Value.CanAddr): ValueOf for callers that know
// the Go type only at run time (types built with reflect, the
// spec-vector runner's). A value that is not addressable gives an Input
// of no type and no instances, which Prepared.Run refuses (KindType).
func ValueOfReflect(v reflect.Value) Input {
	if !v.CanAddr() {
		return Input{}
	}
	return Input{base: v.Addr().UnsafePointer(), n: 1, typ: v.Type()}
}

// SliceOfReflect returns the Input of the elements of the slice s:
// SliceOf for callers that know the element type only at run time. A
// value that is not a slice gives an Input of no type and no instances,
// which Prepared.Run refuses (KindType).
func SliceOfReflect(s reflect.Value) Input {
	if s.Kind() != reflect.Slice {
		return Input{}
	}
	return Input{base: s.UnsafePointer(), stride: s.Type().Elem().Size(), n: s.Len(), typ: s.Type().Elem()}
}

// bytesType is the instance type of a bytes graph's serial program
// (BytesPrepared): the serialized bytes of one fixed-size value.
var bytesType = reflect.TypeFor[[]byte]()

// Len returns the number of instances.
func (in *Input) Len() int { return in.n }

// at returns the address of instance i.
func (in *Input) at(i int) (unsafe.Pointer, error) {
	var p unsafe.Pointer
	switch {
	case in.ptrs != nil:
		p = in.ptrs[i]
	case in.indirect:
		p = *(*unsafe.Pointer)(unsafe.Add(in.base, uintptr(i)*in.stride))
	default:
		return unsafe.Add(in.base, uintptr(i)*in.stride), nil
	}
	if p == nil {
		if in.zero != nil {
			return in.zero, nil
		}
		return nil, &Error{Index: i, Kind: graph.KindNil, Msg: "nil element"}
	}
	return p, nil
}

// span returns the Input of the n instances of a SliceOf or PtrsOf
// input from instance first on.
func (in *Input) span(first, n int) Input {
	s := *in
	s.base = unsafe.Add(in.base, uintptr(first)*in.stride)
	s.n = n
	return s
}

// direct reports whether instance i is at base+i·stride.
func (in *Input) direct() bool { return in.ptrs == nil && !in.indirect }

// sliceHeader is the memory layout of a Go slice: the one definition
// every reader of Go slices in this package uses.
type sliceHeader struct {
	data unsafe.Pointer
	len  int
	cap  int
}

// zeroValue returns the address of size zero bytes, aligned for any Go
// value (pointers and slice headers are read from it).
func zeroValue(size uintptr) unsafe.Pointer {
	return unsafe.Pointer(unsafe.SliceData(make([]uint64, size/8+1)))
}
