//go:build !purego

package shani

import (
	"unsafe"

	"github.com/lanehash/lanehash/lanes/internal/kernelcheck"
)

//go:generate go run -C ../_asm ./shani -out ../shani/sha256_amd64.s -stubs ../shani/sha256_stub_amd64.go -pkg shani

// SHA256Lanes is the lane width W of the SHA-256 kernel: two messages
// are in flight at once, one per lane; a lane-layout node is
// 32·SHA256Lanes bytes.
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
// is arena[64i:64i+64] in lane layout.
// An op's out may be any node, its own inputs included. It panics,
// before hashing anything, if the arena is not a whole number of nodes,
// len(ops) is not a multiple of 3 or an index lies outside the arena.
func SHA256Lockstep(arena []byte, ops []uint32) {
	if n := kernelcheck.Lockstep("shani.SHA256Lockstep", arena, ops, sha256NodeBytes); n > 0 {
		sha256LockstepAsm(unsafe.SliceData(arena), unsafe.SliceData(ops), n)
	}
}

// SHA256Pack converts m = len(src)/64 nodes from ordinary layout, two
// 32-byte chunks per node ([node][lane][32 bytes]), into lane layout in
// dst. dst may be src itself. It panics if len(src) is not a multiple of
// 64 or dst is shorter than src.
func SHA256Pack(dst, src []byte) {
	if m := kernelcheck.Nodes("shani.SHA256Pack", dst, src, sha256NodeBytes); m > 0 {
		sha256PackAsm(unsafe.SliceData(dst), unsafe.SliceData(src), m)
	}
}

// SHA256Unpack is the inverse of SHA256Pack: it converts m = len(src)/64
// lane-layout nodes into 2·m ordinary 32-byte digests in dst, node by
// node and lane by lane. dst may be src itself. It panics if len(src) is
// not a multiple of 64 or dst is shorter than src.
func SHA256Unpack(dst, src []byte) {
	if m := kernelcheck.Nodes("shani.SHA256Unpack", dst, src, sha256NodeBytes); m > 0 {
		sha256UnpackAsm(unsafe.SliceData(dst), unsafe.SliceData(src), m)
	}
}
