package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// The pipelined ladder. Two groups climbing side by side pay for the
// padding block the way two groups' padding blocks side by side do in
// Pairs: both chains are latency-bound and nothing fills the slots they
// leave. With three groups or more, every group's next step can run
// beside another group's padding block, as Pairs' software pipeline
// (pipe.go) runs group i+2's data block beside group i's padding block.
// The steps form one sequence, level-major: item i is group i mod G at
// level i / G. Item i+2 reads the digest item i+2−G wrote, which is
// finished when G ≥ 3, so the sequence is Pairs' pipeline over G·levels
// items with no transposes between levels: every group's digests wait in
// word layout in its own slot.
//
// The slots are the nodes themselves: a full group of 16 nodes is 512
// bytes, exactly its eight words of 16 lanes, so each full group is
// transposed into word layout in place before the climb and back after
// it. A partial last group (m < 16 nodes) waits in the frame, loaded and
// stored under k-masks, so no byte outside nodes[:32n] is touched.

// Layout of the pipelined ladder's extra frame, after the two-group
// scratch: the partial group's slot, then the index of the group held
// there (the number of full groups: never a group's index when there is
// no partial group).
const (
	ladSlotBytes  = frameBytes
	ladPidxBytes  = ladSlotBytes + 8*64
	ladExtraBytes = 8*64 + 64
)

// ladderPipe emits the climb of n > 32 nodes (at least three groups)
// through levels ≥ 1 zero hashes, as described above. On entry nodes,
// zero and n hold the parameters and base the scratch; it ends at
// label done.
func ladderPipe(c consts, nodes, zero, n, base GPPhysical) {
	idx, aux, padp := R12, R13, RBX
	groups, g0, g2, hoff, left := R9, RDX, R8, R10, RCX
	zp := zero // the zero hash of item i+2's level
	m := RDX   // nodes in the partial group, outside the climb
	all, low := R8L, R10L
	pidx := Mem{Base: base, Disp: ladPidxBytes}

	// mask sets K1 to the lanes < m of a register holding nodes 2r, 2r+1.
	mask := func(r int) { nodeMask(r, m, all, low) }
	maskConsts := func() {
		MOVL(U32(0xFFFF), all)
		MOVL(U32(0x00FF), low)
	}
	// toWords loads 16 nodes at p into word layout and stores them at
	// out; masked, only nodes < m are read (the others are zero).
	toWords := func(p GPPhysical, masked bool, out Mem) {
		in := [8]VecPhysical{Z16, Z17, Z18, Z19, Z20, Z21, Z22, Z23}
		tmp := [8]VecPhysical{Z24, Z25, Z26, Z27, Z28, Z29, Z30, Z31}
		for r, z := range in {
			mem := Mem{Base: p, Disp: 64 * r}
			if masked {
				mask(r)
				VMOVDQU32_Z(mem, K1, z)
			} else {
				VMOVDQU32(mem, z)
			}
			VPSHUFB(c.bswap, z, z)
		}
		for j, w := range lanesToWords(in, tmp) {
			VMOVDQU32(w, out.Offset(64*j))
		}
	}
	// toLanes is the inverse: the words at in back to 16 nodes at p;
	// masked, only nodes < m are written.
	toLanes := func(in Mem, p GPPhysical, masked bool) {
		words := [8]VecPhysical{Z16, Z17, Z18, Z19, Z20, Z21, Z22, Z23}
		for j, w := range words {
			VMOVDQU32(in.Offset(64*j), w)
		}
		for r, z := range wordsToLanes(words, [8]VecPhysical{Z24, Z25, Z26, Z27, Z28, Z29, Z30, Z31}) {
			VPSHUFB(c.bswap, z, z)
			mem := Mem{Base: p, Disp: 64 * r}
			if masked {
				mask(r)
				VMOVDQU32(z, K1, mem)
			} else {
				VMOVDQU32(z, mem)
			}
		}
	}
	// slot sets dst to the slot of group g (g's nodes, or the frame's
	// slot for the partial group). It clobbers RAX.
	slot := func(g, dst GPPhysical) {
		MOVQ(g, dst)
		SHLQ(U8(9), dst)
		ADDQ(nodes, dst)
		LEAQ(Mem{Base: base, Disp: ladSlotBytes}, RAX)
		CMPQ(g, pidx)
		CMOVQEQ(RAX, dst)
	}
	// zeroWords stores the eight words of the zero hash at zp, in host
	// order and broadcast to every lane, as W[8..15] at wk.
	zeroWords := func(wk int) {
		for j := 0; j < 8; j++ {
			z := spareRegs[j]
			VPBROADCASTD(Mem{Base: zp, Disp: 4 * j}, z)
			VPSHUFB(c.bswap, z, z)
			VMOVDQA32(z, Mem{Base: base, Disp: wk + 64*(8+j)})
		}
	}
	// digestWords stores the words at p as W[0..7] at wk.
	digestWords := func(p GPPhysical, wk int) {
		for j := 0; j < 8; j++ {
			z := spareRegs[j]
			VMOVDQU32(Mem{Base: p, Disp: 64 * j}, z)
			VMOVDQA32(z, Mem{Base: base, Disp: wk + 64*j})
		}
	}

	Label("pipe")
	Comment("At least three groups: the pipelined climb.")
	MOVQ(n, groups)
	ADDQ(U8(15), groups)
	SHRQ(U8(4), groups)
	MOVQ(n, m)
	ANDQ(U8(15), m)
	MOVQ(groups, RAX)
	TESTQ(m, m)
	JZ(LabelRef("pipeNoPartial"))
	DECQ(RAX)
	Label("pipeNoPartial")
	MOVQ(RAX, pidx)

	Comment("Full groups into word layout, in place; the partial one into the frame.")
	MOVQ(RAX, idx)
	MOVQ(nodes, aux)
	Label("pipeToWords")
	toWords(aux, false, Mem{Base: aux})
	ADDQ(U32(512), aux)
	DECQ(idx)
	JNZ(LabelRef("pipeToWords"))
	TESTQ(m, m)
	JZ(LabelRef("pipeLoaded"))
	maskConsts()
	toWords(aux, true, Mem{Base: base, Disp: ladSlotBytes})
	Label("pipeLoaded")

	Comment("Prologue: items 0 and 1 (groups 0 and 1, level 0), data blocks side by side.")
	MOVQ(nodes, aux)
	digestWords(aux, wkABytes)
	ADDQ(U32(512), aux)
	digestWords(aux, wkBBytes)
	zeroWords(wkABytes)
	zeroWords(wkBBytes)
	for j := 0; j < 8; j++ {
		VPBROADCASTD(c.iv.Offset(4*j), groupA.s[j])
		VPBROADCASTD(c.iv.Offset(4*j), groupB.s[j])
	}
	runBlocks(c, base, idx, aux, padp, []blockSpec{{groupA, true, shortE1, shortE1}, {groupB, true, shortE1, shortE1}}, "ldata2")
	LEAQ(Mem{Base: base, Disp: h1ABytes}, aux)
	for j := 0; j < 8; j++ {
		VPADDD_BCST(c.iv.Offset(4*j), groupA.s[j], groupA.s[j])
		VMOVDQA32(groupA.s[j], Mem{Base: aux, Disp: 64 * j})
		VPADDD_BCST(c.iv.Offset(4*j), groupB.s[j], groupB.s[j])
		VMOVDQA32(groupB.s[j], Mem{Base: aux, Disp: 512 + 64*j})
	}
	XORL(hoff.As32(), hoff.As32())
	XORL(g0.As32(), g0.As32())
	MOVQ(U32(2), g2)
	Comment("left = groups·levels − 2 steps, each loading item i+2 and padding item i.")
	Load(Param("levels"), left)
	IMULQ(groups, left)
	SUBQ(U8(2), left)

	Label("pipeStep")
	Comment("Item i+2's message: its group's digests, and at a new level the level's zero hash.")
	slot(g2, aux)
	digestWords(aux, wkABytes)
	TESTQ(g2, g2)
	JNZ(LabelRef("pipeSameLevel"))
	zeroWords(wkABytes)
	Label("pipeSameLevel")
	Comment("Item i's H(1) into group B, item i+2 from H(0) in group A.")
	LEAQ(Mem{Base: base, Index: hoff, Scale: 1, Disp: h1ABytes}, aux)
	for j := 0; j < 8; j++ {
		VMOVDQA32(Mem{Base: aux, Disp: 64 * j}, groupB.s[j])
		VPBROADCASTD(c.iv.Offset(4*j), groupA.s[j])
	}
	runBlocks(c, base, idx, aux, padp, []blockSpec{{groupB, false, pipeShortPad, pipeShortRest}, {groupA, true, shortE1, pipeShortRest}}, "lpipe")
	LEAQ(Mem{Base: base, Index: hoff, Scale: 1, Disp: h1ABytes}, aux)
	for j := 0; j < 8; j++ {
		VPADDD(Mem{Base: aux, Disp: 64 * j}, groupB.s[j], groupB.s[j])
		VPADDD_BCST(c.iv.Offset(4*j), groupA.s[j], groupA.s[j])
		VMOVDQA32(groupA.s[j], Mem{Base: aux, Disp: 64 * j})
	}
	slot(g0, aux)
	for j := 0; j < 8; j++ {
		VMOVDQU32(groupB.s[j], Mem{Base: aux, Disp: 64 * j})
	}
	XORL(U32(512), hoff.As32())
	INCQ(g0)
	CMPQ(g0, groups)
	JNE(LabelRef("pipeG0"))
	XORL(g0.As32(), g0.As32())
	Label("pipeG0")
	INCQ(g2)
	CMPQ(g2, groups)
	JNE(LabelRef("pipeG2"))
	XORL(g2.As32(), g2.As32())
	ADDQ(U8(32), zp)
	Label("pipeG2")
	DECQ(left)
	JNZ(LabelRef("pipeStep"))

	Comment("Epilogue: the last two items' padding blocks side by side.")
	loadLastTwo(base, hoff, aux, zp)
	runBlocks(c, base, idx, left, padp, []blockSpec{{groupA, false, pipeShortEnd, pipeShortEnd}, {groupB, false, pipeShortEnd, pipeShortEnd}}, "lend")
	for j := 0; j < 8; j++ {
		VPADDD(Mem{Base: aux, Disp: 64 * j}, groupA.s[j], groupA.s[j])
		VPADDD(Mem{Base: zp, Disp: 64 * j}, groupB.s[j], groupB.s[j])
	}
	slot(g0, aux)
	for j := 0; j < 8; j++ {
		VMOVDQU32(groupA.s[j], Mem{Base: aux, Disp: 64 * j})
	}
	INCQ(g0)
	CMPQ(g0, groups)
	JNE(LabelRef("pipeLastG0"))
	XORL(g0.As32(), g0.As32())
	Label("pipeLastG0")
	slot(g0, aux)
	for j := 0; j < 8; j++ {
		VMOVDQU32(groupB.s[j], Mem{Base: aux, Disp: 64 * j})
	}

	Comment("Every group back to ordinary nodes.")
	MOVQ(pidx, idx)
	MOVQ(nodes, aux)
	Label("pipeToLanes")
	toLanes(Mem{Base: aux}, aux, false)
	ADDQ(U32(512), aux)
	DECQ(idx)
	JNZ(LabelRef("pipeToLanes"))
	Load(Param("n"), m)
	ANDQ(U8(15), m)
	JZ(LabelRef("done"))
	maskConsts()
	toLanes(Mem{Base: base, Disp: ladSlotBytes}, aux, true)
	JMP(LabelRef("done"))
}
