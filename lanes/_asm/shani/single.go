package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// single emits sha256SingleAsm: one instance's op list over a flat
// buffer of 32-byte chunks, chunk out = SHA-256(chunk left || chunk
// right) for each (left, right, out) triple of chunk indices, in order.
// Up to four consecutive ops run side by side (wideStep for three and
// four) while none reads an earlier one's out; two when only the second
// does not read the first's; else the first runs alone and the second
// starts the next step. A lone instance's tree then costs one
// call, its digests land where the ops that read them look, and no
// level is cut short by a call boundary. Every message of a step is
// loaded before any digest is stored, and the digests are stored in op
// order, so an out may be any chunk, an input of any op of the step
// included, or another op's out: the step is its ops run in order.
// Where a step of one or two ops follows one of two, or one of two
// follows one of three, the digests it reads reach it in registers
// (pairCarry, wideCarry), and are stored after its messages are formed.
func single(t tables) {
	TEXT("sha256SingleAsm", 0, "func(buf *byte, ops *uint32, n int)")
	Pragma("noescape")
	Doc("sha256SingleAsm runs n ops (left, right, out chunk indices) over buf, up to four consecutive independent ops side by side.")
	f := newWideFrame(R11)
	buf := Load(Param("buf"), RDI)
	ops := Load(Param("ops"), RSI)
	n := Load(Param("n"), RCX)
	op0 := []GPPhysical{RAX, RBX, RDX}
	op1 := []GPPhysical{R8, R9, R10}

	// Up to four ops run side by side while none reads an earlier
	// one's out; otherwise the two-op step decides between two and one.
	Label("step")
	CMPQ(n, Imm(3))
	JB(LabelRef("single2"))
	outs := []GPPhysical{RAX, RBX, RDX}
	fewer := []string{"", "single2", "single2", "wide3"}
	for j := 1; j < 4; j++ {
		if j == 3 {
			CMPQ(n, Imm(4))
			JB(LabelRef("wide3"))
		}
		MOVL(Mem{Base: ops, Disp: 12*(j-1) + 8}, outs[j-1].As32())
		for _, o := range outs[:j] {
			for k := range 2 {
				CMPL(Mem{Base: ops, Disp: 12*j + 4*k}, o.As32())
				JEQ(LabelRef(fewer[j]))
			}
		}
	}
	Label("wide4")
	wideStep(4, t, f, buf, ops, false)
	ADDQ(Imm(48), ops)
	SUBQ(Imm(4), n)
	JMP(LabelRef("step"))

	Label("wide3")
	wideStep(3, t, f, buf, ops, true)
	wideCarry(t, buf, ops, n, outs)

	Label("single2")
	CMPQ(n, Imm(2))
	JB(LabelRef("single1"))
	for k := range 3 {
		MOVL(Mem{Base: ops, Disp: 4 * k}, op0[k].As32())
		MOVL(Mem{Base: ops, Disp: 12 + 4*k}, op1[k].As32())
	}
	// The second op reads the first's digest: the first runs alone.
	CMPL(op1[0].As32(), op0[2].As32())
	JEQ(LabelRef("single1"))
	CMPL(op1[1].As32(), op0[2].As32())
	JEQ(LabelRef("single1"))
	for _, r := range append(append([]GPPhysical{}, op0...), op1...) {
		SHLQ(Imm(5), r)
		ADDQ(buf, r)
	}
	MOVOU(t.flip, X15)
	for j, s := range streams {
		for k, m := range s.m {
			MOVOU(singleLoad(op0, op1)(j, k), m)
			PSHUFB(X15, m)
		}
	}
	ADDQ(Imm(24), ops)
	SUBQ(Imm(2), n)
	pairCarry(t, buf, ops, n, op0[2], op1[2])

	Label("single1")
	TESTQ(n, n)
	JZ(LabelRef("done"))
	for k, r := range op0 {
		MOVL(Mem{Base: ops, Disp: 4 * k}, r.As32())
		SHLQ(Imm(5), r)
		ADDQ(buf, r)
	}
	hashBatch(streams[:1], t, singleLoad(op0, op1), singleStore(op0, op1))
	ADDQ(Imm(12), ops)
	DECQ(n)
	JMP(LabelRef("step"))

	Label("done")
	RET()
}

// singleLoad addresses quarter k of stream j's message: the left chunk
// for k < 2, the right one after, of op j (its registers hold the
// chunks' addresses).
func singleLoad(ops ...[]GPPhysical) func(j, k int) Mem {
	return func(j, k int) Mem {
		return Mem{Base: ops[j][k/2], Disp: 16 * (k % 2)}
	}
}

// singleStore addresses stream j's digest: op j's out chunk.
func singleStore(ops ...[]GPPhysical) func(j int) Mem {
	return func(j int) Mem { return Mem{Base: ops[j][2]} }
}

// pairCarry emits the two-op step's rounds, with its messages in the
// streams' message registers and its outs' addresses in out0 and
// out1, and what follows them. When the next step is of one or two ops
// (the step rules of sha256SingleAsm), its messages are taken from the
// two digests still in registers wherever it reads one of the two outs
// (the second's first, as the memory would hold it), one PSHUFD a half,
// rather than through the digests' stores forwarded to its loads and
// two byte swaps: a digest half in state order, words [B A D C]
// (digestHalves), is the message words [A B C D] with each pair
// swapped. Its other halves load from memory, which the two stores
// leave as they are. A next step of two ops then loops back here; of
// one op it runs and returns to the step rules, as does a wider step
// or the end of the list, after the digests are stored. The digests
// are stored, in op order, once the next step's messages are loaded:
// the ops run as if one at a time.
func pairCarry(t tables, buf, ops, n Register, out0, out1 GPPhysical) {
	tmp := R12
	ss := streams
	Label("pairRounds")
	loadIV(ss, t)
	ownPadLoads = true
	firstBlock(ss, t)
	secondBlock(ss, t)
	ownPadLoads = false
	var halves [4]VecPhysical
	for j, s := range ss {
		halves[2*j], halves[2*j+1] = digestHalves(s)
	}
	store := func() {
		for j, out := range []GPPhysical{out0, out1} {
			for k, h := range halves[2*j : 2*j+2] {
				PSHUFB(t.out, h)
				MOVOU(h, Mem{Base: out, Disp: 16 * k})
			}
		}
	}
	srcs := []carrySrc{{out1, halves[2], halves[3]}, {out0, halves[0], halves[1]}}
	fill := func(idx Mem, ma, mb VecPhysical, name string) { carryFill(buf, idx, ma, mb, srcs, name) }
	MOVOU(t.flip, X15) // firstBlock borrowed it
	// Three ops none of which reads an earlier one's out (or none
	// left): a wide step (or the end), from memory.
	CMPQ(n, Imm(3))
	JB(LabelRef("carry2"))
	MOVL(Mem{Base: ops, Disp: 8}, tmp.As32())
	for _, d := range []int{12, 16, 24, 28} {
		CMPL(Mem{Base: ops, Disp: d}, tmp.As32())
		JEQ(LabelRef("carry2"))
	}
	MOVL(Mem{Base: ops, Disp: 20}, tmp.As32())
	for _, d := range []int{24, 28} {
		CMPL(Mem{Base: ops, Disp: d}, tmp.As32())
		JEQ(LabelRef("carry2"))
	}
	store()
	JMP(LabelRef("step"))

	Label("carry2")
	CMPQ(n, Imm(2))
	JB(LabelRef("carry1"))
	MOVL(Mem{Base: ops, Disp: 8}, tmp.As32())
	CMPL(Mem{Base: ops, Disp: 12}, tmp.As32())
	JEQ(LabelRef("carry1"))
	CMPL(Mem{Base: ops, Disp: 16}, tmp.As32())
	JEQ(LabelRef("carry1"))
	for j, s := range ss {
		for side := range 2 {
			fill(Mem{Base: ops, Disp: 12*j + 4*side}, s.m[2*side], s.m[2*side+1], "pairHalf"+string(rune('0'+2*j+side)))
		}
	}
	store()
	nextPair(buf, ops, n, out0, out1)

	Label("carry1")
	TESTQ(n, n)
	JNZ(LabelRef("carry1op"))
	store()
	JMP(LabelRef("step"))
	Label("carry1op")
	one := ss[:1]
	for side := range 2 {
		fill(Mem{Base: ops, Disp: 4 * side}, one[0].m[2*side], one[0].m[2*side+1], "oneHalf"+string(rune('0'+side)))
	}
	store()
	MOVL(Mem{Base: ops, Disp: 8}, out0.As32())
	SHLQ(Imm(5), out0)
	ADDQ(buf, out0)
	ADDQ(Imm(12), ops)
	DECQ(n)
	loadIV(one, t)
	firstBlock(one, t)
	secondBlock(one, t)
	abcd, efgh := digestHalves(one[0])
	PSHUFB(t.out, abcd)
	PSHUFB(t.out, efgh)
	MOVOU(abcd, Mem{Base: out0})
	MOVOU(efgh, Mem{Base: out0, Disp: 16})
	JMP(LabelRef("step"))
}

// carrySrc is a digest still in registers: its out chunk's address and
// its halves in state order ([B A D C], [F E H G]).
type carrySrc struct {
	out    GPPhysical
	ha, hb VecPhysical
}

// carryFill sets the message registers ma, mb (words in host order) to
// the chunk whose index is at idx: from the first of srcs whose out it
// is (srcs latest op first, as the memory will hold it once they are
// stored), else from memory. X15 holds the byte-swap mask; R12 is
// clobbered. name prefixes the labels.
func carryFill(buf Register, idx Mem, ma, mb VecPhysical, srcs []carrySrc, name string) {
	tmp := R12
	MOVL(idx, tmp.As32())
	SHLQ(Imm(5), tmp)
	ADDQ(buf, tmp)
	for j, c := range srcs {
		CMPQ(tmp, c.out)
		JEQ(LabelRef(name + "_" + string(rune('0'+j))))
	}
	MOVOU(Mem{Base: tmp}, ma)
	PSHUFB(X15, ma)
	MOVOU(Mem{Base: tmp, Disp: 16}, mb)
	PSHUFB(X15, mb)
	JMP(LabelRef(name + "_end"))
	for j, c := range srcs {
		Label(name + "_" + string(rune('0'+j)))
		PSHUFD(U8(0xb1), c.ha, ma)
		PSHUFD(U8(0xb1), c.hb, mb)
		JMP(LabelRef(name + "_end"))
	}
	Label(name + "_end")
}

// wideCarry follows a kept three-op step (wideStep) at ops, its out
// chunks' addresses set in outs: when the next step
// is of two ops, their messages are taken from the three digests where
// they read their outs (carryFill), the digests stored in op order, and
// the two ops run with pairCarry's rounds; otherwise the digests are
// stored and the step rules decide.
func wideCarry(t tables, buf, ops, n Register, outs []GPPhysical) {
	for s, o := range outs {
		MOVL(Mem{Base: ops, Disp: 12*s + 8}, o.As32())
		SHLQ(Imm(5), o)
		ADDQ(buf, o)
	}
	ADDQ(Imm(36), ops)
	SUBQ(Imm(3), n)
	store := func() {
		MOVOU(t.out, X15)
		for s, o := range outs {
			for k, h := range wideHalves[s] {
				PSHUFB(X15, h)
				MOVOU(h, Mem{Base: o, Disp: 16 * k})
			}
		}
	}
	tmp := R12
	// Two ops, the second not reading the first's out, and not three
	// that read no earlier one's out.
	CMPQ(n, Imm(2))
	JB(LabelRef("wideStore"))
	MOVL(Mem{Base: ops, Disp: 8}, tmp.As32())
	CMPL(Mem{Base: ops, Disp: 12}, tmp.As32())
	JEQ(LabelRef("wideStore"))
	CMPL(Mem{Base: ops, Disp: 16}, tmp.As32())
	JEQ(LabelRef("wideStore"))
	CMPQ(n, Imm(3))
	JB(LabelRef("wideCarry2"))
	for _, d := range []int{24, 28} {
		CMPL(Mem{Base: ops, Disp: d}, tmp.As32())
		JEQ(LabelRef("wideCarry2"))
	}
	MOVL(Mem{Base: ops, Disp: 20}, tmp.As32())
	for _, d := range []int{24, 28} {
		CMPL(Mem{Base: ops, Disp: d}, tmp.As32())
		JEQ(LabelRef("wideCarry2"))
	}
	Label("wideStore")
	store()
	JMP(LabelRef("step"))

	Label("wideCarry2")
	MOVOU(t.flip, X15)
	var srcs []carrySrc
	for s := len(outs) - 1; s >= 0; s-- {
		srcs = append(srcs, carrySrc{outs[s], wideHalves[s][0], wideHalves[s][1]})
	}
	for j, s := range streams {
		for side := range 2 {
			carryFill(buf, Mem{Base: ops, Disp: 12*j + 4*side}, s.m[2*side], s.m[2*side+1], srcs, "wideHalf"+string(rune('0'+2*j+side)))
		}
	}
	store()
	// pairCarry's registers: the two ops' out addresses in RDX, R10.
	nextPair(buf, ops, n, RDX, R10)
}

// nextPair enters the two-op rounds for the next two ops of the list:
// their out addresses into out0 and out1, the list and the count past
// the step just stored.
func nextPair(buf, ops, n Register, out0, out1 GPPhysical) {
	for j, out := range []GPPhysical{out0, out1} {
		MOVL(Mem{Base: ops, Disp: 12*j + 8}, out.As32())
		SHLQ(Imm(5), out)
		ADDQ(buf, out)
	}
	ADDQ(Imm(24), ops)
	SUBQ(Imm(2), n)
	JMP(LabelRef("pairRounds"))
}
