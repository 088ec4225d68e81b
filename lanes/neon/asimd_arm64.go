//go:build !purego

package neon

import (
	"unsafe"

	"github.com/lanehash/lanehash/lanes/internal/kernelcheck"
)

// ASIMDWidth is the number of lanes of the ASIMD kernel: one message per
// 32-bit lane of a 128-bit vector.
const ASIMDWidth = 4

// ASIMDPairs sets dst[32i:32i+32] to the SHA-256 digest of
// src[64i:64i+64] for the n = len(src)/64 pairs of src, four at a time
// on Advanced SIMD. A tail of fewer than four pairs is copied into a
// zero-padded group on the stack, so nothing outside src and dst is
// read or written. dst may be src itself (the same start). It panics if
// len(src) is not a multiple of 64 or dst is shorter than 32·n bytes.
func ASIMDPairs(dst, src []byte) {
	n := kernelcheck.Pairs("neon.ASIMDPairs", dst, src)
	full := n &^ 3
	if full > 0 {
		asimdPairsAsm(unsafe.SliceData(dst), unsafe.SliceData(src), full/4)
	}
	if rest := n - full; rest > 0 {
		var in [4 * 64]byte
		var out [4 * 32]byte
		copy(in[:], src[64*full:])
		asimdPairsAsm(&out[0], &in[0], 1)
		copy(dst[32*full:32*n], out[:])
	}
}

// ASIMDLockstep runs ops, a flat list of (left, right, out) node
// indices, over arena in order: for each op and each of the four lanes,
// node out becomes the SHA-256 digest of node left followed by node
// right. Node i is arena[128i:128i+128] in lane layout (see Pack4). An
// op reads both inputs before it writes, so out may be one of its own
// inputs. It panics if len(ops) is not a multiple of 3 or an index lies
// outside arena, before hashing anything.
func ASIMDLockstep(arena []byte, ops []uint32) {
	if n := kernelcheck.Lockstep("neon.ASIMDLockstep", arena, ops, nodeSize); n > 0 {
		asimdLockstepAsm(unsafe.SliceData(arena), unsafe.SliceData(ops), n)
	}
}

// Pack4 converts m = len(src)/128 nodes from ordinary layout, four
// 32-byte chunks per node ([node][lane][32 bytes]), into the four-lane
// layout of both kernels in dst: word j of lane p becomes the host
// uint32 at byte offset 4·(4j+p) of the node, holding the big-endian
// word. dst may be src itself. It panics if len(src) is not a multiple
// of 128 or dst is shorter than src.
func Pack4(dst, src []byte) {
	if m := kernelcheck.Nodes("neon.Pack4", dst, src, nodeSize); m > 0 {
		pack4Asm(unsafe.SliceData(dst), unsafe.SliceData(src), m)
	}
}

// Unpack4 is the inverse of Pack4: it converts m = len(src)/128
// lane-layout nodes into 4·m ordinary 32-byte digests in dst, node by
// node and lane by lane. dst may be src itself. It panics if len(src) is
// not a multiple of 128 or dst is shorter than src.
func Unpack4(dst, src []byte) {
	if m := kernelcheck.Nodes("neon.Unpack4", dst, src, nodeSize); m > 0 {
		unpack4Asm(unsafe.SliceData(dst), unsafe.SliceData(src), m)
	}
}

// asimdPairsAsm hashes 4·groups 64-byte messages at src into digests at dst.
//
//go:noescape
func asimdPairsAsm(dst, src *byte, groups int)

// asimdLockstepAsm runs n ops (left, right, out node indices) over arena.
//
//go:noescape
func asimdLockstepAsm(arena *byte, ops *uint32, n int)

// pack4Asm converts m nodes of four chunks at src into lane layout at dst.
//
//go:noescape
func pack4Asm(dst, src *byte, m int)

// unpack4Asm converts m lane-layout nodes at src into four chunks each at dst.
//
//go:noescape
func unpack4Asm(dst, src *byte, m int)
