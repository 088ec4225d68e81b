//go:build !purego

package avx2

//go:generate go run -C ../_asm ./avx2sha256 -out ../avx2/sha256_amd64.s -stubs ../avx2/sha256_stub_amd64.go -pkg avx2

import "github.com/lanehash/lanehash/lanes/internal/kernelcheck"

// SHA256Lanes is the number of lanes of the SHA-256 kernel: a lane-layout
// node holds 8 digests, 32·8 bytes.
const SHA256Lanes = 8

const (
	sha256PairBytes = 64
	sha256NodeBytes = 32 * SHA256Lanes
	sha256Batch     = SHA256Lanes * sha256PairBytes // bytes of one 8-pair batch
)

// SHA256Pairs sets dst[32i:32i+32] to the SHA-256 digest of
// src[64i:64i+64] for every of the n = len(src)/64 pairs, 8 at a time in
// AVX2 lanes. dst may be src itself (the same first byte); other overlaps
// are not allowed. A tail of fewer than 8 pairs is hashed through a stack
// buffer, so nothing outside the two slices is read or written. It
// panics if len(src) is not a multiple of 64 or dst is shorter than
// n·32 bytes.
func SHA256Pairs(dst, src []byte) {
	n := kernelcheck.Pairs("avx2.SHA256Pairs", dst, src)
	full := n / SHA256Lanes
	if full > 0 {
		sha256x8Pairs(&dst[0], &src[0], full)
	}
	tail := n - full*SHA256Lanes
	if tail == 0 {
		return
	}
	// The tail is copied out after the full batches have run: with dst
	// aliasing src they only overwrote bytes before the tail's input.
	var buf [sha256Batch]byte
	copy(buf[:], src[full*sha256Batch:])
	sha256x8Pairs(&buf[0], &buf[0], 1)
	copy(dst[full*SHA256Lanes*32:], buf[:tail*32])
}

// SHA256Lockstep runs the op list ops over arena, 8 lanes at a time: ops
// is a flat list of (left, right, out) node indices, node i is
// arena[256i:256i+256] in lane layout, and each op sets, for every lane,
// out = SHA-256(left || right), in list order.
// An op's out may be any node, its own inputs included. It panics,
// before hashing anything, if the arena is not a whole number of nodes,
// len(ops) is not a multiple of 3 or an index lies outside the arena.
func SHA256Lockstep(arena []byte, ops []uint32) {
	if n := kernelcheck.Lockstep("avx2.SHA256Lockstep", arena, ops, sha256NodeBytes); n > 0 {
		sha256x8Lockstep(&arena[0], &ops[0], n)
	}
}

// SHA256Pack converts m·8 ordinary 32-byte chunks in src, laid out
// [node][lane][32 bytes], into m lane-layout nodes in dst: word j of lane
// p becomes the host uint32 at byte 4·(8j+p), holding the big-endian
// word. dst may be src itself. It panics if len(src) is not a multiple
// of 256 or dst is shorter than src.
func SHA256Pack(dst, src []byte) {
	if m := kernelcheck.Nodes("avx2.SHA256Pack", dst, src, sha256NodeBytes); m > 0 {
		sha256x8Pack(&dst[0], &src[0], m)
	}
}

// SHA256Unpack is the inverse of SHA256Pack: m lane-layout nodes in src
// become m·8 ordinary 32-byte digests in dst, laid out [node][lane][32
// bytes]. dst may be src itself. It panics if len(src) is not a multiple
// of 256 or dst is shorter than src.
func SHA256Unpack(dst, src []byte) {
	if m := kernelcheck.Nodes("avx2.SHA256Unpack", dst, src, sha256NodeBytes); m > 0 {
		sha256x8Unpack(&dst[0], &src[0], m)
	}
}
