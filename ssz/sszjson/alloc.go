package sszjson

import (
	"reflect"
	"unsafe"
)

// The reader's allocations: the value's slices and pointees, made so
// that a state's hundreds of thousands of small pieces (a withdrawal
// credential's 32 bytes, a *Validator's Validator) cost a few hundred
// allocations, as package ssz's decoder makes them. Pieces are carved
// from blocks no larger than what they hold plus one block, so the
// memory bound (the value's own heap, its unions' option values once
// more, and at most the input besides) holds: a block's unused tail is
// at most freeBlockSize bytes, a chunk's none.

// sliceHeader is the layout of a Go slice.
type sliceHeader struct {
	data     unsafe.Pointer
	len, cap int
}

// noElements is what an empty slice points to.
var noElements [0]uint64

// Small pointer-free arrays of up to freePiece bytes (byte strings held
// in slices, bitlists, short lists of integers) are carved from blocks
// of freeBlockSize bytes rather than allocated one by one. A piece keeps
// its block alive.
const (
	freePiece     = 512
	freeBlockSize = 4 << 10
)

// freeBlock is the block small pointer-free arrays are being carved
// from.
type freeBlock struct {
	block      unsafe.Pointer
	used, size uintptr
}

// alloc returns n zero bytes aligned to align (a power of two at most
// 8) from the block, starting a new one when it has not enough left.
func (f *freeBlock) alloc(n, align uintptr) unsafe.Pointer {
	at := (f.used + align - 1) &^ (align - 1)
	if f.block == nil || at+n > f.size {
		f.block = unsafe.Pointer(unsafe.SliceData(make([]uint64, freeBlockSize/8)))
		f.size, at = freeBlockSize, 0
	}
	f.used = at + n
	return unsafe.Add(f.block, at)
}

// makeSlice sets v, a settable slice, to a new slice of length n: for 0
// an empty slice, not nil (as package ssz makes it); else zeroed memory
// of its own (never v's old array), carved from the decoder's block for
// a small pointer-free one. Unlike reflect.MakeSlice it allocates the
// array alone, not also a slice header for the reflect.Value it
// returns: a list of a million empty lists costs no million headers.
func (d *decoder) makeSlice(v reflect.Value, n int) {
	h := (*sliceHeader)(v.Addr().UnsafePointer())
	if n == 0 {
		*h = sliceHeader{data: unsafe.Pointer(&noElements)}
		return
	}
	et := v.Type().Elem()
	if size := et.Size(); pointerFree(et) && size > 0 && uint64(n) <= freePiece/uint64(size) {
		*h = sliceHeader{data: d.free.alloc(uintptr(n)*size, uintptr(et.Align())), len: n, cap: n}
		return
	}
	v.SetZero()
	v.Grow(n)
	v.SetLen(n)
}

// pointerFree reports whether Go type t is one of those SSZ holds
// without pointers: booleans, unsigned integers and arrays of them.
// (Others may be pointer-free too; they are allocated on their own.)
func pointerFree(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Array:
		return pointerFree(t.Elem())
	case reflect.Bool, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return true
	}
	return false
}

// chunkBytes bounds the chunks a sequence's pointees are carved from,
// and so what one pointee kept alive keeps.
const chunkBytes = 16 << 10

// chunk is where the pointees of a sequence's elements are carved from:
// a slice of values made for the elements left (at most chunkBytes of
// them), so a list of n pointers costs n/chunk allocations, not n, and
// a list read whole wastes none.
type chunk struct {
	values reflect.Value
	used   int
}

// next returns a pointer to a new zero value of t for an element of a
// sequence with left elements to read (this one included).
func (c *chunk) next(t reflect.Type, left int) reflect.Value {
	if !c.values.IsValid() || c.used == c.values.Len() {
		k := min(left, int(max(1, chunkBytes/max(t.Size(), 1))))
		if k <= 1 {
			return reflect.New(t)
		}
		c.values, c.used = reflect.MakeSlice(reflect.SliceOf(t), k, k), 0
	}
	c.used++
	return c.values.Index(c.used - 1).Addr()
}
