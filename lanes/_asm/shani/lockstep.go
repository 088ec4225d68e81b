package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// lockstep emits sha256LockstepAsm: for each (left, right, out) triple
// of node indices, in order, node out = SHA-256(left || right) in both
// lanes. A node is 64 bytes in chunk layout: lane p's 32-byte chunk, in
// ordinary byte order, at 32p, so an op loads and stores its two lanes
// exactly as Pairs does two messages. Both inputs are loaded before the
// output is stored, so out may be either input.
func lockstep(t tables) {
	TEXT("sha256LockstepAsm", NOSPLIT, "func(arena *byte, ops *uint32, n int)")
	Doc("sha256LockstepAsm runs n ops (left, right, out node indices) over arena, two lanes in chunk layout.")
	arena := Load(Param("arena"), RDI)
	ops := Load(Param("ops"), RSI)
	n := Load(Param("n"), RCX)

	Label("op")
	TESTQ(n, n)
	JZ(LabelRef("done"))
	left, right, out := RAX, RBX, RDX
	for k, r := range []GPPhysical{left, right, out} {
		MOVL(Mem{Base: ops, Disp: 4 * k}, r.As32())
		SHLQ(Imm(6), r)
		ADDQ(arena, r)
	}
	hashBatch(streams, t,
		func(j, k int) Mem {
			node := left
			if k >= 2 {
				node = right
			}
			return Mem{Base: node, Disp: 32*j + 16*(k%2)}
		},
		func(j int) Mem { return Mem{Base: out, Disp: 32 * j} })
	ADDQ(Imm(12), ops)
	DECQ(n)
	JMP(LabelRef("op"))

	Label("done")
	RET()
}
