package main

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"math/big"
	"math/bits"
)

// The SHA-256 constants are derived from their definition (FIPS 180-4
// §4.2.2 and §5.3.3) rather than typed in, so no typo can hide in a
// table: K[i] holds the first 32 fractional bits of the cube root of the
// i-th prime, the initial value H0[i] those of the square root.

// primes returns the first n primes.
func primes(n int) []int64 {
	var ps []int64
	for c := int64(2); len(ps) < n; c++ {
		isPrime := true
		for _, p := range ps {
			if p*p > c {
				break
			}
			if c%p == 0 {
				isPrime = false
				break
			}
		}
		if isPrime {
			ps = append(ps, c)
		}
	}
	return ps
}

// icbrt returns floor(cbrt(x)) for x > 0 by Newton's method on integers.
func icbrt(x *big.Int) *big.Int {
	r := new(big.Int).Lsh(big.NewInt(1), uint(x.BitLen()/3+1)) // r ≥ cbrt(x)
	three := big.NewInt(3)
	for {
		// next = (2r + x/r²) / 3, decreasing until it reaches the floor.
		q := new(big.Int).Quo(x, new(big.Int).Mul(r, r))
		next := new(big.Int).Add(q, new(big.Int).Lsh(r, 1))
		next.Quo(next, three)
		if next.Cmp(r) >= 0 {
			return r
		}
		r = next
	}
}

// roundConstants returns K, the 64 SHA-256 round constants.
func roundConstants() [64]uint32 {
	var k [64]uint32
	for i, p := range primes(64) {
		x := new(big.Int).Lsh(big.NewInt(p), 96)
		k[i] = uint32(icbrt(x).Uint64())
	}
	return k
}

// initialValue returns H0, the SHA-256 initial hash value.
func initialValue() [8]uint32 {
	var h [8]uint32
	for i, p := range primes(8) {
		x := new(big.Int).Lsh(big.NewInt(p), 64)
		h[i] = uint32(new(big.Int).Sqrt(x).Uint64())
	}
	return h
}

// schedule expands a 16-word message block into the 64-word schedule.
func schedule(block [16]uint32) [64]uint32 {
	var w [64]uint32
	copy(w[:], block[:])
	for t := 16; t < 64; t++ {
		s0 := bits.RotateLeft32(w[t-15], -7) ^ bits.RotateLeft32(w[t-15], -18) ^ w[t-15]>>3
		s1 := bits.RotateLeft32(w[t-2], -17) ^ bits.RotateLeft32(w[t-2], -19) ^ w[t-2]>>10
		w[t] = w[t-16] + s0 + w[t-7] + s1
	}
	return w
}

// paddingWK returns W+K for the second block of every 64-byte message:
// 0x80, zeros, and the bit length 512. It is the same for all messages,
// so the second compression needs no message schedule at all.
func paddingWK(k [64]uint32) [64]uint32 {
	var block [16]uint32
	block[0] = 0x80000000
	block[15] = 512
	w := schedule(block)
	var wk [64]uint32
	for i := range wk {
		wk[i] = w[i] + k[i]
	}
	return wk
}

// compressRef is the plain SHA-256 compression function, written here only
// to check the derived constants against crypto/sha256 before any
// assembly is emitted from them.
func compressRef(h [8]uint32, w [64]uint32, k [64]uint32) [8]uint32 {
	a, b, c, d, e, f, g, hh := h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7]
	for t := 0; t < 64; t++ {
		s1 := bits.RotateLeft32(e, -6) ^ bits.RotateLeft32(e, -11) ^ bits.RotateLeft32(e, -25)
		ch := (e & f) ^ (^e & g)
		t1 := hh + s1 + ch + k[t] + w[t]
		s0 := bits.RotateLeft32(a, -2) ^ bits.RotateLeft32(a, -13) ^ bits.RotateLeft32(a, -22)
		maj := (a & b) ^ (a & c) ^ (b & c)
		hh, g, f, e, d, c, b, a = g, f, e, d+t1, c, b, a, t1+s0+maj
	}
	return [8]uint32{h[0] + a, h[1] + b, h[2] + c, h[3] + d, h[4] + e, h[5] + f, h[6] + g, h[7] + hh}
}

// checkConstants hashes one 64-byte message the way the kernel does
// (first block from its schedule, second block from the W+K table) and
// compares the digest with crypto/sha256.
func checkConstants(k [64]uint32, iv [8]uint32, wk [64]uint32) error {
	var msg [64]byte
	for i := range msg {
		msg[i] = byte(7*i + 1)
	}
	var block [16]uint32
	for i := range block {
		block[i] = binary.BigEndian.Uint32(msg[4*i:])
	}
	mid := compressRef(iv, schedule(block), k)
	var zero [64]uint32
	out := compressRef(mid, wk, zero)
	var got [32]byte
	for i, v := range out {
		binary.BigEndian.PutUint32(got[4*i:], v)
	}
	if want := sha256.Sum256(msg[:]); got != want {
		return fmt.Errorf("derived SHA-256 constants are wrong: digest %x, want %x", got, want)
	}
	return nil
}
