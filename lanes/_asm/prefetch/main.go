// Command prefetch generates package sched's cache hints on amd64
// (sched/load_prefetch_amd64.s): PREFETCHT0 over a byte range, and over
// the memory behind one pointer-sized field of instances a stride apart.
// They are not kernels, but every amd64 assembly file of the module is
// generated, so the one generate step reproduces all of it.
//
// Run from package sched with go generate; the output is committed.
package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
)

func main() {
	ConstraintExpr("!purego")
	prefetchLines()
	prefetchField()
	Generate()
}

// prefetchLines hints every 64-byte line of [p, p+n).
func prefetchLines() {
	TEXT("prefetchLines", NOSPLIT|NOFRAME, "func(p, n uintptr)")
	p := Load(Param("p"), GP64())
	end := Load(Param("n"), GP64())
	TESTQ(end, end)
	JZ(LabelRef("lines_done"))
	ADDQ(p, end)
	ANDQ(I32(-64), p) // from the line holding p
	Label("lines_loop")
	PREFETCHT0(Mem{Base: p})
	ADDQ(I32(64), p)
	CMPQ(p, end)
	JB(LabelRef("lines_loop"))
	Label("lines_done")
	RET()
}

// prefetchField reads the address stored at p+off, p+stride+off, … (n
// of them) and hints the line each points at; a hint never faults, so a
// nil or dangling address is harmless.
func prefetchField() {
	TEXT("prefetchField", NOSPLIT|NOFRAME, "func(p, stride uintptr, n int, off uintptr)")
	p := Load(Param("p"), GP64())
	stride := Load(Param("stride"), GP64())
	n := Load(Param("n"), GP64())
	off := Load(Param("off"), GP64())
	ADDQ(off, p)
	TESTQ(n, n)
	JLE(LabelRef("fields_done"))
	Label("fields_loop")
	MOVQ(Mem{Base: p}, off)
	PREFETCHT0(Mem{Base: off})
	ADDQ(stride, p)
	DECQ(n)
	JNZ(LabelRef("fields_loop"))
	Label("fields_done")
	RET()
}
