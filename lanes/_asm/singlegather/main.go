// Command singlegather generates package sched's gather of a lone
// instance's leaves on amd64 (sched/single_gather_amd64.s), and the
// release of its flat buffer. It is not a
// kernel, but every amd64 assembly file of the module is generated, so
// the one generate step reproduces all of it.
//
// A leaf narrower than a chunk stored as it is read (an 8-byte slot,
// a 1-byte bool) cannot be forwarded to the kernel's 16-byte load of
// the chunk: that load waits until the store reaches the cache, behind
// every older store, the last root's digests among them, so one root
// cannot start before the last is done. Each leaf here is written in
// whole 16-byte stores, zero-extended in a register, which the
// kernel's loads of the same 16 bytes take straight from the store
// buffer.
//
// Run from package sched with go generate; the output is committed.
package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

func main() {
	ConstraintExpr("!purego")
	gatherChunks()
	releaseFlag()
	Generate()
}

// The layout of graph.Gather (sched checks it in a test): Src uint32,
// Len uint32, Off uintptr, Node uint32 (here a byte offset in the flat
// buffer), 24 bytes.
const (
	gatherSrc  = 0
	gatherLen  = 4
	gatherOff  = 8
	gatherNode = 16
	gatherSize = 24
)

// gatherChunks copies each of n gathers' Len bytes (1..32) at
// bases[Src]+Off to flat+Node, zero-padded to 16 bytes when Len is
// at most 16 and to 32 above: every store is 16 bytes at a 16-byte
// step of the chunk. The bytes of the chunk past that stay as they are
// (zero, by the gathers' contract). The first n32 gathers are of 32
// bytes, the next n16 of 16 and the next n8 of 8 (sched sorts them
// so): those run in loops of their own, with no test of the length;
// the rest test it.
func gatherChunks() {
	TEXT("gatherChunks", NOSPLIT|NOFRAME, "func(flat, bases, gs *byte, n, n32, n16, n8 int)")
	Doc("gatherChunks writes n gathers' leaves into flat in whole 16-byte stores, the first n32 of 32 bytes, the next n16 of 16 and n8 of 8 (see the generator).")
	flat := Load(Param("flat"), RDI)
	bases := Load(Param("bases"), RSI)
	g := Load(Param("gs"), RDX)
	n := Load(Param("n"), RCX)
	src, dst, ln, lo, hi, b := R8, R9, R10, R11, R12, R13

	// address loads gather g's source address into src and its chunk's
	// offset into dst.
	address := func() {
		MOVL(Mem{Base: g, Disp: gatherSrc}, src.As32())
		MOVQ(Mem{Base: bases, Index: src, Scale: 8}, src)
		ADDQ(Mem{Base: g, Disp: gatherOff}, src)
		MOVL(Mem{Base: g, Disp: gatherNode}, dst.As32())
	}
	at := func(disp int) Mem { return Mem{Base: flat, Index: dst, Scale: 1, Disp: disp} }
	classes := []struct {
		param string
		copy  func()
	}{
		{"n32", func() {
			MOVOU(Mem{Base: src}, X0)
			MOVOU(Mem{Base: src, Disp: 16}, X1)
			MOVOU(X0, at(0))
			MOVOU(X1, at(16))
		}},
		{"n16", func() { MOVOU(Mem{Base: src}, X0); MOVOU(X0, at(0)) }},
		{"n8", func() { MOVQ(Mem{Base: src}, X0); MOVOU(X0, at(0)) }}, // MOVQ zero-extends
	}
	cnt := RAX
	for _, c := range classes {
		Load(Param(c.param), cnt)
		SUBQ(cnt, n)
		TESTQ(cnt, cnt)
		JLE(LabelRef(c.param + "_done"))
		Label(c.param + "_loop")
		address()
		c.copy()
		ADDQ(U8(gatherSize), g)
		DECQ(cnt)
		JNZ(LabelRef(c.param + "_loop"))
		Label(c.param + "_done")
	}

	TESTQ(n, n)
	JLE(LabelRef("done"))
	Label("loop")
	address()
	ADDQ(flat, dst)
	MOVL(Mem{Base: g, Disp: gatherLen}, ln.As32())
	// A 4-byte version and a 1-byte bool are loaded zero-extended into
	// X0 and stored whole.
	for _, z := range []struct {
		n    int
		load func()
		miss string // where a gather of another length goes
	}{
		{4, func() { MOVL(Mem{Base: src}, lo.As32()) }, "not4"},
		{1, func() { MOVBQZX(Mem{Base: src}, lo) }, "other"},
	} {
		CMPL(ln.As32(), U8(z.n))
		JNE(LabelRef(z.miss))
		z.load()
		MOVQ(lo, X0)
		MOVOU(X0, Mem{Base: dst})
		JMP(LabelRef("next"))
		if z.miss != "other" {
			Label(z.miss)
		}
	}

	// Any other length: a whole first half when there is one, then the
	// rest (1..16 bytes) read byte by byte, last first, into two
	// registers, and stored as one 16-byte value.
	Label("other")
	CMPL(ln.As32(), U8(16))
	JBE(LabelRef("tail"))
	MOVOU(Mem{Base: src}, X0)
	MOVOU(X0, Mem{Base: dst})
	ADDQ(U8(16), src)
	ADDQ(U8(16), dst)
	SUBL(U8(16), ln.As32())
	Label("tail")
	XORL(lo.As32(), lo.As32())
	XORL(hi.As32(), hi.As32())
	Label("byte")
	DECL(ln.As32())
	MOVBQZX(Mem{Base: src, Index: ln, Scale: 1}, b)
	CMPL(ln.As32(), U8(8))
	JB(LabelRef("low"))
	SHLQ(U8(8), hi)
	ORQ(b, hi)
	JMP(LabelRef("more"))
	Label("low")
	SHLQ(U8(8), lo)
	ORQ(b, lo)
	Label("more")
	TESTL(ln.As32(), ln.As32())
	JNZ(LabelRef("byte"))
	MOVQ(lo, X0)
	MOVQ(hi, X1)
	PUNPCKLQDQ(X1, X0)
	MOVOU(X0, Mem{Base: dst})

	Label("next")
	ADDQ(U8(gatherSize), g)
	DECQ(n)
	JNZ(LabelRef("loop"))
	Label("done")
	RET()
}

// releaseFlag stores 0 to the 32-bit flag at p with a plain MOVL. On
// amd64 a plain store is a release: it is ordered after every earlier
// load and store, which is all a flag claimed by compare-and-swap needs
// to be handed back, and it does not wait for the earlier stores to
// reach the cache as an atomic exchange (Go's atomic store) does.
func releaseFlag() {
	TEXT("releaseFlag", NOSPLIT|NOFRAME, "func(p *uint32)")
	Doc("releaseFlag stores 0 to *p with a plain store, a release on amd64 (see the generator).")
	p := Load(Param("p"), RAX)
	MOVL(U32(0), Mem{Base: p})
	RET()
}
