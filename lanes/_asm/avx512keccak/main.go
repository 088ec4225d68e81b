// Command avx512keccak generates the Keccak-256 ×8 AVX-512 kernels of
// package lanes/avx512: Keccak-f[1600] on eight 64-byte messages at once,
// one message per 64-bit lane of a zmm register, the 25-lane state in 25
// registers.
package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"

	"github.com/lanehash/lanehash/lanes/_asm/keccakgen"
)

// width is the number of messages hashed at once; a lane-layout node is
// 32·width bytes.
const (
	width    = 8
	nodeSize = 32 * width
)

func main() {
	ConstraintExpr("!purego")
	k := dataTables()
	pairs(k)
	lockstep(k)
	pack()
	unpack()
	Generate()
}

// maskTables are the opmask tables of partial batches: load mask of pair i
// at loadMask[8+i-r], store mask of digests 2m, 2m+1 at storeMask[8+r-2m],
// for r pairs in the batch; each entry is a 16-bit KMOVW operand.
type maskTables struct{ load, store Mem }

func dataTables() consts {
	rc := GLOBL("keccak256RC", RODATA|NOPTR)
	for i, c := range keccakgen.RC() {
		DATA(8*i, U64(c))
	}
	pad := GLOBL("keccak256PadWord", RODATA|NOPTR)
	DATA(0, U64(keccakgen.PadWord))
	end := GLOBL("keccak256EndWord", RODATA|NOPTR)
	DATA(0, U64(keccakgen.EndWord))
	return consts{rc: rc, pad: pad, end: end}
}

func masks() maskTables {
	load := GLOBL("keccak256LoadMask", RODATA|NOPTR)
	for i := 0; i < 16; i++ {
		v := 0
		if i < 8 {
			v = 0xFF
		}
		DATA(2*i, U16(v))
	}
	store := GLOBL("keccak256StoreMask", RODATA|NOPTR)
	for i := 0; i < 24; i++ {
		v := 0
		switch {
		case i == 9:
			v = 0x0F
		case i >= 10:
			v = 0xFF
		}
		DATA(2*i, U16(v))
	}
	return maskTables{load: load, store: store}
}

func regs(ids ...int) []VecPhysical {
	out := make([]VecPhysical, len(ids))
	for i, id := range ids {
		out[i] = zmm[id]
	}
	return out
}

func pairs(k consts) {
	m := masks()
	TEXT("keccak256PairsAVX512", NOSPLIT, "func(dst, src *byte, n int)")
	Pragma("noescape")
	Doc("keccak256PairsAVX512 hashes n 64-byte pairs of src into n 32-byte digests of dst,",
		"eight at a time; a last partial batch is loaded and stored under opmasks, so no",
		"byte outside the n pairs and n digests is touched.")
	Load(Param("dst"), RDI)
	Load(Param("src"), RSI)
	Load(Param("n"), RCX)
	LEAQ(m.load, R8)
	LEAQ(m.store, R9)

	Label("keccak256PairsLoop")
	TESTQ(RCX, RCX)
	JZ(LabelRef("keccak256PairsDone"))
	Comment("batch size r = min(n, 8); masks come from the tables at offsets that depend on r")
	MOVQ(U32(width), RAX)
	CMPQ(RCX, RAX)
	CMOVQLT(RCX, RAX)
	MOVQ(R8, R10)
	SUBQ(RAX, R10)
	SUBQ(RAX, R10)
	LEAQ(Mem{Base: R9, Index: RAX, Scale: 2}, R11)

	var p [8]VecPhysical
	for i := 0; i < 8; i++ {
		p[i] = zmm[i]
		KMOVW(Mem{Base: R10, Disp: 2 * (8 + i)}, K1)
		VMOVDQU64_Z(Mem{Base: RSI, Disp: 64 * i}, K1, p[i])
	}
	Comment("prefetch the batch after next; the hardware stream prefetcher alone leaves large inputs short")
	for i := 0; i < 8; i++ {
		PREFETCHT0(Mem{Base: RSI, Disp: 2*64*width + 64*i})
	}
	var tmp [12]VecPhysical
	copy(tmp[:], regs(8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19))
	in := messageTranspose(p, tmp)
	out := finish(permute(in, k))
	for i := 0; i < 4; i++ {
		KMOVW(Mem{Base: R11, Disp: 2 * (8 - 2*i)}, K2)
		VMOVDQU64(out[i], K2, Mem{Base: RDI, Disp: 64 * i})
	}
	ADDQ(U32(64*width), RSI)
	ADDQ(U32(32*width), RDI)
	SUBQ(RAX, RCX)
	JMP(LabelRef("keccak256PairsLoop"))

	Label("keccak256PairsDone")
	VZEROUPPER()
	RET()
}

// finish transposes the four output lanes into ordinary digest layout,
// using registers the output does not occupy.
func finish(s [4]VecPhysical) [4]VecPhysical {
	p := newPool(s[:]...)
	var tmp [8]VecPhysical
	for i := range tmp {
		tmp[i] = p.get()
	}
	return digestTranspose(s, tmp)
}

func lockstep(k consts) {
	TEXT("keccak256LockstepAVX512", NOSPLIT, "func(arena *byte, ops *uint32, n int)")
	Pragma("noescape")
	Doc("keccak256LockstepAVX512 runs n ops, flat (left, right, out) node-index triples,",
		"over an arena of 256-byte lane-layout nodes: out = Keccak-256(left || right) in all",
		"eight lanes. Indices are not checked here.")
	Load(Param("arena"), RDI)
	Load(Param("ops"), RSI)
	Load(Param("n"), RCX)

	Label("keccak256LockstepLoop")
	TESTQ(RCX, RCX)
	JZ(LabelRef("keccak256LockstepDone"))
	MOVL(Mem{Base: RSI}, EAX)
	MOVL(Mem{Base: RSI, Disp: 4}, EBX)
	MOVL(Mem{Base: RSI, Disp: 8}, EDX)
	SHLQ(U8(8), RAX)
	SHLQ(U8(8), RBX)
	SHLQ(U8(8), RDX)
	var in [8]VecPhysical
	for j := 0; j < 4; j++ {
		in[j], in[4+j] = zmm[j], zmm[4+j]
		VMOVDQU64(Mem{Base: RDI, Index: RAX, Scale: 1, Disp: 64 * j}, in[j])
		VMOVDQU64(Mem{Base: RDI, Index: RBX, Scale: 1, Disp: 64 * j}, in[4+j])
	}
	out := permute(in, k)
	for j := 0; j < 4; j++ {
		VMOVDQU64(out[j], Mem{Base: RDI, Index: RDX, Scale: 1, Disp: 64 * j})
	}
	ADDQ(U8(12), RSI)
	DECQ(RCX)
	JMP(LabelRef("keccak256LockstepLoop"))

	Label("keccak256LockstepDone")
	VZEROUPPER()
	RET()
}

func pack() {
	TEXT("keccak256PackAVX512", NOSPLIT, "func(dst, src *byte, n int)")
	Pragma("noescape")
	Doc("keccak256PackAVX512 moves n nodes of eight ordinary 32-byte chunks from src into",
		"lane layout in dst.")
	transposeLoop("keccak256Pack", func(d [4]VecPhysical) [4]VecPhysical {
		var tmp [8]VecPhysical
		copy(tmp[:], regs(4, 5, 6, 7, 8, 9, 10, 11))
		return chunkTranspose(d, tmp)
	})
}

func unpack() {
	TEXT("keccak256UnpackAVX512", NOSPLIT, "func(dst, src *byte, n int)")
	Pragma("noescape")
	Doc("keccak256UnpackAVX512 moves n lane-layout nodes from src into eight ordinary",
		"32-byte digests each in dst.")
	transposeLoop("keccak256Unpack", func(s [4]VecPhysical) [4]VecPhysical {
		var tmp [8]VecPhysical
		copy(tmp[:], regs(4, 5, 6, 7, 8, 9, 10, 11))
		return digestTranspose(s, tmp)
	})
}

// transposeLoop emits the body of Pack and Unpack: per 256-byte node,
// four loads, a register transpose and four stores.
func transposeLoop(name string, body func([4]VecPhysical) [4]VecPhysical) {
	Load(Param("dst"), RDI)
	Load(Param("src"), RSI)
	Load(Param("n"), RCX)
	Label(name + "Loop")
	TESTQ(RCX, RCX)
	JZ(LabelRef(name + "Done"))
	var r [4]VecPhysical
	for j := range r {
		r[j] = zmm[j]
		VMOVDQU64(Mem{Base: RSI, Disp: 64 * j}, r[j])
	}
	out := body(r)
	for j := range out {
		VMOVDQU64(out[j], Mem{Base: RDI, Disp: 64 * j})
	}
	ADDQ(U32(nodeSize), RSI)
	ADDQ(U32(nodeSize), RDI)
	DECQ(RCX)
	JMP(LabelRef(name + "Loop"))
	Label(name + "Done")
	VZEROUPPER()
	RET()
}
