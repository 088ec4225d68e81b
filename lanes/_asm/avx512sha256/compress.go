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

var (
	xor3Imm = ternImm(func(a, b, c bool) bool { return a != b != c })
	chImm   = ternImm(func(a, b, c bool) bool { return a && b || !a && c })
	majImm  = ternImm(func(a, b, c bool) bool { return a && b || a && c || b && c })
)

// hashPair hashes the 64-byte messages held in msgRegs (word j of all
// 16 lanes in msgRegs[j], host-order words) and leaves the digests in
// stateRegs, word j of every lane in stateRegs[j]. It clobbers msgRegs
// and tmpRegs.
func hashPair(c consts) {
	Comment("First block: the message itself, from H(0).")
	for j, s := range stateRegs {
		VPBROADCASTD(c.iv.Offset(4*j), s)
	}
	s := stateRegs
	for t := 0; t < 64; t++ {
		if t >= 16 {
			schedule(t)
		}
		m := msgRegs[t%16]
		round(&s, shortE1, func(h VecPhysical) {
			VPADDD(m, h, h)
			VPADDD_BCST(c.k.Offset(4*t), h, h)
		})
	}
	Comment("Feed forward H(0); keep H(1) for the second feed-forward.")
	for j, r := range stateRegs {
		VPADDD_BCST(c.iv.Offset(4*j), r, r)
		VMOVDQA32(r, msgRegs[j])
	}

	Comment("Second block: constant padding, W+K from a table.")
	for t := 0; t < 64; t++ {
		round(&s, shortE2, func(h VecPhysical) {
			VPADDD_BCST(c.padWK.Offset(4*t), h, h)
		})
	}
	for j, r := range stateRegs {
		VPADDD(msgRegs[j], r, r)
	}
}

// schedule extends the message schedule in place:
// W[t] = σ1(W[t-2]) + W[t-7] + σ0(W[t-15]) + W[t-16], slot t mod 16.
func schedule(t int) {
	w := msgRegs[t%16]
	x, y, z := tmpRegs[4], tmpRegs[5], tmpRegs[6]

	s0 := msgRegs[(t-15)%16]
	VPRORD(U8(7), s0, x)
	VPRORD(U8(18), s0, y)
	VPSRLD(U8(3), s0, z)
	VPTERNLOGD(xor3Imm, z, y, x)
	VPADDD(x, w, w)

	s1 := msgRegs[(t-2)%16]
	VPRORD(U8(17), s1, x)
	VPRORD(U8(19), s1, y)
	VPSRLD(U8(10), s1, z)
	VPTERNLOGD(xor3Imm, z, y, x)
	VPADDD(x, w, w)

	VPADDD(msgRegs[(t-7)%16], w, w)
}

// shortE selects the round form with the shorter e → e' chain (see
// round) per block. It pays in the second block, whose rounds have no
// message schedule to overlap with the chain (2% faster here, measured);
// in the first block the two extra adds cost what the chain saves.
const (
	shortE1 = false
	shortE2 = true
)

// round emits one SHA-256 round over the state names s and renames them.
// addWK adds W[t]+K[t] to the register holding h.
func round(s *[8]VecPhysical, shortE bool, addWK func(h VecPhysical)) {
	a, b, c, d := s[0], s[1], s[2], s[3]
	e, f, g, h := s[4], s[5], s[6], s[7]
	t0, t1, t2, t3 := tmpRegs[0], tmpRegs[1], tmpRegs[2], tmpRegs[3]
	u0, u1, u2, u3 := tmpRegs[4], tmpRegs[5], tmpRegs[6], tmpRegs[7]

	addWK(h)

	// T1 = h + W + K + Ch(e,f,g) + Σ1(e); e' = d + T1. Σ1 takes a rotate
	// and a VPTERNLOGD, Ch only the VPTERNLOGD, so Ch is added first and
	// only adds of Σ1 follow it on the e → e' chain, the chain that bounds
	// a round (vector adds take two cycles here). With shortE, d + h + W +
	// K is summed apart from T1, off the chain, so one add follows Σ1
	// instead of two, at the cost of two more adds.
	VMOVDQA32(e, t3)
	VPTERNLOGD(chImm, g, f, t3)
	VPRORD(U8(6), e, t0)
	VPRORD(U8(11), e, t1)
	VPRORD(U8(25), e, t2)
	VPTERNLOGD(xor3Imm, t2, t1, t0)
	if shortE {
		VPADDD(h, d, d)
		VPADDD(t3, d, d)
		VPADDD(t3, h, h)
		VPADDD(t0, d, d)
		VPADDD(t0, h, h)
	} else {
		VPADDD(t3, h, h)
		VPADDD(t0, h, h)
		VPADDD(h, d, d)
	}

	// a' = T1 + Maj(a,b,c) + Σ0(a), Σ0 last for the same reason.
	VMOVDQA32(a, u3)
	VPTERNLOGD(majImm, c, b, u3)
	VPRORD(U8(2), a, u0)
	VPRORD(U8(13), a, u1)
	VPRORD(U8(22), a, u2)
	VPTERNLOGD(xor3Imm, u2, u1, u0)
	VPADDD(u3, h, h)
	VPADDD(u0, h, h)

	*s = [8]VecPhysical{s[7], s[0], s[1], s[2], s[3], s[4], s[5], s[6]}
}
