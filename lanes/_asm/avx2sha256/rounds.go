package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// Register plan of the round code. The eight state words of all 8 lanes
// stay in Y0..Y7 for a whole compression; instead of moving values, the
// generator renames them each round, so the 16-round loop bodies start
// and end with the same assignment. AVX2 has no rotate, so every
// rotation is two shifts, combined by XOR trees for short chains.
var (
	stateRegs = [8]VecPhysical{Y0, Y1, Y2, Y3, Y4, Y5, Y6, Y7}
	t0, t1    = Y8, Y9                   // Σ and Ch temporaries
	abRegs    = [2]VecPhysical{Y10, Y11} // a^b of this and the previous round
	t2        = Y12                      // third Σ temporary
	sched     = [4]VecPhysical{Y12, Y13, Y14, Y15}
)

// frame is the scratch memory of one compression, 32-byte aligned: the
// rolling 16-word message schedule (slot t&15 holds W[t]) and the state
// after the first block, which the second block adds back.
type frame struct {
	base Register // points at the aligned scratch
}

// frameSize is the scratch a frame needs; alignment slack is added by
// the caller.
const frameSize = 16*32 + 8*32

func (f frame) w(t int) Mem   { return Mem{Base: f.base, Disp: 32 * (t & 15)} }
func (f frame) mid(j int) Mem { return Mem{Base: f.base, Disp: 16*32 + 32*j} }

// roundRegs names the state registers at round t: a is word 0 of the
// state, h word 7. Each round the new a lands in the old h register and
// the new e in the old d register, so names shift by one.
type roundRegs struct{ a, b, c, d, e, f, g, h VecPhysical }

func namesAt(t int) roundRegs {
	r := func(k int) VecPhysical { return stateRegs[((k-t)%8+8)%8] }
	return roundRegs{r(0), r(1), r(2), r(3), r(4), r(5), r(6), r(7)}
}

// bigSigma computes ROTR(x,r0)^ROTR(x,r1)^ROTR(x,r2) into dst, using
// tmp and t2, as a depth-3 XOR tree of six shifts.
func bigSigma(x, dst, tmp VecPhysical, r0, r1, r2 uint64) {
	VPSRLD(U8(r0), x, dst)
	VPSLLD(U8(32-r0), x, tmp)
	VPXOR(tmp, dst, dst)
	VPSRLD(U8(r1), x, tmp)
	VPSLLD(U8(32-r1), x, t2)
	VPXOR(t2, tmp, tmp)
	VPXOR(tmp, dst, dst)
	VPSRLD(U8(r2), x, tmp)
	VPSLLD(U8(32-r2), x, t2)
	VPXOR(t2, tmp, tmp)
	VPXOR(tmp, dst, dst)
}

// round emits SHA-256 round t. k is the 4-byte round constant (K[t], or
// W+K of the padding block), broadcast to all lanes; w, if given, is the
// schedule slot holding W[t]. Maj uses Maj(a,b,c) = b ^ ((a^b) & (b^c)),
// where b^c is the previous round's a^b, kept in abRegs: three
// operations per round instead of four.
func round(t int, k Mem, w ...Mem) {
	r := namesAt(t)
	ab, prevAB := abRegs[t&1], abRegs[(t+1)&1]
	for _, m := range w {
		VPADDD(m, r.h, r.h)
	}
	// A broadcast load measured no slower than a VPADDD from a 32-byte
	// replicated row, and keeps the tables 8 times smaller.
	VPBROADCASTD(k, t1)
	VPADDD(t1, r.h, r.h)
	// Ch(e,f,g) = ((f^g)&e)^g
	VPXOR(r.g, r.f, t1)
	VPAND(r.e, t1, t1)
	VPXOR(r.g, t1, t1)
	VPADDD(t1, r.h, r.h)
	// e' = d + T1 closes the loop-carried chain: everything but Σ1
	// goes into d first, so e' is one add after Σ1, not two. The extra
	// add per round measured 5-6% faster: with only one batch in flight
	// the rounds without schedule are bound by this chain's latency.
	VPADDD(r.h, r.d, r.d)
	bigSigma(r.e, t0, t1, 6, 11, 25)
	VPADDD(t0, r.d, r.d)
	VPADDD(t0, r.h, r.h) // h = T1
	VPXOR(r.b, r.a, ab)
	VPAND(ab, prevAB, prevAB)
	VPXOR(r.b, prevAB, prevAB) // Maj
	VPADDD(prevAB, r.h, r.h)
	// Σ0 joins last: the new a then waits one add after Σ0(a).
	bigSigma(r.a, t0, t1, 2, 13, 22)
	VPADDD(t0, r.h, r.h) // h = T1 + Maj + Σ0, the new a
}

// initAB seeds the Maj trick for round t: it needs b^c of the state
// about to enter round t, stored where round t-1 would have left a^b.
func initAB(t int) {
	r := namesAt(t)
	VPXOR(r.c, r.b, abRegs[(t+1)&1])
}

// smallSigma adds ROTR(x,r0)^ROTR(x,r1)^(x>>s) to acc, using sched[2]
// and sched[3] as temporaries.
func smallSigma(x, acc VecPhysical, r0, r1, s uint64) {
	u, v := sched[2], sched[3]
	VPSRLD(U8(r0), x, u)
	VPSLLD(U8(32-r0), x, v)
	VPXOR(v, u, u)
	VPSRLD(U8(r1), x, v)
	VPXOR(v, u, u)
	VPSLLD(U8(32-r1), x, v)
	VPXOR(v, u, u)
	VPSRLD(U8(s), x, v)
	VPXOR(v, u, u)
	VPADDD(u, acc, acc)
}

// scheduleStep computes W[t+16] = σ1(W[t+14]) + W[t+9] + σ0(W[t+1]) +
// W[t] into slot t&15, which round t has just read W[t] from.
func scheduleStep(f frame, t int) {
	x, acc := sched[0], sched[1]
	VMOVDQU(f.w(t), acc)
	VPADDD(f.w(t+9), acc, acc)
	VMOVDQU(f.w(t+1), x)
	smallSigma(x, acc, 7, 18, 3)
	VMOVDQU(f.w(t+14), x)
	smallSigma(x, acc, 17, 19, 10)
	VMOVDQU(acc, f.w(t))
}

// compress hashes one 64-byte message per lane whose 16 words (lane
// layout, host dwords holding the big-endian words) are in f's schedule
// slots, and leaves the 8 digest words in Y0..Y7. It uses kp and end as
// scratch general registers.
func compress(f frame, tb tables, kp, end Register, label string) {
	for j, r := range stateRegs {
		VMOVDQU(tb.iv.Offset(32*j), r)
	}

	// Block 1, rounds 0..47: each round also extends the schedule.
	initAB(0)
	LEAQ(tb.k, kp)
	LEAQ(tb.k.Offset(48*4), end)
	Label(label + "_sched")
	for t := 0; t < 16; t++ {
		round(t, Mem{Base: kp, Disp: 4 * t}, f.w(t))
		scheduleStep(f, t)
	}
	ADDQ(U32(16*4), kp)
	CMPQ(kp, end)
	JNE(LabelRef(label + "_sched"))

	// Rounds 48..63 only consume the schedule.
	for t := 0; t < 16; t++ {
		round(t, Mem{Base: kp, Disp: 4 * t}, f.w(t))
	}
	for j, r := range stateRegs {
		VPADDD(tb.iv.Offset(32*j), r, r)
		VMOVDQU(r, f.mid(j))
	}

	// Block 2 is the constant padding: one W+K word per round.
	initAB(0)
	LEAQ(tb.wk, kp)
	LEAQ(tb.wk.Offset(64*4), end)
	Label(label + "_pad")
	for t := 0; t < 16; t++ {
		round(t, Mem{Base: kp, Disp: 4 * t})
	}
	ADDQ(U32(16*4), kp)
	CMPQ(kp, end)
	JNE(LabelRef(label + "_pad"))
	for j, r := range stateRegs {
		VPADDD(f.mid(j), r, r)
	}
}
