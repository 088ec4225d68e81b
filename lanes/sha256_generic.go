package lanes

import (
	"encoding/binary"
	"math/bits"
)

// sha256K holds the SHA-256 round constants (FIPS 180-4, section 4.2.2).
var sha256K = [64]uint32{
	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
	0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
	0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
	0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
	0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
	0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
	0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
	0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
}

// sha256IV is the SHA-256 initial hash value (FIPS 180-4, section 5.3.3).
var sha256IV = [8]uint32{
	0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
}

// sha256PadWK is the message schedule of the second block of every
// 64-byte message (0x80, zeros, bit length 512) with the round constants
// already added. That block never changes, so its schedule is computed
// once here instead of once per pair.
var sha256PadWK = sha256PaddingSchedule()

func sha256PaddingSchedule() [64]uint32 {
	var block [64]byte
	block[0] = 0x80
	binary.BigEndian.PutUint64(block[56:], 64*8)
	var m [16]uint32
	for i := range m {
		m[i] = binary.BigEndian.Uint32(block[4*i:])
	}
	var wk [64]uint32
	sha256Schedule(&wk, &m)
	return wk
}

// sha256Schedule expands a 16-word block into the 64-word schedule and
// adds the round constants, so the rounds need one addition less.
func sha256Schedule(wk *[64]uint32, m *[16]uint32) {
	var w [64]uint32
	copy(w[:16], m[:])
	for i := 16; i < 64; i++ {
		v1, v2 := w[i-2], w[i-15]
		s1 := bits.RotateLeft32(v1, -17) ^ bits.RotateLeft32(v1, -19) ^ (v1 >> 10)
		s0 := bits.RotateLeft32(v2, -7) ^ bits.RotateLeft32(v2, -18) ^ (v2 >> 3)
		w[i] = s1 + w[i-7] + s0 + w[i-16]
	}
	for i := range w {
		wk[i] = w[i] + sha256K[i]
	}
}

// sha256Rounds runs the 64 rounds over state s with the schedule-plus-
// constants wk and adds the result into s. Eight rounds per iteration
// rotate the roles of the working variables instead of moving them.
func sha256Rounds(s *[8]uint32, wk *[64]uint32) {
	a, b, c, d, e, f, g, h := s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]
	for i := 0; i < 64; i += 8 {
		h += sigE(e) + ch(e, f, g) + wk[i]
		d += h
		h += sigA(a) + maj(a, b, c)

		g += sigE(d) + ch(d, e, f) + wk[i+1]
		c += g
		g += sigA(h) + maj(h, a, b)

		f += sigE(c) + ch(c, d, e) + wk[i+2]
		b += f
		f += sigA(g) + maj(g, h, a)

		e += sigE(b) + ch(b, c, d) + wk[i+3]
		a += e
		e += sigA(f) + maj(f, g, h)

		d += sigE(a) + ch(a, b, c) + wk[i+4]
		h += d
		d += sigA(e) + maj(e, f, g)

		c += sigE(h) + ch(h, a, b) + wk[i+5]
		g += c
		c += sigA(d) + maj(d, e, f)

		b += sigE(g) + ch(g, h, a) + wk[i+6]
		f += b
		b += sigA(c) + maj(c, d, e)

		a += sigE(f) + ch(f, g, h) + wk[i+7]
		e += a
		a += sigA(b) + maj(b, c, d)
	}
	s[0] += a
	s[1] += b
	s[2] += c
	s[3] += d
	s[4] += e
	s[5] += f
	s[6] += g
	s[7] += h
}

func sigE(e uint32) uint32 {
	return bits.RotateLeft32(e, -6) ^ bits.RotateLeft32(e, -11) ^ bits.RotateLeft32(e, -25)
}

func sigA(a uint32) uint32 {
	return bits.RotateLeft32(a, -2) ^ bits.RotateLeft32(a, -13) ^ bits.RotateLeft32(a, -22)
}

func ch(e, f, g uint32) uint32 { return g ^ (e & (f ^ g)) }

func maj(a, b, c uint32) uint32 { return (a & b) | (c & (a | b)) }

// sha256Words hashes one 64-byte message given as 16 big-endian words
// and returns the digest as 8 words: the first compression over the
// message, the second over the constant padding block.
func sha256Words(s *[8]uint32, m *[16]uint32) {
	var wk [64]uint32
	sha256Schedule(&wk, m)
	*s = sha256IV
	sha256Rounds(s, &wk)
	sha256Rounds(s, &sha256PadWK)
}

// sha256PairsGeneric is the pure-Go Pairs form. Each pair is read whole
// before its digest is written, so dst may alias src at the same start.
func sha256PairsGeneric(dst, src []byte) {
	var m [16]uint32
	var s [8]uint32
	for i := 0; i+64 <= len(src); i += 64 {
		p := src[i : i+64]
		for j := range m {
			m[j] = binary.BigEndian.Uint32(p[4*j:])
		}
		sha256Words(&s, &m)
		q := dst[i/2 : i/2+32]
		for j := range s {
			binary.BigEndian.PutUint32(q[4*j:], s[j])
		}
	}
}

// sha256LockstepGeneric is the pure-Go Lockstep form with W = 1: a node
// is 8 host uint32 words, which are already the message words of the
// next level.
func sha256LockstepGeneric(arena []byte, ops []uint32) {
	var m [16]uint32
	var s [8]uint32
	for i := 0; i+3 <= len(ops); i += 3 {
		l, r, o := int(ops[i])*32, int(ops[i+1])*32, int(ops[i+2])*32
		for j := 0; j < 8; j++ {
			m[j] = binary.NativeEndian.Uint32(arena[l+4*j:])
			m[8+j] = binary.NativeEndian.Uint32(arena[r+4*j:])
		}
		sha256Words(&s, &m)
		out := arena[o : o+32]
		for j := range s {
			binary.NativeEndian.PutUint32(out[4*j:], s[j])
		}
	}
}

// sha256PackGeneric converts 32-byte chunks into W = 1 lane-layout
// nodes: each big-endian word becomes a host uint32.
func sha256PackGeneric(dst, src []byte) {
	for i := 0; i+4 <= len(src); i += 4 {
		binary.NativeEndian.PutUint32(dst[i:], binary.BigEndian.Uint32(src[i:]))
	}
}

// sha256UnpackGeneric is the inverse of sha256PackGeneric.
func sha256UnpackGeneric(dst, src []byte) {
	for i := 0; i+4 <= len(src); i += 4 {
		binary.BigEndian.PutUint32(dst[i:], binary.NativeEndian.Uint32(src[i:]))
	}
}
