//go:build !purego

package shani

import (
	"unsafe"

	"github.com/lanehash/lanehash/lanes/internal/kernelcheck"
)

// SHA256LanesX4 is the lane width of the four-stream SHA-256 kernel:
// four messages in flight at once, one per lane; a node is
// 32·SHA256LanesX4 bytes in chunk layout (lanes.ChunkLayout: each lane's
// chunk whole, lane after lane), which its Lockstep reads and writes
// like Pairs, without transposes. It fills the SHA unit of CPUs whose
// SHA256RNDS2 latency is about four times its issue interval (AMD Zen 3),
// where two streams leave half of it idle. The X4 functions need AVX as
// well as SHA-NI: check SupportedX4, not Supported.
const SHA256LanesX4 = 4

const sha256NodeBytesX4 = 32 * SHA256LanesX4

// SHA256PairsX4 is SHA256Pairs on four streams: it sets dst[32i:32i+32]
// to the SHA-256 digest of src[64i:64i+64] for the n = len(src)/64 pairs
// of src, four at a time, and the last n mod 4 on two streams. dst may
// be src itself (the same start). It panics if len(src) is not a
// multiple of 64 or dst is shorter than 32·n bytes.
func SHA256PairsX4(dst, src []byte) {
	n := kernelcheck.Pairs("shani.SHA256PairsX4", dst, src)
	if n == 0 {
		return
	}
	whole := n &^ 3
	if whole > 0 {
		sha256Pairs4Asm(unsafe.SliceData(dst), unsafe.SliceData(src), whole)
	}
	if n > whole {
		sha256PairsAsm(&dst[32*whole], &src[64*whole], n-whole)
	}
}

// SHA256LockstepX4 runs ops, a flat list of (left, right, out) node
// indices, over arena, in order: for each op and all four lanes, node
// out becomes the SHA-256 digest of node left followed by node right.
// Node i is arena[128i:128i+128] in chunk layout: lane p's chunk, in
// ordinary byte order, at 128i+32p. An op's out may be any
// node, its own inputs included. It panics, before hashing anything, if
// the arena is not a whole number of nodes, len(ops) is not a multiple
// of 3 or an index lies outside the arena.
func SHA256LockstepX4(arena []byte, ops []uint32) {
	if n := kernelcheck.Lockstep("shani.SHA256LockstepX4", arena, ops, sha256NodeBytesX4); n > 0 {
		sha256Lockstep4Asm(unsafe.SliceData(arena), unsafe.SliceData(ops), n)
	}
}

// SHA256LockstepOpsX4 is SHA256LockstepX4 for an op list whose indices
// were checked once, when it was made (lanes.NewOps): it checks only
// that the arena is whole nodes and holds every node the list names, in
// constant time. It panics, before hashing anything, if not.
func SHA256LockstepOpsX4(arena []byte, ops *kernelcheck.Ops) {
	if words, n := kernelcheck.LockstepOps("shani.SHA256LockstepOpsX4", arena, ops, sha256NodeBytesX4); n > 0 {
		sha256Lockstep4Asm(unsafe.SliceData(arena), unsafe.SliceData(words), n)
	}
}

// SHA256PackX4 converts m = len(src)/128 nodes of four 32-byte chunks
// ([node][lane][32 bytes]) into the four-lane kernel's chunk layout,
// which is the same bytes: it copies src to dst. dst may be src itself.
// It panics if len(src) is not a multiple of 128 or dst is shorter than
// src.
func SHA256PackX4(dst, src []byte) { copyNodes("shani.SHA256PackX4", dst, src, sha256NodeBytesX4) }

// SHA256UnpackX4 is the inverse of SHA256PackX4, also a copy.
func SHA256UnpackX4(dst, src []byte) {
	copyNodes("shani.SHA256UnpackX4", dst, src, sha256NodeBytesX4)
}
