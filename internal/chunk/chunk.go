// Package chunk is the one copy of the 32-byte moves and compares that
// the executor (sched) and the cache make for every chunk they gather,
// store or compare: at one chunk a call, the generic forms (a [32]byte
// assignment through pointers or slices, a [32]byte comparison) cost more
// than the work, because the compiler makes them memmove and memequal
// calls when it cannot rule out overlap.
package chunk

import (
	"encoding/binary"
	"unsafe"
)

// Copy copies the 32 bytes at src to dst with two 16-byte moves, which
// the compiler inlines.
func Copy(dst, src unsafe.Pointer) {
	*(*[16]byte)(dst) = *(*[16]byte)(src)
	*(*[16]byte)(unsafe.Add(dst, 16)) = *(*[16]byte)(unsafe.Add(src, 16))
}

// Move is Copy for the first 32 bytes of two slices; it panics when
// either is shorter (the array conversions check the length, where a
// reslice would check only the capacity).
func Move(dst, src []byte) {
	Copy(unsafe.Pointer((*[32]byte)(dst)), unsafe.Pointer((*[32]byte)(src)))
}

// Equal reports whether the first 32 bytes of a and b are equal: four
// word compares, inlined.
func Equal(a, b []byte) bool {
	a, b = (*[32]byte)(a)[:], (*[32]byte)(b)[:]
	x := binary.LittleEndian.Uint64(a) ^ binary.LittleEndian.Uint64(b)
	x |= binary.LittleEndian.Uint64(a[8:]) ^ binary.LittleEndian.Uint64(b[8:])
	x |= binary.LittleEndian.Uint64(a[16:]) ^ binary.LittleEndian.Uint64(b[16:])
	x |= binary.LittleEndian.Uint64(a[24:]) ^ binary.LittleEndian.Uint64(b[24:])
	return x == 0
}
