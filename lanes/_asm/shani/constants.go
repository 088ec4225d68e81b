package main

import (
	"math/big"
	"math/bits"
)

// The SHA-256 constants are derived here from their definition (FIPS
// 180-4 §4.2.2, §5.3.3) instead of being typed in, so a typo cannot
// hide in a table: K[i] is the first 32 fractional bits of the cube root
// of the i-th prime, the initial hash value H0[i] those of the square
// root of the i-th prime.

// firstPrimes returns the first n primes.
func firstPrimes(n int) []int64 {
	var ps []int64
	for c := int64(2); len(ps) < n; c++ {
		prime := true
		for _, p := range ps {
			if p*p > c {
				break
			}
			if c%p == 0 {
				prime = false
				break
			}
		}
		if prime {
			ps = append(ps, c)
		}
	}
	return ps
}

// fracRoot returns the low 32 bits of floor(root_k(p) · 2^32), the first
// 32 fractional bits of the k-th root of p, computed exactly with
// integers: root_k(p·2^(32k)) = root_k(p)·2^32.
func fracRoot(p int64, k uint) uint32 {
	x := new(big.Int).Lsh(big.NewInt(p), 32*k)
	// Largest r with r^k <= x, by bisection on [0, 2^(bitlen/k+1)).
	lo, hi := big.NewInt(0), new(big.Int).Lsh(big.NewInt(1), uint(x.BitLen())/k+1)
	one := big.NewInt(1)
	for new(big.Int).Sub(hi, lo).Cmp(one) > 0 {
		mid := new(big.Int).Rsh(new(big.Int).Add(lo, hi), 1)
		pow := new(big.Int).Exp(mid, big.NewInt(int64(k)), nil)
		if pow.Cmp(x) <= 0 {
			lo = mid
		} else {
			hi = mid
		}
	}
	return uint32(lo.Uint64())
}

// roundConstants returns SHA-256's 64 round constants K.
func roundConstants() [64]uint32 {
	var k [64]uint32
	for i, p := range firstPrimes(64) {
		k[i] = fracRoot(p, 3)
	}
	return k
}

// initialState returns SHA-256's initial hash value H0 = a..h.
func initialState() [8]uint32 {
	var h [8]uint32
	for i, p := range firstPrimes(8) {
		h[i] = fracRoot(p, 2)
	}
	return h
}

// paddingWK returns W[t]+K[t] for the second block of every 64-byte
// message: the padding block 0x80, zeros, and the bit length 512. That
// block never changes, so neither does its schedule.
func paddingWK(k [64]uint32) [64]uint32 {
	var w [64]uint32
	w[0] = 0x80000000
	w[15] = 512
	for t := 16; t < 64; t++ {
		s0 := bits.RotateLeft32(w[t-15], -7) ^ bits.RotateLeft32(w[t-15], -18) ^ (w[t-15] >> 3)
		s1 := bits.RotateLeft32(w[t-2], -17) ^ bits.RotateLeft32(w[t-2], -19) ^ (w[t-2] >> 10)
		w[t] = w[t-16] + s0 + w[t-7] + s1
	}
	var wk [64]uint32
	for t := range wk {
		wk[t] = w[t] + k[t]
	}
	return wk
}
