package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
)

// sha256IV is the initial hash value H(0) of FIPS 180-4.
var sha256IV = [8]uint32{
	0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
	0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
}

// sha256K holds the 64 round constants of FIPS 180-4.
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

// consts names the read-only tables the kernels broadcast from.
type consts struct {
	iv    Mem // 8 words of H(0)
	k     Mem // 64 round constants
	padWK Mem // W[t]+K[t] of the constant second block of a 64-byte message
	bswap Mem // VPSHUFB control reversing the bytes of every dword
}

func newConsts() consts {
	var c consts
	c.iv = table("sha256x16IV", sha256IV[:])
	c.k = table("sha256x16K", sha256K[:])
	pad := paddingWK()
	c.padWK = table("sha256x16PadWK", pad[:])

	c.bswap = GLOBL("sha256x16Bswap", RODATA|NOPTR)
	for i := 0; i < 16; i++ {
		b := uint32(4*i) | uint32(4*i)<<8 | uint32(4*i)<<16 | uint32(4*i)<<24
		DATA(4*i, U32(b+0x00010203))
	}
	return c
}

func table(name string, words []uint32) Mem {
	m := GLOBL(name, RODATA|NOPTR)
	for i, w := range words {
		DATA(4*i, U32(w))
	}
	return m
}

// paddingWK computes the message schedule of the padding block that ends
// every 64-byte message (0x80, zeros, bit length 512) and adds the round
// constants, so the second compression needs one broadcast add per round.
func paddingWK() [64]uint32 {
	var w [64]uint32
	w[0] = 0x80000000
	w[15] = 512
	for t := 16; t < 64; t++ {
		w[t] = sigma1(w[t-2]) + w[t-7] + sigma0(w[t-15]) + w[t-16]
	}
	for t := range w {
		w[t] += sha256K[t]
	}
	return w
}

func rotr(x uint32, n uint) uint32 { return x>>n | x<<(32-n) }

func sigma0(x uint32) uint32 { return rotr(x, 7) ^ rotr(x, 18) ^ x>>3 }

func sigma1(x uint32) uint32 { return rotr(x, 17) ^ rotr(x, 19) ^ x>>10 }
