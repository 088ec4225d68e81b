package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// shape is the mix of a kernel: vec lanes on the vector unit (16 on zmm,
// 8 on ymm), sha lanes on SHA-NI (two streams at a time), width vec+sha.
type shape struct{ vec, sha int }

func (s shape) width() int { return s.vec + s.sha }

// frame is the stack frame of the lanes: the schedule ring and the state
// after the first block, 64 bytes a slot at any vector width, aligned to
// a cache line in R13 (Go only aligns the stack pointer to 8 bytes).
type frame struct {
	base GPPhysical
	sha  shaFrame
}

func newFrame() frame {
	const lanesBytes = (16 + 8) * 64
	region := AllocLocal(lanesBytes + 2*1024 + 128 + 64)
	f := frame{base: R13}
	LEAQ(region, f.base)
	ADDQ(Imm(63), f.base)
	ANDQ(I32(-64), f.base)
	f.sha = shaFrame{
		wk:  [2]Mem{{Base: f.base, Disp: lanesBytes}, {Base: f.base, Disp: lanesBytes + 1024}},
		mid: Mem{Base: f.base, Disp: lanesBytes + 2048},
	}
	return f
}

func (f frame) ring(i int) Mem { return Mem{Base: f.base, Disp: 64 * i} }
func (f frame) h1(j int) Mem   { return Mem{Base: f.base, Disp: 64 * (16 + j)} }

// genPairs emits hybridPairs: blocks ≥ 1 blocks of width() pairs, the
// first vec of each on the lanes, the rest on SHA-NI. Every message of
// a block is read before the block's digests are stored over it, and a
// digest never lands on a later block, so dst may be src.
func genPairs(sh shape, t tables) {
	TEXT("hybridPairs", 0, "func(dst, src *byte, blocks int)")
	Pragma("noescape")
	Doc("hybridPairs hashes blocks ≥ 1 blocks of " + itoa(sh.width()) + " 64-byte pairs of src into digests at dst.")
	dst, src, n := RDI, RSI, RCX
	Load(Param("dst"), dst)
	Load(Param("src"), src)
	Load(Param("blocks"), n)
	VZEROUPPER()
	f := newFrame()
	MOVOU(t.bswap, X15)
	g := sh.vec / 4

	Label("block")
	Comment("Lanes: the messages, transposed to words, into the schedule ring.")
	for c := 0; c < 4; c++ {
		base := 16 + 8*(c%2)
		v := [4]VecPhysical{vreg(base, g), vreg(base+1, g), vreg(base+2, g), vreg(base+3, g)}
		tmp := [4]VecPhysical{vreg(base+4, g), vreg(base+5, g), vreg(base+6, g), vreg(base+7, g)}
		loadLaneChunks(v, g, 4, func(lane int) Mem { return Mem{Base: src, Disp: 64*lane + 16*c} })
		for _, r := range v {
			VPSHUFB(t.bswap, r, r)
		}
		transpose4(v, tmp, v)
		for m, r := range v {
			VMOVDQU32(r, f.ring(4*c+m))
		}
	}

	lanes := newVecLanes(sh.vec, t, f.ring, f.ring, f.h1)
	var sha emission
	if streams == 4 {
		pair := func(q, k int) int { return sh.vec + 4*q + k }
		sha = shaQuads(sh.sha/4, func(q int) emission {
			var e emission
			for k := 0; k < 4; k++ {
				e = append(e, prepStream(t, f.sha.wk[q%2].Offset(256*k), emission{func() {
					for i, m := range prepRegs.m {
						MOVOU(Mem{Base: src, Disp: 64*pair(q, k) + 16*i}, m)
						PSHUFB(X15, m)
					}
				}})...)
			}
			return e
		}, func(q int) emission {
			return quadRounds(t, f.sha, f.sha.wk[q%2], emission{func() {
				for k, s := range quadStates {
					PSHUFB(t.digest, s[1])
					PSHUFB(t.digest, s[0])
					MOVOU(s[1], Mem{Base: dst, Disp: 32 * pair(q, k)})
					MOVOU(s[0], Mem{Base: dst, Disp: 32*pair(q, k) + 16})
				}
			}})
		})
	} else {
		for b := 0; b < sh.sha/2; b++ {
			pair := func(k int) int { return sh.vec + 2*b + k }
			sha = append(sha, shaBatch(t,
				func() emission {
					return emission{func() {
						for k, s := range streamPair {
							for q, m := range s.m {
								MOVOU(Mem{Base: src, Disp: 64*pair(k) + 16*q}, m)
								PSHUFB(X15, m)
							}
						}
					}}
				},
				func() emission {
					return emission{func() {
						for k, s := range streamPair {
							badc, fehg := digestWords(s)
							PSHUFB(t.digest, badc)
							PSHUFB(t.digest, fehg)
							MOVOU(badc, Mem{Base: dst, Disp: 32 * pair(k)})
							MOVOU(fehg, Mem{Base: dst, Disp: 32*pair(k) + 16})
						}
					}}
				})...)
		}
	}
	Comment("The lanes' rounds and the SHA-NI streams, interleaved.")
	interleave(lanes.program(), sha)

	Comment("Lanes: digests back to ordinary order.")
	s := lanes.s
	for _, r := range s {
		VPSHUFB(t.bswap, r, r)
	}
	for c := 0; c < 2; c++ {
		in := [4]VecPhysical{s[4*c], s[4*c+1], s[4*c+2], s[4*c+3]}
		tmp := [4]VecPhysical{lanes.tmp[4*c], lanes.tmp[4*c+1], lanes.tmp[4*c+2], lanes.tmp[4*c+3]}
		transpose4(in, tmp, in)
		storeLaneChunks(in, g, 4, func(lane int) Mem { return Mem{Base: dst, Disp: 32*lane + 16*c} })
	}
	ADDQ(U32(64*sh.width()), src)
	ADDQ(U32(32*sh.width()), dst)
	DECQ(n)
	JNZ(LabelRef("block"))
	VZEROUPPER()
	RET()
}

// genLockstep emits hybridLockstep over nodes of 32·width() bytes in word
// layout: word j of lane p is the host uint32 at 4·(j·width + p). The
// lanes read their 16 message words straight from the two nodes (word j
// of lanes 0..vec-1 is one vector at 4·j·width); each SHA-NI stream
// pair gathers its two lanes' words with 8-byte loads and a 4×4
// transpose of dword pairs.
func genLockstep(sh shape, t tables) {
	TEXT("hybridLockstep", 0, "func(arena *byte, ops *uint32, n int)")
	Pragma("noescape")
	Doc("hybridLockstep runs n ≥ 1 (left, right, out) ops over the " + itoa(32*sh.width()) + "-byte word-layout nodes of arena.")
	arena, ops, n := RDI, RSI, RCX
	Load(Param("arena"), arena)
	Load(Param("ops"), ops)
	Load(Param("n"), n)
	VZEROUPPER()
	f := newFrame()
	W := sh.width()
	left, right, out := RAX, RBX, RDX
	word := func(node GPPhysical, j, lane int) Mem { return Mem{Base: node, Disp: 4 * (j*W + lane)} }

	Label("op")
	for i, r := range []GPPhysical{left, right, out} {
		MOVL(Mem{Base: ops, Disp: 4 * i}, r.As32())
		IMUL3Q(U32(32*W), r, r)
		ADDQ(arena, r)
	}
	msg := func(j int) Mem {
		if j < 8 {
			return word(left, j, 0)
		}
		return word(right, j-8, 0)
	}
	lanes := newVecLanes(sh.vec, t, msg, f.ring, f.h1)
	var sha emission
	if streams == 4 {
		sha = shaQuads(sh.sha/4, func(q int) emission {
			var e emission
			for k := 0; k < 4; k++ {
				lane := sh.vec + 4*q + k
				var load emission
				for i, m := range prepRegs.m {
					node := left
					if i >= 2 {
						node = right
					}
					load = append(load, func() {
						// Four-byte loads only: they match the stores of the
						// op that wrote the node, so they are forwarded.
						MOVSS(word(node, 4*(i%2), lane), m)
						for r := 1; r < 4; r++ {
							PINSRD(U8(r), word(node, 4*(i%2)+r, lane), m)
						}
					})
				}
				e = append(e, prepStream(t, f.sha.wk[q%2].Offset(256*k), load)...)
			}
			return e
		}, func(q int) emission {
			return quadRounds(t, f.sha, f.sha.wk[q%2], emission{func() {
				for k := 0; k < 4; k += 2 {
					lane := sh.vec + 4*q + k
					for h := 0; h < 2; h++ {
						xa, xb := quadStates[k][1-h], quadStates[k+1][1-h]
						PSHUFD(U8(0xb1), xa, xa) // [B A D C] → [A B C D]
						PSHUFD(U8(0xb1), xb, xb)
						MOVO(xa, X0)
						PUNPCKLLQ(xb, X0) // word 0, 1 of both lanes
						PUNPCKHLQ(xb, xa) // word 2, 3
						MOVQ(X0, word(out, 4*h, lane))
						MOVHPD(X0, word(out, 4*h+1, lane))
						MOVQ(xa, word(out, 4*h+2, lane))
						MOVHPD(xa, word(out, 4*h+3, lane))
					}
				}
			}})
		})
	} else {
		for b := 0; b < sh.sha/2; b++ {
			lane := sh.vec + 2*b
			A, B := streamPair[0], streamPair[1]
			sha = append(sha, shaBatch(t,
				func() emission {
					var e emission
					for i := 0; i < 4; i++ {
						node := left
						if i >= 2 {
							node = right
						}
						e = append(e, func() {
							row := func(r int) Mem { return word(node, 4*(i%2)+r, lane) }
							MOVQ(row(0), A.m[i])
							MOVQ(row(1), A.tmp)
							MOVQ(row(2), B.m[i])
							MOVQ(row(3), B.tmp)
							PUNPCKLLQ(A.tmp, A.m[i]) // w0 w1 of lane, w0 w1 of lane+1
							PUNPCKLLQ(B.tmp, B.m[i]) // w2 w3 of lane, w2 w3 of lane+1
							MOVO(A.m[i], A.tmp)
							PUNPCKLQDQ(B.m[i], A.m[i])
							PUNPCKHQDQ(B.m[i], A.tmp)
							MOVO(A.tmp, B.m[i])
						})
					}
					return e
				},
				func() emission {
					return emission{func() {
						badcA, fehgA := digestWords(A)
						badcB, fehgB := digestWords(B)
						for h, x := range [][2]VecPhysical{{badcA, badcB}, {fehgA, fehgB}} {
							xa, xb := x[0], x[1]
							PSHUFD(U8(0xb1), xa, xa) // [B A D C] → [A B C D]
							PSHUFD(U8(0xb1), xb, xb)
							MOVO(xa, X0)
							PUNPCKLLQ(xb, X0) // word 0, 1 of both lanes
							PUNPCKHLQ(xb, xa) // word 2, 3
							MOVQ(X0, word(out, 4*h, lane))
							MOVHPD(X0, word(out, 4*h+1, lane))
							MOVQ(xa, word(out, 4*h+2, lane))
							MOVHPD(xa, word(out, 4*h+3, lane))
						}
					}}
				})...)
		}
	}
	interleave(lanes.program(), sha)
	for j, r := range lanes.s {
		VMOVDQU32(r, word(out, j, 0))
	}
	ADDQ(U32(12), ops)
	DECQ(n)
	JNZ(LabelRef("op"))
	VZEROUPPER()
	RET()
}

// laneGroups are the runs of lanes of a node that Pack and Unpack
// transpose as one vector each ({first lane, lanes}): the vector lanes,
// then the SHA-NI lanes in runs of 16, 8, 4 or 2.
func (s shape) laneGroups() [][2]int {
	gs := [][2]int{{0, s.vec}}
	lane := s.vec
	for n := s.sha; n > 0; {
		run := 16
		for run > n {
			run /= 2
		}
		gs = append(gs, [2]int{lane, run})
		lane, n = lane+run, n-run
	}
	return gs
}

// genPack emits hybridPack: m ≥ 1 nodes of width() ordinary chunks into
// word layout, byte-swapping every word; with unpack, hybridUnpack, the
// inverse. Both are a 4×4 transpose in every chunk and a byte swap,
// which commute, so they differ only in which side is loaded. Each node
// is read whole before it is written, so dst may be src.
func genPack(sh shape, t tables, unpack bool) {
	name, doc := "hybridPack", "packs m ≥ 1 nodes of "+itoa(sh.width())+" ordinary chunks from src into word layout at dst."
	if unpack {
		name, doc = "hybridUnpack", "unpacks m ≥ 1 word-layout nodes from src into "+itoa(sh.width())+" ordinary digests each at dst."
	}
	TEXT(name, NOSPLIT, "func(dst, src *byte, m int)")
	Pragma("noescape")
	Doc(name + " " + doc)
	dst, src, m := RDI, RSI, RCX
	Load(Param("dst"), dst)
	Load(Param("src"), src)
	Load(Param("m"), m)
	W := sh.width()
	Label("node")
	var moves []func()
	// All loads of a node come first (8 registers per group, at most
	// three groups), the transposes share the temporaries 28–31.
	for gi, lg := range sh.laneGroups() {
		lane0, g, rows := lg[0], max(1, lg[1]/4), min(4, lg[1])
		for c := 0; c < 2; c++ {
			base := 8*gi + 4*c
			v := [4]VecPhysical{vreg(base, g), vreg(base+1, g), vreg(base+2, g), vreg(base+3, g)}
			chunks := func(node GPPhysical) func(lane int) Mem {
				return func(lane int) Mem { return Mem{Base: node, Disp: 32*(lane0+lane) + 16*c} }
			}
			word := func(node GPPhysical, q int) Mem { return Mem{Base: node, Disp: 4 * ((4*c+q)*W + lane0)} }
			if unpack {
				for q, r := range v {
					if rows < 4 {
						VMOVQ(word(src, q), r) // two lanes: eight bytes a word
					} else {
						VMOVDQU32(word(src, q), r)
					}
				}
			} else {
				loadLaneChunks(v, g, rows, chunks(src))
			}
			moves = append(moves, func() {
				tmp := [4]VecPhysical{vreg(28, g), vreg(29, g), vreg(30, g), vreg(31, g)}
				for _, r := range v {
					VPSHUFB(t.bswap, r, r)
				}
				transpose4(v, tmp, v)
				if unpack {
					storeLaneChunks(v, g, rows, chunks(dst))
					return
				}
				for q, r := range v {
					if rows < 4 {
						VMOVQ(r, word(dst, q))
					} else {
						VMOVDQU32(r, word(dst, q))
					}
				}
			})
		}
	}
	for _, f := range moves {
		f()
	}
	ADDQ(U32(32*W), src)
	ADDQ(U32(32*W), dst)
	DECQ(m)
	JNZ(LabelRef("node"))
	VZEROUPPER()
	RET()
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}
