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
	c = chiRound0(&st, p, k.rc)

	for round := 1; round < keccakgen.Rounds; round++ {
		last := round == keccakgen.Rounds-1
		Comment(fmt.Sprintf("round %d", round))
		st, c = roundByRows(st, c, p, k.rc, round, last, rho)
	}
	return [4]VecPhysical{st[0], st[1], st[2], st[3]}
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

// roundByRows emits one round (θ, ρ, π, χ, ι) from the column parities c
// in the order χ consumes lanes: the five D words first (then c is
// free), and for each output row its five source lanes' θ and ρ followed
// by the row's χ, so that χ of the first rows runs beside the θ and ρ
// of the later ones instead of after all of them. It returns the new
// state and, unless last, the next round's parities.
func roundByRows(st [25]VecPhysical, c [5]VecPhysical, p *pool, rc Mem, round int, last bool, rho [25]int) ([25]VecPhysical, [5]VecPhysical) {
	// D[x] = C[x-1] ^ rotl(C[x+1], 1). Each C is read by two D words;
	// the order 0, 1, 3, 2, 4 lets D3 and D4 overwrite the C they rotate
	// (its last use), so that 32 registers are never exceeded: 25 lanes,
	// the five C and at most two D in fresh registers.
	var d [5]VecPhysical
	fresh := func(x int) {
		d[x] = p.get()
		VPROLQ(U8(1), c[(x+1)%5], d[x])
		VPXORQ(c[(x+4)%5], d[x], d[x])
	}
	inPlace := func(x int) {
		r := c[(x+1)%5]
		VPROLQ(U8(1), r, r)
		VPXORQ(c[(x+4)%5], r, r)
		d[x] = r
	}
	fresh(0)
	fresh(1)
	inPlace(3) // C4's last use; C2's too
	p.put(c[2])
	fresh(2) // C1's and C3's ... C1's last use
	p.put(c[1])
	inPlace(4) // C0's last use; C3's too
	p.put(c[3])
	rows := 5
	if last {
		rows = 1
	}
	var nst [25]VecPhysical
	// Row Y's χ is emitted after row Y+1's θ and ρ (skew), so that the
	// rotates of the next row are in the window while χ waits on the
	// last rotates of its own. Once the last row's θ frees the D words,
	// the next parities start from rows 0..2 (out by then) while rows 3
	// and 4 are still in χ, so that only one three-way xor a column
	// follows the last χ.
	var rowsB [5][5]VecPhysical
	chi := func(z int) {
		chiRow(rowsB[z], p, rc, round, z, last)
		copy(nst[5*z:5*z+5], rowsB[z][:])
	}
	for Y := 0; Y < rows; Y++ {
		for X := 0; X < 5; X++ {
			x, y := keccakgen.PiSource(X, Y)
			l := keccakgen.Lane(x, y)
			VPXORQ(d[x], st[l], st[l])
			if rho[l] != 0 {
				VPROLQ(U8(rho[l]), st[l], st[l])
			}
			rowsB[Y][X] = st[l]
		}
		if Y > 0 && Y < rows-1 {
			chi(Y - 1)
		}
	}
	p.put(d[:]...)
	if last {
		chi(0)
		return nst, c
	}
	c = paritiesOfRows012(&nst, p)
	chi(3)
	chi(4)
	paritiesAddRows34(&nst, c)
	return nst, c
}

// chiRow emits χ of one row in place (two saved copies), with ι folded
// into lane 0 of row 0 before χ reads it; in the last round only lanes
// 0..3 of the row.
func chiRow(b [5]VecPhysical, p *pool, rc Mem, round, y int, last bool) {
	t0 := p.get()
	VMOVDQA64(b[0], t0)
	if y == 0 {
		VPXORQ_BCST(rc.Offset(8*round), b[0], b[0])
	}
	if last {
		VPTERNLOGQ(U8(chiBit), b[2], b[1], b[0])
		VPTERNLOGQ(U8(chiBit), b[3], b[2], b[1])
		VPTERNLOGQ(U8(chiBit), b[4], b[3], b[2])
		VPTERNLOGQ(U8(chiBit), t0, b[4], b[3])
		p.put(t0)
		return
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

// chiRound0 emits χ and ι of round 0, whose θ and ρ permute emits
// from the padded message, row by row, and returns round 1's column
// parities: two three-way xors a column, the first as soon as rows 0..2
// are out.
func chiRound0(st *[25]VecPhysical, p *pool, rc Mem) (c [5]VecPhysical) {
	for y := 0; y < 5; y++ {
		var b [5]VecPhysical
		copy(b[:], st[5*y:5*y+5])
		chiRow(b, p, rc, 0, y, false)
		switch y {
		case 2:
			c = paritiesOfRows012(st, p)
		case 4:
			paritiesAddRows34(st, c)
		}
	}
	return c
}

// paritiesOfRows012 starts the column parities from rows 0..2 of st,
// one copy and one three-way xor a column, in fresh registers.
func paritiesOfRows012(st *[25]VecPhysical, p *pool) (c [5]VecPhysical) {
	for x := 0; x < 5; x++ {
		c[x] = p.get()
		VMOVDQA64(st[x], c[x])
		VPTERNLOGQ(U8(xor3), st[x+10], st[x+5], c[x])
	}
	return c
}

// paritiesAddRows34 completes the column parities c with rows 3 and 4
// of st, one three-way xor a column.
func paritiesAddRows34(st *[25]VecPhysical, c [5]VecPhysical) {
	for x := 0; x < 5; x++ {
		VPTERNLOGQ(U8(xor3), st[x+20], st[x+15], c[x])
	}
}
