package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// pack emits sha256PackAsm: m nodes of two 32-byte chunks each
// ([node][lane][32 bytes]) become m lane-layout nodes of host-order
// words. Each node is read whole before it is written, so dst may alias
// src.
func pack(t tables) {
	TEXT("sha256PackAsm", NOSPLIT, "func(dst, src *byte, m int)")
	Doc("sha256PackAsm converts m pairs of chunks at src into m lane-layout nodes at dst.")
	dst := Load(Param("dst"), RDI)
	src := Load(Param("src"), RSI)
	m := Load(Param("m"), RCX)
	MOVOU(t.flip, X15)

	Label("node")
	TESTQ(m, m)
	JZ(LabelRef("done"))
	in := []VecPhysical{X1, X2, X3, X4} // lane 0 w0-3, w4-7, lane 1 w0-3, w4-7
	for k, x := range in {
		MOVOU(Mem{Base: src, Disp: 16 * k}, x)
		PSHUFB(X15, x)
	}
	for k := 0; k < 2; k++ {
		lo, hi := in[k], in[k+2]
		MOVO(lo, X5)
		PUNPCKLLQ(hi, lo) // words 4k, 4k+1 of both lanes
		PUNPCKHLQ(hi, X5) // words 4k+2, 4k+3
		MOVOU(lo, Mem{Base: dst, Disp: 32 * k})
		MOVOU(X5, Mem{Base: dst, Disp: 32*k + 16})
	}
	ADDQ(Imm(64), src)
	ADDQ(Imm(64), dst)
	DECQ(m)
	JMP(LabelRef("node"))

	Label("done")
	RET()
}

// unpack emits sha256UnpackAsm, the inverse of sha256PackAsm.
func unpack(t tables) {
	TEXT("sha256UnpackAsm", NOSPLIT, "func(dst, src *byte, m int)")
	Doc("sha256UnpackAsm converts m lane-layout nodes at src into m pairs of digests at dst.")
	dst := Load(Param("dst"), RDI)
	src := Load(Param("src"), RSI)
	m := Load(Param("m"), RCX)
	MOVOU(t.flip, X15)

	Label("node")
	TESTQ(m, m)
	JZ(LabelRef("done"))
	in := []VecPhysical{X1, X2, X3, X4}
	for k, x := range in {
		MOVOU(Mem{Base: src, Disp: 16 * k}, x)
	}
	for k := 0; k < 2; k++ {
		// Even words of the two registers are lane 0, odd ones lane 1.
		lane0, lane1 := in[2*k], X5
		MOVO(lane0, lane1)
		SHUFPS(U8(0x88), in[2*k+1], lane0)
		SHUFPS(U8(0xdd), in[2*k+1], lane1)
		PSHUFB(X15, lane0)
		PSHUFB(X15, lane1)
		MOVOU(lane0, Mem{Base: dst, Disp: 16 * k})
		MOVOU(lane1, Mem{Base: dst, Disp: 32 + 16*k})
	}
	ADDQ(Imm(64), src)
	ADDQ(Imm(64), dst)
	DECQ(m)
	JMP(LabelRef("node"))

	Label("done")
	RET()
}
