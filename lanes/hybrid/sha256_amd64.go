//go:build !purego

package hybrid

//go:generate go run -C ../_asm ./hybrid -vec 16 -sha 4 -shape ../hybrid/shape_amd64.go -out ../hybrid/sha256_amd64.s -stubs ../hybrid/sha256_stub_amd64.go -pkg hybrid

import (
	"unsafe"

	"github.com/lanehash/lanehash/lanes/internal/kernelcheck"
)

// SHA256Lanes is the lane width W of the kernel: vector lanes and SHA-NI
// lanes (16 and 4 with the go:generate line above, which also writes
// shape_amd64.go); a word-layout node is 32·SHA256Lanes bytes.
const SHA256Lanes = vecLanes + shaLanes

const sha256NodeBytes = 32 * SHA256Lanes

// SHA256Pairs sets dst[32i:32i+32] to the SHA-256 digest of
// src[64i:64i+64] for every pair i, SHA256Lanes pairs at a time; a last
// partial block goes through a zero-padded copy. dst may be src itself
// (the same start); any other overlap is not allowed. It panics if
// len(src) is not a multiple of 64 or dst is shorter than half of src.
func SHA256Pairs(dst, src []byte) {
	n := kernelcheck.Pairs("hybrid.SHA256Pairs", dst, src)
	if n == 0 {
		return
	}
	blocks, tail := n/SHA256Lanes, n%SHA256Lanes
	var buf [64 * SHA256Lanes]byte
	if tail > 0 {
		// Copied before the whole blocks run: in place, their digests
		// never reach the tail's messages, but the tail's digests land
		// on messages of the whole blocks' region only after them.
		copy(buf[:], src[64*blocks*SHA256Lanes:64*n])
	}
	if blocks > 0 {
		hybridPairs(unsafe.SliceData(dst), unsafe.SliceData(src), blocks)
	}
	if tail > 0 {
		hybridPairs(&buf[0], &buf[0], 1)
		copy(dst[32*blocks*SHA256Lanes:32*n], buf[:32*tail])
	}
}

// SHA256Lockstep runs ops, flat (left, right, out) node-index triples,
// in order over arena, a run of word-layout nodes of 32·SHA256Lanes
// bytes: for each op and every lane, node out = SHA-256(node left ||
// node right). An op's out may be any node, its own inputs included. It
// panics, before hashing anything, if the arena is not a whole number
// of nodes, len(ops) is not a multiple of 3 or an index lies outside
// the arena.
func SHA256Lockstep(arena []byte, ops []uint32) {
	if n := kernelcheck.Lockstep("hybrid.SHA256Lockstep", arena, ops, sha256NodeBytes); n > 0 {
		hybridLockstep(unsafe.SliceData(arena), unsafe.SliceData(ops), n)
	}
}

// SHA256Pack moves m·SHA256Lanes ordinary 32-byte chunks of src, laid
// out [node][lane][32 bytes], into m word-layout nodes at dst, turning
// every big-endian word into a host uint32. dst may be src itself. It
// panics if len(src) is not a multiple of the node size or dst is
// shorter than src.
func SHA256Pack(dst, src []byte) {
	if m := kernelcheck.Nodes("hybrid.SHA256Pack", dst, src, sha256NodeBytes); m > 0 {
		hybridPack(unsafe.SliceData(dst), unsafe.SliceData(src), m)
	}
}

// SHA256Unpack is the inverse of SHA256Pack: m word-layout nodes of src
// into m·SHA256Lanes ordinary 32-byte digests at dst.
func SHA256Unpack(dst, src []byte) {
	if m := kernelcheck.Nodes("hybrid.SHA256Unpack", dst, src, sha256NodeBytes); m > 0 {
		hybridUnpack(unsafe.SliceData(dst), unsafe.SliceData(src), m)
	}
}
