// Command hybrid generates package lanes/hybrid: a SHA-256 kernel that
// hashes some lanes on the AVX-512 vector unit and others on SHA-NI in
// one instruction stream, so that SHA256RNDS2 issues in the gaps of the
// latency-bound vector rounds.
//
// The mix is a parameter: -vec is the number of vector lanes (16 on
// zmm16–31, 8 on ymm16–31 with AVX-512VL), -sha the number of SHA-NI
// lanes (4, 8 or 16, hashed two streams at a time). Package lanes/hybrid
// states the mix its go:generate line uses in its constants; a different
// mix needs those changed too (the conformance suite fails otherwise).
// avo's flags -out, -stubs and -pkg name the outputs.
package main

import (
	"flag"
	"fmt"
	"os"

	. "github.com/mmcloughlin/avo/build"
)

func main() {
	vec := flag.Int("vec", 16, "vector lanes: 16 (zmm16–31) or 8 (ymm16–31)")
	sha := flag.Int("sha", 4, "SHA-NI lanes: 4, 8 or 16")
	flag.IntVar(&streams, "streams", 2, "SHA-NI streams in flight: 2 (schedules in registers) or 4 (W+K computed ahead)")
	flag.StringVar(&shortE, "shorte", "second", "round form with the shorter e chain in which blocks: none, second, both")
	flag.StringVar(&drop, "drop", "", "timing experiments only, wrong digests: leave out the vec or the sha half")
	flag.Parse()
	if (*vec != 16 && *vec != 8) || (*sha != 4 && *sha != 8 && *sha != 16) {
		fmt.Fprintln(os.Stderr, "hybrid: -vec must be 8 or 16, -sha 4, 8 or 16")
		os.Exit(2)
	}
	if streams != 2 && streams != 4 {
		fmt.Fprintln(os.Stderr, "hybrid: -streams must be 2 or 4")
		os.Exit(2)
	}
	if drop != "" && drop != "vec" && drop != "sha" {
		fmt.Fprintln(os.Stderr, "hybrid: -drop must be vec or sha")
		os.Exit(2)
	}
	if shortE != "none" && shortE != "second" && shortE != "both" {
		fmt.Fprintln(os.Stderr, "hybrid: -shorte must be none, second or both")
		os.Exit(2)
	}
	sh := shape{vec: *vec, sha: *sha}
	ConstraintExpr("!purego")
	t := emitTables()
	genPairs(sh, t)
	genLockstep(sh, t)
	genPack(sh, t)
	genUnpack(sh, t)
	Generate()
}

// streams is the -streams flag.
var streams int
