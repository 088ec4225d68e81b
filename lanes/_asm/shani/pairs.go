package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// pairs emits sha256PairsAsm: dst[32i:] = SHA-256(src[64i:64i+64]) for
// n pairs, two at a time, then a last odd pair alone. A batch is loaded
// completely before its digests are stored, so dst may alias src.
func pairs(t tables) {
	TEXT("sha256PairsAsm", NOSPLIT, "func(dst, src *byte, n int)")
	Doc("sha256PairsAsm hashes n 64-byte messages at src into n digests at dst.")
	dst := Load(Param("dst"), RDI)
	src := Load(Param("src"), RSI)
	n := Load(Param("n"), RCX)

	Label("pairs2")
	CMPQ(n, Imm(2))
	JB(LabelRef("pairs1"))
	pairsBatch(streams, dst, src, t)
	ADDQ(Imm(128), src)
	ADDQ(Imm(64), dst)
	SUBQ(Imm(2), n)
	JMP(LabelRef("pairs2"))

	Label("pairs1")
	TESTQ(n, n)
	JZ(LabelRef("done"))
	pairsBatch(streams[:1], dst, src, t)

	Label("done")
	RET()
}

// pairsBatch hashes len(ss) consecutive pairs, one per stream.
func pairsBatch(ss []stream, dst, src Register, t tables) {
	hashBatch(ss, t,
		func(j, k int) Mem { return Mem{Base: src, Disp: 64*j + 16*k} },
		func(j int) Mem { return Mem{Base: dst, Disp: 32 * j} })
}

// hashBatch hashes one 64-byte message per stream: quarter k of stream
// j's message is the 16 bytes at load(j, k), its digest goes to
// store(j) (32 bytes, ordinary byte order). Every message is loaded
// before any digest is stored.
func hashBatch(ss []stream, t tables, load func(j, k int) Mem, store func(j int) Mem) {
	MOVOU(t.flip, X15)
	for j, s := range ss {
		for k, m := range s.m {
			MOVOU(load(j, k), m)
			PSHUFB(X15, m)
		}
	}
	loadIV(ss, t)
	firstBlock(ss, t)
	secondBlock(ss, t)
	for j, s := range ss {
		abcd, efgh := digestHalves(s)
		PSHUFB(t.out, abcd)
		PSHUFB(t.out, efgh)
		MOVOU(abcd, store(j))
		MOVOU(efgh, store(j).Offset(16))
	}
}
