package ssz

import (
	"math"
	"reflect"
	"unsafe"

	"github.com/lanehash/lanehash/internal/checked"
)

// The decoder makes an element slice in one allocation when its Go size
// is within allocPerByte bytes per input byte (plus allocSlack): every
// consensus type's lists are, a []byte field costs 24 bytes per 4-byte
// offset and a union 24 per 5 bytes. Elements far larger in Go than
// serialized (ssz:"-" bulk, slice headers around one-byte bitvectors)
// start there and double as elements are reached, so what an input that
// fails allocates stays proportional to it and to what it decoded, and
// a valid one allocates at most twice its value's slices.
const (
	allocPerByte = 8
	allocSlack   = 4 << 10
)

// grower holds the capacity of the element slice being decoded into and
// the element count it grows to; an array's has both equal, so it never
// grows.
type grower struct {
	cap, n int
}

// elements returns where the count elements of the sequence n decoded
// from inputLen bytes into the array or slice at p go, and their
// grower: an array's, or for a slice its first allocation, which it
// sets the slice to.
func (d *decoder) elements(n *decType, p unsafe.Pointer, count, inputLen int) (unsafe.Pointer, grower) {
	if !n.slice {
		return p, grower{cap: count, n: count}
	}
	c := count
	if size := uint64(n.elem.goSize); size > 0 {
		budget := uint64(inputLen)*allocPerByte + allocSlack
		if total, ok := checked.Mul(uint64(count), size); !ok || total > budget {
			c = int(max(budget/size, 1))
		}
	}
	return d.makeSlice(n, p, c), grower{cap: c, n: count}
}

// grow doubles the slice at p (up to the n elements) when the next
// element to decode is the first past its capacity, and returns where
// its elements now are. The callers compare before calling, so the
// per-element cost is that one comparison.
func (g *grower) grow(n *decType, p unsafe.Pointer) unsafe.Pointer {
	g.cap = min(2*g.cap, g.n)
	v := reflect.NewAt(n.t.Go, p).Elem()
	s := reflect.MakeSlice(v.Type(), g.cap, g.cap)
	reflect.Copy(s, v)
	v.Set(s)
	return s.UnsafePointer()
}

// makeSlice sets the slice at p, of the sequence n, to c zero elements
// (length and capacity c, never nil: as reflect.MakeSlice made it) and
// returns where they are. Pointer-free elements come from the decoder's
// pointer-free memory (free); others are allocated typed, in one
// allocation (reflect's Grow on the slice itself, where MakeSlice would
// allocate its header besides).
func (d *decoder) makeSlice(n *decType, p unsafe.Pointer, c int) unsafe.Pointer {
	if c == 0 {
		setSlice(p, zeroBase, 0)
		return zeroBase
	}
	size := n.elem.goSize
	if n.elemFree {
		if bytes, ok := checked.Mul(uint64(c), uint64(size)); ok && bytes <= math.MaxInt/2 {
			data := d.free(bytes)
			setSlice(p, data, c)
			return data
		}
	}
	v := reflect.NewAt(n.t.Go, p).Elem()
	v.SetZero()
	v.Grow(c)
	v.SetLen(c)
	v.SetCap(c)
	return v.UnsafePointer()
}

// zeroBase is where empty slices point, as reflect.MakeSlice's of no
// elements point to the runtime's zero base: they are empty, not nil.
var zeroBase = unsafe.Pointer(&zeroArray)

var zeroArray [0]uint64

// Pointer-free pieces of up to freePiece bytes (the bytes of bitlists,
// byte vectors held in slices, short lists of integers) are carved from
// blocks of freeBlock bytes, each 8-byte aligned, rather than allocated
// one by one: a state's 2^20 withdrawal credentials are 2^20
// allocations otherwise. A piece keeps its block alive, so a block is at
// most freeBlock bytes (and no more than the input, for a small decode),
// and a larger piece has its own allocation.
const (
	freePiece = 512
	freeBlock = 4 << 10
)

// free returns n zero bytes of pointer-free memory, 8-byte aligned, for
// values that hold no pointers (the collector does not scan it).
func (d *decoder) free(n uint64) unsafe.Pointer {
	if n == 0 {
		return zeroBase
	}
	if n > freePiece {
		return unsafe.Pointer(unsafe.SliceData(make([]uint64, (n+7)/8)))
	}
	m := int((n + 7) &^ 7)
	if d.blockSize-d.blockUsed < m {
		size := min(freeBlock, max(m, (d.inputLen+7)&^7))
		d.block = unsafe.Pointer(unsafe.SliceData(make([]uint64, size/8)))
		d.blockUsed, d.blockSize = 0, size
	}
	// The block's pointer is written once per block, the count per
	// piece: a pointer written per piece would cost a write barrier
	// each while the collector marks.
	p := unsafe.Add(d.block, d.blockUsed)
	d.blockUsed += m
	return p
}

// arena is where a sequence's pointers to containers point: chunks of
// up to chunkBytes of values ([]T), each value carved as its element is
// reached, so a list of n pointers costs n/chunk allocations rather
// than n. Each value stays independent (its own memory, set only once
// it decoded); a value kept alive keeps its chunk alive, at most
// chunkBytes (or one value, when larger). The chunk is made for the
// elements left, so a sequence that decodes wastes none.
type arena struct {
	chunk      unsafe.Pointer
	used, size int
}

// object returns the memory of the next value of the pointer type et
// for a sequence with left elements to decode (this one included).
func (d *decoder) object(a *arena, et *decType, left int) unsafe.Pointer {
	if a.used == a.size {
		k := min(left, et.chunk)
		if k <= 1 {
			return reflect.New(et.target).UnsafePointer()
		}
		a.chunk, a.used, a.size = reflect.MakeSlice(et.chunkType, k, k).UnsafePointer(), 0, k
	}
	p := unsafe.Add(a.chunk, uintptr(a.used)*et.targetSize)
	a.used++
	return p
}
