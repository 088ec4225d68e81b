//go:build !purego

package avx2

//go:generate go run -C ../_asm ./avx2keccak -out ../avx2/keccak_amd64.s -stubs ../avx2/keccak_stub_amd64.go -pkg avx2

import "github.com/lanehash/lanehash/lanes/internal/kernelcheck"

// Keccak256Lanes is the lane width W of the Keccak-256 kernel: one
// lane-layout node is 32·Keccak256Lanes bytes.
const Keccak256Lanes = 4

const keccak256NodeBytes = 32 * Keccak256Lanes

// Keccak256Pairs sets dst[32i:32i+32] to the legacy Keccak-256 digest of
// src[64i:64i+64] for every pair i, hashing 4 pairs at a time; a last
// partial batch goes through a stack buffer, so no byte outside the
// slices is touched. dst may be src itself (the same start); any other
// overlap is not allowed. It panics if len(src) is not a multiple of 64
// or dst is shorter than half of src.
func Keccak256Pairs(dst, src []byte) {
	n := kernelcheck.Pairs("avx2.Keccak256Pairs", dst, src)
	full := n - n%Keccak256Lanes
	if full > 0 {
		keccak256PairsAVX2(&dst[0], &src[0], full)
	}
	if tail := n - full; tail > 0 {
		// The kernel reads and writes whole batches; the tail's pairs
		// were not overwritten above, since digest i never lands past
		// pair i when dst is src.
		var buf [64 * Keccak256Lanes]byte
		copy(buf[:], src[64*full:64*n])
		keccak256PairsAVX2(&buf[0], &buf[0], Keccak256Lanes)
		copy(dst[32*full:32*n], buf[:32*tail])
	}
}

// Keccak256Lockstep runs ops, flat (left, right, out) node-index triples,
// in order over arena, a run of 128-byte nodes in lane layout: for each
// op and all 4 lanes, node out = Keccak-256(node left || node right).
// An op's out may be any node, its own inputs included. It panics,
// before hashing anything, if the arena is not a whole number of nodes,
// len(ops) is not a multiple of 3 or an index lies outside the arena.
func Keccak256Lockstep(arena []byte, ops []uint32) {
	if n := kernelcheck.Lockstep("avx2.Keccak256Lockstep", arena, ops, keccak256NodeBytes); n > 0 {
		keccak256LockstepAVX2(&arena[0], &ops[0], n)
	}
}

// Keccak256Pack moves m·4 ordinary 32-byte chunks of src, laid out
// [node][lane][32 bytes], into m lane-layout nodes at dst (word j of lane
// p at byte 8·(4j+p), little-endian as the chunk holds it). It panics if
// len(src) is not a multiple of 128 or dst is shorter than src.
func Keccak256Pack(dst, src []byte) {
	if m := kernelcheck.Nodes("avx2.Keccak256Pack", dst, src, keccak256NodeBytes); m > 0 {
		keccak256PackAVX2(&dst[0], &src[0], m)
	}
}

// Keccak256Unpack is the inverse of Keccak256Pack: m lane-layout nodes of
// src become m·4 ordinary 32-byte digests at dst. It panics if len(src) is
// not a multiple of 128 or dst is shorter than src.
func Keccak256Unpack(dst, src []byte) {
	if m := kernelcheck.Nodes("avx2.Keccak256Unpack", dst, src, keccak256NodeBytes); m > 0 {
		keccak256UnpackAVX2(&dst[0], &src[0], m)
	}
}
