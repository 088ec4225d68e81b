package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// Register plan shared by all kernels: the hash state a..h lives in
// Z0..Z7 (word j of 16 lanes in one register), the message schedule
// W[0..15] in Z8..Z23, and Z24..Z31 are temporaries. Naming the state
// registers anew each round avoids the seven moves of a literal rotation;
// after 64 rounds the names are back where they started.
var (
	stateRegs = [8]VecPhysical{Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z7}
	msgRegs   = [16]VecPhysical{Z8, Z9, Z10, Z11, Z12, Z13, Z14, Z15, Z16, Z17, Z18, Z19, Z20, Z21, Z22, Z23}
	tmpRegs   = [8]VecPhysical{Z24, Z25, Z26, Z27, Z28, Z29, Z30, Z31}
)

// ternImm returns the VPTERNLOGD immediate of f, where a is the
// destination operand, b the middle and c the last (memory-capable) one.
func ternImm(f func(a, b, c bool) bool) U8 {
	var imm U8
	for i := 0; i < 8; i++ {
		if f(i&4 != 0, i&2 != 0, i&1 != 0) {
			imm |= 1 << i
		}
	}
	return imm
}

var roundStyle = 4

var (
	xor3Imm = ternImm(func(a, b, c bool) bool { return a != b != c })
	chImm   = ternImm(func(a, b, c bool) bool { return a && b || !a && c })
	majImm  = ternImm(func(a, b, c bool) bool { return a && b || a && c || b && c })
)

// width is the number of 32-bit lanes an emitted compression works on:
// 16 (zmm), 8 (ymm) or 4 (xmm). The narrower forms run on the low lanes
// of the same registers, so partial batches pay for the lanes they use
// (a 512-bit operation costs two 256-bit ones on this CPU).
type width int

// of returns the register r at this width.
func (w width) of(r VecPhysical) VecPhysical {
	switch w {
	case 8:
		return r.AsY().(VecPhysical)
	case 4:
		return r.AsX().(VecPhysical)
	}
	return r
}

// hashPair hashes the 64-byte messages held in msgRegs (word j of all
// lanes in msgRegs[j], host-order words) and leaves the digests in
// stateRegs, word j of every lane in stateRegs[j]. It works on the low w
// lanes and clobbers msgRegs and tmpRegs.
func hashPair(c consts, w width) {
	Commentf("First block, %d lanes: the message itself, from H(0).", w)
	for j, s := range stateRegs {
		VPBROADCASTD(c.iv.Offset(4*j), w.of(s))
	}
	s := stateRegs
	for t := 0; t < 64; t++ {
		if t >= 16 {
			schedule(t, w)
		}
		m := w.of(msgRegs[t%16])
		round(&s, w, func(h VecPhysical) {
			VPADDD(m, h, h)
			VPADDD_BCST(c.k.Offset(4*t), h, h)
		})
	}
	Comment("Feed forward H(0); keep H(1) for the second feed-forward.")
	for j, r := range stateRegs {
		VPADDD_BCST(c.iv.Offset(4*j), w.of(r), w.of(r))
		VMOVDQA32(w.of(r), w.of(msgRegs[j]))
	}

	Comment("Second block: constant padding, W+K from a table.")
	for t := 0; t < 64; t++ {
		round(&s, w, func(h VecPhysical) {
			VPADDD_BCST(c.padWK.Offset(4*t), h, h)
		})
	}
	for j, r := range stateRegs {
		VPADDD(w.of(msgRegs[j]), w.of(r), w.of(r))
	}
}

// schedule extends the message schedule in place:
// W[t] = σ1(W[t-2]) + W[t-7] + σ0(W[t-15]) + W[t-16], slot t mod 16.
func schedule(t int, wd width) {
	w := wd.of(msgRegs[t%16])
	x, y, z := wd.of(tmpRegs[4]), wd.of(tmpRegs[5]), wd.of(tmpRegs[6])

	s0 := wd.of(msgRegs[(t-15)%16])
	VPRORD(U8(7), s0, x)
	VPRORD(U8(18), s0, y)
	VPSRLD(U8(3), s0, z)
	VPTERNLOGD(xor3Imm, z, y, x)
	VPADDD(x, w, w)

	s1 := wd.of(msgRegs[(t-2)%16])
	VPRORD(U8(17), s1, x)
	VPRORD(U8(19), s1, y)
	VPSRLD(U8(10), s1, z)
	VPTERNLOGD(xor3Imm, z, y, x)
	VPADDD(x, w, w)

	VPADDD(wd.of(msgRegs[(t-7)%16]), w, w)
}

// round emits one SHA-256 round over the state names s and renames them.
// addWK adds W[t]+K[t] to the register holding h (given at width w).
func round(s *[8]VecPhysical, w width, addWK func(h VecPhysical)) {
	a, b, c, d := w.of(s[0]), w.of(s[1]), w.of(s[2]), w.of(s[3])
	e, f, g, h := w.of(s[4]), w.of(s[5]), w.of(s[6]), w.of(s[7])
	t0, t1, t2, t3 := w.of(tmpRegs[0]), w.of(tmpRegs[1]), w.of(tmpRegs[2]), w.of(tmpRegs[3])
	u0, u1, u2, u3 := w.of(tmpRegs[4]), w.of(tmpRegs[5]), w.of(tmpRegs[6]), w.of(tmpRegs[7])

	addWK(h)

	switch roundStyle {
	case 0:
		VPRORD(U8(6), e, t0)
		VPRORD(U8(11), e, t1)
		VPRORD(U8(25), e, t2)
		VPTERNLOGD(xor3Imm, t2, t1, t0)
		VMOVDQA32(e, t3)
		VPTERNLOGD(chImm, g, f, t3)
		VPADDD(t0, h, h)
		VPADDD(t3, h, h)
		VPADDD(h, d, d)
		VPRORD(U8(2), a, u0)
		VPRORD(U8(13), a, u1)
		VPRORD(U8(22), a, u2)
		VPTERNLOGD(xor3Imm, u2, u1, u0)
		VMOVDQA32(a, u3)
		VPTERNLOGD(majImm, c, b, u3)
		VPADDD(u0, h, h)
		VPADDD(u3, h, h)
	case 1:
		VMOVDQA32(e, t3)
		VPTERNLOGD(chImm, g, f, t3)
		VPRORD(U8(6), e, t0)
		VPRORD(U8(11), e, t1)
		VPRORD(U8(25), e, t2)
		VPTERNLOGD(xor3Imm, t2, t1, t0)
		VPADDD(t3, h, h)
		VPADDD(t0, h, h)
		VPADDD(h, d, d)
		VMOVDQA32(a, u3)
		VPTERNLOGD(majImm, c, b, u3)
		VPRORD(U8(2), a, u0)
		VPRORD(U8(13), a, u1)
		VPRORD(U8(22), a, u2)
		VPTERNLOGD(xor3Imm, u2, u1, u0)
		VPADDD(u3, h, h)
		VPADDD(u0, h, h)
	case 3:
		VMOVDQA32(e, t3)
		VPTERNLOGD(chImm, g, f, t3)
		VPADDD(e, e, t0)
		VPADDD(e, e, t1)
		VPADDD(e, e, t2)
		VPTERNLOGD(xor3Imm, t2, t1, t0)
		VPADDD(t3, h, h)
		VPADDD(t0, h, h)
		VPADDD(h, d, d)
		VMOVDQA32(a, u3)
		VPTERNLOGD(majImm, c, b, u3)
		VPADDD(a, a, u0)
		VPADDD(a, a, u1)
		VPADDD(a, a, u2)
		VPTERNLOGD(xor3Imm, u2, u1, u0)
		VPADDD(u3, h, h)
		VPADDD(u0, h, h)
	case 4:
		VPTERNLOGD(chImm, g, f, t3)
		VPRORD(U8(6), e, t0)
		VPRORD(U8(11), e, t1)
		VPRORD(U8(25), e, t2)
		VPTERNLOGD(xor3Imm, t2, t1, t0)
		VPADDD(t3, h, h)
		VPADDD(t0, h, h)
		VPADDD(h, d, d)
		VPTERNLOGD(majImm, c, b, u3)
		VPRORD(U8(2), a, u0)
		VPRORD(U8(13), a, u1)
		VPRORD(U8(22), a, u2)
		VPTERNLOGD(xor3Imm, u2, u1, u0)
		VPADDD(u3, h, h)
		VPADDD(u0, h, h)
	case 2:
		VMOVDQA32(e, t3)
		VPTERNLOGD(chImm, g, f, t3)
		VPRORD(U8(6), e, t0)
		VPRORD(U8(11), e, t1)
		VPRORD(U8(25), e, t2)
		VPTERNLOGD(xor3Imm, t2, t1, t0)
		VPADDD(h, d, d)
		VPADDD(t3, h, h)
		VPADDD(t3, d, d)
		VPADDD(t0, h, h)
		VPADDD(t0, d, d)
		VMOVDQA32(a, u3)
		VPTERNLOGD(majImm, c, b, u3)
		VPRORD(U8(2), a, u0)
		VPRORD(U8(13), a, u1)
		VPRORD(U8(22), a, u2)
		VPTERNLOGD(xor3Imm, u2, u1, u0)
		VPADDD(u3, h, h)
		VPADDD(u0, h, h)
	}

	*s = [8]VecPhysical{s[7], s[0], s[1], s[2], s[3], s[4], s[5], s[6]}
}
