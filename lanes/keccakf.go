package lanes

import "math/bits"

// keccakRC holds the 24 iota round constants, derived at init from the
// degree-8 LFSR of FIPS 202 (algorithm 5) rather than typed in.
var keccakRC = keccakRoundConstants()

func keccakRoundConstants() [24]uint64 {
	var rc [24]uint64
	// lfsr is the state of x^8 + x^6 + x^5 + x^4 + 1 over GF(2); each call
	// to next returns one output bit, rc(t) of FIPS 202 in order.
	lfsr := uint8(1)
	next := func() uint64 {
		bit := uint64(lfsr & 1)
		if lfsr&0x80 != 0 {
			lfsr = lfsr<<1 ^ 0x71
		} else {
			lfsr <<= 1
		}
		return bit
	}
	for i := range rc {
		for j := 0; j < 7; j++ {
			rc[i] |= next() << ((1 << j) - 1)
		}
	}
	return rc
}

// keccakStates is the scratch of keccak256Of64: the two states its rounds
// alternate between.
type keccakStates [2][25]uint64

// keccak256Of64 computes legacy Keccak-256 of one 64-byte message given
// as 8 little-endian words, and returns the digest's 4 words. The message
// fits in one block of rate, so the hash is one Keccak-f[1600] (FIPS 202,
// section 3) of the pre-padded state: lanes 0..7 the message, lane 8 the
// 0x01 domain byte, lane 16 the final bit of the block, all others zero.
// The first round is specialised for those zero lanes and the last round
// computes only the 4 output lanes. Lane (x, y) is at index x+5y; the
// rounds alternate between the states a and e, so each output row is
// written as soon as it is computed without overwriting lanes that other
// rows still read, and the states stay in memory, where x86 folds most
// loads into the XORs. Between rounds lanes 1, 2, 8, 12, 17 and 20 are
// held inverted ("lane complementing", Keccak implementation overview,
// section 2.2), so chi needs one NOT per row instead of five: the first
// round takes true lanes and writes that form, the last reads it and
// writes true lanes. The code is generated
// from these rules: each chi output takes the AND form b0 ^ (^b1 & b2)
// or the OR form ^b0 ^ (b1 | ^b2), whichever needs fewer inversions of
// the lanes as held.
func keccak256Of64(d *[4]uint64, m *[8]uint64, st *keccakStates) {
	a, e := &st[0], &st[1]
	var c0, c1, c2, c3, c4, d0, d1, d2, d3, d4, b0, b1, b2, b3, b4 uint64
	var nb0, nb1, nb2, nb3, nb4 uint64

	// theta: the parity of columns x-1 and x+1 goes into column x.
	c0 = m[0] ^ m[5]
	c1 = m[1] ^ m[6] ^ 0x8000000000000000
	c2 = m[2] ^ m[7]
	c3 = m[3] ^ 0x01
	c4 = m[4]
	d0 = c4 ^ bits.RotateLeft64(c1, 1)
	d1 = c0 ^ bits.RotateLeft64(c2, 1)
	d2 = c1 ^ bits.RotateLeft64(c3, 1)
	d3 = c2 ^ bits.RotateLeft64(c4, 1)
	d4 = c3 ^ bits.RotateLeft64(c0, 1)
	// rho, pi and chi, one output row at a time.
	b0 = m[0] ^ d0
	b1 = bits.RotateLeft64(m[6]^d1, 44)
	b2 = bits.RotateLeft64(d2, 43)
	b3 = bits.RotateLeft64(d3, 21)
	b4 = bits.RotateLeft64(d4, 14)
	nb1 = ^b1
	nb2 = ^b2
	nb4 = ^b4
	e[0] = b0 ^ (nb1 & b2) ^ keccakRC[0]
	e[1] = nb1 ^ (nb2 & b3)
	e[2] = b2 ^ (b3 | nb4)
	e[3] = b3 ^ (nb4 & b0)
	e[4] = nb4 ^ (b0 | nb1)
	b0 = bits.RotateLeft64(m[3]^d3, 28)
	b1 = bits.RotateLeft64(d4, 20)
	b2 = bits.RotateLeft64(d0, 3)
	b3 = bits.RotateLeft64(0x8000000000000000^d1, 45)
	b4 = bits.RotateLeft64(d2, 61)
	nb1 = ^b1
	nb3 = ^b3
	nb4 = ^b4
	e[5] = b0 ^ (nb1 & b2)
	e[6] = nb1 ^ (b2 | nb3)
	e[7] = b2 ^ (nb3 & b4)
	e[8] = nb3 ^ (nb4 & b0)
	e[9] = nb4 ^ (b0 | nb1)
	b0 = bits.RotateLeft64(m[1]^d1, 1)
	b1 = bits.RotateLeft64(m[7]^d2, 6)
	b2 = bits.RotateLeft64(d3, 25)
	b3 = bits.RotateLeft64(d4, 8)
	b4 = bits.RotateLeft64(d0, 18)
	nb1 = ^b1
	nb2 = ^b2
	nb4 = ^b4
	e[10] = b0 ^ (nb1 & b2)
	e[11] = b1 ^ (nb2 & b3)
	e[12] = b2 ^ (b3 | nb4)
	e[13] = b3 ^ (nb4 & b0)
	e[14] = nb4 ^ (b0 | nb1)
	b0 = bits.RotateLeft64(m[4]^d4, 27)
	b1 = bits.RotateLeft64(m[5]^d0, 36)
	b2 = bits.RotateLeft64(d1, 10)
	b3 = bits.RotateLeft64(d2, 15)
	b4 = bits.RotateLeft64(d3, 56)
	nb1 = ^b1
	nb2 = ^b2
	nb4 = ^b4
	e[15] = b0 ^ (nb1 & b2)
	e[16] = b1 ^ (nb2 & b3)
	e[17] = b2 ^ (b3 | nb4)
	e[18] = b3 ^ (nb4 & b0)
	e[19] = nb4 ^ (b0 | nb1)
	b0 = bits.RotateLeft64(m[2]^d2, 62)
	b1 = bits.RotateLeft64(0x01^d3, 55)
	b2 = bits.RotateLeft64(d4, 39)
	b3 = bits.RotateLeft64(d0, 41)
	b4 = bits.RotateLeft64(d1, 2)
	nb0 = ^b0
	nb1 = ^b1
	nb3 = ^b3
	e[20] = nb0 ^ (nb1 & b2)
	e[21] = nb1 ^ (b2 | nb3)
	e[22] = b2 ^ (nb3 & b4)
	e[23] = nb3 ^ (b4 | nb0)
	e[24] = b4 ^ (nb0 & b1)

	for i := 1; i < len(keccakRC)-1; i += 2 {
		// theta: the parity of columns x-1 and x+1 goes into column x.
		c0 = e[0] ^ e[5] ^ e[10] ^ e[15] ^ e[20]
		c1 = e[1] ^ e[6] ^ e[11] ^ e[16] ^ e[21]
		c2 = e[2] ^ e[7] ^ e[12] ^ e[17] ^ e[22]
		c3 = e[3] ^ e[8] ^ e[13] ^ e[18] ^ e[23]
		c4 = e[4] ^ e[9] ^ e[14] ^ e[19] ^ e[24]
		d0 = c4 ^ bits.RotateLeft64(c1, 1)
		d1 = c0 ^ bits.RotateLeft64(c2, 1)
		d2 = c1 ^ bits.RotateLeft64(c3, 1)
		d3 = c2 ^ bits.RotateLeft64(c4, 1)
		d4 = c3 ^ bits.RotateLeft64(c0, 1)
		// rho, pi and chi, one output row at a time.
		b0 = e[0] ^ d0
		b1 = bits.RotateLeft64(e[6]^d1, 44)
		b2 = bits.RotateLeft64(e[12]^d2, 43)
		b3 = bits.RotateLeft64(e[18]^d3, 21)
		b4 = bits.RotateLeft64(e[24]^d4, 14)
		nb2 = ^b2
		a[0] = b0 ^ (b1 | b2) ^ keccakRC[i]
		a[1] = b1 ^ (nb2 | b3)
		a[2] = b2 ^ (b3 & b4)
		a[3] = b3 ^ (b4 | b0)
		a[4] = b4 ^ (b0 & b1)
		b0 = bits.RotateLeft64(e[3]^d3, 28)
		b1 = bits.RotateLeft64(e[9]^d4, 20)
		b2 = bits.RotateLeft64(e[10]^d0, 3)
		b3 = bits.RotateLeft64(e[16]^d1, 45)
		b4 = bits.RotateLeft64(e[22]^d2, 61)
		nb4 = ^b4
		a[5] = b0 ^ (b1 | b2)
		a[6] = b1 ^ (b2 & b3)
		a[7] = b2 ^ (b3 | nb4)
		a[8] = b3 ^ (b4 | b0)
		a[9] = b4 ^ (b0 & b1)
		b0 = bits.RotateLeft64(e[1]^d1, 1)
		b1 = bits.RotateLeft64(e[7]^d2, 6)
		b2 = bits.RotateLeft64(e[13]^d3, 25)
		b3 = bits.RotateLeft64(e[19]^d4, 8)
		b4 = bits.RotateLeft64(e[20]^d0, 18)
		nb3 = ^b3
		a[10] = b0 ^ (b1 | b2)
		a[11] = b1 ^ (b2 & b3)
		a[12] = b2 ^ (nb3 & b4)
		a[13] = nb3 ^ (b4 | b0)
		a[14] = b4 ^ (b0 & b1)
		b0 = bits.RotateLeft64(e[4]^d4, 27)
		b1 = bits.RotateLeft64(e[5]^d0, 36)
		b2 = bits.RotateLeft64(e[11]^d1, 10)
		b3 = bits.RotateLeft64(e[17]^d2, 15)
		b4 = bits.RotateLeft64(e[23]^d3, 56)
		nb3 = ^b3
		a[15] = b0 ^ (b1 & b2)
		a[16] = b1 ^ (b2 | b3)
		a[17] = b2 ^ (nb3 | b4)
		a[18] = nb3 ^ (b4 & b0)
		a[19] = b4 ^ (b0 | b1)
		b0 = bits.RotateLeft64(e[2]^d2, 62)
		b1 = bits.RotateLeft64(e[8]^d3, 55)
		b2 = bits.RotateLeft64(e[14]^d4, 39)
		b3 = bits.RotateLeft64(e[15]^d0, 41)
		b4 = bits.RotateLeft64(e[21]^d1, 2)
		nb1 = ^b1
		a[20] = b0 ^ (nb1 & b2)
		a[21] = nb1 ^ (b2 | b3)
		a[22] = b2 ^ (b3 & b4)
		a[23] = b3 ^ (b4 | b0)
		a[24] = b4 ^ (b0 & b1)

		// theta: the parity of columns x-1 and x+1 goes into column x.
		c0 = a[0] ^ a[5] ^ a[10] ^ a[15] ^ a[20]
		c1 = a[1] ^ a[6] ^ a[11] ^ a[16] ^ a[21]
		c2 = a[2] ^ a[7] ^ a[12] ^ a[17] ^ a[22]
		c3 = a[3] ^ a[8] ^ a[13] ^ a[18] ^ a[23]
		c4 = a[4] ^ a[9] ^ a[14] ^ a[19] ^ a[24]
		d0 = c4 ^ bits.RotateLeft64(c1, 1)
		d1 = c0 ^ bits.RotateLeft64(c2, 1)
		d2 = c1 ^ bits.RotateLeft64(c3, 1)
		d3 = c2 ^ bits.RotateLeft64(c4, 1)
		d4 = c3 ^ bits.RotateLeft64(c0, 1)
		// rho, pi and chi, one output row at a time.
		b0 = a[0] ^ d0
		b1 = bits.RotateLeft64(a[6]^d1, 44)
		b2 = bits.RotateLeft64(a[12]^d2, 43)
		b3 = bits.RotateLeft64(a[18]^d3, 21)
		b4 = bits.RotateLeft64(a[24]^d4, 14)
		nb2 = ^b2
		e[0] = b0 ^ (b1 | b2) ^ keccakRC[i+1]
		e[1] = b1 ^ (nb2 | b3)
		e[2] = b2 ^ (b3 & b4)
		e[3] = b3 ^ (b4 | b0)
		e[4] = b4 ^ (b0 & b1)
		b0 = bits.RotateLeft64(a[3]^d3, 28)
		b1 = bits.RotateLeft64(a[9]^d4, 20)
		b2 = bits.RotateLeft64(a[10]^d0, 3)
		b3 = bits.RotateLeft64(a[16]^d1, 45)
		b4 = bits.RotateLeft64(a[22]^d2, 61)
		nb4 = ^b4
		e[5] = b0 ^ (b1 | b2)
		e[6] = b1 ^ (b2 & b3)
		e[7] = b2 ^ (b3 | nb4)
		e[8] = b3 ^ (b4 | b0)
		e[9] = b4 ^ (b0 & b1)
		b0 = bits.RotateLeft64(a[1]^d1, 1)
		b1 = bits.RotateLeft64(a[7]^d2, 6)
		b2 = bits.RotateLeft64(a[13]^d3, 25)
		b3 = bits.RotateLeft64(a[19]^d4, 8)
		b4 = bits.RotateLeft64(a[20]^d0, 18)
		nb3 = ^b3
		e[10] = b0 ^ (b1 | b2)
		e[11] = b1 ^ (b2 & b3)
		e[12] = b2 ^ (nb3 & b4)
		e[13] = nb3 ^ (b4 | b0)
		e[14] = b4 ^ (b0 & b1)
		b0 = bits.RotateLeft64(a[4]^d4, 27)
		b1 = bits.RotateLeft64(a[5]^d0, 36)
		b2 = bits.RotateLeft64(a[11]^d1, 10)
		b3 = bits.RotateLeft64(a[17]^d2, 15)
		b4 = bits.RotateLeft64(a[23]^d3, 56)
		nb3 = ^b3
		e[15] = b0 ^ (b1 & b2)
		e[16] = b1 ^ (b2 | b3)
		e[17] = b2 ^ (nb3 | b4)
		e[18] = nb3 ^ (b4 & b0)
		e[19] = b4 ^ (b0 | b1)
		b0 = bits.RotateLeft64(a[2]^d2, 62)
		b1 = bits.RotateLeft64(a[8]^d3, 55)
		b2 = bits.RotateLeft64(a[14]^d4, 39)
		b3 = bits.RotateLeft64(a[15]^d0, 41)
		b4 = bits.RotateLeft64(a[21]^d1, 2)
		nb1 = ^b1
		e[20] = b0 ^ (nb1 & b2)
		e[21] = nb1 ^ (b2 | b3)
		e[22] = b2 ^ (b3 & b4)
		e[23] = b3 ^ (b4 | b0)
		e[24] = b4 ^ (b0 & b1)
	}

	// theta: the parity of columns x-1 and x+1 goes into column x.
	c0 = e[0] ^ e[5] ^ e[10] ^ e[15] ^ e[20]
	c1 = e[1] ^ e[6] ^ e[11] ^ e[16] ^ e[21]
	c2 = e[2] ^ e[7] ^ e[12] ^ e[17] ^ e[22]
	c3 = e[3] ^ e[8] ^ e[13] ^ e[18] ^ e[23]
	c4 = e[4] ^ e[9] ^ e[14] ^ e[19] ^ e[24]
	d0 = c4 ^ bits.RotateLeft64(c1, 1)
	d1 = c0 ^ bits.RotateLeft64(c2, 1)
	d2 = c1 ^ bits.RotateLeft64(c3, 1)
	d3 = c2 ^ bits.RotateLeft64(c4, 1)
	d4 = c3 ^ bits.RotateLeft64(c0, 1)
	// rho, pi and chi, one output row at a time.
	b0 = e[0] ^ d0
	b1 = bits.RotateLeft64(e[6]^d1, 44)
	b2 = bits.RotateLeft64(e[12]^d2, 43)
	b3 = bits.RotateLeft64(e[18]^d3, 21)
	b4 = bits.RotateLeft64(e[24]^d4, 14)
	nb2 = ^b2
	nb3 = ^b3
	d[0] = b0 ^ (b1 | b2) ^ keccakRC[len(keccakRC)-1]
	d[1] = b1 ^ (b2 & nb3)
	d[2] = nb2 ^ (b3 & b4)
	d[3] = b3 ^ (b4 | b0)
}
