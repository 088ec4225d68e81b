package carve

import (
	"reflect"
	"unsafe"
)

// ChunkBytes bounds the chunks pointees are carved from, and so what
// one pointee kept alive keeps alive (a value larger than it has a
// chunk of one value: an allocation of its own).
const ChunkBytes = 16 << 10

// Pointees carves the values a sequence's pointers point to (a list of
// *Validator's Validators) from chunks: a chunk is a []T of the
// values' own type, made for the values left in the sequence (at most
// ChunkBytes of them), so a list of n pointers costs n/chunk
// allocations rather than n, and a list decoded whole wastes none.
// Each value is its own (its own memory, handed out once). The zero
// value is ready; a sequence uses one for its elements.
type Pointees struct {
	// chunk holds n values of type t, size bytes each, handed out up to
	// used.
	chunk   unsafe.Pointer
	t       reflect.Type
	size    uintptr
	used, n int
}

// Next returns the memory of a new zero value of t for a sequence with
// left values to allocate (this one included). It comes from the
// current chunk when that holds values of t and has one left; else from
// a new chunk of min(left, ChunkBytes/t.Size()) values, or, for one, a
// value allocated alone. A value of another type than the chunk's never
// comes from it: its memory would be typed, for the collector, as the
// chunk's type.
func (c *Pointees) Next(t reflect.Type, left int) unsafe.Pointer {
	if c.used == c.n || t != c.t {
		k := min(left, int(max(1, ChunkBytes/max(t.Size(), 1))))
		if k <= 1 {
			return reflect.New(t).UnsafePointer()
		}
		c.chunk = reflect.MakeSlice(reflect.SliceOf(t), k, k).UnsafePointer()
		c.t, c.size, c.used, c.n = t, t.Size(), 0, k
	}
	p := unsafe.Add(c.chunk, uintptr(c.used)*c.size)
	c.used++
	return p
}
