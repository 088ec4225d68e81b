//go:build !purego

package shani

import (
	"unsafe"

	"github.com/lanehash/lanehash/lanes/internal/kernelcheck"
)

//go:generate go run -C ../_asm ./shani -out ../shani/sha256_amd64.s -stubs ../shani/sha256_stub_amd64.go -pkg shani

// SHA256Lanes is the lane width W of the two-stream SHA-256 kernel: two
// messages are in flight at once, one per lane; a node is
// 32·SHA256Lanes bytes in chunk layout (each lane's chunk whole, lane
// after lane).
const SHA256Lanes = 2

const sha256NodeBytes = 32 * SHA256Lanes

// SHA256Pairs sets dst[32i:32i+32] to the SHA-256 digest of
// src[64i:64i+64] for the n = len(src)/64 pairs of src. dst may be src
// itself (the same start), which hashes a tree level in place. It
// panics if len(src) is not a multiple of 64 or dst is shorter than
// 32·n bytes.
func SHA256Pairs(dst, src []byte) {
	n := kernelcheck.Pairs("shani.SHA256Pairs", dst, src)
	if n == 0 {
		return
	}
	sha256PairsAsm(unsafe.SliceData(dst), unsafe.SliceData(src), n)
}

// SHA256Lockstep runs ops, a flat list of (left, right, out) node
// indices, over arena, in order: for each op and both lanes, node out
// becomes the SHA-256 digest of node left followed by node right. Node i
// is arena[64i:64i+64] in chunk layout (lanes.ChunkLayout): lane p's
// chunk, in ordinary byte order, at 64i+32p.
// An op's out may be any node, its own inputs included. It panics,
// before hashing anything, if the arena is not a whole number of nodes,
// len(ops) is not a multiple of 3 or an index lies outside the arena.
func SHA256Lockstep(arena []byte, ops []uint32) {
	if n := kernelcheck.Lockstep("shani.SHA256Lockstep", arena, ops, sha256NodeBytes); n > 0 {
		sha256LockstepAsm(unsafe.SliceData(arena), unsafe.SliceData(ops), n)
	}
}

// SHA256LockstepOps is SHA256Lockstep for an op list whose indices were
// checked once, when it was made (lanes.NewOps): it checks only that
// the arena is whole nodes and holds every node the list names, in
// constant time. It panics, before hashing anything, if not.
func SHA256LockstepOps(arena []byte, ops *kernelcheck.Ops) {
	if words, n := kernelcheck.LockstepOps("shani.SHA256LockstepOps", arena, ops, sha256NodeBytes); n > 0 {
		sha256LockstepAsm(unsafe.SliceData(arena), unsafe.SliceData(words), n)
	}
}

// SHA256Pack converts m = len(src)/64 nodes of two 32-byte chunks
// ([node][lane][32 bytes]) into the kernel's chunk layout, which is the
// same bytes: it copies src to dst. dst may be src itself. It panics if
// len(src) is not a multiple of 64 or dst is shorter than src.
func SHA256Pack(dst, src []byte) { copyNodes("shani.SHA256Pack", dst, src, sha256NodeBytes) }

// SHA256Unpack is the inverse of SHA256Pack, also a copy.
func SHA256Unpack(dst, src []byte) { copyNodes("shani.SHA256Unpack", dst, src, sha256NodeBytes) }

// copyNodes is Pack and Unpack of a chunk-layout kernel: the contract's
// checks (named for the caller), then a copy.
func copyNodes(name string, dst, src []byte, nodeBytes int) {
	if m := kernelcheck.Nodes(name, dst, src, nodeBytes); m > 0 {
		copy(dst, src)
	}
}

// SHA256Single runs ops, a flat list of (left, right, out) chunk
// indices, over buf, a run of 32-byte chunks in ordinary byte order
// holding one instance: for each op, in order, chunk out becomes the
// SHA-256 digest of chunk left followed by chunk right (chunk i is
// buf[32i:32i+32]). It is Lockstep of width 1, for the tree of a lone
// instance: up to four consecutive ops run side by side, one SHA-NI
// stream each, while none reads an earlier one's out, so a level of
// independent ops costs one step per four ops (on AMD Zen 5 a four-op
// step takes about twice a lone op's latency), and the whole tree one
// call, its digests stored where the ops that read them look. The
// result is that of the ops run one at a time, in order: an op's out
// may be any chunk, its own inputs, a later op's inputs or an earlier
// op's out included. It needs only what Supported reports (no AVX). It panics, before hashing
// anything, if buf is not a whole number of chunks, len(ops) is not a
// multiple of 3 or an index lies outside buf.
func SHA256Single(buf []byte, ops []uint32) {
	if n := kernelcheck.Lockstep("shani.SHA256Single", buf, ops, 32); n > 0 {
		sha256SingleAsm(unsafe.SliceData(buf), unsafe.SliceData(ops), n)
	}
}

// SHA256SingleOps is SHA256Single for an op list whose indices were
// checked once, when it was made (lanes.NewOps): it checks only that buf
// is whole chunks and holds every chunk the list names, in constant
// time. It panics, before hashing anything, if not.
func SHA256SingleOps(buf []byte, ops *kernelcheck.Ops) {
	if words, n := kernelcheck.LockstepOps("shani.SHA256SingleOps", buf, ops, 32); n > 0 {
		sha256SingleAsm(unsafe.SliceData(buf), unsafe.SliceData(words), n)
	}
}
