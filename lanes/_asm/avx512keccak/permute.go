package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"

	"github.com/lanehash/lanehash/lanes/_asm/keccakgen"
)

// zmm lists the 32 vector registers of AVX-512 by number.
var zmm = [32]VecPhysical{
	Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z7, Z8, Z9, Z10, Z11, Z12, Z13, Z14, Z15,
	Z16, Z17, Z18, Z19, Z20, Z21, Z22, Z23, Z24, Z25, Z26, Z27, Z28, Z29, Z30, Z31,
}

// Truth tables of VPTERNLOGQ, whose destination is operand a, the middle
// operand b and the first (possibly memory) operand c.
const (
	xor3   = 0x96 // a ^ b ^ c
	chiBit = 0xD2 // a ^ (^b & c)
)

// pool tracks the zmm registers that hold no live state lane, so the
// generator can rename instead of moving.
type pool struct{ free []VecPhysical }

// newPool returns a pool of every zmm register not in busy.
func newPool(busy ...VecPhysical) *pool {
	p := &pool{}
	for _, r := range zmm {
		taken := false
		for _, b := range busy {
			if b.ID() == r.ID() {
				taken = true
			}
		}
		if !taken {
			p.free = append(p.free, r)
		}
	}
	return p
}

func (p *pool) get() VecPhysical {
	if len(p.free) == 0 {
		panic("avx512keccak: out of zmm registers")
	}
	r := p.free[0]
	p.free = p.free[1:]
	return r
}

func (p *pool) put(rs ...VecPhysical) { p.free = append(p.free, rs...) }

// consts names the read-only data the permutation reads.
type consts struct {
	rc       Mem // 24 round constants, 8 bytes each
	pad, end Mem // the padding words of lanes 8 and 16
}

// permute emits Keccak-f[1600] over a pre-padded 64-byte message whose
// eight input lanes are in regs (lanes 8..24 are implied by the padding),
// and returns the registers holding output lanes 0..3. Only the work that
// reaches those four lanes is emitted for the last round.
func permute(in [keccakgen.InputLanes]VecPhysical, k consts) [4]VecPhysical {
	p := newPool(in[:]...)
	rho := keccakgen.Rho()
	var st [25]VecPhysical

	// Round 0 with the padding folded in: most lanes are zero, so their
	// θ result is the column's D itself and ρ can rotate D straight into
	// a fresh register.
	Comment("round 0: theta over the padded message")
	var c [5]VecPhysical
	for x := 0; x < 5; x++ {
		c[x] = p.get()
	}
	VPXORQ(in[5], in[0], c[0])
	VPXORQ(in[6], in[1], c[1])
	VPXORQ_BCST(k.end, c[1], c[1])
	VPXORQ(in[7], in[2], c[2])
	VPXORQ_BCST(k.pad, in[3], c[3])
	VMOVDQA64(in[4], c[4])
	var d [5]VecPhysical
	for x := 0; x < 5; x++ {
		d[x] = p.get()
		VPROLQ(U8(1), c[(x+1)%5], d[x])
		VPXORQ(c[(x+4)%5], d[x], d[x])
	}
	p.put(c[:]...)
	Comment("round 0: rho and pi")
	var a [25]VecPhysical
	for l := 0; l < 25; l++ {
		x := l % 5
		switch {
		case l < keccakgen.InputLanes:
			a[l] = in[l]
			VPXORQ(d[x], a[l], a[l])
			if rho[l] != 0 {
				VPROLQ(U8(rho[l]), a[l], a[l])
			}
		case l == keccakgen.PadLane || l == keccakgen.EndLane:
			a[l] = p.get()
			m := k.pad
			if l == keccakgen.EndLane {
				m = k.end
			}
			VPXORQ_BCST(m, d[x], a[l])
			VPROLQ(U8(rho[l]), a[l], a[l])
		default:
			a[l] = p.get()
			VPROLQ(U8(rho[l]), d[x], a[l])
		}
	}
	p.put(d[:]...)
	st = pi(a)
	chiIota(&st, p, k.rc, 0, false)

	for round := 1; round < keccakgen.Rounds; round++ {
		last := round == keccakgen.Rounds-1
		Comment(fmt.Sprintf("round %d", round))
		theta(&st, p, last)
		for l := 0; l < 25; l++ {
			if rho[l] != 0 && (!last || feedsRow0(l)) {
				VPROLQ(U8(rho[l]), st[l], st[l])
			}
		}
		st = pi(st)
		chiIota(&st, p, k.rc, round, last)
	}
	return [4]VecPhysical{st[0], st[1], st[2], st[3]}
}

// feedsRow0 reports whether π moves lane l into row 0, the only row the
// last round needs.
func feedsRow0(l int) bool {
	x, y := l%5, l/5
	return (2*x+3*y)%5 == 0
}

// pi renames registers: the value of lane (x, y) moves to (y, 2x+3y).
func pi(a [25]VecPhysical) [25]VecPhysical {
	var b [25]VecPhysical
	for X := 0; X < 5; X++ {
		for Y := 0; Y < 5; Y++ {
			x, y := keccakgen.PiSource(X, Y)
			b[keccakgen.Lane(X, Y)] = a[keccakgen.Lane(x, y)]
		}
	}
	return b
}

// theta emits θ in place: column parities with three-way xors, then
// each lane absorbs C[x-1] ^ rotl(C[x+1], 1) in one VPTERNLOGQ.
func theta(st *[25]VecPhysical, p *pool, last bool) {
	var c [5]VecPhysical
	for x := 0; x < 5; x++ {
		c[x] = p.get()
		VPXORQ(st[x+5], st[x], c[x])
		VPTERNLOGQ(U8(xor3), st[x+15], st[x+10], c[x])
		VPXORQ(st[x+20], c[x], c[x])
	}
	for x := 0; x < 5; x++ {
		t := p.get()
		VPROLQ(U8(1), c[(x+1)%5], t)
		for y := 0; y < 5; y++ {
			l := keccakgen.Lane(x, y)
			if !last || feedsRow0(l) {
				VPTERNLOGQ(U8(xor3), t, c[(x+4)%5], st[l])
			}
		}
		p.put(t)
	}
	p.put(c[:]...)
}

// chiIota emits χ row by row (one VPTERNLOGQ per lane, two saved
// copies per row so the row can be rewritten in place) and ι on lane 0.
// In the last round only lanes 0..3 of row 0 are computed.
func chiIota(st *[25]VecPhysical, p *pool, rc Mem, round int, last bool) {
	rows := 5
	if last {
		rows = 1
	}
	for y := 0; y < rows; y++ {
		b := st[5*y : 5*y+5]
		t0 := p.get()
		VMOVDQA64(b[0], t0)
		if last {
			VPTERNLOGQ(U8(chiBit), b[2], b[1], b[0])
			VPTERNLOGQ(U8(chiBit), b[3], b[2], b[1])
			VPTERNLOGQ(U8(chiBit), b[4], b[3], b[2])
			VPTERNLOGQ(U8(chiBit), t0, b[4], b[3])
			p.put(t0)
			break
		}
		t1 := p.get()
		VMOVDQA64(b[1], t1)
		VPTERNLOGQ(U8(chiBit), b[2], b[1], b[0])
		VPTERNLOGQ(U8(chiBit), b[3], b[2], b[1])
		VPTERNLOGQ(U8(chiBit), b[4], b[3], b[2])
		VPTERNLOGQ(U8(chiBit), t0, b[4], b[3])
		VPTERNLOGQ(U8(chiBit), t1, t0, b[4])
		p.put(t0, t1)
	}
	VPXORQ_BCST(rc.Offset(8*round), st[0], st[0])
}
