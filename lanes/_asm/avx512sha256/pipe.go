package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// A software pipeline across groups. Two groups' data blocks side by
// side are issue-bound (their schedule fills the slots), two groups'
// padding blocks side by side latency-bound (nothing fills the slots
// their chains leave). Zipping one group's padding block with another
// group's data block gives the padding chain the data block's
// independent rounds and schedule beside it instead: the steady state
// of a long batch hashes group i's padding block beside group i+2's data
// block.

// blockSpec is one group's block in a zipped run of blocks: a data
// block (W from the scratch at g.wk, scheduled beside rounds 0..47, K
// broadcast) or the constant padding block (W+K broadcast from the
// table), and its round forms: short in the rounds beside the schedule
// (or in all 64 where no block of the run schedules), shortRest in
// rounds 48..63 of a run with a data block, where no schedule fills the
// slots and both chains bound the round.
type blockSpec struct {
	g         group
	data      bool
	short     bool
	shortRest bool
}

// runBlocks emits the 64 rounds of every block in specs, their
// instructions zipped one by one, from the states already in the
// groups' registers. Rounds run as loops of 8: rounds 0..47 and 48..63
// where a data block schedules beside its rounds, 0..63 otherwise. It
// clobbers the groups' temporaries and schedule registers, idx, kp and
// padp (kp only with a data block, padp only with a padding block).
func runBlocks(c consts, base, idx, kp, padp GPPhysical, specs []blockSpec, label string) {
	anyData, anyPad := false, false
	for _, s := range specs {
		if s.data {
			anyData = true
		} else {
			anyPad = true
		}
	}
	XORL(idx.As32(), idx.As32())
	if anyData {
		LEAQ(c.k, kp)
	}
	if anyPad {
		LEAQ(c.padWK, padp)
	}
	names := make([][8]VecPhysical, len(specs))
	for k, s := range specs {
		names[k] = s.g.s
	}
	loop := func(lbl string, sched, rest bool, end int) {
		Label(lbl)
		for i := 0; i < 8; i++ {
			steps := make([][]func(), len(specs))
			for k, s := range specs {
				g, i := s.g, i
				var add func(h VecPhysical)
				if s.data {
					add = func(h VecPhysical) {
						VPADDD(Mem{Base: base, Index: idx, Scale: 1, Disp: g.wk + 64*i}, h, h)
						VPADDD_BCST(Mem{Base: kp, Disp: 4 * i}, h, h)
					}
				} else {
					add = func(h VecPhysical) { VPADDD_BCST(Mem{Base: padp, Disp: 4 * i}, h, h) }
				}
				short := s.short
				if rest {
					short = s.shortRest
				}
				r := roundSteps(&names[k], g.t, short, add)
				if s.data && sched {
					at := func(t int) Mem { return Mem{Base: base, Index: idx, Scale: 1, Disp: g.wk + 64*t} }
					r = merge(r, scheduleMem(at, i+16, g.sch))
				}
				steps[k] = r
			}
			zip(steps...)
		}
		if anyData {
			ADDQ(U32(4*8), kp)
		}
		if anyPad {
			ADDQ(U32(4*8), padp)
		}
		ADDQ(U32(8*64), idx)
		CMPQ(idx, U32(end*64))
		JLO(LabelRef(lbl))
	}
	if anyData {
		loop(label+"sched", true, false, 48)
		loop(label+"rest", false, true, 64)
	} else {
		loop(label+"pad", false, false, 64)
	}
}

// Round forms of the pipelined Pairs: the padding block beside a data
// block's scheduling rounds 0..47 (pipeShortPad), both blocks in the
// steady state's rounds 48..63 (pipeShortRest), and the padding blocks
// side by side at the end of a batch (pipeShortEnd). Beside the schedule
// the rounds are issue-bound and the long form, fewer adds, wins; in
// rounds 48..63 the two chains bound the round and the short form wins
// (avx512floor: ph_sched_zip against ph_sched_padshort, ph_rest_zip
// against ph_rest_bothshort).
const (
	pipeShortPad  = false
	pipeShortRest = true
	pipeShortEnd  = true
)

// genPairs emits sha256x16Pairs: n ≥ 1 pairs in ordinary layout. At
// most 16 pairs are one group (compressOne), partial under masks. More
// run as a pipeline of groups of 16 (the last partial under masks):
// groups 0 and 1 hash their data blocks side by side, then while groups
// are left, group i+2 is loaded and its data block runs beside group
// i's padding block, after which group i is stored; the last two
// groups' padding blocks end the batch side by side. Two pairs of
// groups (n ≤ 32) are thus the plain two-group compression. Between
// blocks every state waits in the scratch as its H(1), so the load and
// transpose of the next group has all registers.
//
// Rows past the last pair are neither loaded nor stored (k-masks, which
// also suppress faults), so no byte outside src[:64n] or dst[:32n] is
// touched. Group i's digests (dst+512i) are stored after group i+2 is
// loaded (src+1024(i+2)), so dst may be src.
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
	base, idx, aux, padp := R11, R12, R13, RBX
	hoff := R10 // offset of the older waiting group's H(1) from h1ABytes: 0 or 512
	allocScratch(base)
	m := RDX // pairs in the last group
	all, low := R8L, R9L
	MOVL(U32(0xFFFF), all)
	MOVL(U32(0x00FF), low)
	// hi selects the upper 256-bit half in qwords (loadTransposeFull).
	hi := K6
	MOVL(U32(0xF0), EAX)
	KMOVW(EAX, hi)

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
				nodeMask(r, m, all, low)
				VMOVDQU32(out[r], K1, mem)
			} else {
				VMOVDQU32(out[r], mem)
			}
		}
	}
	// prefetch hints the pairs 4 KB (four groups) past src
	// (a prefetch never faults, past the end either): a tree level of
	// 32 MB hashed in place ran at 26 cpu-ns/pair without, 19 with, and
	// in cache no slower (Zen 5).
	prefetch := func(lines int) {
		for l := 0; l < lines; l++ {
			PREFETCHT0(Mem{Base: src, Disp: 4096 + 64*l})
		}
	}
	ivState := func(g group) {
		for j := 0; j < 8; j++ {
			VPBROADCASTD(c.iv.Offset(4*j), g.s[j])
		}
	}
	// keepH1 adds H(0) to g's state after its data block and stores the
	// sum, H(1), at h1.
	keepH1 := func(g group, h1 func(j int) Mem) {
		for j := 0; j < 8; j++ {
			VPADDD_BCST(c.iv.Offset(4*j), g.s[j], g.s[j])
			VMOVDQA32(g.s[j], h1(j))
		}
	}
	h1At := func(r GPPhysical) func(j int) Mem {
		return func(j int) Mem { return Mem{Base: r, Disp: 64 * j} }
	}

	CMPQ(n, U32(16))
	JLS(LabelRef("block"))

	Comment("Prologue: groups 0 and 1, their data blocks side by side.")
	prefetch(32)
	loadTransposeFull(c, src, 0, hi, otherRegs)
	storeMsg(base, wkABytes)
	MOVQ(U32(16), m)
	CMPQ(n, U32(32))
	JHS(LabelRef("fullLoadB"))
	Comment("Group 1 holds m = n-16 < 16 pairs: rows p < m are loaded, the others zeroed.")
	LEAQ(Mem{Base: n, Disp: -16}, m)
	loadRows(1024, true)
	transposeRows(msgRegs, otherRegs)
	JMP(LabelRef("loadedB"))
	Label("fullLoadB")
	loadTransposeFull(c, src, 1024, hi, otherRegs)
	Label("loadedB")
	storeMsg(base, wkBBytes)
	ivState(groupA)
	ivState(groupB)
	runBlocks(c, base, idx, aux, padp, []blockSpec{{groupA, true, shortE1, shortE1}, {groupB, true, shortE1, shortE1}}, "data2")
	LEAQ(Mem{Base: base, Disp: h1ABytes}, aux)
	keepH1(groupA, h1At(aux))
	keepH1(groupB, func(j int) Mem { return Mem{Base: aux, Disp: 512 + 64*j} })
	XORL(hoff.As32(), hoff.As32())
	ADDQ(U32(2048), src)
	SUBQ(U32(32), n)
	JLS(LabelRef("last2"))

	Label("pipe")
	Comment("Steady state: load group i+2, its data block beside group i's padding block.")
	prefetch(16)
	CMPQ(n, U32(16))
	JHS(LabelRef("fullLoadC"))
	MOVQ(n, m)
	loadRows(0, true)
	transposeRows(msgRegs, otherRegs)
	JMP(LabelRef("loadedC"))
	Label("fullLoadC")
	loadTransposeFull(c, src, 0, hi, otherRegs)
	Label("loadedC")
	storeMsg(base, wkABytes)
	// Group i's H(1) at base+h1ABytes+hoff.
	LEAQ(Mem{Base: base, Index: hoff, Scale: 1, Disp: h1ABytes}, aux)
	for j := 0; j < 8; j++ {
		VMOVDQA32(Mem{Base: aux, Disp: 64 * j}, groupB.s[j])
	}
	ivState(groupA)
	runBlocks(c, base, idx, aux, padp, []blockSpec{{groupB, false, pipeShortPad, pipeShortRest}, {groupA, true, shortE1, pipeShortRest}}, "pipe")
	LEAQ(Mem{Base: base, Index: hoff, Scale: 1, Disp: h1ABytes}, aux)
	for j := 0; j < 8; j++ {
		VPADDD(Mem{Base: aux, Disp: 64 * j}, groupB.s[j], groupB.s[j])
	}
	keepH1(groupA, h1At(aux))
	storeDigests(wordsToLanes(groupB.s, spareRegs), 0, false)
	XORL(U32(512), hoff.As32())
	ADDQ(U32(1024), src)
	ADDQ(U32(512), dst)
	SUBQ(U32(16), n)
	JHI(LabelRef("pipe"))

	Label("last2")
	Comment("Epilogue: the last two groups' padding blocks side by side.")
	loadLastTwo(base, hoff, aux, idx)
	// idx is the rounds' counter: keep the newer group's H(1) address in
	// hoff's place.
	MOVQ(idx, hoff)
	runBlocks(c, base, idx, src, padp, []blockSpec{{groupA, false, pipeShortEnd, pipeShortEnd}, {groupB, false, pipeShortEnd, pipeShortEnd}}, "end")
	for j := 0; j < 8; j++ {
		VPADDD(Mem{Base: aux, Disp: 64 * j}, groupA.s[j], groupA.s[j])
		VPADDD(Mem{Base: hoff, Disp: 64 * j}, groupB.s[j], groupB.s[j])
	}
	storeDigests(wordsToLanes(groupA.s, spareRegs), 0, false)
	outB := wordsToLanes(groupB.s, spareRegs)
	CMPQ(m, U32(16))
	JLO(LabelRef("partialStoreB"))
	storeDigests(outB, 512, false)
	JMP(LabelRef("done"))
	Label("partialStoreB")
	Comment("The last group: store the lanes < m.")
	storeDigests(outB, 512, true)
	JMP(LabelRef("done"))

	Label("block")
	Comment("One group of n ≤ 16 pairs.")
	MOVQ(n, m)
	CMPQ(n, U32(16))
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
	CMPQ(n, U32(16))
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

// loadLastTwo loads the states of the pipeline's last two items from
// their H(1) in the scratch, the older (at h1ABytes+hoff) into group A
// and the newer into group B, leaving their addresses in older and
// newer; it flips hoff.
func loadLastTwo(base, hoff, older, newer GPPhysical) {
	LEAQ(Mem{Base: base, Index: hoff, Scale: 1, Disp: h1ABytes}, older)
	XORL(U32(512), hoff.As32())
	LEAQ(Mem{Base: base, Index: hoff, Scale: 1, Disp: h1ABytes}, newer)
	for j := 0; j < 8; j++ {
		VMOVDQA32(Mem{Base: older, Disp: 64 * j}, groupA.s[j])
		VMOVDQA32(Mem{Base: newer, Disp: 64 * j}, groupB.s[j])
	}
}

// nodeMask sets K1 to the lanes of a register holding the 32-byte nodes
// (or digests) 2r and 2r+1, eight lanes each, whose node is < m; all
// holds 0xFFFF and low 0x00FF. It clobbers EAX.
func nodeMask(r int, m, all, low GPPhysical) {
	XORL(EAX, EAX)
	CMPQ(m, U32(2*r))
	CMOVLHI(low, EAX)
	CMPQ(m, U32(2*r+1))
	CMOVLHI(all, EAX)
	KMOVW(EAX, K1)
}
