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
	wideStep(4, t, f, buf, ops)
	ADDQ(Imm(48), ops)
	SUBQ(Imm(4), n)
	JMP(LabelRef("step"))

	Label("wide3")
	wideStep(3, t, f, buf, ops)
	ADDQ(Imm(36), ops)
	SUBQ(Imm(3), n)
	JMP(LabelRef("step"))

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
	// A third op hashing the two digests, the first's on the left, in
	// two distinct chunks (a tree's last two levels: every small
	// container's root) takes them from the registers (pairThenOne).
	out2 := R12
	CMPQ(n, Imm(3))
	JB(LabelRef("pair"))
	CMPL(op0[2].As32(), op1[2].As32())
	JEQ(LabelRef("pair"))
	CMPL(Mem{Base: ops, Disp: 24}, op0[2].As32())
	JNE(LabelRef("pair"))
	CMPL(Mem{Base: ops, Disp: 28}, op1[2].As32())
	JNE(LabelRef("pair"))
	MOVL(Mem{Base: ops, Disp: 32}, out2.As32())
	for _, r := range append(append([]GPPhysical{out2}, op0...), op1...) {
		SHLQ(Imm(5), r)
		ADDQ(buf, r)
	}
	pairThenOne(t, op0, op1, out2)
	ADDQ(Imm(36), ops)
	SUBQ(Imm(3), n)
	JMP(LabelRef("step"))

	Label("pair")
	for _, r := range append(append([]GPPhysical{}, op0...), op1...) {
		SHLQ(Imm(5), r)
		ADDQ(buf, r)
	}
	ownPadLoads = true
	hashBatch(streams, t, singleLoad(op0, op1), singleStore(op0, op1))
	ownPadLoads = false
	ADDQ(Imm(24), ops)
	SUBQ(Imm(2), n)
	JMP(LabelRef("step"))

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

// pairThenOne runs a two-op step (op0 and op1 hold the ops' chunk
// addresses) and then a third op whose message is the first op's digest
// followed by the second's (its out chunk's address in out2): the two
// digests go from the states to the third op's message registers with
// one word shuffle each, rather than stored, loaded back (a store
// forwarded to a load, the longest wait between two dependent steps)
// and byte-swapped twice. The two digests are still stored, first
// op's first, and the third op's after them: the ops run as if one
// at a time, given that the two outs are distinct chunks.
func pairThenOne(t tables, op0, op1 []GPPhysical, out2 GPPhysical) {
	ss, load, store := streams, singleLoad(op0, op1), singleStore(op0, op1)
	MOVOU(t.flip, X15)
	for j, s := range ss {
		for k, m := range s.m {
			MOVOU(load(j, k), m)
			PSHUFB(X15, m)
		}
	}
	loadIV(ss, t)
	ownPadLoads = true
	firstBlock(ss, t)
	secondBlock(ss, t)
	ownPadLoads = false
	// A digest half [B A D C] (digestHalves) holds, in host order,
	// the message words [A B C D] of a block that begins with the
	// digest, after swapping the words of each pair.
	var halves [4]VecPhysical
	for j, s := range ss {
		halves[2*j], halves[2*j+1] = digestHalves(s)
	}
	next := ss[0]
	for k, h := range halves {
		PSHUFD(U8(0xb1), h, next.m[k])
	}
	for j := range ss {
		for k, h := range halves[2*j : 2*j+2] {
			PSHUFB(t.out, h)
			MOVOU(h, store(j).Offset(16*k))
		}
	}
	one := ss[:1]
	loadIV(one, t)
	firstBlock(one, t)
	secondBlock(one, t)
	abcd, efgh := digestHalves(next)
	PSHUFB(t.out, abcd)
	PSHUFB(t.out, efgh)
	MOVOU(abcd, Mem{Base: out2})
	MOVOU(efgh, Mem{Base: out2, Disp: 16})
}
