package lanestest

import (
	"unsafe"

	"github.com/lanehash/lanehash/lanes"
)

// Funcs is a Kernel made of a kernel package's raw functions, so the
// package can run the suite before it is registered in lanes. Like
// *lanes.Kernel, it trims dst to the bytes the call writes and converts
// ops to flat (left, right, out) triples; it does not check arguments.
type Funcs struct {
	KernelName   string
	KernelHash   lanes.Hash
	KernelWidth  int
	PairsFunc    func(dst, src []byte)
	LockstepFunc func(arena []byte, ops []uint32)
	PackFunc     func(dst, src []byte)
	UnpackFunc   func(dst, src []byte)
}

// Name returns KernelName.
func (f *Funcs) Name() string { return f.KernelName }

// Hash returns KernelHash.
func (f *Funcs) Hash() lanes.Hash { return f.KernelHash }

// Width returns KernelWidth.
func (f *Funcs) Width() int { return f.KernelWidth }

// NodeSize returns 32·KernelWidth.
func (f *Funcs) NodeSize() int { return 32 * f.KernelWidth }

// Pairs calls PairsFunc with dst trimmed to len(src)/2 bytes.
func (f *Funcs) Pairs(dst, src []byte) {
	if len(src) > 0 {
		f.PairsFunc(dst[:len(src)/2], src)
	}
}

// Lockstep calls LockstepFunc with ops as flat triples.
func (f *Funcs) Lockstep(arena []byte, ops []lanes.Op) {
	if len(ops) > 0 {
		f.LockstepFunc(arena, unsafe.Slice((*uint32)(unsafe.Pointer(unsafe.SliceData(ops))), 3*len(ops)))
	}
}

// Pack calls PackFunc with dst trimmed to len(src) bytes.
func (f *Funcs) Pack(dst, src []byte) {
	if len(src) > 0 {
		f.PackFunc(dst[:len(src)], src)
	}
}

// Unpack calls UnpackFunc with dst trimmed to len(src) bytes.
func (f *Funcs) Unpack(dst, src []byte) {
	if len(src) > 0 {
		f.UnpackFunc(dst[:len(src)], src)
	}
}
