//go:build !purego

package neon

import (
	"unsafe"

	"github.com/lanehash/lanehash/lanes/internal/kernelcheck"
)

// SHA2Width is the number of lanes of SHA2Lockstep. Each op runs as two
// passes of two interleaved lanes; four lanes (rather than two) let the
// automatic kernel prefer this kernel over the ASIMD one of equal width,
// and halve the per-op overhead of loads, stores and the op loop.
const SHA2Width = 4

// SHA2x2Width is the number of lanes of SHA2x2Lockstep, the two-lane
// form of the SHA2 kernel for batches of one or two instances, which
// would leave half or more of SHA2Lockstep's four lanes idle.
const SHA2x2Width = 2

// nodeSize is the size in bytes of one four-lane node, nodeSize2 of one
// two-lane node.
const (
	nodeSize  = 32 * 4
	nodeSize2 = 32 * SHA2x2Width
)

// SHA2Pairs sets dst[32i:32i+32] to the SHA-256 digest of src[64i:64i+64]
// for the n = len(src)/64 pairs of src, two pairs at a time on the SHA2
// instructions. dst may be src itself (the same start), which hashes a
// tree level in place. It panics if len(src) is not a multiple of 64 or
// dst is shorter than 32·n bytes.
func SHA2Pairs(dst, src []byte) {
	if n := kernelcheck.Pairs("neon.SHA2Pairs", dst, src); n > 0 {
		sha2PairsAsm(unsafe.SliceData(dst), unsafe.SliceData(src), n)
	}
}

// SHA2Lockstep runs ops, a flat list of (left, right, out) node indices,
// over arena in order: for each op and each of the four lanes, node out
// becomes the SHA-256 digest of node left followed by node right. Node i
// is arena[128i:128i+128] in lane layout (see Pack4). An op reads both
// inputs before it writes, so out may be one of its own inputs. It
// panics if len(ops) is not a multiple of 3 or an index lies outside
// arena, before hashing anything.
func SHA2Lockstep(arena []byte, ops []uint32) {
	if n := kernelcheck.Lockstep("neon.SHA2Lockstep", arena, ops, nodeSize); n > 0 {
		sha2LockstepAsm(unsafe.SliceData(arena), unsafe.SliceData(ops), n)
	}
}

// SHA2x2Lockstep is SHA2Lockstep with two lanes: node i is
// arena[64i:64i+64] in two-lane layout (see Pack2), and each op hashes
// lanes 0 and 1 as one interleaved pair. The same rules apply: out may be
// one of its own inputs, and it panics if len(ops) is not a multiple of
// 3 or an index lies outside arena, before hashing anything.
func SHA2x2Lockstep(arena []byte, ops []uint32) {
	if n := kernelcheck.Lockstep("neon.SHA2x2Lockstep", arena, ops, nodeSize2); n > 0 {
		sha2x2LockstepAsm(unsafe.SliceData(arena), unsafe.SliceData(ops), n)
	}
}

// Pack2 converts m = len(src)/64 nodes from ordinary layout, two 32-byte
// chunks per node ([node][lane][32 bytes]), into the two-lane layout of
// SHA2x2Lockstep in dst: word j of lane p becomes the host uint32 at byte
// offset 4·(2j+p) of the node, holding the big-endian word. dst may be
// src itself. It panics if len(src) is not a multiple of 64 or dst is
// shorter than src.
func Pack2(dst, src []byte) {
	if m := kernelcheck.Nodes("neon.Pack2", dst, src, nodeSize2); m > 0 {
		pack2Asm(unsafe.SliceData(dst), unsafe.SliceData(src), m)
	}
}

// Unpack2 is the inverse of Pack2: m = len(src)/64 two-lane nodes become
// 2·m ordinary 32-byte digests in dst. dst may be src itself. It panics
// if len(src) is not a multiple of 64 or dst is shorter than src.
func Unpack2(dst, src []byte) {
	if m := kernelcheck.Nodes("neon.Unpack2", dst, src, nodeSize2); m > 0 {
		unpack2Asm(unsafe.SliceData(dst), unsafe.SliceData(src), m)
	}
}

// sha2PairsAsm hashes n 64-byte messages at src into n digests at dst.
//
//go:noescape
func sha2PairsAsm(dst, src *byte, n int)

// sha2LockstepAsm runs n ops (left, right, out node indices) over arena.
//
//go:noescape
func sha2LockstepAsm(arena *byte, ops *uint32, n int)

// sha2x2LockstepAsm runs n ops over an arena of two-lane nodes.
//
//go:noescape
func sha2x2LockstepAsm(arena *byte, ops *uint32, n int)

// pack2Asm converts m nodes of two chunks at src into two-lane layout at dst.
//
//go:noescape
func pack2Asm(dst, src *byte, m int)

// unpack2Asm converts m two-lane nodes at src into two chunks each at dst.
//
//go:noescape
func unpack2Asm(dst, src *byte, m int)
