package sszjson

import (
	"reflect"

	"github.com/lanehash/lanehash/internal/carve"
)

// The reader's allocations: the value's slices and pointees, made so
// that a state's hundreds of thousands of small pieces (a withdrawal
// credential's 32 bytes, a *Validator's Validator) cost a few hundred
// allocations, carved as package ssz's decoder carves them
// (internal/carve). Pieces come from blocks no larger than what they
// hold plus one block, so the memory bound (the value's own heap, its
// unions' option values once more, and at most the input besides)
// holds: a block's unused tail is at most carve.BlockBytes, a chunk's
// none (it is made for the elements left).

// makeSlice sets v, a settable slice, to a new slice of length n: for 0
// an empty slice, not nil (as package ssz makes it); else zeroed memory
// of its own (never v's old array), carved from the decoder's blocks
// for a pointer-free one of up to carve.MaxPiece bytes. Unlike
// reflect.MakeSlice it allocates the array alone, not also a slice
// header for the reflect.Value it returns: a list of a million empty
// lists costs no million headers.
func (d *decoder) makeSlice(v reflect.Value, n int) {
	if n == 0 {
		carve.SetSlice(v.Addr().UnsafePointer(), carve.Empty(), 0)
		return
	}
	et := v.Type().Elem()
	if size := et.Size(); pointerFree(et) && size > 0 && uint64(n) <= carve.MaxPiece/uint64(size) {
		// Blocks are always carve.BlockBytes: the reader does not size
		// them by its input.
		data := d.free.Alloc(uintptr(n)*size, pieceAlign(et), carve.BlockBytes)
		carve.SetSlice(v.Addr().UnsafePointer(), data, n)
		return
	}
	v.SetZero()
	v.Grow(n)
	v.SetLen(n)
}

// pointerFree reports whether Go type t is one of those SSZ holds
// without pointers: booleans, unsigned integers and arrays of them,
// the types whose slices the reader carves from carve.Blocks. (Others
// may be pointer-free too; they are allocated on their own.)
func pointerFree(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Array:
		return pointerFree(t.Elem())
	case reflect.Bool, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return true
	}
	return false
}

// pieceAlign is the alignment of a carved slice of et: its own, or 8
// for elements of a multiple of 8 bytes (uint64, uint128, uint256),
// whose alignment is 4 on a 32-bit host. Go aligns the first word of
// every allocated slice to 8 bytes, which sync/atomic's 64-bit
// functions rely on there; a slice carved after an odd number of
// uint32s must not lose that.
func pieceAlign(et reflect.Type) uintptr {
	if et.Size()%8 == 0 {
		return 8
	}
	return uintptr(et.Align())
}
