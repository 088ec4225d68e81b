// Command shani generates the SHA-NI SHA-256 kernels of package
// lanes/shani: pair hashing and the lockstep op runner with two
// interleaved streams (two lanes) and with four (four lanes; x4.go says
// when each wins), both in chunk layout, whose pack and unpack are
// copies (in Go), and one instance's op list over a flat buffer of
// chunks, up to four consecutive independent ops side by side
// (single.go, singlewide.go). CPU detection is not here:
// lanes/internal/cpufeat owns it.
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
	pairs4(t)
	lockstep4(t)
	single(t)
	Generate()
}
