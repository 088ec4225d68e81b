//go:build !purego

package avx512

//go:generate go run -C ../_asm ./avx512sha256 -out ../avx512/sha256_amd64.s -stubs ../avx512/sha256_stub_amd64.go -pkg avx512

import "github.com/lanehash/lanehash/lanes/internal/kernelcheck"

// SHA256Lanes is the lane width W of the SHA-256 kernel: one lane-layout
// node is 32·SHA256Lanes bytes.
const SHA256Lanes = 16

const sha256NodeBytes = 32 * SHA256Lanes

// SHA256Pairs sets dst[32i:32i+32] to the SHA-256 digest of
// src[64i:64i+64] for every pair i. More than 16 pairs run as groups of
// 16 in a software pipeline (one group's padding block beside a later
// group's data block, two groups always in flight), the last group
// partial under masks (17–31 pairs cost what 32 do); at most 16 are one
// group, partial under masks. dst may be
// src itself (the same start); any other overlap is not allowed. It
// panics if len(src) is not a multiple of 64 or dst is shorter than half
// of src.
func SHA256Pairs(dst, src []byte) {
	n := kernelcheck.Pairs("avx512.SHA256Pairs", dst, src)
	if n == 0 {
		return
	}
	sha256x16Pairs(&dst[0], &src[0], n)
}

// SHA256Lockstep runs ops, flat (left, right, out) node-index triples, in
// order over arena, a run of 512-byte nodes in lane layout: for each op
// and all 16 lanes, node out = SHA-256(node left || node right).
// An op's out may be any node, its own inputs included: two consecutive
// ops run interleaved only when the second does not read the first's
// out, and both messages are read before either digest is written. It
// panics, before hashing anything, if the arena is not a whole number of
// nodes, len(ops) is not a multiple of 3 or an index lies outside the
// arena.
func SHA256Lockstep(arena []byte, ops []uint32) {
	if n := kernelcheck.Lockstep("avx512.SHA256Lockstep", arena, ops, sha256NodeBytes); n > 0 {
		sha256x16Lockstep(&arena[0], &ops[0], n)
	}
}

// SHA256LockstepOps is SHA256Lockstep for an op list whose indices were
// checked once, when it was made (lanes.NewOps): it checks only that
// the arena is whole nodes and holds every node the list names, in
// constant time. It panics, before hashing anything, if not.
func SHA256LockstepOps(arena []byte, ops *kernelcheck.Ops) {
	if words, n := kernelcheck.LockstepOps("avx512.SHA256LockstepOps", arena, ops, sha256NodeBytes); n > 0 {
		sha256x16Lockstep(&arena[0], &words[0], n)
	}
}

// SHA256Pack moves m·16 ordinary 32-byte chunks of src, laid out
// [node][lane][32 bytes], into m lane-layout nodes at dst, turning every
// big-endian word into a host uint32. It panics if len(src) is not a
// multiple of 512 or dst is shorter than src.
func SHA256Pack(dst, src []byte) {
	if m := kernelcheck.Nodes("avx512.SHA256Pack", dst, src, sha256NodeBytes); m > 0 {
		sha256x16Pack(&dst[0], &src[0], m)
	}
}

// SHA256Unpack is the inverse of SHA256Pack: it moves m lane-layout nodes
// of src into m·16 ordinary 32-byte digests at dst. It panics if len(src)
// is not a multiple of 512 or dst is shorter than src.
func SHA256Unpack(dst, src []byte) {
	if m := kernelcheck.Nodes("avx512.SHA256Unpack", dst, src, sha256NodeBytes); m > 0 {
		sha256x16Unpack(&dst[0], &src[0], m)
	}
}

// SHA256Ladder climbs every 32-byte node of nodes through the zero-hash
// ladder zero, in place: for each level d < len(zero)/32, in order,
// node = SHA-256(node || zero[32d:32d+32]). The nodes are transposed
// into lane layout once and stay there for every level (the level's
// zero hash is broadcast into every lane), so a level costs only its
// compressions: up to 32 nodes climb two groups of 16 side by side, more
// run Pairs' pipeline across the levels, their full groups held in
// lane layout in nodes itself until the climb ends; a partial last
// group runs under masks.
// It panics, before writing anything, if len(nodes) or len(zero) is not
// a multiple of 32, or if nodes and zero overlap (the hashes it reads
// would change under it).
func SHA256Ladder(nodes, zero []byte) {
	n, levels := kernelcheck.Ladder("avx512.SHA256Ladder", nodes, zero)
	if n == 0 || levels == 0 {
		return
	}
	sha256x16Ladder(&nodes[0], &zero[0], n, levels)
}
