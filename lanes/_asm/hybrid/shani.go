package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// The SHA-NI half: legacy-SSE code on X0–X15 only. SHA256RNDS2 reads its
// message words from X0, which every stream writes afresh before use (the
// core renames it); two streams at a time hold their state and rolling
// schedule in X1–X14, and X15 keeps the byte-swap mask of Pairs.

type stream struct {
	abef, cdgh VecPhysical
	m          [4]VecPhysical // W[4i..4i+3], rolling
	tmp        VecPhysical
}

var streamPair = [2]stream{
	{abef: X1, cdgh: X2, m: [4]VecPhysical{X3, X4, X5, X6}, tmp: X13},
	{abef: X7, cdgh: X8, m: [4]VecPhysical{X9, X10, X11, X12}, tmp: X14},
}

// shaBatch returns the instruction groups hashing one 64-byte message on
// each of the two streams: load fills both streams' m registers (host
// order words), store writes both digests from the final states.
func shaBatch(t tables, load, store func() emission) emission {
	ss := streamPair
	e := load()
	e = append(e, func() {
		for _, s := range ss {
			MOVOU(t.shaIV, s.abef)
			MOVOU(t.shaIV.Offset(16), s.cdgh)
		}
	})
	for i := 0; i < 16; i++ {
		for _, s := range ss {
			e = append(e, func() {
				MOVOU(t.k.Offset(16*i), X0)
				PADDD(s.m[i%4], X0)
				SHA256RNDS2(X0, s.abef, s.cdgh)
				if i+4 < 16 {
					// W[4i+16..4i+19] into the slot of W[4i..4i+3].
					w0, w1, w2, w3 := s.m[i%4], s.m[(i+1)%4], s.m[(i+2)%4], s.m[(i+3)%4]
					SHA256MSG1(w1, w0)
					MOVO(w3, s.tmp)
					PALIGNR(U8(4), w2, s.tmp)
					PADDD(s.tmp, w0)
					SHA256MSG2(w3, w0)
				}
				PSHUFD(U8(0x0e), X0, X0)
				SHA256RNDS2(X0, s.cdgh, s.abef)
			})
		}
	}
	e = append(e, func() {
		for _, s := range ss {
			MOVOU(t.shaIV, s.tmp)
			PADDD(s.tmp, s.abef)
			MOVOU(t.shaIV.Offset(16), s.tmp)
			PADDD(s.tmp, s.cdgh)
			MOVO(s.abef, s.m[0])
			MOVO(s.cdgh, s.m[1])
		}
	})
	// The padding block: its W+K words are constants, shared by both
	// streams, with no schedule.
	for i := 0; i < 16; i++ {
		e = append(e, func() {
			MOVQ(t.padWK.Offset(16*i), X0)
			for _, s := range ss {
				SHA256RNDS2(X0, s.abef, s.cdgh)
			}
			MOVQ(t.padWK.Offset(16*i+8), X0)
			for _, s := range ss {
				SHA256RNDS2(X0, s.cdgh, s.abef)
			}
		})
	}
	e = append(e, func() {
		for _, s := range ss {
			PADDD(s.m[0], s.abef)
			PADDD(s.m[1], s.cdgh)
		}
	})
	return append(e, store()...)
}

// digestWords leaves a stream's digest as [B A D C] in s.tmp and
// [F E H G] in s.abef (host-order words).
func digestWords(s stream) (badc, fehg VecPhysical) {
	MOVO(s.abef, s.tmp)
	PUNPCKHQDQ(s.cdgh, s.tmp)
	PUNPCKLQDQ(s.cdgh, s.abef)
	return s.tmp, s.abef
}
