package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// VPERM2I128 selectors: low halves of both sources, high halves of both.
const (
	lowHalves  = 0x20
	highHalves = 0x31
)

// transpose4 transposes a 4×4 matrix of 64-bit words held one row per
// register: out[j] holds word j of r[0..3]. The transpose is its own
// inverse, so it serves messages, digests, Pack and Unpack alike. tmp
// needs four registers distinct from r; out may reuse r.
func transpose4(r, tmp, out [4]VecPhysical) {
	VPUNPCKLQDQ(r[1], r[0], tmp[0])
	VPUNPCKHQDQ(r[1], r[0], tmp[1])
	VPUNPCKLQDQ(r[3], r[2], tmp[2])
	VPUNPCKHQDQ(r[3], r[2], tmp[3])
	VPERM2I128(U8(lowHalves), tmp[2], tmp[0], out[0])
	VPERM2I128(U8(lowHalves), tmp[3], tmp[1], out[1])
	VPERM2I128(U8(highHalves), tmp[2], tmp[0], out[2])
	VPERM2I128(U8(highHalves), tmp[3], tmp[1], out[3])
}
