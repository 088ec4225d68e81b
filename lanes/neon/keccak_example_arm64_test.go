//go:build !purego

package neon_test

import (
	"fmt"

	"golang.org/x/crypto/sha3"

	"github.com/lanehash/lanehash/lanes/neon"
)

// keccakOf is legacy Keccak-256 of one 64-byte pair with x/crypto: what
// the kernel computes, used where the CPU lacks the SHA3 extension.
func keccakOf(dst, pair []byte) {
	h := sha3.NewLegacyKeccak256()
	h.Write(pair)
	h.Sum(dst[:0])
}

// Hash one level of a Merkle tree in place: three pairs of 32-byte
// chunks become three digests at the start of the same buffer. The
// kernel hashes two pairs per permutation; the third runs alone.
func ExampleKeccak256Pairs() {
	level := make([]byte, 3*64)
	for i := range level {
		level[i] = byte(i)
	}
	if neon.Keccak256Supported() {
		neon.Keccak256Pairs(level, level)
	} else {
		// No SHA3 extension: these are the digests the kernel computes.
		for i := 0; i < 3; i++ {
			keccakOf(level[32*i:], append([]byte(nil), level[64*i:64*i+64]...))
		}
	}
	for i := 0; i < 3; i++ {
		fmt.Printf("node %d: %x\n", i, level[32*i:32*i+8])
	}
	// Output:
	// node 0: 002030bde3d4cf89
	// node 1: e7519b8a28eebd70
	// node 2: 5144368408e77171
}

// Hash two independent two-leaf trees side by side, one per lane: pack
// the leaves into lane layout, run one op, unpack the two roots.
func ExampleKeccak256Lockstep() {
	const w = neon.Keccak256Lanes
	// Ordinary layout [node][lane][32 bytes]: node 0 holds the left leaf
	// of each tree, node 1 the right leaf.
	leaves := make([]byte, 2*w*32)
	for lane := 0; lane < w; lane++ {
		leaves[32*lane] = byte(lane)
		leaves[32*w+32*lane] = byte(10 + lane)
	}
	roots := make([]byte, w*32)
	arena := make([]byte, 3*32*w) // nodes 0 and 1, the leaves; node 2, the roots
	neon.Keccak256Pack(arena, leaves)
	if neon.Keccak256Supported() {
		neon.Keccak256Lockstep(arena, []uint32{0, 1, 2}) // node 2 = H(node 0 || node 1)
		neon.Keccak256Unpack(roots, arena[2*32*w:])
	} else {
		// No SHA3 extension: these are the roots the kernel computes.
		for lane := 0; lane < w; lane++ {
			pair := append(append([]byte(nil), leaves[32*lane:32*lane+32]...), leaves[32*w+32*lane:][:32]...)
			keccakOf(roots[32*lane:], pair)
		}
	}
	for lane := 0; lane < w; lane++ {
		fmt.Printf("tree %d: %x\n", lane, roots[32*lane:32*lane+8])
	}
	// Output:
	// tree 0: 38ac73d25d0fdf07
	// tree 1: bf8ff10af0f47220
}

// Pack puts word j of both lanes side by side: the layout Lockstep
// reads, where one 16-byte vector holds the same word of two instances.
func ExampleKeccak256Pack() {
	chunks := make([]byte, 64) // one node: lane 0's chunk, then lane 1's
	for j := 0; j < 4; j++ {
		chunks[8*j] = byte(0xa0 + j)    // lane 0, word j
		chunks[32+8*j] = byte(0xb0 + j) // lane 1, word j
	}
	node := make([]byte, 64)
	neon.Keccak256Pack(node, chunks)
	for j := 0; j < 4; j++ {
		fmt.Printf("word %d: lane 0 %x, lane 1 %x\n", j, node[16*j], node[16*j+8])
	}
	// Output:
	// word 0: lane 0 a0, lane 1 b0
	// word 1: lane 0 a1, lane 1 b1
	// word 2: lane 0 a2, lane 1 b2
	// word 3: lane 0 a3, lane 1 b3
}
