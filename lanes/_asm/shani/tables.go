package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
)

// tables holds the read-only data the kernels address.
type tables struct {
	k     Mem // round constants K[0..63]
	padWK Mem // W+K of the constant second block
	iv    Mem // initial state: ABEF at +0, CDGH at +16
	flip  Mem // PSHUFB mask: byte-swap each 32-bit word
	out   Mem // PSHUFB mask: swap words 0↔1 and 2↔3, byte-swap each
}

// emitTables writes the data sections and returns their addresses.
func emitTables() tables {
	k := roundConstants()
	h := initialState()
	wk := paddingWK(k)

	var t tables
	t.k = words("sha256K", k[:])
	t.padWK = words("sha256PadWK", wk[:])
	// SHA-NI keeps the state as ABEF and CDGH with A (and C) in the
	// highest word.
	a, b, c, d, e, f, g, hh := h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7]
	t.iv = words("sha256IV", []uint32{f, e, b, a, hh, g, d, c})
	t.flip = bytesMask("sha256Flip", func(i int) int { return i&^3 + 3 - i&3 })
	// Words [B A D C] (or [F E H G]) become A B C D (E F G H) in
	// big-endian byte order.
	t.out = bytesMask("sha256OutFlip", func(i int) int { return (i&^3 ^ 4) + 3 - i&3 })
	return t
}

func words(name string, ws []uint32) Mem {
	m := GLOBL(name, RODATA|NOPTR)
	for i, w := range ws {
		DATA(4*i, U32(w))
	}
	return m
}

// bytesMask emits a 16-byte PSHUFB mask whose byte i selects src(i).
func bytesMask(name string, src func(i int) int) Mem {
	m := GLOBL(name, RODATA|NOPTR)
	for i := 0; i < 16; i++ {
		DATA(i, U8(src(i)))
	}
	return m
}
