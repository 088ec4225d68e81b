package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// The four-stream kernels. Where SHA256RNDS2's latency is four times its
// issue interval (AMD Zen 3: about 1.37 ns against 0.35 ns, measured with
// dependent and independent chains of the instruction), two streams use
// half of what the SHA unit could issue; four chains can fill it.
// Four states take eight of the sixteen XMM registers legacy-encoded
// SHA-NI can address, which leaves no room for four rolling message
// schedules. So the W+K words of a batch's first block are computed
// ahead into the stack frame, and software-pipelined: while the rounds
// of one batch run, the next batch's messages are loaded and scheduled
// in the registers the rounds leave free, their instructions spread
// evenly among the rounds so the out-of-order core fills the latency
// of the round chains with them. Calibration (lanes/calibrate.go)
// decides per CPU whether this beats the two-stream kernels.
//
// With four chains whose latency is four issues, the SHA unit has no
// slack: a cycle in which a pipe the rounds need goes to another
// instruction is a round that issues late. So the instructions around
// the rounds are as few as the work allows (issue #22, part 2), and the
// schedule uses VEX-encoded three-operand forms where the legacy ones
// would need a register copy or a separate load: VPALIGNR leaves its
// sources alone (no MOVO per schedule step), VPADDD adds K from memory
// into another register (no MOVOU of K per W+K group) and adds the
// feed-forward words from memory. The four-stream kernels therefore need
// AVX as well as SHA-NI (shani.SupportedX4); VEX-128 and legacy SSE mix
// without penalty, VEX-128 zeroing the upper halves it writes.

// states4 are the four streams' ABEF and CDGH registers during rounds;
// the rounds use X0 and these only.
var states4 = [4][2]VecPhysical{{X1, X2}, {X3, X4}, {X5, X6}, {X7, X8}}

// prep is the register set of the work done beside the rounds: one
// stream's schedule at a time (message words, a temporary, W+K). X15
// holds the byte-swap mask.
var prep = struct {
	s  stream
	wk VecPhysical
}{
	s:  stream{m: [4]VecPhysical{X9, X10, X11, X12}, tmp: X13},
	wk: X14,
}

// frame4 is the stack frame of the four-stream kernels.
type frame4 struct {
	wkA    Mem // [16][4][4]uint32 W+K of one batch's first block (group, stream, word)
	wkB    Mem // the same for the batch prepared beside it
	mid    Mem // [4][ABEF, CDGH] state after the first block
	cur    GPPhysical
	next   GPPhysical // point to wkA and wkB, swapped per batch
	tables tables
}

func newFrame4(t tables) frame4 {
	f := frame4{tables: t, cur: R11, next: R12}
	// One region, aligned to a cache line in R13: the Go stack pointer
	// is only 8-byte aligned, and with unaligned buffers a quarter of the
	// 16-byte W+K stores straddle two cache lines; a run then took up to
	// 1.5× as long, depending on where the goroutine's stack happened to
	// put the frame.
	const size = 2*4*256 + 4*32
	region := AllocLocal(size + 64)
	base := R13
	LEAQ(region, base)
	ADDQ(Imm(63), base)
	ANDQ(I32(-64), base)
	f.wkA = Mem{Base: base}
	f.wkB = Mem{Base: base, Disp: 4 * 256}
	f.mid = Mem{Base: base, Disp: 2 * 4 * 256}
	LEAQ(f.wkA, f.cur)
	LEAQ(f.wkB, f.next)
	return f
}

// emission is a list of instruction groups, emitted in order or merged
// with another list.
type emission []func()

func (e emission) emit() {
	for _, f := range e {
		f()
	}
}

// interleave emits rounds with side spread evenly among them, slightly
// behind the rounds: after round group i, side's groups up to
// (i+1)·len(side)·20/(21·len(rounds)), and the last twenty-first after
// the rounds. Side work that runs ahead of its share costs rounds: its
// instructions are older than the rounds issuing beside them and win
// the pipes. Measured on Zen 3 (four-stream Pairs, A/B in one process):
// 20/21 of the side among the rounds was 1–2% faster than all of it,
// 20/22 and 20/24 were slower, and 20/17 (ahead) 8% slower.
func interleave(rounds, side emission) {
	j := 0
	for i, f := range rounds {
		f()
		for ; j < (i+1)*len(side)*20/(21*len(rounds)); j++ {
			side[j]()
		}
	}
	for ; j < len(side); j++ {
		side[j]()
	}
}

// scheduleStream computes the 64 W+K words of one stream's first block
// into wk (the stream's 16 bytes of each 64-byte group row, see
// wkGroup) from the message words that load puts into prep.s.m. Every
// instruction after the loads is its own group, so interleave spreads
// them one by one among the rounds rather than in bursts of five.
func scheduleStream(t tables, wk Mem, load func(m [4]VecPhysical)) emission {
	m, x, tmp := prep.s.m, prep.wk, prep.s.tmp
	e := emission{func() { load(m) }}
	for i := 0; i < 16; i++ {
		e = append(e,
			func() { VPADDD(t.k.Offset(16*i), m[i%4], x) },
			func() { MOVOU(x, wk.Offset(wkGroup*i)) })
		if i+4 < 16 {
			// W[4i+16..4i+19] into m[i%4], from W[4i..4i+15].
			w0, w1, w2, w3 := m[i%4], m[(i+1)%4], m[(i+2)%4], m[(i+3)%4]
			e = append(e,
				func() { SHA256MSG1(w1, w0) },
				func() { VPALIGNR(U8(4), w2, w3, tmp) }, // W[4i+9..4i+12]
				func() { PADDD(tmp, w0) },
				func() { SHA256MSG2(w3, w0) })
		}
	}
	return e
}

// wkGroup and wkStream lay out a W+K buffer: group i (rounds 4i..4i+3)
// of stream s at wkGroup·i + wkStream·s, so the four streams' words for
// one round pair are one 64-byte line, which the rounds read in turn.
const wkGroup, wkStream = 64, 16

// rounds4 runs both blocks of a 64-byte message on the four streams,
// the first block's W+K read from the buffer wk points to. The digests
// are left in states4. Only X0 and states4 are written.
func rounds4(f frame4, wk GPPhysical) emission {
	t := f.tables
	e := emission{func() {
		for _, st := range states4 {
			MOVOU(t.iv, st[0])
			MOVOU(t.iv.Offset(16), st[1])
		}
	}}
	// Two 8-byte loads feed each round pair instead of one load and a
	// word shuffle: loads do not compete with the rounds for the vector
	// pipes.
	for i := 0; i < 16; i++ {
		for h := 0; h < 2; h++ {
			for s, st := range states4 {
				e = append(e, func() {
					MOVQ(Mem{Base: wk, Disp: wkStream*s + wkGroup*i + 8*h}, X0)
					SHA256RNDS2(X0, st[h], st[1-h])
				})
			}
		}
	}
	e = append(e, func() {
		for s, st := range states4 {
			for h := 0; h < 2; h++ {
				VPADDD(t.iv.Offset(16*h), st[h], st[h])
				MOVOU(st[h], f.mid.Offset(32*s+16*h))
			}
		}
	})
	// The padding block: one load of its constant W+K feeds the four
	// streams' rounds. Each SHA256RNDS2 is still its own group, so that
	// interleave spreads the side work evenly in time over both blocks
	// (by groups of four rounds, block 2 would get a fifth of it and
	// block 1 the rest: 0.5% slower). The side work never writes X0.
	for i := 0; i < 16; i++ {
		for h := 0; h < 2; h++ {
			for s, st := range states4 {
				e = append(e, func() {
					if s == 0 {
						MOVQ(t.padWK.Offset(16*i+8*h), X0)
					}
					SHA256RNDS2(X0, st[h], st[1-h])
				})
			}
		}
	}
	e = append(e, func() {
		for s, st := range states4 {
			for h := 0; h < 2; h++ {
				VPADDD(f.mid.Offset(32*s+16*h), st[h], st[h])
			}
		}
	})
	return e
}

// pairs4 emits sha256Pairs4Asm: the four-stream Pairs, four messages a
// batch, each batch's schedule computed beside the previous batch's
// rounds; the caller hashes the last n mod 4 with sha256PairsAsm. The
// next batch is read before this batch's digests are stored, and a
// batch's digests land below its own messages, so dst may alias src.
func pairs4(t tables) {
	TEXT("sha256Pairs4Asm", 0, "func(dst, src *byte, n int)")
	Doc("sha256Pairs4Asm hashes 4·⌊n/4⌋ 64-byte messages at src into digests at dst, four at a time.")
	f := newFrame4(t)
	dst := Load(Param("dst"), RDI)
	src := Load(Param("src"), RSI)
	n := Load(Param("n"), RCX)
	MOVOU(t.flip, X15)

	// prepare schedules the batch at src+disp into the buffer wk points to.
	prepare := func(disp int, wk GPPhysical) emission {
		var e emission
		for s := 0; s < 4; s++ {
			e = append(e, scheduleStream(t, Mem{Base: wk, Disp: wkStream * s}, func(m [4]VecPhysical) {
				at := Mem{Base: src, Disp: disp + 64*s}
				loadMessage(m, at, at.Offset(32))
			})...)
		}
		return e
	}
	store := func() { storeDigests(t, func(s int) Mem { return Mem{Base: dst, Disp: 32 * s} }) }

	CMPQ(n, Imm(4))
	JB(LabelRef("done"))
	prepare(0, f.cur).emit()

	Label("batch")
	CMPQ(n, Imm(8))
	JB(LabelRef("last"))
	interleave(rounds4(f, f.cur), prepare(256, f.next))
	store()
	XCHGQ(f.cur, f.next)
	ADDQ(U32(256), src)
	ADDQ(Imm(128), dst)
	SUBQ(Imm(4), n)
	JMP(LabelRef("batch"))

	Label("last")
	rounds4(f, f.cur).emit()
	store()

	Label("done")
	RET()
}

// loadMessage loads a stream's 64-byte message, the 32-byte chunks at
// a and b, into m as host-order words.
func loadMessage(m [4]VecPhysical, a, b Mem) {
	for k, r := range m {
		half := a
		if k >= 2 {
			half = b
		}
		MOVOU(half.Offset(16*(k%2)), r)
		PSHUFB(X15, r)
	}
}

// storeDigests writes the four streams' digests in ordinary byte order,
// stream s's to at(s): two VEX unpacks make [B A D C] and [F E H G]
// without a register copy, one shuffle each puts them in order, and
// each half is one 16-byte store. (One 16-byte reversal per state
// register with the halves stored by MOVQ and MOVHPS, two shuffles
// fewer, was 0.5–1 ns a pair slower on Zen 3: the split stores cost more
// than the shuffles they save.) X13 and X14 are free here: the schedule
// beside the rounds has finished.
func storeDigests(t tables, at func(s int) Mem) {
	MOVOU(t.out, X13)
	for s, st := range states4 {
		VPUNPCKHQDQ(st[1], st[0], X14)   // [B A D C]
		VPUNPCKLQDQ(st[1], st[0], st[0]) // [F E H G]
		PSHUFB(X13, X14)
		PSHUFB(X13, st[0])
		MOVOU(X14, at(s))
		MOVOU(st[0], at(s).Offset(16))
	}
}

// lockstep4 emits sha256Lockstep4Asm: lockstep for four lanes in chunk
// layout. A node is 128 bytes: lane p's 32-byte chunk, in ordinary byte
// order, at 32p, so loading a lane's message is loading two chunks and
// storing its digest is storing one, as in Pairs, with no transpose. An
// op's inputs are in registers before its output is stored, so out may
// be either input. The next op is prepared beside the rounds of the
// current one unless it reads the current one's output.
func lockstep4(t tables) {
	TEXT("sha256Lockstep4Asm", 0, "func(arena *byte, ops *uint32, n int)")
	Doc("sha256Lockstep4Asm runs n ops (left, right, out node indices) over arena, four lanes in chunk layout.")
	f := newFrame4(t)
	arena := Load(Param("arena"), RDI)
	ops := Load(Param("ops"), RSI)
	n := Load(Param("n"), RCX)
	left, right, out := R8, R9, R10
	MOVOU(t.flip, X15)

	// node sets r to the address of the node whose index is at ops+disp.
	node := func(disp int, r GPPhysical) {
		MOVL(Mem{Base: ops, Disp: disp}, r.As32())
		SHLQ(Imm(7), r)
		ADDQ(arena, r)
	}
	// prepare schedules the inputs of the op at ops+disp into the
	// buffer wk points to.
	prepare := func(disp int, wk GPPhysical) emission {
		e := emission{func() { node(disp, left); node(disp+4, right) }}
		for s := 0; s < 4; s++ {
			e = append(e, scheduleStream(t, Mem{Base: wk, Disp: wkStream * s}, func(m [4]VecPhysical) {
				loadMessage(m, Mem{Base: left, Disp: 32 * s}, Mem{Base: right, Disp: 32 * s})
			})...)
		}
		return e
	}
	store := func() { storeDigests(t, func(s int) Mem { return Mem{Base: out, Disp: 32 * s} }) }

	TESTQ(n, n)
	JZ(LabelRef("done"))
	prepare(0, f.cur).emit()

	Label("op")
	node(8, out)
	CMPQ(n, Imm(1))
	JE(LabelRef("serial"))
	MOVL(Mem{Base: ops, Disp: 8}, EAX)
	CMPL(Mem{Base: ops, Disp: 12}, EAX)
	JE(LabelRef("serial"))
	CMPL(Mem{Base: ops, Disp: 16}, EAX)
	JE(LabelRef("serial"))
	interleave(rounds4(f, f.cur), prepare(12, f.next))
	store()
	XCHGQ(f.cur, f.next)
	ADDQ(Imm(12), ops)
	DECQ(n)
	JMP(LabelRef("op"))

	// The next op reads this one's output (or there is none): finish
	// this one first.
	Label("serial")
	rounds4(f, f.cur).emit()
	store()
	ADDQ(Imm(12), ops)
	DECQ(n)
	JZ(LabelRef("done"))
	prepare(0, f.cur).emit()
	JMP(LabelRef("op"))

	Label("done")
	RET()
}
