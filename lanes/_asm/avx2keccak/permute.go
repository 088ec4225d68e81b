package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"

	"github.com/lanehash/lanehash/lanes/_asm/keccakgen"
)

// consts names the read-only data of the permutation; every entry is a
// full ymm operand (words replicated over the four lanes) so it can be a
// memory operand of VPXOR or VPSHUFB.
type consts struct {
	rc          Mem // 24 round constants, 32 bytes each
	pad, end    Mem // the padding words of lanes 8 and 16
	rot8, rot56 Mem // VPSHUFB controls rotating each word left by 8 and 56 bits
}

// state is the permutation's scratch: two 25-lane states of 32 bytes a
// lane in the stack frame, read and written alternately by the rounds.
type state struct{ buf [2]Mem }

func slot(m Mem, lane int) Mem { return m.Offset(32 * lane) }

// middleRounds is how many rounds run from the two-round loop: all but
// the first (padding folded in) and the last (four output lanes only).
const middleRounds = keccakgen.Rounds - 2

// permute emits Keccak-f[1600] over the pre-padded 64-byte messages whose
// eight input lanes are in `in`, and returns the registers holding output
// lanes 0..3. The state lives in the stack frame: 25 lanes do not fit in
// 16 ymm registers, so each round reads its input lanes as memory
// operands and stores its output, with C, D and one row of B in
// registers. counter and rcPtr are free general registers.
func permute(name string, in [keccakgen.InputLanes]VecPhysical, s state, k consts, counter, rcPtr GPPhysical) [4]VecPhysical {
	rho := keccakgen.Rho()
	Comment("round 0: the padding is folded in; lanes past the input are constants or zero")
	for l, r := range in {
		VMOVDQU(r, slot(s.buf[0], l))
	}
	p := newPool(in[:]...)
	VPXOR(in[5], in[0], in[0])
	VPXOR(in[6], in[1], in[1])
	VPXOR(k.end, in[1], in[1])
	VPXOR(in[7], in[2], in[2])
	VPXOR(k.pad, in[3], in[3])
	p.put(in[5], in[6], in[7])
	c := [5]VecPhysical{in[0], in[1], in[2], in[3], in[4]}
	d := columnMix(c, p)
	p.put(c[:]...)
	load0 := func(l int, d, b VecPhysical) bool {
		switch {
		case l < keccakgen.InputLanes:
			VPXOR(slot(s.buf[0], l), d, b)
		case l == keccakgen.PadLane:
			VPXOR(k.pad, d, b)
		case l == keccakgen.EndLane:
			VPXOR(k.end, d, b)
		default:
			return false
		}
		return true
	}
	rhoPiChi(load0, d, p, rho, k, k.rc, s.buf[1], false)

	Comment(fmt.Sprintf("rounds 1..%d, two per iteration so the buffers swap back", middleRounds))
	MOVQ(U32(middleRounds/2), counter)
	LEAQ(k.rc.Offset(32), rcPtr)
	Label(name + "Rounds")
	round(s.buf[1], s.buf[0], Mem{Base: rcPtr}, rho, k, false)
	round(s.buf[0], s.buf[1], Mem{Base: rcPtr, Disp: 32}, rho, k, false)
	ADDQ(U8(64), rcPtr)
	DECQ(counter)
	JNZ(LabelRef(name + "Rounds"))

	Comment("round 23: only output lanes 0..3")
	return round(s.buf[1], Mem{}, k.rc.Offset(32*(keccakgen.Rounds-1)), rho, k, true)
}

// round emits one full round from src to dst, or, when last, only the
// four output lanes, returned in registers.
func round(src, dst Mem, rc Mem, rho [25]int, k consts, last bool) [4]VecPhysical {
	p := newPool()
	var c [5]VecPhysical
	for x := 0; x < 5; x++ {
		c[x] = p.get()
		VMOVDQU(slot(src, x), c[x])
		for y := 1; y < 5; y++ {
			VPXOR(slot(src, keccakgen.Lane(x, y)), c[x], c[x])
		}
	}
	d := columnMix(c, p)
	p.put(c[:]...)
	load := func(l int, d, b VecPhysical) bool {
		VPXOR(slot(src, l), d, b)
		return true
	}
	return rhoPiChi(load, d, p, rho, k, rc, dst, last)
}

// columnMix emits D[x] = C[x-1] ^ rotl(C[x+1], 1) into fresh registers.
func columnMix(c [5]VecPhysical, p *pool) [5]VecPhysical {
	var d [5]VecPhysical
	t := p.get()
	for x := 0; x < 5; x++ {
		d[x] = p.get()
		VPSRLQ(U8(63), c[(x+1)%5], t)
		VPADDQ(c[(x+1)%5], c[(x+1)%5], d[x])
		VPOR(t, d[x], d[x])
		VPXOR(c[(x+4)%5], d[x], d[x])
	}
	p.put(t)
	return d
}

// rhoPiChi emits, row by row, the five B lanes of the row (θ's D
// applied to the π source lane, then ρ) and χ and ι on them, storing the
// row to dst. load applies D to lane l into b and reports false for a lane
// known to be zero, whose B value is then D itself rotated. In the last
// round only lanes 0..3 of row 0 are made and returned.
func rhoPiChi(load func(l int, d, b VecPhysical) bool, d [5]VecPhysical, p *pool, rho [25]int, k consts, rc, dst Mem, last bool) [4]VecPhysical {
	rows := 5
	if last {
		rows = 1
	}
	var out [4]VecPhysical
	for Y := 0; Y < rows; Y++ {
		var b [5]VecPhysical
		for X := 0; X < 5; X++ {
			x, y := keccakgen.PiSource(X, Y)
			l := keccakgen.Lane(x, y)
			b[X] = p.get()
			if load(l, d[x], b[X]) {
				rotate(b[X], b[X], rho[l], p, k)
			} else {
				rotate(d[x], b[X], rho[l], p, k)
			}
		}
		cols := 5
		if last {
			cols = 4
		}
		for X := 0; X < cols; X++ {
			t := p.get()
			VPANDN(b[(X+2)%5], b[(X+1)%5], t)
			VPXOR(b[X], t, t)
			if X == 0 && Y == 0 {
				VPXOR(rc, t, t)
			}
			if last {
				out[X] = t
				continue
			}
			VMOVDQU(t, slot(dst, keccakgen.Lane(X, Y)))
			p.put(t)
		}
		p.put(b[:]...)
	}
	p.put(d[:]...)
	return out
}

// rotate emits dst = rotl(src, r): a byte shuffle for multiples of 8,
// otherwise two shifts and an or (the left shift by 1 as an add).
func rotate(src, dst VecPhysical, r int, p *pool, k consts) {
	switch r {
	case 0:
		if src.ID() != dst.ID() {
			VMOVDQA(src, dst)
		}
		return
	case 8:
		VPSHUFB(k.rot8, src, dst)
		return
	case 56:
		VPSHUFB(k.rot56, src, dst)
		return
	}
	t := p.get()
	if r == 1 {
		VPADDQ(src, src, t)
	} else {
		VPSLLQ(U8(r), src, t)
	}
	VPSRLQ(U8(64-r), src, dst)
	VPOR(t, dst, dst)
	p.put(t)
}
