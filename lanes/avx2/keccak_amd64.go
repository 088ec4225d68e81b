//go:build !purego

package avx2

//go:generate go run -C ../_asm ./avx2keccak -out ../avx2/keccak_amd64.s -stubs ../avx2/keccak_stub_amd64.go -pkg avx2

import "strconv"

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
	if len(src)%64 != 0 {
		panic("avx2.Keccak256Pairs: len(src) = " + strconv.Itoa(len(src)) + " is not a multiple of 64")
	}
	n := len(src) / 64
	if len(dst) < 32*n {
		panic("avx2.Keccak256Pairs: len(dst) = " + strconv.Itoa(len(dst)) + " is less than 32 × " + strconv.Itoa(n) + " pairs")
	}
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
// in order over arena, a run of 128-byte nodes in lane layout: for each op
// and all 4 lanes, node out = Keccak-256(node left || node right). An op
// may overwrite a node an earlier op read. It panics if len(ops) is not a
// multiple of 3 or an index lies outside the arena.
func Keccak256Lockstep(arena []byte, ops []uint32) {
	if len(ops)%3 != 0 {
		panic("avx2.Keccak256Lockstep: len(ops) = " + strconv.Itoa(len(ops)) + " is not a multiple of 3")
	}
	nodes := uint64(len(arena) / keccak256NodeBytes)
	for i, x := range ops {
		if uint64(x) >= nodes {
			panic("avx2.Keccak256Lockstep: op " + strconv.Itoa(i/3) + " names node " + strconv.FormatUint(uint64(x), 10) +
				" outside an arena of " + strconv.FormatUint(nodes, 10) + " nodes")
		}
	}
	if len(ops) == 0 {
		return
	}
	keccak256LockstepAVX2(&arena[0], &ops[0], len(ops)/3)
}

// Keccak256Pack moves m·4 ordinary 32-byte chunks of src, laid out
// [node][lane][32 bytes], into m lane-layout nodes at dst (word j of lane
// p at byte 8·(4j+p), little-endian as the chunk holds it). It panics if
// len(src) is not a multiple of 128 or dst is shorter than src.
func Keccak256Pack(dst, src []byte) {
	m := keccak256Nodes("Keccak256Pack", dst, src)
	if m > 0 {
		keccak256PackAVX2(&dst[0], &src[0], m)
	}
}

// Keccak256Unpack is the inverse of Keccak256Pack: m lane-layout nodes of
// src become m·4 ordinary 32-byte digests at dst. It panics if len(src) is
// not a multiple of 128 or dst is shorter than src.
func Keccak256Unpack(dst, src []byte) {
	m := keccak256Nodes("Keccak256Unpack", dst, src)
	if m > 0 {
		keccak256UnpackAVX2(&dst[0], &src[0], m)
	}
}

// keccak256Nodes checks the buffers of Pack and Unpack and returns the
// node count.
func keccak256Nodes(name string, dst, src []byte) int {
	if len(src)%keccak256NodeBytes != 0 {
		panic("avx2." + name + ": len(src) = " + strconv.Itoa(len(src)) + " is not a multiple of " + strconv.Itoa(keccak256NodeBytes))
	}
	if len(dst) < len(src) {
		panic("avx2." + name + ": len(dst) = " + strconv.Itoa(len(dst)) + " is less than len(src) = " + strconv.Itoa(len(src)))
	}
	return len(src) / keccak256NodeBytes
}
