// Command shani generates the SHA-NI SHA-256 kernels of package
// lanes/shani: pair hashing with two interleaved streams, the lockstep
// op runner for two lanes, and lane-layout pack and unpack. CPU
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
	Generate()
}
