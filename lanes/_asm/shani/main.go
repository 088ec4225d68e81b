// Command shani generates the SHA-NI SHA-256 kernels of package
// lanes/shani: pair hashing and the lockstep op runner with two
// interleaved streams (two lanes, word layout, with its pack and unpack)
// and with four (four lanes, chunk layout; x4.go says when each wins). CPU
// detection is not here: lanes/internal/cpufeat owns it.
//
// Run from package lanes/shani with go generate; the output is
// committed.
package main

import (
	. "github.com/mmcloughlin/avo/build"
)

func main() {
	ConstraintExpr("!purego")
	t := emitTables()
	pairs(t)
	lockstep(t)
	pack(t)
	unpack(t)
	pairs4(t)
	lockstep4(t)
	Generate()
}
