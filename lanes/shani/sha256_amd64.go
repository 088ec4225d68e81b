//go:build !purego

package shani

import (
	"unsafe"

	"github.com/lanehash/lanehash/lanes/internal/kernelcheck"
)

//go:generate go run -C ../_asm ./shani -out ../shani/sha256_amd64.s -stubs ../shani/sha256_stub_amd64.go -pkg shani

// Width is the number of lanes of SHA256Lockstep: two messages are in
// flight at once, one per lane.
const Width = 2

// nodeSize is the size in bytes of one lane-layout node.
const nodeSize = 32 * Width

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
// is arena[64i:64i+64] in lane layout. An op's out may be any node,
// including its own inputs. It panics if len(ops) is not a multiple of
// 3 or an index lies outside arena, before hashing anything.
func SHA256Lockstep(arena []byte, ops []uint32) {
	if n := kernelcheck.Lockstep("shani.SHA256Lockstep", arena, ops, nodeSize); n > 0 {
		sha256LockstepAsm(unsafe.SliceData(arena), unsafe.SliceData(ops), n)
	}
}

// SHA256Pack converts m = len(src)/64 nodes from ordinary layout, two
// 32-byte chunks per node ([node][lane][32 bytes]), into lane layout in
// dst. dst may be src itself. It panics if len(src) is not a multiple of
// 64 or dst is shorter than src.
func SHA256Pack(dst, src []byte) {
	if m := kernelcheck.Nodes("shani.SHA256Pack", dst, src, nodeSize); m > 0 {
		sha256PackAsm(unsafe.SliceData(dst), unsafe.SliceData(src), m)
	}
}

// SHA256Unpack is the inverse of SHA256Pack: it converts m = len(src)/64
// lane-layout nodes into 2·m ordinary 32-byte digests in dst, node by
// node and lane by lane. dst may be src itself. It panics if len(src) is
// not a multiple of 64 or dst is shorter than src.
func SHA256Unpack(dst, src []byte) {
	if m := kernelcheck.Nodes("shani.SHA256Unpack", dst, src, nodeSize); m > 0 {
		sha256UnpackAsm(unsafe.SliceData(dst), unsafe.SliceData(src), m)
	}
}
