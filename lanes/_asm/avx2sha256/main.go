// Command avx2sha256 generates the 8-lane AVX2 SHA-256 kernels of
// package lanes/avx2: Pairs, Lockstep, Pack and Unpack for 64-byte
// messages. Run it through go generate in lanes/avx2.
package main

import (
	"fmt"
	"os"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

func main() {
	k, iv := roundConstants(), initialValue()
	wk := paddingWK(k)
	if err := checkConstants(k, iv, wk); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	ConstraintExpr("!purego")
	tb := emitTables(k, iv, wk)
	pairs(tb)
	lockstep(tb)
	pack(tb)
	unpack(tb)
	Generate()
}

// scratch reserves the compression frame in the stack frame avo sizes
// and returns it aligned to 32 bytes in base, so the schedule loads and
// stores never split a cache line.
func scratch(base Register) frame {
	local := AllocLocal(frameSize + 32)
	LEAQ(local.Offset(31), base)
	ANDQ(I32(-32), base)
	return frame{base: base}
}

var (
	allY  = [8]VecPhysical{Y0, Y1, Y2, Y3, Y4, Y5, Y6, Y7}
	tmpY  = [4]VecPhysical{Y8, Y9, Y10, Y11}
	maskY = Y15
)

func pairs(tb tables) {
	TEXT("sha256x8Pairs", 0, "func(dst, src *byte, batches int)")
	Pragma("noescape")
	Doc("sha256x8Pairs hashes batches×8 64-byte messages at src into",
		"batches×8 digests at dst. dst may equal src.")
	dst, src, n := RDI, RSI, RCX
	Load(Param("dst"), dst)
	Load(Param("src"), src)
	Load(Param("batches"), n)
	f := scratch(RDX)
	TESTQ(n, n)
	JZ(LabelRef("pairs_done"))
	Label("pairs_loop")
	VMOVDQU(tb.bswp, maskY)
	for h := 0; h < 2; h++ {
		loadLanes(chunkRows{base: src, disp: 32 * h, stride: 64}, allY, tmpY, maskY)
		for j, r := range allY {
			VMOVDQU(r, f.w(8*h+j))
		}
	}
	compress(f, tb, RAX, RBX, "pairs")
	VMOVDQU(tb.bswp, maskY)
	storeLanes(chunkRows{base: dst, stride: 32}, allY, tmpY, maskY)
	ADDQ(U32(8*64), src)
	ADDQ(U32(8*32), dst)
	DECQ(n)
	JNZ(LabelRef("pairs_loop"))
	Label("pairs_done")
	VZEROUPPER()
	RET()
}

func lockstep(tb tables) {
	TEXT("sha256x8Lockstep", 0, "func(arena *byte, ops *uint32, nops int)")
	Pragma("noescape")
	Doc("sha256x8Lockstep runs nops (left, right, out) node triples over",
		"arena, nodes of 256 bytes in lane layout. Indices are not checked.")
	arena, ops, n := R8, R9, R10
	left, right, out := R11, R12, R13
	Load(Param("arena"), arena)
	Load(Param("ops"), ops)
	Load(Param("nops"), n)
	f := scratch(RDX)
	TESTQ(n, n)
	JZ(LabelRef("lockstep_done"))
	Label("lockstep_loop")
	MOVL(Mem{Base: ops}, left.As32())
	MOVL(Mem{Base: ops, Disp: 4}, right.As32())
	MOVL(Mem{Base: ops, Disp: 8}, out.As32())
	for _, p := range []Register{left, right, out} {
		SHLQ(U8(8), p)
		ADDQ(arena, p)
	}
	// The message is the two nodes as they are: a digest in lane
	// layout is already a message half. Copy it into the schedule slots
	// first so out may be one of the inputs.
	for j := 0; j < 16; j++ {
		node := left
		if j >= 8 {
			node = right
		}
		r := allY[j&7]
		VMOVDQU(Mem{Base: node, Disp: 32 * (j & 7)}, r)
		VMOVDQU(r, f.w(j))
	}
	compress(f, tb, RAX, RBX, "lockstep")
	for j, r := range allY {
		VMOVDQU(r, Mem{Base: out, Disp: 32 * j})
	}
	ADDQ(U32(12), ops)
	DECQ(n)
	JNZ(LabelRef("lockstep_loop"))
	Label("lockstep_done")
	VZEROUPPER()
	RET()
}

func pack(tb tables) {
	TEXT("sha256x8Pack", NOSPLIT, "func(dst, src *byte, nodes int)")
	Pragma("noescape")
	Doc("sha256x8Pack turns nodes×8 ordinary 32-byte chunks at src into",
		"nodes lane-layout nodes at dst.")
	dst, src, n := RDI, RSI, RCX
	Load(Param("dst"), dst)
	Load(Param("src"), src)
	Load(Param("nodes"), n)
	TESTQ(n, n)
	JZ(LabelRef("pack_done"))
	VMOVDQU(tb.bswp, maskY)
	Label("pack_loop")
	loadLanes(chunkRows{base: src, stride: 32}, allY, tmpY, maskY)
	for j, r := range allY {
		VMOVDQU(r, Mem{Base: dst, Disp: 32 * j})
	}
	ADDQ(U32(256), src)
	ADDQ(U32(256), dst)
	DECQ(n)
	JNZ(LabelRef("pack_loop"))
	Label("pack_done")
	VZEROUPPER()
	RET()
}

func unpack(tb tables) {
	TEXT("sha256x8Unpack", NOSPLIT, "func(dst, src *byte, nodes int)")
	Pragma("noescape")
	Doc("sha256x8Unpack turns nodes lane-layout nodes at src into",
		"nodes×8 ordinary 32-byte chunks at dst.")
	dst, src, n := RDI, RSI, RCX
	Load(Param("dst"), dst)
	Load(Param("src"), src)
	Load(Param("nodes"), n)
	TESTQ(n, n)
	JZ(LabelRef("unpack_done"))
	VMOVDQU(tb.bswp, maskY)
	Label("unpack_loop")
	for j, r := range allY {
		VMOVDQU(Mem{Base: src, Disp: 32 * j}, r)
	}
	storeLanes(chunkRows{base: dst, stride: 32}, allY, tmpY, maskY)
	ADDQ(U32(256), src)
	ADDQ(U32(256), dst)
	DECQ(n)
	JNZ(LabelRef("unpack_loop"))
	Label("unpack_done")
	VZEROUPPER()
	RET()
}
