package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// stream is the register set of one SHA-256 computation in flight.
// SHA256RNDS2 reads its message words from X0 only, so X0 is shared by
// all streams and never part of one; the out-of-order core renames it,
// which lets the independent streams overlap.
type stream struct {
	abef, cdgh VecPhysical    // state in SHA-NI order
	m          [4]VecPhysical // message schedule W[4i..4i+3], rolling
	tmp        VecPhysical
}

// streams are the two interleaved computations. X15 stays free for
// masks. On the development machine (AMD Zen 5) a SHA256RNDS2 result is
// ready after about twice its issue interval (1.18 ns against 0.60 ns
// per instruction), so two independent chains keep the SHA unit busy. A
// third stream's schedule does not fit the 16 XMM registers
// legacy-encoded SHA-NI can address; a four-stream variant that
// precomputed every schedule into the stack frame measured slower
// (48–51 ns against 41 ns per pair, best of 3000 runs) and was dropped.
var streams = []stream{
	{abef: X1, cdgh: X2, m: [4]VecPhysical{X3, X4, X5, X6}, tmp: X13},
	{abef: X7, cdgh: X8, m: [4]VecPhysical{X9, X10, X11, X12}, tmp: X14},
}

// loadIV sets every stream's state to the SHA-256 initial value.
func loadIV(ss []stream, t tables) {
	for _, s := range ss {
		MOVOU(t.iv, s.abef)
		MOVOU(t.iv.Offset(16), s.cdgh)
	}
}

// firstBlock runs the 64 rounds of the message block held in each
// stream's m registers (words in host order) and adds the initial value
// back. It consumes the message registers.
func firstBlock(ss []stream, t tables) {
	for i := 0; i < 16; i++ {
		for _, s := range ss {
			MOVOU(t.k.Offset(16*i), X0)
			PADDD(s.m[i%4], X0)
			SHA256RNDS2(X0, s.abef, s.cdgh)
			if i+4 < 16 {
				schedule(s, i)
			}
			PSHUFD(U8(0x0e), X0, X0)
			SHA256RNDS2(X0, s.cdgh, s.abef)
		}
	}
	// Feed-forward of the constant initial value; X15 is borrowed and
	// the caller reloads whatever mask it keeps there.
	MOVOU(t.iv, X15)
	for _, s := range ss {
		PADDD(X15, s.abef)
	}
	MOVOU(t.iv.Offset(16), X15)
	for _, s := range ss {
		PADDD(X15, s.cdgh)
	}
}

// schedule replaces W[4i..4i+3] in s.m[i%4] by W[4i+16..4i+19], using
// W[4i..4i+15] in the four message registers.
func schedule(s stream, i int) {
	w0, w1, w2, w3 := s.m[i%4], s.m[(i+1)%4], s.m[(i+2)%4], s.m[(i+3)%4]
	SHA256MSG1(w1, w0)
	MOVO(w3, s.tmp)
	PALIGNR(U8(4), w2, s.tmp) // W[4i+9..4i+12]
	PADDD(s.tmp, w0)
	SHA256MSG2(w3, w0)
}

// ownPadLoads makes secondBlock load the padding block's W+K for each
// stream's round rather than once for all streams: on AMD Zen 5 two or
// three chains of SHA256RNDS2 reading one load's register run 3–4 ns a
// block slower than each reading its own (a loop of bare rounds; four
// chains gain nothing), and Single's two-op step measured 94 against 98
// ns. Single's steps set it; the other kernels' emission is unchanged.
var ownPadLoads bool

// secondBlock runs the constant padding block of a 64-byte message on
// every stream's state: the message words plus round constants come
// straight from one table, shared by all streams, with no schedule.
func secondBlock(ss []stream, t tables) {
	for _, s := range ss {
		MOVO(s.abef, s.m[0])
		MOVO(s.cdgh, s.m[1])
	}
	for i := 0; i < 16; i++ {
		for h := range 2 {
			for j, s := range ss {
				if j == 0 || ownPadLoads {
					MOVQ(t.padWK.Offset(16*i+8*h), X0)
				}
				if h == 0 {
					SHA256RNDS2(X0, s.abef, s.cdgh)
				} else {
					SHA256RNDS2(X0, s.cdgh, s.abef)
				}
			}
		}
	}
	for _, s := range ss {
		PADDD(s.m[0], s.abef)
		PADDD(s.m[1], s.cdgh)
	}
}

// digestHalves rearranges a stream's final state into the words
// [B A D C] (in s.tmp) and [F E H G] (in s.abef); one word shuffle per
// half then gives the digest order. It clobbers s.cdgh's meaning.
func digestHalves(s stream) (abcd, efgh VecPhysical) {
	MOVO(s.abef, s.tmp)
	PUNPCKHQDQ(s.cdgh, s.tmp)
	PUNPCKLQDQ(s.cdgh, s.abef)
	return s.tmp, s.abef
}
