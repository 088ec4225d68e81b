// Command avx512sha256 generates the 16-lane AVX-512 SHA-256 kernel of
// package lanes/avx512: Pairs, Lockstep, Pack, Unpack and Ladder.
//
// Run it through go generate in lanes/avx512; avo's flags -out, -stubs
// and -pkg name the outputs.
package main

import (
	. "github.com/mmcloughlin/avo/build"
)

func main() {
	ConstraintExpr("!purego")
	c := newConsts()
	genPairs(c)
	genLockstep(c)
	genPack(c)
	genUnpack(c)
	genLadder(c)
	Generate()
}
