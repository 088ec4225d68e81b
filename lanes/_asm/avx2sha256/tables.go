package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
)

// tables are the read-only data of the kernels. Round constants are
// plain 32-bit words, broadcast to the lanes as they are added; the
// initial value is replicated across the 8 dwords of a 32-byte row, as
// it is loaded straight into the state registers.
type tables struct {
	k    Mem // K[t] at 4t
	wk   Mem // W+K of the padding block at 4t
	iv   Mem // H0[j] in the 32-byte row j
	bswp Mem // VPSHUFB mask reversing the bytes of every dword
}

// emitTables writes the tables into the generated file.
func emitTables(k [64]uint32, iv [8]uint32, wk [64]uint32) tables {
	return tables{
		k:    words("sha256x8K", k[:]),
		wk:   words("sha256x8PadWK", wk[:]),
		iv:   replicated("sha256x8IV", iv[:]),
		bswp: byteSwapMask("sha256x8BSwap"),
	}
}

// words emits the values as consecutive 32-bit words.
func words(name string, vs []uint32) Mem {
	m := GLOBL(name, RODATA|NOPTR)
	for i, v := range vs {
		DATA(4*i, U32(v))
	}
	return m
}

// replicated emits one 32-byte row per value, the value in all 8 dwords.
func replicated(name string, vs []uint32) Mem {
	m := GLOBL(name, RODATA|NOPTR)
	for i, v := range vs {
		for lane := 0; lane < 8; lane++ {
			DATA(32*i+4*lane, U32(v))
		}
	}
	return m
}

// byteSwapMask emits the VPSHUFB control that turns little-endian dwords
// into big-endian ones (and back) in both 128-bit halves.
func byteSwapMask(name string) Mem {
	m := GLOBL(name, RODATA|NOPTR)
	for i := 0; i < 32; i++ {
		DATA(i, U8(i&^3+3-i&3))
	}
	return m
}
