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
