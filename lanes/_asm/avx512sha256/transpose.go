package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// VSHUFI32X4 immediates: the low two 128-bit chunks of the result come
// from the first source, the high two from the second.
const (
	chunks01 = 0x44 // src1.c0, src1.c1, src2.c0, src2.c1
	chunks23 = 0xEE // src1.c2, src1.c3, src2.c2, src2.c3
	chunks02 = 0x88 // src1.c0, src1.c2, src2.c0, src2.c2
	chunks13 = 0xDD // src1.c1, src1.c3, src2.c1, src2.c3
)

// shuf128 sets dst to the 128-bit chunks of x and y chosen by imm.
func shuf128(imm U8, x, y, dst VecPhysical) { VSHUFI32X4(imm, y, x, dst) }

// transpose4x4 transposes, inside every 128-bit chunk, the 4×4 dword
// matrix whose rows are in[0..3], writing rows out[0..3]; tmp holds four
// scratch registers.
func transpose4x4(in, tmp, out [4]VecPhysical) {
	VPUNPCKLDQ(in[1], in[0], tmp[0])
	VPUNPCKHDQ(in[1], in[0], tmp[1])
	VPUNPCKLDQ(in[3], in[2], tmp[2])
	VPUNPCKHDQ(in[3], in[2], tmp[3])
	VPUNPCKLQDQ(tmp[2], tmp[0], out[0])
	VPUNPCKHQDQ(tmp[2], tmp[0], out[1])
	VPUNPCKLQDQ(tmp[3], tmp[1], out[2])
	VPUNPCKHQDQ(tmp[3], tmp[1], out[3])
}

// transposeRows turns 16 message rows (row p = the 16 words of lane p, in
// rows[p]) into msgRegs (word j of all lanes in msgRegs[j]). rows must be
// msgRegs; scratch holds 16 other registers.
func transposeRows(rows, scratch [16]VecPhysical) {
	Comment("Transpose 16 messages × 16 words into lane layout.")
	// After this, rows[4g+m] chunk c = word 4c+m of lanes 4g..4g+3.
	for g := 0; g < 4; g++ {
		r := [4]VecPhysical{rows[4*g], rows[4*g+1], rows[4*g+2], rows[4*g+3]}
		tmp := [4]VecPhysical{scratch[4*g], scratch[4*g+1], scratch[4*g+2], scratch[4*g+3]}
		transpose4x4(r, tmp, r)
	}
	// Gather chunk c of the four lane groups for word 4c+m.
	for m := 0; m < 4; m++ {
		v0, v1, v2, v3 := rows[m], rows[4+m], rows[8+m], rows[12+m]
		xlo, xhi, ylo, yhi := scratch[4*m], scratch[4*m+1], scratch[4*m+2], scratch[4*m+3]
		shuf128(chunks01, v0, v1, xlo)
		shuf128(chunks23, v0, v1, xhi)
		shuf128(chunks01, v2, v3, ylo)
		shuf128(chunks23, v2, v3, yhi)
	}
	for m := 0; m < 4; m++ {
		xlo, xhi, ylo, yhi := scratch[4*m], scratch[4*m+1], scratch[4*m+2], scratch[4*m+3]
		shuf128(chunks02, xlo, ylo, msgRegs[m])
		shuf128(chunks13, xlo, ylo, msgRegs[4+m])
		shuf128(chunks02, xhi, yhi, msgRegs[8+m])
		shuf128(chunks13, xhi, yhi, msgRegs[12+m])
	}
}

// wordsToLanes turns 8 word registers (word j of 16 lanes in words[j])
// into 8 registers of ordinary 32-byte digests and returns them: out[r]
// holds lanes 2r and 2r+1. It overwrites words and tmp.
func wordsToLanes(words, tmp [8]VecPhysical) (out [8]VecPhysical) {
	Comment("Transpose 8 words × 16 lanes into 16 ordinary digests.")
	t := [4]VecPhysical{tmp[0], tmp[1], tmp[2], tmp[3]}
	// u[m] chunk k = words 0..3 of lane 4k+m; u[4+m] the words 4..7.
	u := [8]VecPhysical{tmp[4], tmp[5], tmp[6], tmp[7], words[0], words[1], words[2], words[3]}
	transpose4x4([4]VecPhysical{words[0], words[1], words[2], words[3]}, t, [4]VecPhysical{u[0], u[1], u[2], u[3]})
	transpose4x4([4]VecPhysical{words[4], words[5], words[6], words[7]}, t, [4]VecPhysical{u[4], u[5], u[6], u[7]})
	// r[m] = halves of lanes m and 4+m; r[4+m] = of lanes 8+m and 12+m.
	r := [8]VecPhysical{tmp[0], tmp[1], tmp[2], tmp[3], words[4], words[5], words[6], words[7]}
	for m := 0; m < 4; m++ {
		shuf128(chunks01, u[m], u[4+m], r[m])
		shuf128(chunks23, u[m], u[4+m], r[4+m])
	}
	out = [8]VecPhysical{tmp[4], tmp[5], tmp[6], tmp[7], words[0], words[1], words[2], words[3]}
	for q := 0; q < 2; q++ {
		// Lanes 8q+{0,1}, 8q+{2,3}, 8q+{4,5}, 8q+{6,7}.
		shuf128(chunks02, r[4*q], r[4*q+1], out[4*q])
		shuf128(chunks02, r[4*q+2], r[4*q+3], out[4*q+1])
		shuf128(chunks13, r[4*q], r[4*q+1], out[4*q+2])
		shuf128(chunks13, r[4*q+2], r[4*q+3], out[4*q+3])
	}
	return out
}

// lanesToWords is the inverse of wordsToLanes: in[r] holds ordinary
// 32-byte chunks of lanes 2r and 2r+1; it returns the registers holding
// word j of all 16 lanes. It overwrites in and tmp.
func lanesToWords(in, tmp [8]VecPhysical) (words [8]VecPhysical) {
	Comment("Transpose 16 ordinary chunks into 8 words × 16 lanes.")
	// p[2i] = words 0..3 of lanes {0,1,4,5}+8·(i/2)+2·(i%2); p[2i+1] = words 4..7.
	p := tmp
	for i := 0; i < 4; i++ {
		x, y := in[4*(i/2)+i%2], in[4*(i/2)+i%2+2]
		shuf128(chunks02, x, y, p[2*i])
		shuf128(chunks13, x, y, p[2*i+1])
	}
	// u[m] chunk k = words 0..3 of lane 4k+m; u[4+m] the words 4..7.
	u := in
	for h := 0; h < 2; h++ {
		shuf128(chunks02, p[h], p[4+h], u[4*h])
		shuf128(chunks13, p[h], p[4+h], u[4*h+1])
		shuf128(chunks02, p[2+h], p[6+h], u[4*h+2])
		shuf128(chunks13, p[2+h], p[6+h], u[4*h+3])
	}
	t := [4]VecPhysical{tmp[0], tmp[1], tmp[2], tmp[3]}
	words = [8]VecPhysical{tmp[4], tmp[5], tmp[6], tmp[7], in[0], in[1], in[2], in[3]}
	transpose4x4([4]VecPhysical{u[0], u[1], u[2], u[3]}, t, [4]VecPhysical{words[0], words[1], words[2], words[3]})
	transpose4x4([4]VecPhysical{u[4], u[5], u[6], u[7]}, t, [4]VecPhysical{words[4], words[5], words[6], words[7]})
	return words
}

// loadTransposeFull loads 16 full message rows (row p at src+disp+64p)
// straight into lane layout in msgRegs, byte-swapped (word j of all
// lanes in msgRegs[j]), with the first 128-bit chunk stage of
// transposeRows done by the loads: each of 16 scratch registers takes a
// 256-bit half of one row (a load that zeroes the upper half) and the
// same half of the row four further (a broadcast merged into the upper
// half under hi, which must hold 0xF0: the broadcast's mask counts
// qwords), so 16 VSHUFI32X4 fewer run. On Zen 5 a group takes 26.6
// cycles against 34.5 for loadRows and transposeRows (avx512floor:
// tr_load256, tr_load), though the merged broadcast shares the shuffle
// pipes with VSHUFI32X4 in a 1:1 mix (m_shuf128_bcst256k: 2 a cycle in
// all): both forms put 48 ops on those pipes, and what the old form
// loses is not identified. The result is transposeRows' after
// loadRows'; scratch holds 16 other registers.
func loadTransposeFull(c consts, src GPPhysical, disp int, hi OpmaskPhysical, scratch [16]VecPhysical) {
	Comment("Load 16 messages × 16 words into lane layout, the first chunk stage by 256-bit loads.")
	row := func(p, h int) Mem { return Mem{Base: src, Disp: disp + 64*p + 32*h} }
	// P[m][h][q] (scratch[4m+2h+q]): half 0 = half h of row 8q+m, half
	// 1 = half h of row 8q+4+m.
	for m := 0; m < 4; m++ {
		for h := 0; h < 2; h++ {
			for q := 0; q < 2; q++ {
				d := scratch[4*m+2*h+q]
				VMOVDQU32(row(8*q+m, h), d.AsY())
				VBROADCASTI64X4(row(8*q+4+m, h), hi, d)
			}
		}
	}
	// msgRegs[4c+m] chunk k = chunk c (words 4c..4c+3) of row 4k+m.
	for m := 0; m < 4; m++ {
		for h := 0; h < 2; h++ {
			x, y := scratch[4*m+2*h], scratch[4*m+2*h+1]
			shuf128(chunks02, x, y, msgRegs[4*(2*h)+m])
			shuf128(chunks13, x, y, msgRegs[4*(2*h+1)+m])
		}
	}
	for _, r := range msgRegs {
		VPSHUFB(c.bswap, r, r)
	}
	// Within every chunk k, the 4×4 dwords (word 4c+w of row 4k+m) of
	// msgRegs[4c..4c+3]: msgRegs[4c+w] lane 4k+m = word 4c+w of row 4k+m.
	for cc := 0; cc < 4; cc++ {
		r := [4]VecPhysical{msgRegs[4*cc], msgRegs[4*cc+1], msgRegs[4*cc+2], msgRegs[4*cc+3]}
		transpose4x4(r, [4]VecPhysical{scratch[4*cc], scratch[4*cc+1], scratch[4*cc+2], scratch[4*cc+3]}, r)
	}
}
