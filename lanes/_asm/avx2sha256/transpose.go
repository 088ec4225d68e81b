package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// Moving between ordinary and lane layout is an 8×8 dword transpose per
// 32-byte half of every message. It is split so no shuffle crosses a
// 128-bit lane: rows are loaded as [chunk i | chunk i+4] 16-byte halves
// (the cross-lane step happens in the load), then each 128-bit lane does
// a 4×4 transpose with 8 unpacks. Storing reverses it with
// VEXTRACTI128. The byte swap is one VPSHUFB per register.

// transpose4 transposes the 4×4 dword matrix held in each 128-bit lane
// of r[0..3] in place, using tmp[0..3].
func transpose4(r, tmp [4]VecPhysical) {
	VPUNPCKLDQ(r[1], r[0], tmp[0])
	VPUNPCKHDQ(r[1], r[0], tmp[1])
	VPUNPCKLDQ(r[3], r[2], tmp[2])
	VPUNPCKHDQ(r[3], r[2], tmp[3])
	VPUNPCKLQDQ(tmp[2], tmp[0], r[0])
	VPUNPCKHQDQ(tmp[2], tmp[0], r[1])
	VPUNPCKLQDQ(tmp[3], tmp[1], r[2])
	VPUNPCKHQDQ(tmp[3], tmp[1], r[3])
}

// chunkRows describes 8 ordinary-layout 32-byte chunks, one per lane:
// the chunk of lane p starts at base + p*stride.
type chunkRows struct {
	base   Register
	disp   int
	stride int
}

func (c chunkRows) at(lane, byteOff int) Mem {
	return Mem{Base: c.base, Disp: c.disp + lane*c.stride + byteOff}
}

// loadLanes reads the 8 chunks of c and leaves word j of every lane,
// byte-swapped, in out[j]. mask holds the byte swap control; tmp are 4
// scratch registers distinct from out and mask.
func loadLanes(c chunkRows, out [8]VecPhysical, tmp [4]VecPhysical, mask VecPhysical) {
	for q := 0; q < 2; q++ {
		r := [4]VecPhysical{out[4*q], out[4*q+1], out[4*q+2], out[4*q+3]}
		for i, reg := range r {
			VMOVDQU(c.at(i, 16*q), reg.AsX())
			VINSERTI128(U8(1), c.at(i+4, 16*q), reg, reg)
		}
		transpose4(r, tmp)
		for _, reg := range r {
			VPSHUFB(mask, reg, reg)
		}
	}
}

// storeLanes is the inverse of loadLanes: it byte-swaps word j of every
// lane from in[j] and writes the 8 chunks of c. It clobbers in.
func storeLanes(c chunkRows, in [8]VecPhysical, tmp [4]VecPhysical, mask VecPhysical) {
	for q := 0; q < 2; q++ {
		r := [4]VecPhysical{in[4*q], in[4*q+1], in[4*q+2], in[4*q+3]}
		for _, reg := range r {
			VPSHUFB(mask, reg, reg)
		}
		transpose4(r, tmp)
		for i, reg := range r {
			VMOVDQU(reg.AsX(), c.at(i, 16*q))
			VEXTRACTI128(U8(1), reg, c.at(i+4, 16*q))
		}
	}
}
