//go:build !purego

package avx2

import (
	"crypto/sha256"
	"fmt"
)

// Eight instances of a two-chunk tree, one per lane: pack the leaves,
// hash them in lockstep, unpack the roots.
func ExampleSHA256Lockstep() {
	leaves := make([]byte, 2*8*32) // [node][lane][32 bytes]
	for lane := 0; lane < 8; lane++ {
		leaves[32*lane] = byte(lane)          // node 0, the left chunk
		leaves[256+32*lane] = byte(10 + lane) // node 1, the right chunk
	}
	roots := make([]byte, 8*32)
	if Supported() {
		arena := make([]byte, 3*256)
		SHA256Pack(arena[:512], leaves)
		SHA256Lockstep(arena, []uint32{0, 1, 2}) // node 2 = H(node 0 || node 1)
		SHA256Unpack(roots, arena[512:])
	} else {
		// The kernel needs AVX2; these are the roots it computes.
		for lane := 0; lane < 8; lane++ {
			msg := append(leaves[32*lane:32*lane+32:32*lane+32], leaves[256+32*lane:][:32]...)
			d := sha256.Sum256(msg)
			copy(roots[32*lane:], d[:])
		}
	}
	for lane := 0; lane < 3; lane++ {
		fmt.Printf("lane %d: %x\n", lane, roots[32*lane:32*lane+8])
	}
	// Output:
	// lane 0: b04cc2cb8ea6754f
	// lane 1: f9298463b7a41ccf
	// lane 2: f9f4a0638f29b87a
}
