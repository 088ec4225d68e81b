//go:build !(amd64 || arm64 || ppc64le)

package sched

import (
	"encoding/binary"
	"unsafe"
)

// load64 is the little-endian word at p+off, read byte by byte where an
// unaligned load may trap (Go memory is compared only on
// little-endian hosts).
func load64(p unsafe.Pointer, off uintptr) uint64 {
	return binary.LittleEndian.Uint64(unsafe.Slice((*byte)(unsafe.Add(p, off)), 8))
}
