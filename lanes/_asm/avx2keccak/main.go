// Command avx2keccak generates the Keccak-256 ×4 AVX2 kernels of package
// lanes/avx2: Keccak-f[1600] on four 64-byte messages at once, one
// message per 64-bit lane of a ymm register, the state in the stack frame.
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
	width     = 4
	nodeSize  = 32 * width
	stateSize = 25 * 32
)

func main() {
	ConstraintExpr("!purego")
	k := dataTables()
	pairs(k)
	lockstep(k)
	transposeFunc("keccak256PackAVX2", "keccak256PackAVX2 moves n nodes of four ordinary 32-byte chunks from src into lane layout in dst.")
	transposeFunc("keccak256UnpackAVX2", "keccak256UnpackAVX2 moves n lane-layout nodes from src into four ordinary 32-byte digests each in dst.")
	Generate()
}

// replicated emits a ymm-sized table entry: v in each of the four lanes.
func replicated(off int, v uint64) {
	for i := 0; i < width; i++ {
		DATA(off+8*i, U64(v))
	}
}

func dataTables() consts {
	rc := GLOBL("keccak256RC4", RODATA|NOPTR)
	for i, c := range keccakgen.RC() {
		replicated(32*i, c)
	}
	pad := GLOBL("keccak256Pad4", RODATA|NOPTR)
	replicated(0, keccakgen.PadWord)
	end := GLOBL("keccak256End4", RODATA|NOPTR)
	replicated(0, keccakgen.EndWord)
	return consts{rc: rc, pad: pad, end: end, rot8: byteRotation("keccak256Rot8", 1), rot56: byteRotation("keccak256Rot56", 7)}
}

// byteRotation emits a VPSHUFB control that rotates every 64-bit word
// left by 8·bytes bits: byte i of a word takes byte i−bytes (mod 8).
func byteRotation(name string, bytes int) Mem {
	m := GLOBL(name, RODATA|NOPTR)
	for i := 0; i < 32; i++ {
		word := i / 8 % 2 // VPSHUFB indexes within each 128-bit half
		DATA(i, U8(8*word+(i%8-bytes+8)%8))
	}
	return m
}

// loadPairs loads four 64-byte pairs from base and transposes them into
// the eight input lanes, in Y0..Y7.
func loadPairs(base GPPhysical) {
	lo := [4]VecPhysical{Y0, Y1, Y2, Y3}
	hi := [4]VecPhysical{Y4, Y5, Y6, Y7}
	for i := 0; i < 4; i++ {
		VMOVDQU(Mem{Base: base, Disp: 64 * i}, lo[i])
		VMOVDQU(Mem{Base: base, Disp: 64*i + 32}, hi[i])
	}
	tmp := [4]VecPhysical{Y8, Y9, Y10, Y11}
	transpose4(lo, tmp, lo)
	transpose4(hi, tmp, hi)
}

// storeDigests transposes the four output lanes into four digests and
// stores them at base.
func storeDigests(out [4]VecPhysical, base GPPhysical, disp int) {
	p := newPool(out[:]...)
	tmp := [4]VecPhysical{p.get(), p.get(), p.get(), p.get()}
	transpose4(out, tmp, out)
	for i := 0; i < 4; i++ {
		VMOVDQU(out[i], Mem{Base: base, Disp: disp + 32*i})
	}
}

func pairs(k consts) {
	TEXT("keccak256PairsAVX2", 0, "func(dst, src *byte, n int)")
	Pragma("noescape")
	Doc("keccak256PairsAVX2 hashes n 64-byte pairs of src into n 32-byte digests of dst,",
		"four at a time; n must be a multiple of 4.")
	s := state{buf: [2]Mem{AllocLocal(stateSize), AllocLocal(stateSize)}}
	Load(Param("dst"), RDI)
	Load(Param("src"), RSI)
	Load(Param("n"), RCX)
	Label("keccak256PairsLoop")
	TESTQ(RCX, RCX)
	JZ(LabelRef("keccak256PairsDone"))
	Comment("prefetch the batch after next; the hardware stream prefetcher alone leaves large inputs short")
	for i := 0; i < 4; i++ {
		PREFETCHT0(Mem{Base: RSI, Disp: 2*64*width + 64*i})
	}
	loadPairs(RSI)
	out := permute("keccak256Pairs", s, k, R13, R12)
	storeDigests(out, RDI, 0)
	ADDQ(U32(64*width), RSI)
	ADDQ(U32(32*width), RDI)
	SUBQ(U8(width), RCX)
	JMP(LabelRef("keccak256PairsLoop"))
	Label("keccak256PairsDone")
	VZEROUPPER()
	RET()
}

func lockstep(k consts) {
	TEXT("keccak256LockstepAVX2", 0, "func(arena *byte, ops *uint32, n int)")
	Pragma("noescape")
	Doc("keccak256LockstepAVX2 runs n ops, flat (left, right, out) node-index triples,",
		"over an arena of 128-byte lane-layout nodes: out = Keccak-256(left || right) in all",
		"four lanes. Indices are not checked here.")
	s := state{buf: [2]Mem{AllocLocal(stateSize), AllocLocal(stateSize)}}
	Load(Param("arena"), RDI)
	Load(Param("ops"), RSI)
	Load(Param("n"), RCX)
	Label("keccak256LockstepLoop")
	TESTQ(RCX, RCX)
	JZ(LabelRef("keccak256LockstepDone"))
	MOVL(Mem{Base: RSI}, EAX)
	MOVL(Mem{Base: RSI, Disp: 4}, EBX)
	MOVL(Mem{Base: RSI, Disp: 8}, EDX)
	SHLQ(U8(7), RAX)
	SHLQ(U8(7), RBX)
	SHLQ(U8(7), RDX)
	Comment("input lanes 0..3 from the left node, 4..7 from the right, in Y0..Y7")
	for j := 0; j < 4; j++ {
		VMOVDQU(Mem{Base: RDI, Index: RAX, Scale: 1, Disp: 32 * j}, ymm[j])
		VMOVDQU(Mem{Base: RDI, Index: RBX, Scale: 1, Disp: 32 * j}, ymm[4+j])
	}
	out := permute("keccak256Lockstep", s, k, R13, R12)
	for j := 0; j < 4; j++ {
		VMOVDQU(out[j], Mem{Base: RDI, Index: RDX, Scale: 1, Disp: 32 * j})
	}
	ADDQ(U8(12), RSI)
	DECQ(RCX)
	JMP(LabelRef("keccak256LockstepLoop"))
	Label("keccak256LockstepDone")
	VZEROUPPER()
	RET()
}

// transposeFunc emits Pack or Unpack: with four lanes the 4×4 word
// transpose is its own inverse, so both are the same loop.
func transposeFunc(name, doc string) {
	TEXT(name, NOSPLIT, "func(dst, src *byte, n int)")
	Pragma("noescape")
	Doc(doc)
	Load(Param("dst"), RDI)
	Load(Param("src"), RSI)
	Load(Param("n"), RCX)
	Label(name + "Loop")
	TESTQ(RCX, RCX)
	JZ(LabelRef(name + "Done"))
	r := [4]VecPhysical{Y0, Y1, Y2, Y3}
	for j := range r {
		VMOVDQU(Mem{Base: RSI, Disp: 32 * j}, r[j])
	}
	transpose4(r, [4]VecPhysical{Y4, Y5, Y6, Y7}, r)
	for j := range r {
		VMOVDQU(r[j], Mem{Base: RDI, Disp: 32 * j})
	}
	ADDQ(U32(nodeSize), RSI)
	ADDQ(U32(nodeSize), RDI)
	DECQ(RCX)
	JNZ(LabelRef(name + "Loop"))
	Label(name + "Done")
	VZEROUPPER()
	RET()
}
