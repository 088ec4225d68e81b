package main

import (
	"crypto/sha256"
	"encoding/binary"
	"math/big"
	"math/bits"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
)

// The SHA-256 constants are computed from their definition (FIPS 180-4
// §4.2.2, §5.3.3): K[i] is the first 32 fractional bits of the cube root
// of the i-th prime, H(0)[i] those of the square root. selfCheck then
// hashes with them in plain Go against crypto/sha256, so a wrong table
// stops the generator instead of reaching the assembly.

func primes(n int) []int64 {
	var ps []int64
	for c := int64(2); len(ps) < n; c++ {
		if big.NewInt(c).ProbablyPrime(0) {
			ps = append(ps, c)
		}
	}
	return ps
}

// fracBits returns the low 32 bits of floor(p^(1/k) · 2^32), found by
// bisection on the integer k-th root of p · 2^(32k).
func fracBits(p int64, k int) uint32 {
	x := new(big.Int).Lsh(big.NewInt(p), uint(32*k))
	lo, hi := big.NewInt(0), new(big.Int).Lsh(big.NewInt(1), uint(x.BitLen()/k+1))
	for new(big.Int).Sub(hi, lo).Cmp(big.NewInt(1)) > 0 {
		mid := new(big.Int).Rsh(new(big.Int).Add(lo, hi), 1)
		if new(big.Int).Exp(mid, big.NewInt(int64(k)), nil).Cmp(x) <= 0 {
			lo = mid
		} else {
			hi = mid
		}
	}
	return uint32(lo.Uint64())
}

var (
	roundK [64]uint32
	initH  [8]uint32
	padW   [64]uint32 // schedule of the padding block of a 64-byte message
)

func init() {
	for i, p := range primes(64) {
		roundK[i] = fracBits(p, 3)
		if i < 8 {
			initH[i] = fracBits(p, 2)
		}
	}
	padW[0], padW[15] = 0x80000000, 512
	for t := 16; t < 64; t++ {
		padW[t] = sig1(padW[t-2]) + padW[t-7] + sig0(padW[t-15]) + padW[t-16]
	}
	selfCheck()
}

func sig0(x uint32) uint32 { return bits.RotateLeft32(x, -7) ^ bits.RotateLeft32(x, -18) ^ x>>3 }
func sig1(x uint32) uint32 { return bits.RotateLeft32(x, -17) ^ bits.RotateLeft32(x, -19) ^ x>>10 }

// compress is the reference compression the tables are checked with.
func compress(h [8]uint32, w [64]uint32, schedule bool) [8]uint32 {
	if schedule {
		for t := 16; t < 64; t++ {
			w[t] = sig1(w[t-2]) + w[t-7] + sig0(w[t-15]) + w[t-16]
		}
	}
	a, b, c, d, e, f, g, hh := h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7]
	for t := 0; t < 64; t++ {
		s1 := bits.RotateLeft32(e, -6) ^ bits.RotateLeft32(e, -11) ^ bits.RotateLeft32(e, -25)
		t1 := hh + s1 + (e&f ^ ^e&g) + roundK[t] + w[t]
		s0 := bits.RotateLeft32(a, -2) ^ bits.RotateLeft32(a, -13) ^ bits.RotateLeft32(a, -22)
		t2 := s0 + (a&b ^ a&c ^ b&c)
		a, b, c, d, e, f, g, hh = t1+t2, a, b, c, d+t1, e, f, g
	}
	return [8]uint32{h[0] + a, h[1] + b, h[2] + c, h[3] + d, h[4] + e, h[5] + f, h[6] + g, h[7] + hh}
}

func selfCheck() {
	var msg [64]byte
	for i := range msg {
		msg[i] = byte(7*i + 1)
	}
	var w [64]uint32
	for t := 0; t < 16; t++ {
		w[t] = binary.BigEndian.Uint32(msg[4*t:])
	}
	h := compress(compress(initH, w, true), padW, false)
	want := sha256.Sum256(msg[:])
	for j := range h {
		if binary.BigEndian.Uint32(want[4*j:]) != h[j] {
			panic("hybrid generator: SHA-256 tables disagree with crypto/sha256")
		}
	}
}

// tables are the read-only data of the kernels. The lanes broadcast
// single words from k, iv and padWK; SHA-NI loads four words of k at a
// time and two of padWK, so one table serves both.
type tables struct {
	k      Mem // K[0..63]
	padWK  Mem // W[t]+K[t] of the padding block
	iv     Mem // H(0) in word order, for the lanes' broadcasts
	shaIV  Mem // H(0) as SHA-NI keeps it: ABEF at +0, CDGH at +16
	bswap  Mem // 64-byte VPSHUFB/PSHUFB mask swapping the bytes of every dword
	digest Mem // PSHUFB mask: SHA-NI's [B A D C] words to big-endian A B C D
}

func emitTables() tables {
	var t tables
	t.k = words("hybridK", roundK[:])
	var wk [64]uint32
	for i := range wk {
		wk[i] = padW[i] + roundK[i]
	}
	t.padWK = words("hybridPadWK", wk[:])
	t.iv = words("hybridIV", initH[:])
	h := initH
	t.shaIV = words("hybridShaIV", []uint32{h[5], h[4], h[1], h[0], h[7], h[6], h[3], h[2]})
	t.bswap = GLOBL("hybridBswap", RODATA|NOPTR)
	for i := 0; i < 64; i++ {
		DATA(i, U8(i&^3+3-i&3))
	}
	t.digest = GLOBL("hybridDigest", RODATA|NOPTR)
	for i := 0; i < 16; i++ {
		DATA(i, U8(i&^3^4+3-i&3))
	}
	return t
}

func words(name string, ws []uint32) Mem {
	m := GLOBL(name, RODATA|NOPTR)
	for i, w := range ws {
		DATA(4*i, U32(w))
	}
	return m
}
