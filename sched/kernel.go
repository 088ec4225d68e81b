package sched

import "github.com/lanehash/lanehash/lanes"

// Kernel is the part of a lanes kernel the executor uses; *lanes.Kernel
// satisfies it. It is an interface so that tests can run programs on
// reference kernels of any width.
type Kernel interface {
	// Hash is the hash function the kernel computes.
	Hash() lanes.Hash
	// Width is W, the number of lanes of a Lockstep call.
	Width() int
	// Pairs hashes len(src)/64 pairs: dst[32i:32i+32] = H(src[64i:64i+64]).
	// dst may alias src when both start at the same address.
	Pairs(dst, src []byte)
	// Lockstep runs ops in order over arena, a run of lane-layout nodes
	// of 32·W bytes each.
	Lockstep(arena []byte, ops []lanes.Op)
	// Pack converts m·W ordinary chunks laid out [node][lane][32] into m
	// lane-layout nodes.
	Pack(dst, src []byte)
	// Unpack converts m lane-layout nodes into m·W ordinary chunks laid
	// out [node][lane][32].
	Unpack(dst, src []byte)
}

// opsKernel is a Kernel that runs op lists checked once, when a program
// is prepared (lanes.NewOps), checking per call only that the arena is
// large enough; *lanes.Kernel is one. The runner uses it when the kernel
// has it, so a block's ops are not re-checked on every Lockstep call.
type opsKernel interface {
	LockstepOps(arena []byte, ops lanes.Ops)
}

// layoutKernel is a Kernel that reports its lane layout; *lanes.Kernel
// is one. A kernel in lanes.ChunkLayout keeps each lane's chunk whole
// and in ordinary byte order, so the runner gathers leaves straight into
// the arena and copies roots straight out, with no Pack or Unpack. A
// Kernel without the method is in lanes.WordLayout.
type layoutKernel interface {
	Layout() lanes.Layout
}

// chunkLayout reports whether k's lane layout is lanes.ChunkLayout.
func chunkLayout(k Kernel) bool {
	lk, ok := k.(layoutKernel)
	return ok && lk.Layout() == lanes.ChunkLayout
}

// pairsKernel is a Kernel that names the function its Pairs runs for a
// call on n pairs (lanes.Kernel.PairsFor); *lanes.Kernel is one. The
// single-instance path resolves it once per program level, so its calls
// go straight to the kernel that hashes them, with no dispatch per call.
type pairsKernel interface {
	PairsFor(n int) func(dst, src []byte)
}

// pairsFor returns the function that hashes a Pairs call of n pairs on
// k: what k names (pairsKernel), or k's Pairs.
func pairsFor(k Kernel, n int) func(dst, src []byte) {
	if pk, ok := k.(pairsKernel); ok {
		return pk.PairsFor(n)
	}
	return k.Pairs
}
