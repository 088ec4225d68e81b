// Package keccakgen holds what the Keccak-f[1600] kernel generators share:
// the round constants, rotation offsets and lane permutation, derived from
// the definitions in FIPS 202 rather than typed in, and the layout facts of
// a 64-byte legacy Keccak-256 message.
package keccakgen

// Rounds is the number of rounds of Keccak-f[1600].
const Rounds = 24

// Lane returns the index of lane (x, y) in the 5×5 state, x + 5y.
func Lane(x, y int) int { return x + 5*y }

// RC returns the 24 round constants of ι, produced by the degree-8 LFSR
// rc(t) of FIPS 202 section 3.2.5.
func RC() [Rounds]uint64 {
	var out [Rounds]uint64
	r := uint8(1)
	step := func() bool {
		bit := r&1 == 1
		if r&0x80 != 0 {
			r = r<<1 ^ 0x71
		} else {
			r <<= 1
		}
		return bit
	}
	for i := range out {
		for j := 0; j < 7; j++ {
			if step() {
				out[i] |= 1 << (1<<j - 1)
			}
		}
	}
	return out
}

// Rho returns the rotation offset of every lane (indexed by Lane), from
// the walk (x, y) ← (y, 2x+3y) of FIPS 202 section 3.2.2.
func Rho() [25]int {
	var out [25]int
	x, y := 1, 0
	for t := 0; t < 24; t++ {
		out[Lane(x, y)] = (t + 1) * (t + 2) / 2 % 64
		x, y = y, (2*x+3*y)%5
	}
	return out
}

// PiSource returns the lane (x, y) whose rotated value π moves to lane
// (X, Y): π sends (x, y) to (y, 2x+3y), so x = 3(Y−3X) mod 5 and y = X.
func PiSource(X, Y int) (x, y int) {
	return ((Y-3*X)%5 + 5) * 3 % 5, X
}

// Padding of a 64-byte message under legacy Keccak-256 (rate 136 bytes):
// the 0x01 domain byte lands in lane 8 and the final 0x80 bit in the top
// of lane 16; every lane from 9 on, except 16, stays zero.
const (
	InputLanes = 8
	PadLane    = 8
	PadWord    = uint64(0x01)
	EndLane    = 16
	EndWord    = uint64(1) << 63
)
