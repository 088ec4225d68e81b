package kerneltest

import "testing"

// Kernel is one kernel family of a kernel package under test: its raw
// functions in the lanes contract, and what to compare them with.
type Kernel struct {
	Needs    string      // the CPU features the kernel needs, for skip messages
	CPU      func() bool // reports whether this CPU has them
	Width    int         // lanes; a lane-layout node is 32·Width bytes
	Ref      func(pair []byte) []byte
	PackRef  func(w int, chunks []byte) []byte // lane layout by definition
	Pairs    func(dst, src []byte)
	Lockstep func(arena []byte, ops []uint32)
	Pack     func(dst, src []byte)
	Unpack   func(dst, src []byte)
}

// NodeBytes returns the size of one lane-layout node, 32·Width.
func (k *Kernel) NodeBytes() int { return 32 * k.Width }

// Require skips tb, naming the missing features, on a CPU that cannot run
// the kernel; that is the only reason a kernel test may be skipped.
func (k *Kernel) Require(tb testing.TB) {
	tb.Helper()
	if !k.CPU() {
		tb.Skip("CPU or OS lacks " + k.Needs)
	}
}
