// Command shani generates the SHA-NI SHA-256 kernels of package
// lanes/shani: pair hashing with two interleaved streams, the lockstep
// op runner for two lanes, lane-layout pack and unpack, and the CPUID
// read the package uses to detect SHA-NI.
//
// Run from package lanes/shani with go generate; the output is
// committed.
package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/reg"
)

func main() {
	ConstraintExpr("!purego")
	t := emitTables()
	pairs(t)
	lockstep(t)
	pack(t)
	unpack(t)
	cpuid()
	Generate()
}

// cpuid emits a plain CPUID read: golang.org/x/sys/cpu does not report
// SHA-NI (leaf 7, EBX bit 29) on amd64.
func cpuid() {
	TEXT("cpuid", NOSPLIT, "func(leaf, sub uint32) (a, b, c, d uint32)")
	Doc("cpuid executes CPUID with EAX=leaf and ECX=sub.")
	Load(Param("leaf"), EAX)
	Load(Param("sub"), ECX)
	CPUID()
	Store(EAX, Return("a"))
	Store(EBX, Return("b"))
	Store(ECX, Return("c"))
	Store(EDX, Return("d"))
	RET()
}
