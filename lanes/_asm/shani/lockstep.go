package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// lockstep emits sha256LockstepAsm: for each (left, right, out) triple
// of node indices, in order, node out = SHA-256(left || right) in both
// lanes. A node is 64 bytes: word j of lane p is the uint32 at 4(2j+p).
// Both inputs are loaded before the output is stored, so out may be
// either input.
func lockstep(t tables) {
	TEXT("sha256LockstepAsm", NOSPLIT, "func(arena *byte, ops *uint32, n int)")
	Doc("sha256LockstepAsm runs n ops (left, right, out node indices) over arena.")
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
	a, b := streams[0], streams[1]
	for h, node := range []Register{left, right} {
		for k := 0; k < 2; k++ {
			// [w(2k) lane0, lane1, w(2k+1) lane0, lane1] and the next
			// two words become four words of lane 0 and of lane 1.
			ma, mb := a.m[2*h+k], b.m[2*h+k]
			MOVOU(Mem{Base: node, Disp: 32 * k}, ma)
			MOVOU(Mem{Base: node, Disp: 32*k + 16}, a.tmp)
			MOVO(ma, mb)
			SHUFPS(U8(0x88), a.tmp, ma)
			SHUFPS(U8(0xdd), a.tmp, mb)
		}
	}
	loadIV(streams, t)
	firstBlock(streams, t)
	secondBlock(streams, t)
	abcdA, efghA := digestHalves(a)
	abcdB, efghB := digestHalves(b)
	// Words [B A D C] of both lanes interleave to [B B' A A'] and
	// [D D' C C']; swapping the 64-bit halves gives lane layout.
	for k, half := range [][2]VecPhysical{{abcdA, abcdB}, {efghA, efghB}} {
		MOVO(half[0], X15)
		PUNPCKLLQ(half[1], X15)
		PSHUFD(U8(0x4e), X15, X15)
		MOVOU(X15, Mem{Base: out, Disp: 32 * k})
		PUNPCKHLQ(half[1], half[0])
		PSHUFD(U8(0x4e), half[0], half[0])
		MOVOU(half[0], Mem{Base: out, Disp: 32*k + 16})
	}
	ADDQ(Imm(12), ops)
	DECQ(n)
	JMP(LabelRef("op"))

	Label("done")
	RET()
}
