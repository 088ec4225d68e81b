package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// Four SHA-NI streams at once. Two streams with their schedules in
// registers are latency-bound on their own (64 dependent SHA256RNDS2 per
// message): beside the lanes, which are latency-bound too, the two
// chains take as long as each other and neither hides. Four streams
// halve the SHA-NI chain; their state takes X1–X8, so the first block's
// W+K words are computed ahead into the frame by a prep stage in X9–X14
// (one stream at a time), and the rounds only load them (MOVQ, no
// vector ALU op besides SHA256RNDS2). Prep of the next four streams
// runs beside the rounds of the current four.

var quadStates = [4][2]VecPhysical{{X1, X2}, {X3, X4}, {X5, X6}, {X7, X8}}

var prepRegs = struct {
	m       [4]VecPhysical
	tmp, wk VecPhysical
}{m: [4]VecPhysical{X9, X10, X11, X12}, tmp: X13, wk: X14}

// shaFrame is the SHA-NI part of the stack frame: two W+K buffers of
// four streams × 64 words, and the four states after the first block.
type shaFrame struct {
	wk  [2]Mem
	mid Mem
}

// prepStream computes stream k's 64 first-block W+K words into buf,
// from the message words load leaves in prepRegs.m (host order).
func prepStream(t tables, buf Mem, load emission) emission {
	e := append(emission(nil), load...)
	m, tmp, wk := prepRegs.m, prepRegs.tmp, prepRegs.wk
	for i := 0; i < 16; i++ {
		e = append(e, func() {
			MOVOU(t.k.Offset(16*i), wk)
			PADDD(m[i%4], wk)
			// Two eight-byte stores for the rounds' two eight-byte
			// loads: a load of the upper half of a 16-byte store is not
			// forwarded from it and waits for the store to retire.
			MOVQ(wk, buf.Offset(16*i))
			MOVHPD(wk, buf.Offset(16*i+8))
			if i+4 < 16 {
				w0, w1, w2, w3 := m[i%4], m[(i+1)%4], m[(i+2)%4], m[(i+3)%4]
				SHA256MSG1(w1, w0)
				MOVO(w3, tmp)
				PALIGNR(U8(4), w2, tmp)
				PADDD(tmp, w0)
				SHA256MSG2(w3, w0)
			}
		})
	}
	return e
}

// quadRounds runs both blocks of four streams whose W+K words are in
// buf (256 bytes per stream) and leaves, per stream k, [B A D C] in
// quadStates[k][1] and [F E H G] in quadStates[k][0]; store then writes
// the digests. Only X0 and X1–X8 are written.
func quadRounds(t tables, f shaFrame, buf Mem, store emission) emission {
	e := emission{func() {
		for _, s := range quadStates {
			MOVOU(t.shaIV, s[0])
			MOVOU(t.shaIV.Offset(16), s[1])
		}
	}}
	for i := 0; i < 16; i++ {
		for k, s := range quadStates {
			e = append(e, func() {
				MOVQ(buf.Offset(256*k+16*i), X0)
				SHA256RNDS2(X0, s[0], s[1])
				MOVQ(buf.Offset(256*k+16*i+8), X0)
				SHA256RNDS2(X0, s[1], s[0])
			})
		}
	}
	e = append(e, func() {
		for k, s := range quadStates {
			for h := 0; h < 2; h++ {
				MOVOU(t.shaIV.Offset(16*h), X0)
				PADDD(X0, s[h])
				MOVOU(s[h], f.mid.Offset(32*k+16*h))
			}
		}
	})
	for i := 0; i < 16; i++ {
		e = append(e, func() {
			MOVQ(t.padWK.Offset(16*i), X0)
			for _, s := range quadStates {
				SHA256RNDS2(X0, s[0], s[1])
			}
			MOVQ(t.padWK.Offset(16*i+8), X0)
			for _, s := range quadStates {
				SHA256RNDS2(X0, s[1], s[0])
			}
		})
	}
	e = append(e, func() {
		for k, s := range quadStates {
			for h := 0; h < 2; h++ {
				MOVOU(f.mid.Offset(32*k+16*h), X0)
				PADDD(X0, s[h])
			}
			MOVO(s[0], X0)
			PUNPCKLQDQ(s[1], s[0]) // [F E H G]
			PUNPCKHQDQ(s[1], X0)   // [B A D C]
			MOVO(X0, s[1])
		}
	})
	return append(e, store...)
}

// shaQuads returns the SHA-NI program of one block: quads of four
// streams, prep of quad q+1 merged evenly into the rounds of quad q.
// prep(q) and rounds(q) build the two stages of quad q.
func shaQuads(quads int, prep, rounds func(q int) emission) emission {
	e := prep(0)
	for q := 0; q < quads; q++ {
		r := rounds(q)
		if q+1 < quads {
			p := prep(q + 1)
			var merged emission
			j := 0
			for i, g := range r {
				merged = append(merged, g)
				for ; j < (i+1)*len(p)/len(r); j++ {
					merged = append(merged, p[j])
				}
			}
			r = append(merged, p[j:]...)
		}
		e = append(e, r...)
	}
	return e
}
