package cache

import (
	"encoding/binary"
	"unsafe"
)

// scratchKeep is the size up to which scratch buffers are kept between
// updates; a larger one (the first root of a registry needs one entry per
// element) is dropped, so the steady state of small updates does not carry
// the first root's peak.
const scratchKeep = 1 << 20

func trimBytes(b []byte) []byte {
	if cap(b) > scratchKeep {
		return nil
	}
	return b[:0]
}

func trimInts(b []int) []int {
	if 8*cap(b) > scratchKeep {
		return nil
	}
	return b[:0]
}

// move32 copies the 32 bytes at src to dst. A [32]byte or [64]byte
// assignment between two slices compiles to a memmove call (the compiler
// cannot rule out overlap), which costs more than the copy itself for one
// chunk; 16-byte moves are inlined.
func move32(dst, src []byte) {
	*(*[16]byte)(dst) = *(*[16]byte)(src)
	*(*[16]byte)(dst[16:]) = *(*[16]byte)(src[16:])
}

// equal32 reports whether the 32 bytes at a and b are equal: four word
// compares, inlined, where a [32]byte comparison is a memequal call, which
// costs more than the compare when it is made for every chunk of a list.
func equal32(a, b []byte) bool {
	a, b = a[:32], b[:32]
	x := binary.LittleEndian.Uint64(a) ^ binary.LittleEndian.Uint64(b)
	x |= binary.LittleEndian.Uint64(a[8:]) ^ binary.LittleEndian.Uint64(b[8:])
	x |= binary.LittleEndian.Uint64(a[16:]) ^ binary.LittleEndian.Uint64(b[16:])
	x |= binary.LittleEndian.Uint64(a[24:]) ^ binary.LittleEndian.Uint64(b[24:])
	return x == 0
}

// littleEndian is true on hosts whose memory order of integers is the SSZ
// serialization order; only there are values read straight from Go memory
// (as plan does, which refuses big-endian hosts with ErrBigEndian).
// Elsewhere every node falls back to the reference implementation.
var littleEndian = binary.NativeEndian.Uint16([]byte{1, 0}) == 1

// sliceHeader is the memory of a Go slice.
type sliceHeader struct {
	data unsafe.Pointer
	len  int
	cap  int
}
