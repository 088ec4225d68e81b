//go:build !purego

package shani

import (
	"fmt"
	"unsafe"
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
	if len(src)%64 != 0 {
		panic(fmt.Sprintf("shani: SHA256Pairs: len(src) = %d is not a multiple of 64", len(src)))
	}
	n := len(src) / 64
	if len(dst) < 32*n {
		panic(fmt.Sprintf("shani: SHA256Pairs: len(dst) = %d, need %d for %d pairs", len(dst), 32*n, n))
	}
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
	if len(ops)%3 != 0 {
		panic(fmt.Sprintf("shani: SHA256Lockstep: len(ops) = %d is not a multiple of 3", len(ops)))
	}
	nodes := uint64(len(arena) / nodeSize)
	for i, ix := range ops {
		if uint64(ix) >= nodes {
			panic(fmt.Sprintf("shani: SHA256Lockstep: op %d: node index %d outside an arena of %d nodes", i/3, ix, nodes))
		}
	}
	if len(ops) == 0 {
		return
	}
	sha256LockstepAsm(unsafe.SliceData(arena), unsafe.SliceData(ops), len(ops)/3)
}

// SHA256Pack converts m = len(src)/64 nodes from ordinary layout, two
// 32-byte chunks per node ([node][lane][32 bytes]), into lane layout in
// dst. dst may be src itself. It panics if len(src) is not a multiple of
// 64 or dst is shorter than src.
func SHA256Pack(dst, src []byte) {
	m := nodes("SHA256Pack", dst, src)
	if m == 0 {
		return
	}
	sha256PackAsm(unsafe.SliceData(dst), unsafe.SliceData(src), m)
}

// SHA256Unpack is the inverse of SHA256Pack: it converts m = len(src)/64
// lane-layout nodes into 2·m ordinary 32-byte digests in dst, node by
// node and lane by lane. dst may be src itself. It panics if len(src) is
// not a multiple of 64 or dst is shorter than src.
func SHA256Unpack(dst, src []byte) {
	m := nodes("SHA256Unpack", dst, src)
	if m == 0 {
		return
	}
	sha256UnpackAsm(unsafe.SliceData(dst), unsafe.SliceData(src), m)
}

// nodes checks the buffers of a layout conversion and returns how many
// nodes it moves.
func nodes(fn string, dst, src []byte) int {
	if len(src)%nodeSize != 0 {
		panic(fmt.Sprintf("shani: %s: len(src) = %d is not a multiple of %d", fn, len(src), nodeSize))
	}
	if len(dst) < len(src) {
		panic(fmt.Sprintf("shani: %s: len(dst) = %d is shorter than len(src) = %d", fn, len(dst), len(src)))
	}
	return len(src) / nodeSize
}
