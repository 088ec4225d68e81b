package kernelcheck

import (
	"strconv"
	"unsafe"
)

// LadderError is the panic value of a failed Ladder check.
type LadderError struct {
	Func     string // the misused function, such as "avx512.SHA256Ladder"
	Nodes    int    // len(nodes)
	Zero     int    // len(zero), or the length of the zero-hash table
	From, To int    // the levels asked for (0, 0 from a raw kernel entry)
	Overlap  bool   // the nodes overlap the zero hashes of the levels climbed
}

// Error says which length or level is wrong.
func (e *LadderError) Error() string {
	switch {
	case e.Overlap:
		return e.Func + ": the nodes overlap the zero hashes of the levels climbed"
	case e.Nodes%32 != 0:
		return e.Func + ": len(nodes) = " + strconv.Itoa(e.Nodes) + " is not a multiple of 32"
	case e.Zero%32 != 0:
		return e.Func + ": len(zero) = " + strconv.Itoa(e.Zero) + " is not a multiple of 32"
	}
	return e.Func + ": levels " + strconv.Itoa(e.From) + " to " + strconv.Itoa(e.To) +
		" are not 0 ≤ from ≤ to ≤ " + strconv.Itoa(e.Zero/32) + " zero hashes"
}

// Ladder checks a raw ladder entry's arguments: whole 32-byte nodes and
// whole 32-byte zero hashes, one per level to climb. It returns the node
// and level counts and panics, naming fn, otherwise.
func Ladder(fn string, nodes, zero []byte) (n, levels int) {
	if len(nodes)%32 != 0 || len(zero)%32 != 0 {
		panic(&LadderError{Func: fn, Nodes: len(nodes), Zero: len(zero)})
	}
	if Overlaps(nodes, zero) {
		panic(&LadderError{Func: fn, Nodes: len(nodes), Zero: len(zero), Overlap: true})
	}
	return len(nodes) / 32, len(zero) / 32
}

// Overlaps reports whether a and b share a byte. A ladder whose nodes
// overlap the zero hashes it reads would climb on digests it wrote
// itself, and a kernel that climbs a group at a time would read them
// where one that copies each level's zero hash first would not: the
// result would depend on the kernel, so it is refused.
func Overlaps(a, b []byte) bool {
	if len(a) == 0 || len(b) == 0 {
		return false
	}
	pa, pb := uintptr(unsafe.Pointer(unsafe.SliceData(a))), uintptr(unsafe.Pointer(unsafe.SliceData(b)))
	return pa < pb+uintptr(len(b)) && pb < pa+uintptr(len(a))
}

// LadderLevels checks the levels of a ladder climbed through a table of
// zeros zero hashes: 0 ≤ from ≤ to ≤ zeros, and whole 32-byte nodes.
// It panics, naming fn, otherwise.
func LadderLevels(fn string, nodes []byte, zeros, from, to int) {
	if len(nodes)%32 != 0 || from < 0 || from > to || to > zeros {
		panic(&LadderError{Func: fn, Nodes: len(nodes), Zero: 32 * zeros, From: from, To: to})
	}
}
