package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// Z registers not in msgRegs, the scratch of the message transpose.
var otherRegs = [16]VecPhysical{Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z7, Z24, Z25, Z26, Z27, Z28, Z29, Z30, Z31}

// genPairs emits sha256x16Pairs: n ≥ 1 pairs in ordinary layout. Each
// block takes 16 pairs while more than 12 remain, 8 while more than 4
// remain, else 4, and runs the compression at that width: a call with 8
// pairs costs half a 16-pair block and 12 pairs three quarters. Rows
// past the block's pairs are neither loaded nor stored (k-masks, no
// fault), so no byte outside src[:64n] or dst[:32n] is touched; the whole
// block is loaded before anything is stored, so dst may be src.
func genPairs(c consts) {
	TEXT("sha256x16Pairs", NOSPLIT, "func(dst, src *byte, n int)")
	Pragma("noescape")
	Doc("sha256x16Pairs hashes n ≥ 1 64-byte pairs of src into n digests at dst.")
	dst, src, n := RDI, RSI, RCX
	Load(Param("dst"), dst)
	Load(Param("src"), src)
	Load(Param("n"), n)
	w, m := RBX, RDX // block width in lanes; pairs in this block
	all, low := R8L, R9L
	MOVL(U32(0xFFFF), all)
	MOVL(U32(0x00FF), low)

	Label("block")
	MOVQ(U32(16), w)
	CMPQ(n, U32(12))
	JHI(LabelRef("width"))
	MOVQ(U32(8), w)
	CMPQ(n, U32(4))
	JHI(LabelRef("width"))
	MOVQ(U32(4), w)
	Label("width")
	MOVQ(n, m)
	CMPQ(m, w)
	CMOVQHI(w, m)

	Comment("Rows p < m are loaded, the others zeroed.")
	for p := 0; p < 16; p++ {
		XORL(EAX, EAX)
		CMPQ(m, U32(p))
		CMOVLHI(all, EAX)
		KMOVW(EAX, K1)
		VMOVDQU32_Z(Mem{Base: src, Disp: 64 * p}, K1, msgRegs[p])
		VPSHUFB(c.bswap, msgRegs[p], msgRegs[p])
	}
	transposeRows(msgRegs, otherRegs)
	CMPQ(w, U32(8))
	JEQ(LabelRef("lanes8"))
	JLO(LabelRef("lanes4"))
	hashPair(c, 16)
	JMP(LabelRef("store"))
	Label("lanes8")
	hashPair(c, 8)
	JMP(LabelRef("store"))
	Label("lanes4")
	hashPair(c, 4)

	Label("store")
	tmp := [8]VecPhysical{Z8, Z9, Z10, Z11, Z12, Z13, Z14, Z15}
	out := wordsToLanes(stateRegs, tmp)
	Comment("out[r] holds lanes 2r, 2r+1: store the lanes < m.")
	for r := 0; r < 8; r++ {
		XORL(EAX, EAX)
		CMPQ(m, U32(2*r))
		CMOVLHI(low, EAX)
		CMPQ(m, U32(2*r+1))
		CMOVLHI(all, EAX)
		KMOVW(EAX, K1)
		VPSHUFB(c.bswap, out[r], out[r])
		VMOVDQU32(out[r], K1, Mem{Base: dst, Disp: 64 * r})
	}
	MOVQ(w, RAX)
	SHLQ(U8(5), RAX)
	ADDQ(RAX, dst)
	ADDQ(RAX, src)
	ADDQ(RAX, src)
	SUBQ(w, n)
	JGT(LabelRef("block"))

	VZEROUPPER()
	RET()
}

// genLockstep emits sha256x16Lockstep: for each (left, right, out) triple
// of node indices, out = H(left || right) in all 16 lanes. A node is 512
// bytes: word j of lane p at byte 64j+4p, so the 8 words of each half are
// already the message registers.
func genLockstep(c consts) {
	TEXT("sha256x16Lockstep", NOSPLIT, "func(arena *byte, ops *uint32, n int)")
	Pragma("noescape")
	Doc("sha256x16Lockstep runs n ≥ 1 (left, right, out) ops over the 512-byte nodes of arena.")
	arena, ops, n := RDI, RSI, RCX
	Load(Param("arena"), arena)
	Load(Param("ops"), ops)
	Load(Param("n"), n)

	Label("op")
	left, right, out := RAX, RBX, RDX
	for i, r := range []GPPhysical{left, right, out} {
		MOVL(Mem{Base: ops, Disp: 4 * i}, r.As32())
		SHLQ(U8(9), r)
		ADDQ(arena, r)
	}
	for j := 0; j < 8; j++ {
		VMOVDQU32(Mem{Base: left, Disp: 64 * j}, msgRegs[j])
		VMOVDQU32(Mem{Base: right, Disp: 64 * j}, msgRegs[8+j])
	}
	hashPair(c, 16)
	for j, s := range stateRegs {
		VMOVDQU32(s, Mem{Base: out, Disp: 64 * j})
	}
	ADDQ(U32(12), ops)
	DECQ(n)
	JNZ(LabelRef("op"))

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
