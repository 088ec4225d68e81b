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
