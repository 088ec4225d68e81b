//go:build !purego

package shani_test

import (
	"crypto/sha256"
	"fmt"

	"github.com/lanehash/lanehash/lanes/shani"
)

// Hashing one tree level: two pairs of 32-byte chunks become two parent
// nodes. Callers check Supported first and fall back on other CPUs.
func ExampleSHA256Pairs() {
	level := make([]byte, 2*64) // four zero chunks
	parents := make([]byte, 2*32)
	if shani.Supported() {
		shani.SHA256Pairs(parents, level)
	} else {
		for i := 0; i < 2; i++ {
			d := sha256.Sum256(level[64*i : 64*i+64])
			copy(parents[32*i:], d[:])
		}
	}
	fmt.Printf("%x\n", parents[:32])
	// Output: f5a5fd42d16a20302798ef6ed309979b43003d2320d9f0e8ea9831a92759fb4b
}

// Two instances in lockstep: lane p holds instance p. Their leaf chunks
// are packed into lane layout, one op hashes both lanes, and Unpack
// returns one root per instance.
func ExampleSHA256Lockstep() {
	// [node][lane][32 bytes]: instance 1's left leaf is all ones, every
	// other leaf chunk is zero.
	leaves := make([]byte, 2*shani.SHA256Lanes*32)
	for i := 32; i < 64; i++ {
		leaves[i] = 1
	}
	roots := make([]byte, shani.SHA256Lanes*32)
	if shani.Supported() {
		arena := make([]byte, 3*shani.SHA256Lanes*32) // nodes 0, 1: leaves; 2: root
		shani.SHA256Pack(arena, leaves)
		shani.SHA256Lockstep(arena, []uint32{0, 1, 2}) // node 2 = H(node 0 || node 1)
		shani.SHA256Unpack(roots, arena[2*shani.SHA256Lanes*32:])
	} else {
		for p := 0; p < shani.SHA256Lanes; p++ {
			msg := append(append([]byte(nil), leaves[32*p:32*p+32]...), leaves[shani.SHA256Lanes*32+32*p:][:32]...)
			d := sha256.Sum256(msg)
			copy(roots[32*p:], d[:])
		}
	}
	for p := 0; p < shani.SHA256Lanes; p++ {
		fmt.Printf("instance %d: %x...\n", p, roots[32*p:32*p+8])
	}
	// Output:
	// instance 0: f5a5fd42d16a2030...
	// instance 1: 037d6dfb3a369a41...
}
