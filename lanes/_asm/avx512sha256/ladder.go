package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// genLadder emits sha256x16Ladder: n ≥ 1 nodes of 32 bytes, contiguous,
// each climbs levels ≥ 1 levels of a zero-hash ladder in place:
// node = H(node || zero[32d:32d+32]) for d = 0 … levels−1. More than
// 32 nodes run the pipeline of ladderpipe.go. Up to 32
// nodes (two groups of 16 in flight, as Pairs runs them) are loaded and
// transposed into word layout once, every level hashes with the digest
// staying in registers (it is the left half of the next message; the
// right half is the level's zero hash, the same in every lane, so its
// eight words are broadcasts), and the roots are transposed back and
// stored once. A partial last group loads and stores its nodes under
// k-masks, so no byte outside nodes[:32n] is touched. A call of n ≤ 16
// climbs as one group with compressOneForms, the schedule in registers:
// a lone chain costs about three quarters of a two-group pass, where a
// second, empty or partial group beside it would cost the whole pass.
func genLadder(c consts) {
	TEXT("sha256x16Ladder", 0, "func(nodes, zero *byte, n, levels int)")
	Pragma("noescape")
	Doc("sha256x16Ladder climbs n ≥ 1 nodes through levels ≥ 1 zero hashes of zero, in place.")
	nodes, zero, n := RDI, RSI, RCX
	Load(Param("nodes"), nodes)
	Load(Param("zero"), zero)
	Load(Param("n"), n)
	base, idx, aux := R11, R12, R13
	zp, lv := RBX, R9
	allocScratchExtra(base, ladExtraBytes)
	CMPQ(n, U32(32))
	JHI(LabelRef("pipe"))
	m := RDX // nodes in a partial group
	all, low := R8L, R10L
	MOVL(U32(0xFFFF), all)
	MOVL(U32(0x00FF), low)

	// mask sets K1 to the lanes < m of a register holding nodes 2r, 2r+1.
	mask := func(r int) { nodeMask(r, m, all, low) }
	// load moves the 16 nodes at nodes+disp into word layout in dst;
	// masked, nodes ≥ m are zeroed instead (and not read).
	load := func(disp int, masked bool, dst [8]VecPhysical) {
		in := [8]VecPhysical{Z16, Z17, Z18, Z19, Z20, Z21, Z22, Z23}
		tmp := [8]VecPhysical{Z24, Z25, Z26, Z27, Z28, Z29, Z30, Z31}
		for r, z := range in {
			mem := Mem{Base: nodes, Disp: disp + 64*r}
			if masked {
				mask(r)
				VMOVDQU32_Z(mem, K1, z)
			} else {
				VMOVDQU32(mem, z)
			}
			VPSHUFB(c.bswap, z, z)
		}
		words := lanesToWords(in, tmp)
		for j := range words {
			VMOVDQA32(words[j], dst[j])
		}
	}
	// store writes the 16 digests of out (out[r] holds nodes 2r, 2r+1)
	// to nodes+disp; masked, only nodes < m.
	store := func(out [8]VecPhysical, disp int, masked bool) {
		for r, z := range out {
			VPSHUFB(c.bswap, z, z)
			mem := Mem{Base: nodes, Disp: disp + 64*r}
			if masked {
				mask(r)
				VMOVDQU32(z, K1, mem)
			} else {
				VMOVDQU32(z, mem)
			}
		}
	}
	// zeroWord broadcasts word j of the current level's zero hash, in
	// host order, into z.
	zeroWord := func(j int, z VecPhysical) {
		VPBROADCASTD(Mem{Base: zp, Disp: 4 * j}, z)
		VPSHUFB(c.bswap, z, z)
	}

	Comment("17..32 nodes: two groups side by side.")
	CMPQ(n, U32(16))
	JLS(LabelRef("one"))
	load(0, false, stateA)
	CMPQ(n, U32(32))
	JLO(LabelRef("partialLoadB"))
	load(512, false, stateB)
	JMP(LabelRef("loadedB"))
	Label("partialLoadB")
	Comment("Group B holds m = n-16 < 16 nodes: nodes < m are loaded, the others zeroed.")
	LEAQ(Mem{Base: n, Disp: -16}, m)
	load(512, true, stateB)
	Label("loadedB")
	MOVQ(zero, zp)
	Load(Param("levels"), lv)

	Label("twoLevel")
	Comment("W[0..7] are the digests, W[8..15] the level's zero hash in every lane.")
	for j := 0; j < 8; j++ {
		VMOVDQA32(stateA[j], Mem{Base: base, Disp: wkABytes + 64*j})
		VMOVDQA32(stateB[j], Mem{Base: base, Disp: wkBBytes + 64*j})
	}
	for j := 0; j < 8; j++ {
		z := spareRegs[j]
		zeroWord(j, z)
		VMOVDQA32(z, Mem{Base: base, Disp: wkABytes + 64*(8+j)})
		VMOVDQA32(z, Mem{Base: base, Disp: wkBBytes + 64*(8+j)})
	}
	compressSched(c, base, idx, aux, []group{groupA, groupB}, "ltwo")
	ADDQ(U32(32), zp)
	DECQ(lv)
	JNZ(LabelRef("twoLevel"))

	store(wordsToLanes(stateA, spareRegs), 0, false)
	outB := wordsToLanes(stateB, spareRegs)
	CMPQ(n, U32(32))
	JLO(LabelRef("partialStoreB"))
	store(outB, 512, false)
	JMP(LabelRef("done"))
	Label("partialStoreB")
	Comment("Group B: store the nodes < m.")
	store(outB, 512, true)
	JMP(LabelRef("done"))

	ladderPipe(c, nodes, zero, n, base)

	Label("one")
	Comment("One group of n ≤ 16 nodes.")
	MOVQ(n, m)
	CMPQ(n, U32(16))
	JLO(LabelRef("partialLoad"))
	load(0, false, stateA)
	JMP(LabelRef("loaded"))
	Label("partialLoad")
	load(0, true, stateA)
	Label("loaded")
	MOVQ(zero, zp)
	Load(Param("levels"), lv)
	Label("oneLevel")
	for j := 0; j < 8; j++ {
		VMOVDQA32(stateA[j], msgRegs[j])
		zeroWord(j, msgRegs[8+j])
	}
	compressOneForms(c, idx, aux, "lone", ladderShortE, ladderShortE)
	ADDQ(U32(32), zp)
	DECQ(lv)
	JNZ(LabelRef("oneLevel"))
	out := wordsToLanes(stateA, [8]VecPhysical{Z8, Z9, Z10, Z11, Z12, Z13, Z14, Z15})
	CMPQ(n, U32(16))
	JLO(LabelRef("partialStore"))
	store(out, 0, false)
	JMP(LabelRef("done"))
	Label("partialStore")
	store(out, 0, true)

	Label("done")
	VZEROUPPER()
	RET()
}

// ladderShortE is the round form of both blocks of the one-group ladder
// (see roundSteps): the level's rounds are one dependency chain, and
// the short form, with d + h + W + K summed off the e → e' chain, took
// 3–4 % less CPU time per level than compressOne's long first block
// (BenchmarkLadder of 8 and 16 nodes, medians of 8, AMD EPYC Zen 5).
const ladderShortE = true
