//go:build !purego

package avx512

import (
	"fmt"

	"golang.org/x/crypto/sha3"
)

// keccakExampleHash is Keccak-256 of one 64-byte pair, the kernels'
// result on a CPU that cannot run them.
func keccakExampleHash(dst, pair []byte) {
	h := sha3.NewLegacyKeccak256()
	h.Write(pair)
	h.Sum(dst[:0])
}

// Hash a level of a Merkle tree: three pairs of 32-byte chunks.
func ExampleKeccak256Pairs() {
	src := make([]byte, 3*64)
	for i := range src {
		src[i] = byte(i)
	}
	dst := make([]byte, 3*32)
	if Supported() {
		Keccak256Pairs(dst, src)
	} else {
		// The kernel needs AVX-512 F/VL/BW; these are the digests it computes.
		for i := 0; i < 3; i++ {
			keccakExampleHash(dst[32*i:], src[64*i:64*i+64])
		}
	}
	for i := 0; i < 3; i++ {
		fmt.Printf("pair %d: %x\n", i, dst[32*i:32*i+8])
	}
	// Output:
	// pair 0: 002030bde3d4cf89
	// pair 1: e7519b8a28eebd70
	// pair 2: 5144368408e77171
}

// One instance per lane of a two-chunk tree: pack the leaves, hash them
// in lockstep, unpack the roots.
func ExampleKeccak256Lockstep() {
	const w = Keccak256Lanes
	leaves := make([]byte, 2*w*32) // [node][lane][32 bytes]
	for lane := 0; lane < w; lane++ {
		leaves[32*lane] = byte(lane)           // node 0, the left chunk
		leaves[32*w+32*lane] = byte(10 + lane) // node 1, the right chunk
	}
	roots := make([]byte, w*32)
	if Supported() {
		arena := make([]byte, 3*32*w)
		Keccak256Pack(arena, leaves)
		Keccak256Lockstep(arena, []uint32{0, 1, 2}) // node 2 = H(node 0 || node 1)
		Keccak256Unpack(roots, arena[2*32*w:])
	} else {
		// The kernel needs AVX-512 F/VL/BW; these are the roots it computes.
		for lane := 0; lane < w; lane++ {
			pair := append(leaves[32*lane:32*lane+32:32*lane+32], leaves[32*w+32*lane:][:32]...)
			keccakExampleHash(roots[32*lane:], pair)
		}
	}
	for lane := 0; lane < 3; lane++ {
		fmt.Printf("lane %d: %x\n", lane, roots[32*lane:32*lane+8])
	}
	// Output:
	// lane 0: 38ac73d25d0fdf07
	// lane 1: bf8ff10af0f47220
	// lane 2: 1efb6db5690ef0c0
}
