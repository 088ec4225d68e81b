// Package carve hands out the memory of a decoded value's pieces in
// bulk, for the two decoders that build values through their memory:
// package ssz's binary decoder and ssz/sszjson's JSON reader. A state
// holds hundreds of thousands of small pieces (a withdrawal
// credential's 32 bytes, a *Validator's Validator); carved from blocks
// and chunks they cost a few hundred allocations, not one each.
//
// Memory is carved in two ways, by what it holds:
//
//   - Blocks: pointer-free pieces (byte strings, bitlists, short lists
//     of integers), carved from blocks that are []uint64 memory, which
//     the collector does not scan. Nothing that holds a pointer may be
//     placed there: a pointer stored in it would not keep its target
//     alive. Each decoder decides which element types qualify (ssz:
//     any type without pointers; sszjson: booleans, unsigned integers
//     and arrays of them); this package cannot check it.
//   - Pointees: the values a sequence's pointers point to, which may
//     hold pointers, carved from chunks made as []T of their own type
//     (reflect.MakeSlice), so the collector scans them as T.
//
// Either way one piece kept alive keeps its whole block or chunk alive,
// which is why both are small (BlockBytes, ChunkBytes) and a chunk is
// made for the values left. A piece is not the start of an allocation:
// runtime.SetFinalizer must not be given one (the runtime throws). Each piece is zeroed
// and handed out once: pieces never overlap.
package carve

import "unsafe"

// sliceHeader is the layout of a Go slice of any element type.
type sliceHeader struct {
	data     unsafe.Pointer
	len, cap int
}

// empty is what an empty slice points to.
var empty [0]uint64

// Empty returns where a decoded empty slice points: such a slice is
// empty, not nil, as reflect.MakeSlice makes one of no elements.
func Empty() unsafe.Pointer { return unsafe.Pointer(&empty) }

// SetSlice sets the slice at p, of any element type, to the n elements
// at data, with capacity n too (as reflect.MakeSlice makes it), so that
// appending to it copies rather than writing over the block or chunk
// data was carved from. The store goes through the write barrier, as
// any pointer store does.
func SetSlice(p, data unsafe.Pointer, n int) {
	*(*sliceHeader)(p) = sliceHeader{data: data, len: n, cap: n}
}
