package lanes

import (
	"encoding/binary"
	"math/bits"

	"github.com/lanehash/lanehash/lanes/internal/sha256const"
)

// The constants and the padding block's schedule live in
// lanes/internal/sha256const, shared with the arm64 kernels.
var (
	sha256IV    = sha256const.IV
	sha256PadWK = sha256const.PadWK
)

// sha256Schedule expands a 16-word block into the 64-word schedule and
// adds the round constants.
func sha256Schedule(wk *[64]uint32, m *[16]uint32) { sha256const.Schedule(wk, m) }

// sha256Rounds runs the 64 rounds over state s with the schedule-plus-
// constants wk and adds the result into s. Eight rounds per iteration
// rotate the roles of the working variables instead of moving them.
// Maj(a, b, c) is computed as b ^ ((a^b) & (b^c)): a^b of one round is
// b^c of the next, which saves an operation per round.
func sha256Rounds(s *[8]uint32, wk *[64]uint32) {
	a, b, c, d, e, f, g, h := s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]
	bc := b ^ c
	for i := 0; i < 64; i += 8 {
		h += sigE(e) + ch(e, f, g) + wk[i]
		d += h
		ab0 := a ^ b
		h += sigA(a) + (b ^ (ab0 & bc))
		bc = ab0

		g += sigE(d) + ch(d, e, f) + wk[i+1]
		c += g
		ab1 := h ^ a
		g += sigA(h) + (a ^ (ab1 & bc))
		bc = ab1

		f += sigE(c) + ch(c, d, e) + wk[i+2]
		b += f
		ab2 := g ^ h
		f += sigA(g) + (h ^ (ab2 & bc))
		bc = ab2

		e += sigE(b) + ch(b, c, d) + wk[i+3]
		a += e
		ab3 := f ^ g
		e += sigA(f) + (g ^ (ab3 & bc))
		bc = ab3

		d += sigE(a) + ch(a, b, c) + wk[i+4]
		h += d
		ab4 := e ^ f
		d += sigA(e) + (f ^ (ab4 & bc))
		bc = ab4

		c += sigE(h) + ch(h, a, b) + wk[i+5]
		g += c
		ab5 := d ^ e
		c += sigA(d) + (e ^ (ab5 & bc))
		bc = ab5

		b += sigE(g) + ch(g, h, a) + wk[i+6]
		f += b
		ab6 := c ^ d
		b += sigA(c) + (d ^ (ab6 & bc))
		bc = ab6

		a += sigE(f) + ch(f, g, h) + wk[i+7]
		e += a
		ab7 := b ^ c
		a += sigA(b) + (c ^ (ab7 & bc))
		bc = ab7

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

// sigE is Σ1 of FIPS 180-4. The three independent rotations measured
// faster than the nested form ROTR6(ROTR5(ROTR14(e)^e)^e), which saves
// register copies but lengthens the dependency chain of a round.
func sigE(e uint32) uint32 {
	return bits.RotateLeft32(e, -6) ^ bits.RotateLeft32(e, -11) ^ bits.RotateLeft32(e, -25)
}

// sigA is Σ0 of FIPS 180-4.
func sigA(a uint32) uint32 {
	return bits.RotateLeft32(a, -2) ^ bits.RotateLeft32(a, -13) ^ bits.RotateLeft32(a, -22)
}

func ch(e, f, g uint32) uint32 { return g ^ (e & (f ^ g)) }

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

// sha256PairsGeneric is the pure-Go Pairs form, two pairs at a time.
// Each pair is read whole before its digest is written, so dst may alias
// src at the same start.
func sha256PairsGeneric(dst, src []byte) {
	var m, n [16]uint32
	var s, t [8]uint32
	var wkm, wkn [64]uint32
	i := 0
	for ; i+128 <= len(src); i += 128 {
		p := src[i : i+128]
		for j := range m {
			m[j] = binary.BigEndian.Uint32(p[4*j:])
			n[j] = binary.BigEndian.Uint32(p[64+4*j:])
		}
		sha256Schedule(&wkm, &m)
		sha256Schedule(&wkn, &n)
		s, t = sha256IV, sha256IV
		sha256Rounds2(&s, &t, &wkm, &wkn)
		sha256Rounds2(&s, &t, &sha256PadWK, &sha256PadWK)
		q := dst[i/2 : i/2+64]
		for j := range s {
			binary.BigEndian.PutUint32(q[4*j:], s[j])
			binary.BigEndian.PutUint32(q[32+4*j:], t[j])
		}
	}
	for ; i+64 <= len(src); i += 64 {
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
// next level. Two consecutive ops run interleaved when the second does
// not read the first one's output; both read their inputs before either
// writes, and the outputs are stored in op order.
func sha256LockstepGeneric(arena []byte, ops []uint32) {
	var m, n [16]uint32
	var s, t [8]uint32
	var wkm, wkn [64]uint32
	for i := 0; i+3 <= len(ops); {
		if i+6 <= len(ops) && ops[i+3] != ops[i+2] && ops[i+4] != ops[i+2] {
			sha256LoadNodes(&m, arena, ops[i], ops[i+1])
			sha256LoadNodes(&n, arena, ops[i+3], ops[i+4])
			sha256Schedule(&wkm, &m)
			sha256Schedule(&wkn, &n)
			s, t = sha256IV, sha256IV
			sha256Rounds2(&s, &t, &wkm, &wkn)
			sha256Rounds2(&s, &t, &sha256PadWK, &sha256PadWK)
			sha256StoreNode(arena, ops[i+2], &s)
			sha256StoreNode(arena, ops[i+5], &t)
			i += 6
			continue
		}
		sha256LoadNodes(&m, arena, ops[i], ops[i+1])
		sha256Words(&s, &m)
		sha256StoreNode(arena, ops[i+2], &s)
		i += 3
	}
}

// sha256LoadNodes reads the message words of nodes l and r (W = 1).
func sha256LoadNodes(m *[16]uint32, arena []byte, l, r uint32) {
	left := arena[32*int(l) : 32*int(l)+32]
	right := arena[32*int(r) : 32*int(r)+32]
	for j := 0; j < 8; j++ {
		m[j] = binary.NativeEndian.Uint32(left[4*j:])
		m[8+j] = binary.NativeEndian.Uint32(right[4*j:])
	}
}

// sha256StoreNode writes digest s to node o (W = 1).
func sha256StoreNode(arena []byte, o uint32, s *[8]uint32) {
	out := arena[32*int(o) : 32*int(o)+32]
	for j := range s {
		binary.NativeEndian.PutUint32(out[4*j:], s[j])
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
