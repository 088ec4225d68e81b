// Package sha256const holds the SHA-256 constants every kernel of lanes
// needs at run time: the round constants, the initial hash value, and the
// schedule of the padding block of a 64-byte message. The portable kernel
// (package lanes) and the arm64 kernels (package lanes/neon, which lanes
// imports and so cannot import back) share this one copy; the amd64
// generators under lanes/_asm compute their own at generation time.
package sha256const

import "math/bits"

// K holds the SHA-256 round constants (FIPS 180-4, section 4.2.2).
var K = [64]uint32{
	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
	0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
	0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
	0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
	0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
	0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
	0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
	0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
}

// IV is the SHA-256 initial hash value (FIPS 180-4, section 5.3.3).
var IV = [8]uint32{
	0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
}

// PadWK is the message schedule of the second block of every 64-byte
// message (0x80, zeros, the bit length 512) with the round constants
// already added. That block never changes, so its schedule is computed
// once here instead of once per pair, and a kernel's second compression
// is rounds only.
var PadWK = paddingSchedule()

func paddingSchedule() [64]uint32 {
	var w [16]uint32
	w[0] = 0x80000000
	w[15] = 64 * 8 // the message length in bits, big-endian in the last word
	var wk [64]uint32
	Schedule(&wk, &w)
	return wk
}

// Schedule expands the 16 big-endian words m of a block into the 64-word
// message schedule and adds the round constants, so the rounds need one
// addition less.
func Schedule(wk *[64]uint32, m *[16]uint32) {
	var w [64]uint32
	copy(w[:16], m[:])
	for i := 16; i < 64; i++ {
		v1, v2 := w[i-2], w[i-15]
		s1 := bits.RotateLeft32(v1, -17) ^ bits.RotateLeft32(v1, -19) ^ (v1 >> 10)
		s0 := bits.RotateLeft32(v2, -7) ^ bits.RotateLeft32(v2, -18) ^ (v2 >> 3)
		w[i] = s1 + w[i-7] + s0 + w[i-16]
	}
	for i := range w {
		wk[i] = w[i] + K[i]
	}
}
