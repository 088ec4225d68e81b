//go:build !purego

package avx512_test

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"

	"github.com/lanehash/lanehash/lanes/avx512"
)

// The kernels do not check the CPU: callers do, once, and fall back to
// another hash path (here crypto/sha256) where AVX-512 is missing.
var haveAVX512 = avx512.Supported()

func pairRoot(left, right []byte) []byte {
	d := sha256.Sum256(append(append([]byte{}, left...), right...))
	return d[:]
}

func ExampleSHA256Pairs() {
	if !haveAVX512 {
		fmt.Println(hex.EncodeToString(pairRoot(make([]byte, 32), make([]byte, 32))))
		return
	}
	// Two zero chunks hash to the SSZ zero-subtree root of depth 1.
	src := make([]byte, 64)
	dst := make([]byte, 32)
	avx512.SHA256Pairs(dst, src)
	fmt.Println(hex.EncodeToString(dst))
	// Output: f5a5fd42d16a20302798ef6ed309979b43003d2320d9f0e8ea9831a92759fb4b
}

func ExampleSHA256Lockstep() {
	if !haveAVX512 {
		z1 := pairRoot(make([]byte, 32), make([]byte, 32))
		fmt.Println(hex.EncodeToString(pairRoot(z1, z1)))
		return
	}
	const node = 32 * avx512.SHA256Lanes
	// 16 instances of a tree of 4 zero chunks: leaves are nodes 0..3,
	// node 4 = H(0,1), node 5 = H(2,3), node 6 = H(4,5) is the root.
	leaves := make([]byte, 4*node) // [leaf][instance][32 bytes]
	arena := make([]byte, 7*node)
	avx512.SHA256Pack(arena[:4*node], leaves)
	avx512.SHA256Lockstep(arena, []uint32{0, 1, 4, 2, 3, 5, 4, 5, 6})
	roots := make([]byte, node) // [instance][32 bytes]
	avx512.SHA256Unpack(roots, arena[6*node:7*node])
	fmt.Println(hex.EncodeToString(roots[15*32:])) // the last instance
	// Output: db56114e00fdd4c1f85c892bf35ac9a89289aaecb1ebd0a96cde606a748b5d71
}
