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

// Fixed register roles of a round. The column parities C enter every
// round in cRegs and the round leaves the next round's parities there,
// accumulated from its χ outputs as they are made, so no round reloads
// the whole state to compute them. D and one row of B take ten more
// registers and spare is the scratch of rotations and χ.
var (
	cRegs = [5]VecPhysical{Y0, Y1, Y2, Y3, Y4}
	dRegs = [5]VecPhysical{Y5, Y6, Y7, Y8, Y9}
	bRegs = [5]VecPhysical{Y10, Y11, Y12, Y13, Y14}
	spare = Y15
)

// permute emits Keccak-f[1600] over the pre-padded 64-byte messages whose
// eight input lanes are in Y0..Y7, and returns the registers holding
// output lanes 0..3. The state lives in the stack frame: 25 lanes do not
// fit in 16 ymm registers, so each round reads its input lanes as memory
// operands and stores its output, with C, D and one row of B in
// registers. counter and rcPtr are free general registers.
func permute(name string, s state, k consts, counter, rcPtr GPPhysical) [4]VecPhysical {
	in := [keccakgen.InputLanes]VecPhysical{Y0, Y1, Y2, Y3, Y4, Y5, Y6, Y7}
	Comment("round 0: the padding is folded in; lanes past the input are constants or zero")
	for l, r := range in {
		VMOVDQU(r, slot(s.buf[0], l))
	}
	VPXOR(in[5], in[0], cRegs[0])
	VPXOR(in[6], in[1], cRegs[1])
	VPXOR(k.end, cRegs[1], cRegs[1])
	VPXOR(in[7], in[2], cRegs[2])
	VPXOR(k.pad, in[3], cRegs[3])
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
	round(load0, s.buf[1], k.rc, k, false)

	Comment(fmt.Sprintf("rounds 1..%d, two per iteration so the buffers swap back", middleRounds))
	MOVQ(U32(middleRounds/2), counter)
	LEAQ(k.rc.Offset(32), rcPtr)
	Label(name + "Rounds")
	round(stateLoad(s.buf[1]), s.buf[0], Mem{Base: rcPtr}, k, false)
	round(stateLoad(s.buf[0]), s.buf[1], Mem{Base: rcPtr, Disp: 32}, k, false)
	ADDQ(U8(64), rcPtr)
	DECQ(counter)
	JNZ(LabelRef(name + "Rounds"))

	Comment("round 23: only output lanes 0..3")
	round(stateLoad(s.buf[1]), Mem{}, k.rc.Offset(32*(keccakgen.Rounds-1)), k, true)
	return [4]VecPhysical{cRegs[0], cRegs[1], cRegs[2], cRegs[3]}
}

// stateLoad returns the lane loader of a round that reads its state from
// src: it applies D to lane l into b, as a memory operand.
func stateLoad(src Mem) func(l int, d, b VecPhysical) bool {
	return func(l int, d, b VecPhysical) bool {
		VPXOR(slot(src, l), d, b)
		return true
	}
}

// round emits one round with C in cRegs: θ's D, then row by row the five
// B lanes of the row (D applied to the π source lane by load, then ρ),
// χ and ι, each output stored to dst and folded into the next round's C.
// load reports false for a lane known to be zero, whose B value is then D
// itself rotated. The last round makes only lanes 0..3 of row 0, left in
// cRegs[0..3].
func round(load func(l int, d, b VecPhysical) bool, dst Mem, rc Mem, k consts, last bool) {
	rho := keccakgen.Rho()
	for x := 0; x < 5; x++ {
		c1 := cRegs[(x+1)%5]
		VPSRLQ(U8(63), c1, spare)
		VPADDQ(c1, c1, dRegs[x])
		VPOR(spare, dRegs[x], dRegs[x])
		VPXOR(cRegs[(x+4)%5], dRegs[x], dRegs[x])
	}
	rows, cols := 5, 5
	if last {
		rows, cols = 1, 4
	}
	for Y := 0; Y < rows; Y++ {
		b := bRegs
		for X := 0; X < 5; X++ {
			x, y := keccakgen.PiSource(X, Y)
			l := keccakgen.Lane(x, y)
			if load(l, dRegs[x], b[X]) {
				rotate(b[X], b[X], rho[l], k)
			} else {
				rotate(dRegs[x], b[X], rho[l], k)
			}
		}
		for X := 0; X < cols; X++ {
			// Row 0 makes the next C directly; later rows fold in.
			t := spare
			if Y == 0 {
				t = cRegs[X]
			}
			VPANDN(b[(X+2)%5], b[(X+1)%5], t)
			VPXOR(b[X], t, t)
			if X == 0 && Y == 0 {
				VPXOR(rc, t, t)
			}
			if last {
				continue
			}
			VMOVDQU(t, slot(dst, keccakgen.Lane(X, Y)))
			if Y > 0 {
				VPXOR(t, cRegs[X], cRegs[X])
			}
		}
	}
}

// rotate emits dst = rotl(src, r): a byte shuffle for multiples of 8,
// otherwise two shifts and an or (the left shift by 1 as an add), with
// spare as scratch.
func rotate(src, dst VecPhysical, r int, k consts) {
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
	if r == 1 {
		VPADDQ(src, src, spare)
	} else {
		VPSLLQ(U8(r), src, spare)
	}
	VPSRLQ(U8(64-r), src, dst)
	VPOR(spare, dst, dst)
}
