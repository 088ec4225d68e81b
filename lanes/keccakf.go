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

// keccakF1600 applies the Keccak-f[1600] permutation (FIPS 202,
// section 3) to the state, lane (x, y) at index x+5y. The 25 lanes live
// in locals for the whole permutation so the compiler can keep as many
// as fit in registers.
func keccakF1600(s *[25]uint64) {
	a00, a10, a20, a30, a40 := s[0], s[1], s[2], s[3], s[4]
	a01, a11, a21, a31, a41 := s[5], s[6], s[7], s[8], s[9]
	a02, a12, a22, a32, a42 := s[10], s[11], s[12], s[13], s[14]
	a03, a13, a23, a33, a43 := s[15], s[16], s[17], s[18], s[19]
	a04, a14, a24, a34, a44 := s[20], s[21], s[22], s[23], s[24]
	for _, rc := range keccakRC {
		// theta: add the parities of two neighbouring columns to every lane.
		c0 := a00 ^ a01 ^ a02 ^ a03 ^ a04
		c1 := a10 ^ a11 ^ a12 ^ a13 ^ a14
		c2 := a20 ^ a21 ^ a22 ^ a23 ^ a24
		c3 := a30 ^ a31 ^ a32 ^ a33 ^ a34
		c4 := a40 ^ a41 ^ a42 ^ a43 ^ a44
		d0 := c4 ^ bits.RotateLeft64(c1, 1)
		d1 := c0 ^ bits.RotateLeft64(c2, 1)
		d2 := c1 ^ bits.RotateLeft64(c3, 1)
		d3 := c2 ^ bits.RotateLeft64(c4, 1)
		d4 := c3 ^ bits.RotateLeft64(c0, 1)
		// rho and pi: rotate each lane and move it to its new position.
		b00 := a00 ^ d0
		b13 := bits.RotateLeft64(a01^d0, 36)
		b21 := bits.RotateLeft64(a02^d0, 3)
		b34 := bits.RotateLeft64(a03^d0, 41)
		b42 := bits.RotateLeft64(a04^d0, 18)
		b02 := bits.RotateLeft64(a10^d1, 1)
		b10 := bits.RotateLeft64(a11^d1, 44)
		b23 := bits.RotateLeft64(a12^d1, 10)
		b31 := bits.RotateLeft64(a13^d1, 45)
		b44 := bits.RotateLeft64(a14^d1, 2)
		b04 := bits.RotateLeft64(a20^d2, 62)
		b12 := bits.RotateLeft64(a21^d2, 6)
		b20 := bits.RotateLeft64(a22^d2, 43)
		b33 := bits.RotateLeft64(a23^d2, 15)
		b41 := bits.RotateLeft64(a24^d2, 61)
		b01 := bits.RotateLeft64(a30^d3, 28)
		b14 := bits.RotateLeft64(a31^d3, 55)
		b22 := bits.RotateLeft64(a32^d3, 25)
		b30 := bits.RotateLeft64(a33^d3, 21)
		b43 := bits.RotateLeft64(a34^d3, 56)
		b03 := bits.RotateLeft64(a40^d4, 27)
		b11 := bits.RotateLeft64(a41^d4, 20)
		b24 := bits.RotateLeft64(a42^d4, 39)
		b32 := bits.RotateLeft64(a43^d4, 8)
		b40 := bits.RotateLeft64(a44^d4, 14)
		// chi: the only non-linear step, along each row; iota on lane 0.
		a00 = b00 ^ (^b10 & b20)
		a10 = b10 ^ (^b20 & b30)
		a20 = b20 ^ (^b30 & b40)
		a30 = b30 ^ (^b40 & b00)
		a40 = b40 ^ (^b00 & b10)
		a01 = b01 ^ (^b11 & b21)
		a11 = b11 ^ (^b21 & b31)
		a21 = b21 ^ (^b31 & b41)
		a31 = b31 ^ (^b41 & b01)
		a41 = b41 ^ (^b01 & b11)
		a02 = b02 ^ (^b12 & b22)
		a12 = b12 ^ (^b22 & b32)
		a22 = b22 ^ (^b32 & b42)
		a32 = b32 ^ (^b42 & b02)
		a42 = b42 ^ (^b02 & b12)
		a03 = b03 ^ (^b13 & b23)
		a13 = b13 ^ (^b23 & b33)
		a23 = b23 ^ (^b33 & b43)
		a33 = b33 ^ (^b43 & b03)
		a43 = b43 ^ (^b03 & b13)
		a04 = b04 ^ (^b14 & b24)
		a14 = b14 ^ (^b24 & b34)
		a24 = b24 ^ (^b34 & b44)
		a34 = b34 ^ (^b44 & b04)
		a44 = b44 ^ (^b04 & b14)
		a00 ^= rc
	}
	s[0], s[1], s[2], s[3], s[4] = a00, a10, a20, a30, a40
	s[5], s[6], s[7], s[8], s[9] = a01, a11, a21, a31, a41
	s[10], s[11], s[12], s[13], s[14] = a02, a12, a22, a32, a42
	s[15], s[16], s[17], s[18], s[19] = a03, a13, a23, a33, a43
	s[20], s[21], s[22], s[23], s[24] = a04, a14, a24, a34, a44
}
