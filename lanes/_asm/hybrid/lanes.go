package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// The vector lanes live in registers 16–31 only, EVEX-encoded, so that
// the legacy-SSE SHA-NI code on X0–X15 never meets dirty upper halves:
// the state a..h in vreg(16..23), eight temporaries in vreg(24..31).
// With no register left for the message schedule, W[t] is kept in a
// 16-slot ring in the stack frame and read as memory operands.

var zregs = [32]VecPhysical{
	Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z7, Z8, Z9, Z10, Z11, Z12, Z13, Z14, Z15,
	Z16, Z17, Z18, Z19, Z20, Z21, Z22, Z23, Z24, Z25, Z26, Z27, Z28, Z29, Z30, Z31,
}

// vreg returns vector register i at the width of `chunks` 128-bit chunks.
func vreg(i, chunks int) VecPhysical {
	z := zregs[i]
	switch chunks {
	case 4:
		return z
	case 2:
		return z.AsY().(VecPhysical)
	case 1:
		return z.AsX().(VecPhysical)
	}
	panic("hybrid generator: a vector holds 1, 2 or 4 chunks")
}

// ternary returns the VPTERNLOGD immediate of f(a, b, c), a being the
// destination operand, b the middle one and c the first (in Go operand
// order).
func ternary(f func(a, b, c bool) bool) U8 {
	var imm U8
	for i := 0; i < 8; i++ {
		if f(i&4 != 0, i&2 != 0, i&1 != 0) {
			imm |= 1 << i
		}
	}
	return imm
}

var (
	immXor3 = ternary(func(a, b, c bool) bool { return a != b != c })
	immCh   = ternary(func(a, b, c bool) bool { return a && b || !a && c })
	immMaj  = ternary(func(a, b, c bool) bool { return a && b || b && c || a && c })
)

// vecLanes is the lane half of a kernel: `lanes` messages, one per
// dword of a vector of lanes/4 chunks.
type vecLanes struct {
	lanes int
	s     [8]VecPhysical // current names of a..h
	tmp   [8]VecPhysical
	t     tables
	msg   func(t int) Mem // W[t], t < 16, host order, as the caller placed it
	ring  func(i int) Mem // slot i of the schedule ring
	h1    func(j int) Mem // the state after the first block
}

func newVecLanes(lanes int, t tables, msg, ring, h1 func(int) Mem) *vecLanes {
	v := &vecLanes{lanes: lanes, t: t, msg: msg, ring: ring, h1: h1}
	for j := 0; j < 8; j++ {
		v.s[j] = vreg(16+j, lanes/4)
		v.tmp[j] = vreg(24+j, lanes/4)
	}
	return v
}

// w returns where W[t] is for the schedule's reads.
func (v *vecLanes) w(t int) Mem {
	if t < 16 {
		return v.msg(t)
	}
	return v.ring(t % 16)
}

// program returns the two compressions of one 64-byte message per lane
// as a list of instruction groups, state left in v.s (a..h, word j of
// every lane in v.s[j]).
func (v *vecLanes) program() emission {
	var e emission
	e = append(e, func() {
		for j := range v.s {
			VPBROADCASTD(v.t.iv.Offset(4*j), v.s[j])
		}
	})
	for t := 0; t < 64; t++ {
		if t < 16 {
			e = append(e, v.round(shortE == "both", func(h VecPhysical) {
				VPADDD(v.msg(t), h, h)
				VPADDD_BCST(v.t.k.Offset(4*t), h, h)
			})...)
			continue
		}
		e = append(e, func() { v.schedule(t) })
		e = append(e, v.round(shortE == "both", func(h VecPhysical) {
			VPADDD(v.tmp[0], h, h) // W[t], left there by schedule
			VPADDD_BCST(v.t.k.Offset(4*t), h, h)
		})...)
	}
	e = append(e, func() {
		for j := range v.s {
			VPADDD_BCST(v.t.iv.Offset(4*j), v.s[j], v.s[j])
			VMOVDQU32(v.s[j], v.h1(j))
		}
	})
	for t := 0; t < 64; t++ {
		e = append(e, v.round(shortE != "none", func(h VecPhysical) {
			VPADDD_BCST(v.t.padWK.Offset(4*t), h, h)
		})...)
	}
	e = append(e, func() {
		for j := range v.s {
			VPADDD(v.h1(j), v.s[j], v.s[j])
		}
	})
	return e
}

// schedule computes W[t] = σ1(W[t-2]) + W[t-7] + σ0(W[t-15]) + W[t-16]
// into v.tmp[0] and its ring slot.
func (v *vecLanes) schedule(t int) {
	w, x, y, z := v.tmp[0], v.tmp[1], v.tmp[2], v.tmp[3]
	p, q, r := v.tmp[4], v.tmp[5], v.tmp[6]
	VMOVDQU32(v.w(t-15), z)
	VMOVDQU32(v.w(t-2), r)
	VPRORD(U8(7), z, x)
	VPRORD(U8(18), z, y)
	VPSRLD(U8(3), z, z)
	VPTERNLOGD(immXor3, z, y, x)
	VPRORD(U8(17), r, p)
	VPRORD(U8(19), r, q)
	VPSRLD(U8(10), r, r)
	VPTERNLOGD(immXor3, r, q, p)
	VPADDD(v.w(t-16), x, w)
	VPADDD(v.w(t-7), p, p)
	VPADDD(p, w, w)
	VMOVDQU32(w, v.ring(t%16))
}

// round returns one round as two groups (the e half, the a half) and
// renames the state when the second is emitted. addWK adds W[t]+K[t]
// into the register of h.
//
// With short, d + h + W + K + Ch is summed apart from T1, so only one
// add follows Σ1 on the e → e' chain, for two more adds.
func (v *vecLanes) round(short bool, addWK func(h VecPhysical)) emission {
	t0, t1, t2, t3 := v.tmp[0], v.tmp[1], v.tmp[2], v.tmp[3]
	u0, u1, u2, u3 := v.tmp[4], v.tmp[5], v.tmp[6], v.tmp[7]
	return emission{
		func() {
			d, e, f, g, h := v.s[3], v.s[4], v.s[5], v.s[6], v.s[7]
			addWK(h)
			// T1 = h + W + K + Ch(e,f,g) + Σ1(e): Ch needs only e, f, g,
			// so it is added before Σ1, whose three rotates are the
			// longer path from e.
			VMOVDQA32(e, t3)
			VPTERNLOGD(immCh, g, f, t3)
			VPRORD(U8(6), e, t0)
			VPRORD(U8(11), e, t1)
			VPRORD(U8(25), e, t2)
			VPTERNLOGD(immXor3, t2, t1, t0)
			if short {
				VPADDD(h, d, d)
				VPADDD(t3, d, d)
				VPADDD(t3, h, h)
				VPADDD(t0, d, d) // e' = d + T1
				VPADDD(t0, h, h)
			} else {
				VPADDD(t3, h, h)
				VPADDD(t0, h, h)
				VPADDD(h, d, d) // e' = d + T1
			}
		},
		func() {
			a, b, c, h := v.s[0], v.s[1], v.s[2], v.s[7]
			VMOVDQA32(a, u3)
			VPTERNLOGD(immMaj, c, b, u3)
			VPRORD(U8(2), a, u0)
			VPRORD(U8(13), a, u1)
			VPRORD(U8(22), a, u2)
			VPTERNLOGD(immXor3, u2, u1, u0)
			VPADDD(u3, h, h)
			VPADDD(u0, h, h) // a' = T1 + Maj + Σ0
			v.s = [8]VecPhysical{v.s[7], v.s[0], v.s[1], v.s[2], v.s[3], v.s[4], v.s[5], v.s[6]}
		},
	}
}

// shortE is the -shorte flag.
var shortE string
