package ssz

import (
	"math"
	"reflect"
	"unsafe"

	"github.com/lanehash/lanehash/internal/carve"
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
		carve.SetSlice(p, carve.Empty(), 0)
		return carve.Empty()
	}
	size := n.elem.goSize
	if n.elemFree {
		if bytes, ok := checked.Mul(uint64(c), uint64(size)); ok && bytes <= math.MaxInt/2 {
			data := d.free(bytes)
			carve.SetSlice(p, data, c)
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

// free returns n zero bytes of pointer-free memory, 8-byte aligned, for
// values that hold no pointers (the collector does not scan it: the
// compiler's elemFree, or the bytes of bitfields and byte vectors).
// Small pieces are carved from blocks no larger than the input
// (carve.Blocks), so a small decode does not allocate a whole block;
// every caller's n is at most the input's length or checked to fit an
// int.
func (d *decoder) free(n uint64) unsafe.Pointer {
	return d.blocks.Alloc(uintptr(n), 8, uintptr(d.inputLen))
}
