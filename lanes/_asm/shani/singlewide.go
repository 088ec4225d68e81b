package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// The three- and four-op steps of sha256SingleAsm. On AMD Zen 5 a lone
// SHA-NI pair is latency-bound: SHA256RNDS2 has a latency of four
// cycles and issues every second cycle, so one chain of 64 rounds uses
// half of what the SHA unit could issue, and SHA256MSG1 and SHA256MSG2
// issue beside the rounds without taking their slots. Three or four
// streams side by side then cost little more than two (BenchmarkSingle:
// 101 ns two, 135 three, 165 four, against 81 one).
//
// Four states take eight of the sixteen XMM registers legacy-encoded
// SHA-NI addresses, which leaves no room for four rolling schedules of
// four registers each. So each stream keeps its schedule as a ring of
// four word groups in the stack frame and only its newest group (the
// one SHA256MSG2 and PALIGNR read in the next group) in a register:
// the older groups are read as memory operands where the schedule and
// the rounds' W+K need them, loads that issue beside the rounds, and
// the schedule's dependency chain stays in registers. (A first version
// that computed the third stream's whole W+K into the frame before the
// rounds took 150 ns a three-op step; four such streams 230–250.) The
// steps use legacy SSE only: SHA-NI without AVX exists (Intel
// Goldmont).

// wideFrame is the stack frame of the wide steps: each stream's
// schedule ring (four groups of four words, group g of stream s at
// 64s+16(g mod 4)) and the states after the first block (stream s at
// 256+32s).
type wideFrame struct {
	ring, mid Mem
}

// newWideFrame allocates the frame, aligned to a cache line in base: the
// Go stack pointer is only 8-byte aligned, and legacy SSE memory
// operands need 16.
func newWideFrame(base GPPhysical) wideFrame {
	const size = 4*64 + 4*32
	region := AllocLocal(size + 64)
	LEAQ(region, base)
	ADDQ(Imm(63), base)
	ANDQ(I32(-64), base)
	return wideFrame{ring: Mem{Base: base}, mid: Mem{Base: base, Disp: 4 * 64}}
}

// wideHalves are where a kept three-op step leaves its digests: stream
// s's halves [B A D C] and [F E H G]. Stream 0's second is its ABEF
// register, the others moved out of the two-op step's message
// registers.
var wideHalves = [3][2]VecPhysical{{X7, X1}, {X8, X13}, {X14, X2}}

// wideStep hashes the n ≤ 4 consecutive ops at ops side by side: op j's
// chunk indices are at ops+12j. Every message is loaded before any
// digest is stored, and the digests are stored in op order. It uses R8,
// R9 and every XMM register.
//
// With keep (three ops), the digests are left in wideHalves rather
// than stored (wideCarry stores them).
func wideStep(n int, t tables, f wideFrame, buf, ops Register, keep bool) {
	addr := func(j, k int, r GPPhysical) {
		MOVL(Mem{Base: ops, Disp: 12*j + 4*k}, r.As32())
		SHLQ(Imm(5), r)
		ADDQ(buf, r)
	}
	st := states4[:n]
	// cur[s]: stream s's newest schedule group, W[4i+12..4i+15] at
	// round group i; tv and uv are the schedule's temporaries, shared.
	cur := []VecPhysical{X9, X10, X11, X12}[:n]
	tv, uv := X13, X14
	ring := func(s, g int) Mem { return f.ring.Offset(64*s + 16*(g%4)) }
	MOVOU(t.flip, X15)
	for s := range n {
		addr(s, 0, R8)
		addr(s, 1, R9)
		for k := range 4 {
			half := R8
			if k >= 2 {
				half = R9
			}
			// W[0..3] waits in the stream's CDGH register, which
			// takes the initial value only once the first round's
			// W+K is formed: that round adds it from the register,
			// not through a store to the ring forwarded to a load.
			r := tv
			switch k {
			case 0:
				r = st[s][1]
			case 3:
				r = cur[s]
			}
			MOVOU(Mem{Base: half, Disp: 16 * (k % 2)}, r)
			PSHUFB(X15, r)
			MOVOU(r, ring(s, k))
		}
	}
	for _, r := range st {
		MOVOU(t.iv, r[0])
	}
	for i := range 16 {
		for s, r := range st {
			MOVOU(t.k.Offset(16*i), X0)
			if i == 0 {
				PADDD(r[1], X0)
				MOVOU(t.iv.Offset(16), r[1])
			} else {
				PADDD(ring(s, i), X0)
			}
			SHA256RNDS2(X0, r[0], r[1])
			if i+4 < 16 {
				// W[4i+16..4i+19] replaces W[4i..4i+3], which the
				// PADDD above has read.
				MOVOU(ring(s, i), tv)
				SHA256MSG1(ring(s, i+1), tv)
				MOVO(cur[s], uv)
				PALIGNR(U8(4), ring(s, i+2), uv)
				PADDD(uv, tv)
				SHA256MSG2(cur[s], tv)
				MOVOU(tv, ring(s, i))
				MOVO(tv, cur[s])
			}
			PSHUFD(U8(0x0e), X0, X0)
			SHA256RNDS2(X0, r[1], r[0])
		}
	}
	for h := range 2 {
		MOVOU(t.iv.Offset(16*h), X15)
		for s, r := range st {
			PADDD(X15, r[h])
			MOVOU(r[h], f.mid.Offset(32*s+16*h))
		}
	}
	for i := range 16 {
		for h := range 2 {
			for s, r := range st {
				// Three streams' rounds each load their own W+K
				// (ownPadLoads); four share one load.
				if s == 0 || n < 4 {
					MOVQ(t.padWK.Offset(16*i+8*h), X0)
				}
				SHA256RNDS2(X0, r[h], r[1-h])
			}
		}
	}
	if n == 3 && keep {
		// The digests stay in registers, halves in state order
		// ([B A D C], [F E H G]), none in the message registers of a
		// two-op step (X3–X6, X9–X12): wideHalves.
		for s, r := range st {
			PADDD(f.mid.Offset(32*s), r[0])
			PADDD(f.mid.Offset(32*s+16), r[1])
			MOVO(r[0], wideHalves[s][0])
			PUNPCKHQDQ(r[1], wideHalves[s][0])
			PUNPCKLQDQ(r[1], r[0])
		}
		MOVO(X3, wideHalves[1][1])
		MOVO(X5, wideHalves[2][1])
		return
	}
	MOVOU(t.out, X15)
	for s, r := range st {
		PADDD(f.mid.Offset(32*s), r[0])
		PADDD(f.mid.Offset(32*s+16), r[1])
		MOVO(r[0], uv)
		PUNPCKHQDQ(r[1], uv)   // [B A D C]
		PUNPCKLQDQ(r[1], r[0]) // [F E H G]
		PSHUFB(X15, uv)
		PSHUFB(X15, r[0])
		addr(s, 2, R8)
		MOVOU(uv, Mem{Base: R8})
		MOVOU(r[0], Mem{Base: R8, Disp: 16})
	}
}
