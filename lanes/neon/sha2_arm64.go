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

// nodeSize is the size in bytes of one lane-layout node of both kernels.
const nodeSize = 32 * 4

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

// sha2PairsAsm hashes n 64-byte messages at src into n digests at dst.
//
//go:noescape
func sha2PairsAsm(dst, src *byte, n int)

// sha2LockstepAsm runs n ops (left, right, out node indices) over arena.
//
//go:noescape
func sha2LockstepAsm(arena *byte, ops *uint32, n int)
