//go:build !purego

package avx512

//go:generate go run -C ../_asm ./avx512keccak -out ../avx512/keccak_amd64.s -stubs ../avx512/keccak_stub_amd64.go -pkg avx512

import "github.com/lanehash/lanehash/lanes/internal/kernelcheck"

// Keccak256Lanes is the lane width W of the Keccak-256 kernel: one
// lane-layout node is 32·Keccak256Lanes bytes.
const Keccak256Lanes = 8

const keccak256NodeBytes = 32 * Keccak256Lanes

// Keccak256Pairs sets dst[32i:32i+32] to the legacy Keccak-256 digest of
// src[64i:64i+64] for every pair i, hashing 8 pairs at a time; a last
// partial batch runs under opmasks and touches no byte outside the
// slices. dst may be src itself (the same start); any other overlap is
// not allowed. It panics if len(src) is not a multiple of 64 or dst is
// shorter than half of src.
func Keccak256Pairs(dst, src []byte) {
	n := kernelcheck.Pairs("avx512.Keccak256Pairs", dst, src)
	if n == 0 {
		return
	}
	keccak256PairsAVX512(&dst[0], &src[0], n)
}

// Keccak256Lockstep runs ops, flat (left, right, out) node-index triples,
// in order over arena, a run of 256-byte nodes in lane layout: for each
// op and all 8 lanes, node out = Keccak-256(node left || node right).
// An op's out may be any node, its own inputs included. It panics,
// before hashing anything, if the arena is not a whole number of nodes,
// len(ops) is not a multiple of 3 or an index lies outside the arena.
func Keccak256Lockstep(arena []byte, ops []uint32) {
	if n := kernelcheck.Lockstep("avx512.Keccak256Lockstep", arena, ops, keccak256NodeBytes); n > 0 {
		keccak256LockstepAVX512(&arena[0], &ops[0], n)
	}
}

// Keccak256LockstepOps is Keccak256Lockstep for an op list whose indices
// were checked once, when it was made (lanes.NewOps): it checks only
// that the arena is whole nodes and holds every node the list names, in
// constant time. It panics, before hashing anything, if not.
func Keccak256LockstepOps(arena []byte, ops *kernelcheck.Ops) {
	if words, n := kernelcheck.LockstepOps("avx512.Keccak256LockstepOps", arena, ops, keccak256NodeBytes); n > 0 {
		keccak256LockstepAVX512(&arena[0], &words[0], n)
	}
}

// Keccak256Pack moves m·8 ordinary 32-byte chunks of src, laid out
// [node][lane][32 bytes], into m lane-layout nodes at dst (word j of lane
// p at byte 8·(8j+p), little-endian as the chunk holds it). It panics if
// len(src) is not a multiple of 256 or dst is shorter than src.
func Keccak256Pack(dst, src []byte) {
	if m := kernelcheck.Nodes("avx512.Keccak256Pack", dst, src, keccak256NodeBytes); m > 0 {
		keccak256PackAVX512(&dst[0], &src[0], m)
	}
}

// Keccak256Unpack is the inverse of Keccak256Pack: m lane-layout nodes of
// src become m·8 ordinary 32-byte digests at dst. It panics if len(src) is
// not a multiple of 256 or dst is shorter than src.
func Keccak256Unpack(dst, src []byte) {
	if m := kernelcheck.Nodes("avx512.Keccak256Unpack", dst, src, keccak256NodeBytes); m > 0 {
		keccak256UnpackAVX512(&dst[0], &src[0], m)
	}
}
