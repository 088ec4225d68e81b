package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// Two 16-lane groups in flight. One group's 64 rounds form a single
// dependency chain (a round waits for the previous round's e and a, about
// 8.5 cycles on Zen 5 where vector adds, rotates and VPTERNLOGD take two
// cycles each), and the reorder window cannot reach the next op's rounds
// past the ~2,500 instructions of the current one. Hashing two
// independent ops with their instructions interleaved gives the core a
// second chain to issue beside the first.
//
// Two states take 16 registers and two sets of round temporaries 8 more,
// so the message schedules cannot stay in registers: they live in a
// stack scratch, W[0..15] stored from the message registers and
// W[16..63] computed inside the first block's rounds (compressSched)
// from words read back as memory operands. Each round adds W[t] from
// there and K[t] as a broadcast. The chaining value H(1) of both groups
// waits on the stack too.
var (
	stateA = [8]VecPhysical{Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z7}
	stateB = [8]VecPhysical{Z8, Z9, Z10, Z11, Z12, Z13, Z14, Z15}
	tmpA   = [4]VecPhysical{Z16, Z17, Z18, Z19}
	tmpB   = [4]VecPhysical{Z20, Z21, Z22, Z23}
	// spareRegs are free during the rounds of two groups: the scratch
	// of the output transposes.
	spareRegs = [8]VecPhysical{Z24, Z25, Z26, Z27, Z28, Z29, Z30, Z31}
)

// Layout of the two-group scratch, from a 64-byte aligned base register:
// the schedule W[0..63] of group A (64 words × 64 bytes), that of group
// B, then the H(1) of A and of B (8 words × 64 bytes each).
const (
	wkABytes   = 0
	wkBBytes   = 64 * 64
	h1ABytes   = 2 * 64 * 64
	h1BBytes   = h1ABytes + 8*64
	frameBytes = h1BBytes + 8*64
)

// allocScratch reserves the two-group scratch in the function's frame
// and leaves its 64-byte aligned address in base (the frame is only
// 8-byte aligned; a zmm access that crosses a cache line costs twice).
func allocScratch(base GPPhysical) { allocScratchExtra(base, 0) }

// allocScratchExtra is allocScratch with extra bytes after the two-group
// scratch, at base+frameBytes (64-byte aligned too).
func allocScratchExtra(base GPPhysical, extra int) {
	local := AllocLocal(frameBytes + extra + 64)
	LEAQ(local, base)
	ADDQ(U32(63), base)
	ANDQ(I32(-64), base)
}

// group is one 16-lane message group in flight: its state and round
// temporaries, and where its schedule and H(1) wait in the scratch.
type group struct {
	s   [8]VecPhysical
	t   [4]VecPhysical
	sch [4]VecPhysical // schedule temporaries of compressSched
	wk  int            // offset of W[0..63] in the scratch
	h1  int            // offset of H(1)
}

var (
	groupA = group{stateA, tmpA, [4]VecPhysical{Z24, Z25, Z26, Z27}, wkABytes, h1ABytes}
	groupB = group{stateB, tmpB, [4]VecPhysical{Z28, Z29, Z30, Z31}, wkBBytes, h1BBytes}
)

// storeMsg stores the 16 message words in msgRegs as W[0..15] of the
// schedule at base+wk (raw words, K not added: compressSched's schedule
// reads them back).
func storeMsg(base GPPhysical, wk int) {
	for t, w := range msgRegs {
		VMOVDQA32(w, Mem{Base: base, Disp: wk + 64*t})
	}
}

// scheduleMem computes W[t] = σ1(W[t-2]) + W[t-7] + σ0(W[t-15]) +
// W[t-16] of one group from its words in the scratch, slot t at
// at(t), and stores it there: the schedule as single-instruction steps
// on the four temporaries r, to be interleaved with rounds.
func scheduleMem(at func(t int) Mem, t int, r [4]VecPhysical) []func() {
	w, x, y, z := r[0], r[1], r[2], r[3]
	return []func(){
		func() { VMOVDQA32(at(t-15), w) },
		func() { VMOVDQA32(at(t-2), z) },
		func() { VPRORD(U8(7), w, x) },
		func() { VPRORD(U8(18), w, y) },
		func() { VPSRLD(U8(3), w, w) },
		func() { VPTERNLOGD(xor3Imm, y, x, w) },
		func() { VPRORD(U8(17), z, x) },
		func() { VPRORD(U8(19), z, y) },
		func() { VPSRLD(U8(10), z, z) },
		func() { VPADDD(at(t-16), w, w) },
		func() { VPTERNLOGD(xor3Imm, y, x, z) },
		func() { VPADDD(at(t-7), w, w) },
		func() { VPADDD(z, w, w) },
		func() { VMOVDQA32(w, at(t)) },
	}
}

// compressSched runs both compressions of 64-byte messages for the
// groups gs, whose W[0..15] storeMsg left in the scratch, computing the
// schedule of the first block inside its rounds: rounds t = 0..47
// schedule W[t+16] of every group beside them, so that the schedule
// fills issue slots the rounds' chains leave and no schedule-only phase
// (a chain of about 4 cycles per word) runs on its own: against a
// separate expansion pass per group, Pairs of 256 pairs took 10% less
// CPU time and LockstepBlock 11% less (Zen 5, alternated binaries,
// benchstat). Each round adds
// W[t] (a memory operand) and K[t] (a broadcast). Rounds run as loops
// of 8. It clobbers the groups' temporaries and schedule registers, idx
// and kp.
func compressSched(c consts, base, idx, kp GPPhysical, gs []group, label string) {
	Comment("First block, from H(0), scheduling W[t+16] beside round t.")
	for j := 0; j < 8; j++ {
		for _, g := range gs {
			VPBROADCASTD(c.iv.Offset(4*j), g.s[j])
		}
	}
	specs := make([]blockSpec, len(gs))
	for k, g := range gs {
		specs[k] = blockSpec{g, true, shortE1, shortE1}
	}
	runBlocks(c, base, idx, kp, kp, specs, label)
	feedSecond(c, base, idx, kp, gs, label)
}

// merge interleaves two step lists evenly, each in its own order.
func merge(a, b []func()) []func() {
	out := make([]func(), 0, len(a)+len(b))
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		if j >= len(b) || i < len(a) && (float64(i)+0.5)/float64(len(a)) <= (float64(j)+0.5)/float64(len(b)) {
			out = append(out, a[i])
			i++
		} else {
			out = append(out, b[j])
			j++
		}
	}
	return out
}

// feedSecond adds H(0) to the groups' states after the first block,
// keeps H(1) in the scratch, runs the constant padding block and adds
// H(1). It clobbers idx and pad.
func feedSecond(c consts, base, idx, pad GPPhysical, gs []group, label string) {
	Comment("Feed forward H(0); H(1) waits in the scratch.")
	for j := 0; j < 8; j++ {
		for _, g := range gs {
			VPADDD_BCST(c.iv.Offset(4*j), g.s[j], g.s[j])
			VMOVDQA32(g.s[j], Mem{Base: base, Disp: g.h1 + 64*j})
		}
	}

	Comment("Second block: constant padding, W+K broadcast from a table.")
	specs := make([]blockSpec, len(gs))
	for k, g := range gs {
		specs[k] = blockSpec{g, false, shortE2, shortE2}
	}
	runBlocks(c, base, idx, pad, pad, specs, label)
	for j := 0; j < 8; j++ {
		for _, g := range gs {
			VPADDD(Mem{Base: base, Disp: g.h1 + 64*j}, g.s[j], g.s[j])
		}
	}
}

// zip emits the steps of the groups' rounds alternately, one instruction
// of each group at a time, so that the chains sit side by side in the
// instruction stream.
func zip(lists ...[]func()) {
	for i, more := 0, true; more; i++ {
		more = false
		for _, l := range lists {
			if i < len(l) {
				l[i]()
				more = true
			}
		}
	}
}

// roundSteps returns one SHA-256 round over the state names s as a list
// of single-instruction steps, and renames s (naming the registers anew
// each round saves the seven moves of a literal rotation; the names come
// back after 8 rounds). addWK adds W[t]+K[t] to the register holding h.
// Four temporaries t suffice: register renaming makes their reuse free.
//
// T1 = h + W + K + Ch(e,f,g) + Σ1(e); e' = d + T1. Σ1 takes a rotate and
// a VPTERNLOGD, Ch only the VPTERNLOGD, so Ch is added first and only
// adds of Σ1 follow it on the e → e' chain, the chain that bounds a round
// (vector adds take two cycles on Zen 5). With shortE, d + h + W + K is
// summed apart from T1, off the chain, so one add follows Σ1 instead of
// two, at the cost of two more adds. a' = T1 + Maj(a,b,c) + Σ0(a), Σ0
// last for the same reason.
func roundSteps(s *[8]VecPhysical, t [4]VecPhysical, shortE bool, addWK func(h VecPhysical)) []func() {
	a, b, c, d := s[0], s[1], s[2], s[3]
	e, f, g, h := s[4], s[5], s[6], s[7]
	t0, t1, t2, t3 := t[0], t[1], t[2], t[3]
	steps := []func(){
		func() { addWK(h) },
		func() { VMOVDQA32(e, t3) },
		func() { VPTERNLOGD(chImm, g, f, t3) },
		func() { VPRORD(U8(6), e, t0) },
		func() { VPRORD(U8(11), e, t1) },
		func() { VPRORD(U8(25), e, t2) },
		func() { VPTERNLOGD(xor3Imm, t2, t1, t0) },
	}
	if shortE {
		steps = append(steps,
			func() { VPADDD(h, d, d) },
			func() { VPADDD(t3, d, d) },
			func() { VPADDD(t3, h, h) },
			func() { VPADDD(t0, d, d) },
			func() { VPADDD(t0, h, h) },
		)
	} else {
		steps = append(steps,
			func() { VPADDD(t3, h, h) },
			func() { VPADDD(t0, h, h) },
			func() { VPADDD(h, d, d) },
		)
	}
	steps = append(steps,
		func() { VMOVDQA32(a, t3) },
		func() { VPTERNLOGD(majImm, c, b, t3) },
		func() { VPRORD(U8(2), a, t0) },
		func() { VPRORD(U8(13), a, t1) },
		func() { VPRORD(U8(22), a, t2) },
		func() { VPTERNLOGD(xor3Imm, t2, t1, t0) },
		func() { VPADDD(t3, h, h) },
		func() { VPADDD(t0, h, h) },
	)
	*s = [8]VecPhysical{s[7], s[0], s[1], s[2], s[3], s[4], s[5], s[6]}
	return steps
}

// compressOne runs both compressions of one group whose message words
// are in msgRegs, the schedule in registers beside the rounds (as
// schedule extends it), and leaves the digest in stateA. With one chain
// in flight the rounds are latency-bound, so the schedule costs nothing
// there, and this form is 10 % faster than the two-group code run with one
// group (Pairs of 16 pairs, Zen 5, measured). Rounds 16..63 run as a loop
// of 16 (the message ring and the state names both come back after 16),
// the second block as a loop of 8. It clobbers msgRegs, tmpRegs, kp and
// pad.
func compressOne(c consts, kp, pad GPPhysical, label string) {
	compressOneForms(c, kp, pad, label, oneShortE1, oneShortE2)
}

// compressOneForms is compressOne with the round form of each block
// given (see roundSteps): short1 for the message block, short2 for the
// padding block.
func compressOneForms(c consts, kp, pad GPPhysical, label string, short1, short2 bool) {
	s := stateA
	t := [4]VecPhysical{tmpRegs[0], tmpRegs[1], tmpRegs[2], tmpRegs[3]}
	emit := func(steps []func()) {
		for _, f := range steps {
			f()
		}
	}
	Comment("First block, from H(0): rounds 0..15 on the message words.")
	for j, r := range s {
		VPBROADCASTD(c.iv.Offset(4*j), r)
	}
	for i := 0; i < 16; i++ {
		w, k := msgRegs[i], c.k.Offset(4*i)
		emit(roundSteps(&s, t, short1, func(h VecPhysical) {
			VPADDD(w, h, h)
			VPADDD_BCST(k, h, h)
		}))
	}
	Comment("Rounds 16..63, scheduling each word just before its round.")
	LEAQ(c.k.Offset(4*16), kp)
	Label(label + "first")
	for i := 0; i < 16; i++ {
		schedule(16 + i)
		w, k := msgRegs[i], Mem{Base: kp, Disp: 4 * i}
		emit(roundSteps(&s, t, short1, func(h VecPhysical) {
			VPADDD(w, h, h)
			VPADDD_BCST(k, h, h)
		}))
	}
	ADDQ(U32(4*16), kp)
	LEAQ(c.k.Offset(4*64), pad)
	CMPQ(kp, pad)
	JNE(LabelRef(label + "first"))

	Comment("Feed forward H(0); keep H(1) for the second feed-forward.")
	for j, r := range s {
		VPADDD_BCST(c.iv.Offset(4*j), r, r)
		VMOVDQA32(r, msgRegs[j])
	}
	Comment("Second block: constant padding, W+K broadcast from a table.")
	LEAQ(c.padWK, pad)
	LEAQ(c.padWK.Offset(4*64), kp)
	Label(label + "second")
	for i := 0; i < 8; i++ {
		k := Mem{Base: pad, Disp: 4 * i}
		emit(roundSteps(&s, t, short2, func(h VecPhysical) { VPADDD_BCST(k, h, h) }))
	}
	ADDQ(U32(4*8), pad)
	CMPQ(pad, kp)
	JNE(LabelRef(label + "second"))
	for j, r := range s {
		VPADDD(msgRegs[j], r, r)
	}
}

// The round forms of compressOne (see roundSteps): with the schedule
// beside the first block's rounds the long form wins there, as it did
// in the fully unrolled kernel this replaces.
const (
	oneShortE1 = false
	oneShortE2 = true
)
