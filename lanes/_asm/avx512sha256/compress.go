package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// Registers of the message phase (transpose, and the one-group schedule
// of compressOne): the message words W[0..15] of one group in Z8..Z23
// (word j of 16 lanes in one register), Z24..Z31 temporaries. The rounds (see two.go) use Z0..Z7 for
// the state of a group, Z8..Z15 for that of a second one.
var (
	msgRegs = [16]VecPhysical{Z8, Z9, Z10, Z11, Z12, Z13, Z14, Z15, Z16, Z17, Z18, Z19, Z20, Z21, Z22, Z23}
	tmpRegs = [8]VecPhysical{Z24, Z25, Z26, Z27, Z28, Z29, Z30, Z31}
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

// shortE1 and shortE2 select the round form of the two-group rounds
// (see roundSteps) per block: with shortE, d + h + W + K is summed apart
// from T1, off the e → e' chain, at the cost of two more adds. In the
// first block the schedule runs beside the rounds (compressSched), the
// core is busy with issue rather than waiting on the chain, and the long
// form with its two fewer adds is as fast; the padding block has no
// schedule beside it and keeps the short chain (its long form measured
// no faster, Zen 5).
const (
	shortE1 = false
	shortE2 = true
)
