//go:build !purego

package neon

import (
	"golang.org/x/sys/cpu"

	"github.com/lanehash/lanehash/lanes/internal/kernelcheck"
)

// Keccak256Lanes is the lane width W of the Keccak-256 kernel, two
// instances, one per 64-bit half of a vector register: one lane-layout
// node is 32·Keccak256Lanes = 64 bytes.
const Keccak256Lanes = 2

const keccak256NodeBytes = 32 * Keccak256Lanes

// Keccak256Supported reports whether this CPU runs the Keccak-256
// kernel: it needs the ARMv8.2 SHA3 extension (EOR3, RAX1, XAR, BCAX).
// Pack and Unpack need only ASIMD, which every arm64 CPU has.
//
// Having the instructions does not make the kernel the fastest choice:
// on some cores (Neoverse-V2) they issue at a quarter of the rate of
// plain EOR and the portable kernel is faster; see docs/kernels.md.
func Keccak256Supported() bool { return cpu.ARM64.HasSHA3 }

// Keccak256Pairs sets dst[32i:32i+32] to the legacy Keccak-256 digest of
// src[64i:64i+64] for every pair i, two pairs per permutation; an odd
// last pair goes through a stack buffer, so no byte outside the slices
// is touched. dst may be src itself (the same start). It panics if
// len(src) is not a multiple of 64, dst is shorter than half of src, or
// dst overlaps src other than at the same start. Only call it when
// Keccak256Supported reports true.
func Keccak256Pairs(dst, src []byte) {
	n := kernelcheck.Pairs("neon.Keccak256Pairs", dst, src)
	full := n - n%Keccak256Lanes
	if full > 0 {
		keccak256PairsSHA3(&dst[0], &src[0], full)
	}
	if full < n {
		// The last pair was not overwritten above: digest i never lands
		// past pair i when dst is src. Its copy fills both lanes.
		var buf [64 * Keccak256Lanes]byte
		copy(buf[:64], src[64*full:])
		keccak256PairsSHA3(&buf[0], &buf[0], Keccak256Lanes)
		copy(dst[32*full:32*n], buf[:32])
	}
}

// Keccak256Lockstep runs ops, flat (left, right, out) node-index triples,
// in order over arena, a run of 64-byte nodes in lane layout: for each op
// and both lanes, node out = Keccak-256(node left || node right). An
// op's out may be any node, its own inputs included. It panics, before
// hashing anything, if the arena is not a whole number of nodes,
// len(ops) is not a multiple of 3 or an index lies outside the arena.
// Only call it when Keccak256Supported reports true.
func Keccak256Lockstep(arena []byte, ops []uint32) {
	if n := kernelcheck.Lockstep("neon.Keccak256Lockstep", arena, ops, keccak256NodeBytes); n > 0 {
		keccak256LockstepSHA3(&arena[0], &ops[0], n)
	}
}

// Keccak256Pack moves m·2 ordinary 32-byte chunks of src, laid out
// [node][lane][32 bytes], into m lane-layout nodes at dst (word j of lane
// p at byte 8·(2j+p), little-endian as the chunk holds it). dst may be
// src (the same start). It panics if len(src) is not a multiple of 64,
// dst is shorter than src, or dst overlaps src other than at the same
// start.
func Keccak256Pack(dst, src []byte) {
	if m := kernelcheck.Nodes("neon.Keccak256Pack", dst, src, keccak256NodeBytes); m > 0 {
		keccak256PackNEON(&dst[0], &src[0], m)
	}
}

// Keccak256Unpack is the inverse of Keccak256Pack: m lane-layout nodes of
// src become m·2 ordinary 32-byte digests at dst, in place too. It
// panics on the same misuse as Keccak256Pack.
func Keccak256Unpack(dst, src []byte) {
	if m := kernelcheck.Nodes("neon.Keccak256Unpack", dst, src, keccak256NodeBytes); m > 0 {
		keccak256UnpackNEON(&dst[0], &src[0], m)
	}
}

// keccak256PairsSHA3 hashes n 64-byte pairs of src into n 32-byte digests
// of dst, two at a time; n must be even and positive.
//
//go:noescape
func keccak256PairsSHA3(dst, src *byte, n int)

// keccak256LockstepSHA3 runs n ≥ 1 ops, flat (left, right, out)
// node-index triples, over an arena of 64-byte lane-layout nodes.
// Indices are not checked here.
//
//go:noescape
func keccak256LockstepSHA3(arena *byte, ops *uint32, n int)

// keccak256PackNEON moves n ≥ 1 nodes of two ordinary 32-byte chunks
// from src into lane layout in dst.
//
//go:noescape
func keccak256PackNEON(dst, src *byte, n int)

// keccak256UnpackNEON moves n ≥ 1 lane-layout nodes from src into two
// ordinary 32-byte digests each in dst.
//
//go:noescape
func keccak256UnpackNEON(dst, src *byte, n int)
