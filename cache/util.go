package cache

import (
	"bytes"
	"encoding/binary"
	"unsafe"
)

// scratchKeep is the size up to which scratch buffers are kept between
// updates; a larger one (the first root of a registry needs one entry per
// element) is dropped, so the steady state of small updates does not carry
// the first root's peak.
const scratchKeep = 1 << 20

// shrinkKeep is the capacity stored bytes (a level of a tree, a list's
// copy of its elements) keep however short their list becomes: more is
// cut to size when the list falls to a quarter of it (cutBytes).
const shrinkKeep = 4 << 10

// cutBytes returns b[:size] (size ≤ cap(b)): in place, or,
// when that would keep more than four times size and over shrinkKeep,
// in an array of its own, so a tree's memory follows its lists' lengths.
func cutBytes(b []byte, size int) []byte {
	if cap(b) > shrinkKeep && size < cap(b)/4 {
		return bytes.Clone(b[:size])
	}
	return b[:size]
}

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
