package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// The three-op step of sha256SingleAsm. On AMD Zen 5 a lone SHA-NI
// pair is latency-bound (86 ns) while the SHA unit takes an instruction
// (SHA256RNDS2, SHA256MSG1 or SHA256MSG2) only every second cycle, so
// two streams side by side cost 108 ns and a third adds about 45 ns
// where a step of its own would cost 86. Three states and two rolling
// message schedules take fifteen of the sixteen XMM registers
// legacy-encoded SHA-NI addresses (the schedules share one temporary),
// so the third stream has none: its first-block W+K words are computed
// into the stack frame before the other two streams start, and its
// rounds read them with 8-byte loads. A fourth stream leaves no room
// even for that: four streams, each with its W+K in the frame, measured
// 230–250 ns a step, slower than three and one. The step uses legacy
// SSE only (SHA-NI without AVX exists: Intel Goldmont).

// wideFrame is the stack frame of the three-op step: wk holds the third
// stream's first-block W+K words, group i (rounds 4i..4i+3) at 16i.
type wideFrame struct {
	wk Mem
}

// newWideFrame allocates the frame, aligned to a cache line in base:
// the Go stack pointer is only 8-byte aligned, and a 16-byte store
// straddling two lines costs more.
func newWideFrame(base GPPhysical) wideFrame {
	const size = 256
	region := AllocLocal(size + 64)
	LEAQ(region, base)
	ADDQ(Imm(63), base)
	ANDQ(I32(-64), base)
	return wideFrame{wk: Mem{Base: base}}
}

// wide3 hashes the three consecutive ops at ops side by side: ops 0 and
// 1 on two streams with rolling schedules in registers, as the
// two-stream step runs them, op 2 on a third stream whose first-block
// W+K words are computed into f.wk first (its schedule chain then runs
// ahead of its rounds while the two other streams start). Every message
// is loaded before any digest is stored; digests are stored in op order.
func wide3(t tables, f wideFrame, buf, ops Register) {
	addr := func(j, k int, r GPPhysical) {
		MOVL(Mem{Base: ops, Disp: 12*j + 4*k}, r.As32())
		SHLQ(Imm(5), r)
		ADDQ(buf, r)
	}
	loadMsg := func(j int, m [4]VecPhysical) {
		addr(j, 0, R8)
		addr(j, 1, R9)
		for k, r := range m {
			half := R8
			if k >= 2 {
				half = R9
			}
			MOVOU(Mem{Base: half, Disp: 16 * (k % 2)}, r)
			PSHUFB(X15, r)
		}
	}
	MOVOU(t.flip, X15)
	// The third stream's schedule, in X1–X6 before the streams take them.
	c := stream{m: [4]VecPhysical{X1, X2, X3, X4}, tmp: X5}
	loadMsg(2, c.m)
	for i := range 16 {
		MOVOU(t.k.Offset(16*i), X6)
		PADDD(c.m[i%4], X6)
		MOVOU(X6, f.wk.Offset(16*i))
		if i+4 < 16 {
			schedule(c, i)
		}
	}
	ab := []stream{
		{abef: X1, cdgh: X2, m: [4]VecPhysical{X3, X4, X5, X6}, tmp: X13},
		{abef: X7, cdgh: X8, m: [4]VecPhysical{X9, X10, X11, X12}, tmp: X13},
	}
	loadMsg(0, ab[0].m)
	loadMsg(1, ab[1].m)
	cs := [2]VecPhysical{X14, X15}
	loadIV(ab, t)
	MOVOU(t.iv, cs[0])
	MOVOU(t.iv.Offset(16), cs[1])
	for i := range 16 {
		for _, s := range ab {
			MOVOU(t.k.Offset(16*i), X0)
			PADDD(s.m[i%4], X0)
			SHA256RNDS2(X0, s.abef, s.cdgh)
			if i+4 < 16 {
				schedule(s, i)
			}
			PSHUFD(U8(0x0e), X0, X0)
			SHA256RNDS2(X0, s.cdgh, s.abef)
		}
		for h := range 2 {
			MOVQ(f.wk.Offset(16*i+8*h), X0)
			SHA256RNDS2(X0, cs[h], cs[1-h])
		}
	}
	// Feed-forward of the initial value, then the padding block; the
	// first stream's spent message registers keep the states between.
	abefs := []VecPhysical{ab[0].abef, ab[1].abef, cs[0]}
	cdghs := []VecPhysical{ab[0].cdgh, ab[1].cdgh, cs[1]}
	for h, regs := range [][]VecPhysical{abefs, cdghs} {
		MOVOU(t.iv.Offset(16*h), X13)
		for _, r := range regs {
			PADDD(X13, r)
		}
	}
	mids := [][2]VecPhysical{{ab[0].m[0], ab[0].m[1]}, {ab[1].m[0], ab[1].m[1]}, {ab[0].m[2], ab[0].m[3]}}
	for s := range 3 {
		MOVO(abefs[s], mids[s][0])
		MOVO(cdghs[s], mids[s][1])
	}
	for i := range 16 {
		MOVQ(t.padWK.Offset(16*i), X0)
		for s := range 3 {
			SHA256RNDS2(X0, abefs[s], cdghs[s])
		}
		MOVQ(t.padWK.Offset(16*i+8), X0)
		for s := range 3 {
			SHA256RNDS2(X0, cdghs[s], abefs[s])
		}
	}
	for s := range 3 {
		PADDD(mids[s][0], abefs[s])
		PADDD(mids[s][1], cdghs[s])
		// digestHalves: [B A D C] in X13, [F E H G] in abef.
		MOVO(abefs[s], X13)
		PUNPCKHQDQ(cdghs[s], X13)
		PUNPCKLQDQ(cdghs[s], abefs[s])
		PSHUFB(t.out, X13)
		PSHUFB(t.out, abefs[s])
		addr(s, 2, R8)
		MOVOU(X13, Mem{Base: R8})
		MOVOU(abefs[s], Mem{Base: R8, Disp: 16})
	}
}
