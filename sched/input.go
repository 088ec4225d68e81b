package sched

import (
	"fmt"
	"unsafe"
)

// Input locates the N instances a Runner hashes. Instance i is at
// Base+i·Stride, or, when Indirect, at the pointer stored there; when
// Ptrs is not nil, instance i is at Ptrs[i] instead. A nil instance is
// an error naming its index, unless Zero points to a zero value to use.
type Input struct {
	Base     unsafe.Pointer
	Stride   uintptr
	Indirect bool
	Ptrs     []unsafe.Pointer
	N        int
	Zero     unsafe.Pointer
}

// Slice returns the Input of the n instances of a []T starting at base.
func Slice(base unsafe.Pointer, stride uintptr, n int) Input {
	return Input{Base: base, Stride: stride, N: n}
}

// At returns the address of instance i.
func (in *Input) At(i int) (unsafe.Pointer, error) {
	var p unsafe.Pointer
	switch {
	case in.Ptrs != nil:
		p = in.Ptrs[i]
	case in.Indirect:
		p = *(*unsafe.Pointer)(unsafe.Add(in.Base, uintptr(i)*in.Stride))
	default:
		return unsafe.Add(in.Base, uintptr(i)*in.Stride), nil
	}
	if p == nil {
		if in.Zero != nil {
			return in.Zero, nil
		}
		return nil, &Error{Index: i, Msg: "nil element"}
	}
	return p, nil
}

// Error is an error about one instance: its index, the field path (empty
// for the instance itself), what is wrong, and for failed Checks the
// check's error.
type Error struct {
	Index int
	Path  string
	Msg   string
	Err   error
}

// Unwrap returns the failed check's error, if any.
func (e *Error) Unwrap() error { return e.Err }

// Error formats the index, the field and the problem.
func (e *Error) Error() string {
	if e.Path == "" {
		return fmt.Sprintf("element %d: %s", e.Index, e.Msg)
	}
	return fmt.Sprintf("element %d: %s: %s", e.Index, e.Path, e.Msg)
}
