package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// Z registers not in msgRegs, the scratch of the message transpose.
var otherRegs = [16]VecPhysical{Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z7, Z24, Z25, Z26, Z27, Z28, Z29, Z30, Z31}

// genLockstep emits sha256x16Lockstep: for each (left, right, out) triple
// of node indices, out = H(left || right) in all 16 lanes. A node is 512
// bytes: word j of lane p at byte 64j+4p, so the 8 words of each half are
// already the message registers.
//
// Two consecutive ops run interleaved (see compress) unless the second
// reads the first one's out; both messages are read before either digest
// is written, and the first digest is stored first, so the result is
// that of running the ops one after the other, whatever they alias.
func genLockstep(c consts) {
	TEXT("sha256x16Lockstep", 0, "func(arena *byte, ops *uint32, n int)")
	Pragma("noescape")
	Doc("sha256x16Lockstep runs n ≥ 1 (left, right, out) ops over the 512-byte nodes of arena.")
	arena, ops, n := RDI, RSI, RCX
	base, idx, aux := R11, R12, R13
	Load(Param("arena"), arena)
	Load(Param("ops"), ops)
	Load(Param("n"), n)
	allocScratch(base)

	loadOp := func(disp int, regs [3]GPPhysical) {
		for i, r := range regs {
			MOVL(Mem{Base: ops, Disp: disp + 4*i}, r.As32())
		}
	}
	addrs := func(regs [3]GPPhysical) {
		for _, r := range regs {
			SHLQ(U8(9), r)
			ADDQ(arena, r)
		}
	}
	loadMsg := func(regs [3]GPPhysical) {
		for j := 0; j < 8; j++ {
			VMOVDQU32(Mem{Base: regs[0], Disp: 64 * j}, msgRegs[j])
			VMOVDQU32(Mem{Base: regs[1], Disp: 64 * j}, msgRegs[8+j])
		}
	}
	store := func(s [8]VecPhysical, out GPPhysical) {
		for j := range s {
			VMOVDQU32(s[j], Mem{Base: out, Disp: 64 * j})
		}
	}
	opA := [3]GPPhysical{RAX, RBX, RDX}
	opB := [3]GPPhysical{R8, R9, R10}

	Label("op")
	CMPQ(n, U32(2))
	JLO(LabelRef("single"))
	loadOp(0, opA)
	loadOp(12, opB)
	Comment("The second op runs beside the first unless it reads the first's out.")
	CMPL(opB[0].As32(), opA[2].As32())
	JEQ(LabelRef("single"))
	CMPL(opB[1].As32(), opA[2].As32())
	JEQ(LabelRef("single"))
	addrs(opA)
	addrs(opB)
	loadMsg(opA)
	storeMsg(base, wkABytes)
	loadMsg(opB)
	storeMsg(base, wkBBytes)
	compressSched(c, base, idx, aux, []group{groupA, groupB}, "two")
	store(stateA, opA[2])
	store(stateB, opB[2])
	ADDQ(U32(24), ops)
	SUBQ(U32(2), n)
	JNZ(LabelRef("op"))
	JMP(LabelRef("done"))

	Label("single")
	loadOp(0, opA)
	addrs(opA)
	loadMsg(opA)
	compressOne(c, idx, aux, "one")
	store(stateA, opA[2])
	ADDQ(U32(12), ops)
	DECQ(n)
	JNZ(LabelRef("op"))

	Label("done")
	VZEROUPPER()
	RET()
}

// genPack emits sha256x16Pack: m nodes of 16 ordinary 32-byte chunks into
// lane layout, byte-swapping every word to host order.
func genPack(c consts) {
	TEXT("sha256x16Pack", NOSPLIT, "func(dst, src *byte, m int)")
	Pragma("noescape")
	Doc("sha256x16Pack packs m ≥ 1 nodes of 16 ordinary chunks from src into lane layout at dst.")
	dst, src, m := RDI, RSI, RCX
	Load(Param("dst"), dst)
	Load(Param("src"), src)
	Load(Param("m"), m)

	Label("node")
	in := [8]VecPhysical{Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z7}
	tmp := [8]VecPhysical{Z8, Z9, Z10, Z11, Z12, Z13, Z14, Z15}
	for r, z := range in {
		VMOVDQU32(Mem{Base: src, Disp: 64 * r}, z)
		VPSHUFB(c.bswap, z, z)
	}
	words := lanesToWords(in, tmp)
	for j, z := range words {
		VMOVDQU32(z, Mem{Base: dst, Disp: 64 * j})
	}
	ADDQ(U32(512), src)
	ADDQ(U32(512), dst)
	DECQ(m)
	JNZ(LabelRef("node"))

	VZEROUPPER()
	RET()
}

// genUnpack emits sha256x16Unpack, the inverse of sha256x16Pack.
func genUnpack(c consts) {
	TEXT("sha256x16Unpack", NOSPLIT, "func(dst, src *byte, m int)")
	Pragma("noescape")
	Doc("sha256x16Unpack unpacks m ≥ 1 lane-layout nodes from src into 16 ordinary digests each at dst.")
	dst, src, m := RDI, RSI, RCX
	Load(Param("dst"), dst)
	Load(Param("src"), src)
	Load(Param("m"), m)

	Label("node")
	words := [8]VecPhysical{Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z7}
	tmp := [8]VecPhysical{Z8, Z9, Z10, Z11, Z12, Z13, Z14, Z15}
	for j, z := range words {
		VMOVDQU32(Mem{Base: src, Disp: 64 * j}, z)
	}
	out := wordsToLanes(words, tmp)
	for r, z := range out {
		VPSHUFB(c.bswap, z, z)
		VMOVDQU32(z, Mem{Base: dst, Disp: 64 * r})
	}
	ADDQ(U32(512), src)
	ADDQ(U32(512), dst)
	DECQ(m)
	JNZ(LabelRef("node"))

	VZEROUPPER()
	RET()
}
