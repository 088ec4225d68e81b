package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// Z registers not in msgRegs, the scratch of the message transpose.
var otherRegs = [16]VecPhysical{Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z7, Z24, Z25, Z26, Z27, Z28, Z29, Z30, Z31}

// genPairs emits sha256x16Pairs: n ≥ 1 pairs in ordinary layout, 32 per
// iteration as two interleaved groups (see compress) while n > 16 (the
// second group partial when n < 32), then at most one group of 16.
// Rows past the last pair are neither loaded nor stored (k-masks, which
// also suppress faults), so no byte outside src[:64n] or dst[:32n] is
// touched; everything an iteration hashes is loaded before anything is
// stored, so dst may be src.
//
// A lone group costs about three quarters of an interleaved pair of
// groups (its rounds wait on one dependency chain), so 17..31 pairs run
// as a full group beside a partial one, not as two lone groups: 17..31
// pairs took 0.66–0.69× the CPU time of the two-lone-groups form, what
// 32 pairs take (Zen 5, measured).
// At most 16 pairs stay a lone group: a second, empty chain beside it
// would cost more than it hides. (Running a partial block at ymm or xmm
// width would not help either: this CPU executes a zmm operation as
// fast as a ymm one, measured.)
func genPairs(c consts) {
	TEXT("sha256x16Pairs", 0, "func(dst, src *byte, n int)")
	Pragma("noescape")
	Doc("sha256x16Pairs hashes n ≥ 1 64-byte pairs of src into n digests at dst.")
	dst, src, n := RDI, RSI, RCX
	Load(Param("dst"), dst)
	Load(Param("src"), src)
	Load(Param("n"), n)
	base, idx, aux := R11, R12, R13
	allocScratch(base)
	m := RDX // pairs in a partial group
	all, low, sixteen := R8L, R9L, R10
	MOVL(U32(0xFFFF), all)
	MOVL(U32(0x00FF), low)
	MOVQ(U32(16), sixteen)

	// loadRows loads rows p < 16 of src+disp into msgRegs; masked, rows
	// p ≥ m are zeroed instead (and not read).
	loadRows := func(disp int, masked bool) {
		for p := 0; p < 16; p++ {
			mem := Mem{Base: src, Disp: disp + 64*p}
			if masked {
				XORL(EAX, EAX)
				CMPQ(m, U32(p))
				CMOVLHI(all, EAX)
				KMOVW(EAX, K1)
				VMOVDQU32_Z(mem, K1, msgRegs[p])
			} else {
				VMOVDQU32(mem, msgRegs[p])
			}
			VPSHUFB(c.bswap, msgRegs[p], msgRegs[p])
		}
	}
	// storeDigests byte-swaps and stores out (out[r] holds the digests
	// of lanes 2r, 2r+1) at dst+disp; masked, only lanes < m.
	storeDigests := func(out [8]VecPhysical, disp int, masked bool) {
		for r := range out {
			VPSHUFB(c.bswap, out[r], out[r])
			mem := Mem{Base: dst, Disp: disp + 64*r}
			if masked {
				XORL(EAX, EAX)
				CMPQ(m, U32(2*r))
				CMOVLHI(low, EAX)
				CMPQ(m, U32(2*r+1))
				CMOVLHI(all, EAX)
				KMOVW(EAX, K1)
				VMOVDQU32(out[r], K1, mem)
			} else {
				VMOVDQU32(out[r], mem)
			}
		}
	}

	CMPQ(n, sixteen)
	JLS(LabelRef("block"))
	Label("pairs32")
	// Prefetch the pairs two iterations ahead (a prefetch never faults,
	// past the end either): a tree level of 32 MB hashed in place ran at
	// 26 cpu-ns/pair without, 19 with, and in cache no slower (Zen 5).
	for l := 0; l < 32; l++ {
		PREFETCHT0(Mem{Base: src, Disp: 4096 + 64*l})
	}
	loadRows(0, false)
	transposeRows(msgRegs, otherRegs)
	storeMsg(base, wkABytes)
	// Full groups use plain loads and stores: masked ones cost a third
	// more per pair once the data no longer fits in cache (measured).
	CMPQ(n, U32(32))
	JLO(LabelRef("partialLoadB"))
	loadRows(1024, false)
	JMP(LabelRef("loadedB"))
	Label("partialLoadB")
	Comment("Group B holds m = n-16 < 16 pairs: rows p < m are loaded, the others zeroed.")
	LEAQ(Mem{Base: n, Disp: -16}, m)
	loadRows(1024, true)
	Label("loadedB")
	transposeRows(msgRegs, otherRegs)
	storeMsg(base, wkBBytes)
	compressSched(c, base, idx, aux, []group{groupA, groupB}, "two")
	storeDigests(wordsToLanes(stateA, spareRegs), 0, false)
	outB := wordsToLanes(stateB, spareRegs)
	CMPQ(n, U32(32))
	JLO(LabelRef("partialStoreB"))
	storeDigests(outB, 512, false)
	ADDQ(U32(2048), src)
	ADDQ(U32(1024), dst)
	SUBQ(U32(32), n)
	JZ(LabelRef("done"))
	CMPQ(n, sixteen)
	JHI(LabelRef("pairs32"))
	JMP(LabelRef("block"))
	Label("partialStoreB")
	Comment("Group B: store the lanes < m.")
	storeDigests(outB, 512, true)
	JMP(LabelRef("done"))

	Label("block")
	Comment("One group of n ≤ 16 pairs.")
	MOVQ(n, m)
	CMPQ(n, sixteen)
	JLO(LabelRef("partialLoad"))
	loadRows(0, false)
	JMP(LabelRef("loaded"))
	Label("partialLoad")
	Comment("Rows p < m are loaded, the others zeroed.")
	loadRows(0, true)
	Label("loaded")
	transposeRows(msgRegs, otherRegs)
	compressOne(c, idx, aux, "one")
	tmp := [8]VecPhysical{Z8, Z9, Z10, Z11, Z12, Z13, Z14, Z15}
	out := wordsToLanes(stateA, tmp)
	CMPQ(n, sixteen)
	JLO(LabelRef("partialStore"))
	storeDigests(out, 0, false)
	JMP(LabelRef("done"))
	Label("partialStore")
	Comment("out[r] holds lanes 2r, 2r+1: store the lanes < m.")
	storeDigests(out, 0, true)

	Label("done")
	VZEROUPPER()
	RET()
}

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
