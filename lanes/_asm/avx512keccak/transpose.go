package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// VSHUFI64X2 selectors for a 4×4 transpose of 128-bit blocks: even
// blocks of both sources, odd blocks of both sources.
const (
	evenBlocks = 0x88
	oddBlocks  = 0xDD
)

// blockTranspose4 transposes a 4×4 matrix of 128-bit blocks: out[k]
// holds block k of r[0], r[1], r[2], r[3] in that order. tmp supplies
// four scratch registers distinct from r and out.
func blockTranspose4(r, tmp, out [4]VecPhysical) {
	VSHUFI64X2(U8(evenBlocks), r[1], r[0], tmp[0])
	VSHUFI64X2(U8(oddBlocks), r[1], r[0], tmp[1])
	VSHUFI64X2(U8(evenBlocks), r[3], r[2], tmp[2])
	VSHUFI64X2(U8(oddBlocks), r[3], r[2], tmp[3])
	VSHUFI64X2(U8(evenBlocks), tmp[2], tmp[0], out[0])
	VSHUFI64X2(U8(evenBlocks), tmp[3], tmp[1], out[1])
	VSHUFI64X2(U8(oddBlocks), tmp[2], tmp[0], out[2])
	VSHUFI64X2(U8(oddBlocks), tmp[3], tmp[1], out[3])
}

// messageTranspose turns eight 64-byte pairs (one per register of p,
// words 0..7) into the eight input lanes of the state, word j of every
// pair in out[j]. p is clobbered; tmp needs 12 registers.
func messageTranspose(p [8]VecPhysical, tmp [12]VecPhysical) (out [8]VecPhysical) {
	var lo, hi [4]VecPhysical
	for i := 0; i < 4; i++ {
		lo[i], hi[i] = tmp[i], tmp[4+i]
		VPUNPCKLQDQ(p[2*i+1], p[2*i], lo[i])
		VPUNPCKHQDQ(p[2*i+1], p[2*i], hi[i])
	}
	scratch := [4]VecPhysical{tmp[8], tmp[9], tmp[10], tmp[11]}
	even := [4]VecPhysical{p[0], p[2], p[4], p[6]}
	odd := [4]VecPhysical{p[1], p[3], p[5], p[7]}
	blockTranspose4(lo, scratch, even)
	blockTranspose4(hi, scratch, odd)
	for k := 0; k < 4; k++ {
		out[2*k], out[2*k+1] = even[k], odd[k]
	}
	return out
}

// digestTranspose turns four state lanes (word j of eight digests in
// s[j]) into four registers of ordinary layout, digests 2m and 2m+1 in
// out[m]. tmp needs 8 registers distinct from s; out reuses tmp[4:].
func digestTranspose(s [4]VecPhysical, tmp [8]VecPhysical) [4]VecPhysical {
	u := [4]VecPhysical{tmp[0], tmp[1], tmp[2], tmp[3]}
	VPUNPCKLQDQ(s[1], s[0], u[0])
	VPUNPCKHQDQ(s[1], s[0], u[1])
	VPUNPCKLQDQ(s[3], s[2], u[2])
	VPUNPCKHQDQ(s[3], s[2], u[3])
	out := [4]VecPhysical{tmp[4], tmp[5], tmp[6], tmp[7]}
	blockTranspose4([4]VecPhysical{u[0], u[2], u[1], u[3]}, s, out)
	return out
}

// chunkTranspose is the inverse of digestTranspose: four registers of
// ordinary 32-byte chunks (2m and 2m+1 in d[m]) become four lane-layout
// words. tmp needs 8 registers distinct from d.
func chunkTranspose(d [4]VecPhysical, tmp [8]VecPhysical) [4]VecPhysical {
	u := [4]VecPhysical{tmp[0], tmp[1], tmp[2], tmp[3]}
	// The block transpose is its own inverse; it yields u0, u2, u1, u3.
	blockTranspose4(d, [4]VecPhysical{tmp[4], tmp[5], tmp[6], tmp[7]}, [4]VecPhysical{u[0], u[2], u[1], u[3]})
	VPUNPCKLQDQ(u[1], u[0], d[0])
	VPUNPCKHQDQ(u[1], u[0], d[1])
	VPUNPCKLQDQ(u[3], u[2], d[2])
	VPUNPCKHQDQ(u[3], u[2], d[3])
	return d
}
