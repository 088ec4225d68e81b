package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// Lanes and words. A vector of g 128-bit chunks holds 4g lanes; chunk k
// of it holds lanes 4k..4k+3. Both directions are a 4×4 dword transpose
// inside every chunk, with chunk k loaded from (or stored to) the
// memory of lanes 4k..4k+3 directly, so no cross-chunk shuffle is
// needed: loads go through VINSERTI32X4, stores through VEXTRACTI32X4.

// transpose4 transposes, in every chunk, the 4×4 dword matrix of rows
// in[0..3] into out[0..3] (which may be in), using four temporaries.
func transpose4(in, tmp, out [4]VecPhysical) {
	VPUNPCKLDQ(in[1], in[0], tmp[0])
	VPUNPCKHDQ(in[1], in[0], tmp[1])
	VPUNPCKLDQ(in[3], in[2], tmp[2])
	VPUNPCKHDQ(in[3], in[2], tmp[3])
	VPUNPCKLQDQ(tmp[2], tmp[0], out[0])
	VPUNPCKHQDQ(tmp[2], tmp[0], out[1])
	VPUNPCKLQDQ(tmp[3], tmp[1], out[2])
	VPUNPCKHQDQ(tmp[3], tmp[1], out[3])
}

// loadLaneChunks fills v (4 registers of g chunks) so that chunk k of
// v[q] is the 16 bytes at src(4k+q): four lanes' words 4c..4c+3 for the
// caller's c. With rows < 4 (a group of two lanes, g = 1) only lanes
// below rows are loaded and the other registers zeroed.
func loadLaneChunks(v [4]VecPhysical, g, rows int, src func(lane int) Mem) {
	for q := rows; q < 4; q++ {
		VPXORD(v[q], v[q], v[q])
	}
	for q := 0; q < rows; q++ {
		VMOVDQU32(src(q), v[q].AsX())
		for k := 1; k < g; k++ {
			VINSERTI32X4(U8(k), src(4*k+q), v[q], v[q])
		}
	}
}

// storeLaneChunks is the inverse: chunk k of v[q] goes to dst(4k+q),
// for the lanes below rows.
func storeLaneChunks(v [4]VecPhysical, g, rows int, dst func(lane int) Mem) {
	for q := 0; q < rows; q++ {
		VMOVDQU32(v[q].AsX(), dst(q))
		for k := 1; k < g; k++ {
			VEXTRACTI32X4(U8(k), v[q], dst(4*k+q))
		}
	}
}
