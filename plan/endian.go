package plan

import (
	"errors"
	"unsafe"
)

// ErrBigEndian is returned by PlanFor on a big-endian host: plans read
// the integers of Go values straight from memory as the little-endian
// bytes SSZ hashes, which only a little-endian host stores.
var ErrBigEndian = errors.New("plan: big-endian host: plans read integers from Go memory as little-endian bytes")

// hostBigEndian reports whether this host stores integers big-endian
// (a variable so that tests can check the refusal on any host).
var hostBigEndian = func() bool {
	x := uint16(1)
	return *(*byte)(unsafe.Pointer(&x)) == 0
}()
