//go:build !purego

package neon_test

import (
	"crypto/sha256"
	"fmt"

	"github.com/lanehash/lanehash/lanes/neon"
)

// Hashing one tree level: four pairs of 32-byte chunks become four
// parent nodes. A caller picks the SHA2 kernel where the CPU has the
// instructions, the ASIMD kernel otherwise (every arm64 CPU has ASIMD),
// which is the rule package lanes applies.
func ExampleSHA2Pairs() {
	level := make([]byte, 4*64) // eight zero chunks
	parents := make([]byte, 4*32)
	switch {
	case neon.SHA2Supported():
		neon.SHA2Pairs(parents, level)
	case neon.ASIMDSupported():
		neon.ASIMDPairs(parents, level)
	default:
		for i := 0; i < 4; i++ {
			d := sha256.Sum256(level[64*i : 64*i+64])
			copy(parents[32*i:], d[:])
		}
	}
	fmt.Printf("%x\n", parents[:32])
	// Output: f5a5fd42d16a20302798ef6ed309979b43003d2320d9f0e8ea9831a92759fb4b
}

// Four instances in lockstep: lane p holds instance p. Their leaf chunks
// are packed into lane layout, one op hashes all four lanes, and Unpack4
// returns one root per instance. Between levels nothing is repacked: a
// digest in lane layout is already the next level's message half.
func ExampleSHA2Lockstep() {
	const w = neon.SHA2Width
	// [node][lane][32 bytes]: instance p's left leaf is bytes of value p,
	// every right leaf is zero.
	leaves := make([]byte, 2*w*32)
	for p := 0; p < w; p++ {
		for i := 0; i < 32; i++ {
			leaves[32*p+i] = byte(p)
		}
	}
	arena := make([]byte, 3*w*32) // nodes 0, 1: leaves; node 2: root
	roots := make([]byte, w*32)
	neon.Pack4(arena, leaves)
	lockstep := neon.ASIMDLockstep
	if neon.SHA2Supported() {
		lockstep = neon.SHA2Lockstep
	}
	lockstep(arena, []uint32{0, 1, 2}) // node 2 = H(node 0 || node 1)
	neon.Unpack4(roots, arena[2*w*32:])
	for p := 0; p < w; p++ {
		fmt.Printf("instance %d: %x...\n", p, roots[32*p:32*p+8])
	}
	// Output:
	// instance 0: f5a5fd42d16a2030...
	// instance 1: 037d6dfb3a369a41...
	// instance 2: 99795c4a032e419d...
	// instance 3: 1cd4dbfe68da3cda...
}
