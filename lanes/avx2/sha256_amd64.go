//go:build !purego

package avx2

//go:generate go run -C ../_asm ./avx2sha256 -out ../avx2/sha256_amd64.s -stubs ../avx2/sha256_stub_amd64.go -pkg avx2

import "strconv"

// SHA256Width is the number of lanes of the SHA-256 kernel: a lane-layout
// node holds 8 digests, 32·8 bytes.
const SHA256Width = 8

const (
	sha256PairBytes = 64
	sha256NodeBytes = 32 * SHA256Width
	sha256Batch     = SHA256Width * sha256PairBytes // bytes of one 8-pair batch
)

// SHA256Pairs sets dst[32i:32i+32] to the SHA-256 digest of
// src[64i:64i+64] for every of the n = len(src)/64 pairs, 8 at a time in
// AVX2 lanes. dst may be src itself (the same first byte); other overlaps
// are not allowed. A tail of fewer than 8 pairs is hashed through a stack
// buffer, so nothing outside the two slices is read or written. It
// panics if len(src) is not a multiple of 64 or dst is shorter than
// n·32 bytes.
func SHA256Pairs(dst, src []byte) {
	if len(src)%sha256PairBytes != 0 {
		panic("avx2: SHA256Pairs: len(src) = " + strconv.Itoa(len(src)) + " is not a multiple of 64")
	}
	n := len(src) / sha256PairBytes
	if len(dst) < 32*n {
		panic("avx2: SHA256Pairs: len(dst) = " + strconv.Itoa(len(dst)) + " is too short for " + strconv.Itoa(n) + " digests")
	}
	full := n / SHA256Width
	if full > 0 {
		sha256x8Pairs(&dst[0], &src[0], full)
	}
	tail := n - full*SHA256Width
	if tail == 0 {
		return
	}
	// The tail is copied out after the full batches have run: with dst
	// aliasing src they only overwrote bytes before the tail's input.
	var buf [sha256Batch]byte
	copy(buf[:], src[full*sha256Batch:])
	sha256x8Pairs(&buf[0], &buf[0], 1)
	copy(dst[full*SHA256Width*32:], buf[:tail*32])
}

// SHA256Lockstep runs the op list ops over arena, 8 lanes at a time: ops
// is a flat list of (left, right, out) node indices, node i is
// arena[256i:256i+256] in lane layout, and each op sets, for every lane,
// out = SHA-256(left || right), in list order. An op may overwrite an
// earlier op's input, or its own. It panics if len(ops) is not a
// multiple of 3 or an index lies outside the arena.
func SHA256Lockstep(arena []byte, ops []uint32) {
	if len(ops)%3 != 0 {
		panic("avx2: SHA256Lockstep: len(ops) = " + strconv.Itoa(len(ops)) + " is not a multiple of 3")
	}
	if len(ops) == 0 {
		return
	}
	nodes := uint64(len(arena) / sha256NodeBytes)
	for i, ix := range ops {
		if uint64(ix) >= nodes {
			panic("avx2: SHA256Lockstep: op " + strconv.Itoa(i/3) + " uses node " +
				strconv.FormatUint(uint64(ix), 10) + " outside the arena of " +
				strconv.FormatUint(nodes, 10) + " nodes")
		}
	}
	sha256x8Lockstep(&arena[0], &ops[0], len(ops)/3)
}

// SHA256Pack converts m·8 ordinary 32-byte chunks in src, laid out
// [node][lane][32 bytes], into m lane-layout nodes in dst: word j of lane
// p becomes the host uint32 at byte 4·(8j+p), holding the big-endian
// word. dst may be src itself. It panics if len(src) is not a multiple
// of 256 or dst is shorter than src.
func SHA256Pack(dst, src []byte) {
	m := sha256Nodes("SHA256Pack", dst, src)
	if m > 0 {
		sha256x8Pack(&dst[0], &src[0], m)
	}
}

// SHA256Unpack is the inverse of SHA256Pack: m lane-layout nodes in src
// become m·8 ordinary 32-byte digests in dst, laid out [node][lane][32
// bytes]. dst may be src itself. It panics if len(src) is not a multiple
// of 256 or dst is shorter than src.
func SHA256Unpack(dst, src []byte) {
	m := sha256Nodes("SHA256Unpack", dst, src)
	if m > 0 {
		sha256x8Unpack(&dst[0], &src[0], m)
	}
}

// sha256Nodes checks the buffers of Pack and Unpack and returns the node
// count.
func sha256Nodes(fn string, dst, src []byte) int {
	if len(src)%sha256NodeBytes != 0 {
		panic("avx2: " + fn + ": len(src) = " + strconv.Itoa(len(src)) + " is not a multiple of 256")
	}
	if len(dst) < len(src) {
		panic("avx2: " + fn + ": len(dst) = " + strconv.Itoa(len(dst)) + " is shorter than len(src) = " + strconv.Itoa(len(src)))
	}
	return len(src) / sha256NodeBytes
}
