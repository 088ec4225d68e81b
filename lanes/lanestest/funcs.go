package lanestest

import (
	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/lanes/internal/kernelcheck"
)

// Funcs is a Kernel made of a kernel package's raw functions, so the
// package can run the suite on its exported API, from an external test
// package, before (or without) registration in lanes. Like
// *lanes.Kernel it passes every buffer through unchanged, so the
// functions' own argument checks are what the suite's misuse cases
// test, and only converts ops to flat (left, right, out) triples.
type Funcs struct {
	KernelName  string
	KernelHash  lanes.Hash
	KernelWidth int
	// KernelLayout is the lane layout of Lockstep, Pack and Unpack;
	// the zero value is lanes.WordLayout.
	KernelLayout lanes.Layout
	PairsFunc    func(dst, src []byte)
	LockstepFunc func(arena []byte, ops []uint32)
	// LockstepOpsFunc, if set, is the package's LockstepOps: the suite
	// runs every Lockstep case through it as well, over a list checked
	// once by kernelcheck.NewOps, and its misuse case.
	LockstepOpsFunc func(arena []byte, ops *kernelcheck.Ops)
	// SingleFunc and SingleOpsFunc, if set, are the package's Single
	// entries (one instance's ops over a flat buffer of chunks, the
	// second over a list checked once): the suite runs every Lockstep
	// case through them at width 1, and their misuse cases.
	SingleFunc    func(buf []byte, ops []uint32)
	SingleOpsFunc func(buf []byte, ops *kernelcheck.Ops)
	PackFunc      func(dst, src []byte)
	UnpackFunc    func(dst, src []byte)
	// LadderFunc, if set, is the package's raw ladder entry: every
	// 32-byte node of nodes climbs through the concatenated 32-byte
	// zero hashes of zero, one level each. The suite runs the Ladder
	// cases through it and its misuse cases.
	LadderFunc func(nodes, zero []byte)
}

// Name returns KernelName.
func (f *Funcs) Name() string { return f.KernelName }

// Hash returns KernelHash.
func (f *Funcs) Hash() lanes.Hash { return f.KernelHash }

// Width returns KernelWidth.
func (f *Funcs) Width() int { return f.KernelWidth }

// Layout returns KernelLayout.
func (f *Funcs) Layout() lanes.Layout { return f.KernelLayout }

// NodeSize returns 32·KernelWidth.
func (f *Funcs) NodeSize() int { return 32 * f.KernelWidth }

// Pairs calls PairsFunc.
func (f *Funcs) Pairs(dst, src []byte) { f.PairsFunc(dst, src) }

// Lockstep calls LockstepFunc with ops as flat triples.
func (f *Funcs) Lockstep(arena []byte, ops []lanes.Op) {
	f.LockstepFunc(arena, opWords(ops))
}

// Pack calls PackFunc.
func (f *Funcs) Pack(dst, src []byte) { f.PackFunc(dst, src) }

// Unpack calls UnpackFunc.
func (f *Funcs) Unpack(dst, src []byte) { f.UnpackFunc(dst, src) }
