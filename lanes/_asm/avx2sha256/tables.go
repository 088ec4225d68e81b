package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
)

// tables are the read-only data of the kernels. Each 32-bit constant is
// replicated across the 8 dwords of a 32-byte row, so a round adds it
// with one VPADDD from memory instead of a broadcast plus an add.
type tables struct {
	k    Mem // K[t] in row t
	wk   Mem // W+K of the padding block in row t
	iv   Mem // H0[j] in row j
	bswp Mem // VPSHUFB mask reversing the bytes of every dword
}

// emitTables writes the tables into the generated file.
func emitTables(k [64]uint32, iv [8]uint32, wk [64]uint32) tables {
	return tables{
		k:    kTable("sha256x8K", k[:]),
		wk:   kTable("sha256x8PadWK", wk[:]),
		iv:   replicated("sha256x8IV", iv[:]),
		bswp: byteSwapMask("sha256x8BSwap"),
	}
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

func kTable(name string, vs []uint32) Mem {
	if !bcastK {
		return replicated(name, vs)
	}
	m := GLOBL(name, RODATA|NOPTR)
	for i, v := range vs {
		DATA(4*i, U32(v))
	}
	return m
}
