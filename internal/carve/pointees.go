package carve

import (
	"reflect"
	"sync"
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
// a new chunk of min(left, ChunkBytes/slot) values (slot: t's size,
// rounded up to 8 bytes on a 32-bit host, see slotType), or, for one, a
// value allocated alone. A value of another type than the chunk's never
// comes from it: its memory would be typed, for the collector, as the
// chunk's type.
func (c *Pointees) Next(t reflect.Type, left int) unsafe.Pointer {
	if c.used == c.n || t != c.t {
		if left <= 1 || t.Size() > ChunkBytes/2 {
			return reflect.New(t).UnsafePointer() // no chunk of two
		}
		slot := slotType(t)
		k := min(left, int(ChunkBytes/max(slot.Size(), 1)))
		if k <= 1 {
			return reflect.New(t).UnsafePointer()
		}
		c.chunk = reflect.MakeSlice(reflect.SliceOf(slot), k, k).UnsafePointer()
		c.t, c.size, c.used, c.n = t, slot.Size(), 0, k
	}
	p := unsafe.Add(c.chunk, uintptr(c.used)*c.size)
	c.used++
	return p
}

// Unused returns the bytes of the current chunk not handed out yet: what
// the chunk wastes if the sequence ends now, and 0 when the next value
// needs a new chunk (or is allocated alone). A reader that makes chunks
// before it knows how many values its sequence has (package sszjson's
// lists, read in one pass) sizes a new chunk, and pays for its tail,
// when this is 0.
func (c *Pointees) Unused() uintptr {
	return uintptr(c.n-c.used) * c.size
}

// slotType is the type of a chunk's elements for values of t: t itself,
// or on a 32-bit host, where a uint64 is aligned to 4 bytes and a
// struct holding one can be 12 bytes long, t followed by the padding
// that starts every value on an 8-byte boundary. Go aligns the first
// word of every allocated struct to 8 bytes, which sync/atomic's 64-bit
// functions rely on there, and each pointee is such a struct to its
// user: it must not lie 4 bytes off one because a chunk holds it.
func slotType(t reflect.Type) reflect.Type {
	pad := -t.Size() & 7
	if unsafe.Sizeof(uintptr(0)) == 8 || pad == 0 || t.Size() < 8 {
		return t // a value of under 8 bytes holds no uint64
	}
	if slot, ok := slots.Load(t); ok {
		return slot.(reflect.Type)
	}
	slot := reflect.StructOf([]reflect.StructField{
		{Name: "V", Type: t},
		{Name: "Pad", Type: reflect.ArrayOf(int(pad), reflect.TypeFor[byte]())},
	})
	slots.Store(t, slot)
	return slot
}

// slots memoizes slotType's padded types on 32-bit hosts, one per
// pointee type, as reflect keeps the types it makes: building one
// allocates, and each chunk needs its type.
var slots sync.Map
