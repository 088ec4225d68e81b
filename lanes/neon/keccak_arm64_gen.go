//go:build ignore

// keccak_arm64_gen.go writes keccak_arm64.s, the Keccak-256 ×2 kernel
// for the ARMv8.2 SHA3 extension:
//
//	go run keccak_arm64_gen.go -out keccak_arm64.s
//
// The assembly is straight-line round code plus small loops around it;
// what a program adds over writing it by hand is the register schedule.
// Keccak-f[1600] needs 25 state registers, 5 column parities and 5
// theta words, so with 32 vector registers the rho/pi and chi steps
// must place every intermediate lane where a later step finds a free
// register, and the round must end with lane i back in V(i) so the loop
// can repeat it with no moves. Finding such a placement by hand is a
// puzzle; schedule searches it (seeded, so the output is reproducible),
// and simulate runs the finished instruction lists on random messages
// against x/crypto's Keccak-256 before anything is written.
package main

import (
	"bytes"
	"encoding/binary"
	"flag"
	"fmt"
	"log"
	"math/bits"
	"math/rand/v2"
	"os"
	"slices"
	"strings"

	"golang.org/x/crypto/sha3"
)

// op is one vector instruction of the permutation; every register holds
// one 64-bit lane of the state for each of the two instances.
type op struct {
	kind string // eor, eor3, rax1, xar, bcax, ld1r (round constant)
	dst  int
	src  []int // operands in the order of the formula below
	imm  int   // xar: rotate right by imm
	note string
}

// Semantics, for the simulator and the emitter:
//
//	eor  d = s0 ^ s1
//	eor3 d = s0 ^ s1 ^ s2
//	rax1 d = s0 ^ rol(s1, 1)
//	xar  d = ror(s0 ^ s1, imm)
//	bcax d = s0 ^ (s2 &^ s1)   (Keccak chi: b0 ^ (^b1 & b2))
//	ld1r d = round constant of this round, in both halves

var (
	rot [25]int // rho offsets, lane x+5y, rotate left
	rc  [24]uint64
)

func init() {
	// rho: lane (1,0) rotates by 1, then t steps along (x,y) → (y, 2x+3y).
	x, y := 1, 0
	for t := 0; t < 24; t++ {
		rot[x+5*y] = (t + 1) * (t + 2) / 2 % 64
		x, y = y, (2*x+3*y)%5
	}
	// iota: the LFSR x^8 + x^6 + x^5 + x^4 + 1 of FIPS 202, algorithm 5.
	lfsr := uint8(1)
	next := func() uint64 {
		b := uint64(lfsr & 1)
		if lfsr&0x80 != 0 {
			lfsr = lfsr<<1 ^ 0x71
		} else {
			lfsr <<= 1
		}
		return b
	}
	for i := range rc {
		for j := 0; j < 7; j++ {
			rc[i] |= next() << ((1 << j) - 1)
		}
	}
}

// pi returns the position lane i moves to: (x, y) → (y, 2x+3y).
func pi(i int) int {
	x, y := i%5, i/5
	return y + 5*((2*x+3*y)%5)
}

// alloc tracks which value each register holds and how many reads each
// value still has, so a schedule only overwrites dead values.
type alloc struct {
	reg  map[string]int // value → register
	val  [32]string     // register → value, "" when free
	uses map[string]int
	// alias names a value held under another name: the first round's
	// constant lanes share the registers of 0, 0x01 and 1<<63.
	alias map[string]string
	ops   []op
}

// res returns the name under which v is held.
func (a *alloc) res(v string) string {
	if t, ok := a.alias[v]; ok {
		return t
	}
	return v
}

func newAlloc() *alloc {
	return &alloc{reg: map[string]int{}, uses: map[string]int{}, alias: map[string]string{}}
}

func (a *alloc) place(v string, r, uses int) {
	if a.val[r] != "" {
		panic(fmt.Sprintf("place %s in V%d holding %s", v, r, a.val[r]))
	}
	a.reg[v], a.val[r], a.uses[v] = r, v, uses
}

// canWrite reports whether register r may receive the result of an
// instruction reading srcs: it is free, or its value dies in this read.
func (a *alloc) canWrite(r int, srcs []string) bool {
	v := a.val[r]
	if v == "" {
		return true
	}
	n := 0
	for _, s := range srcs {
		if a.res(s) == v {
			n++
		}
	}
	return n > 0 && a.uses[v] == n
}

// emit appends the instruction d = kind(srcs) into register r, and
// retires the reads.
func (a *alloc) emit(kind, d string, r, uses, imm int, note string, srcs ...string) {
	for k, s := range srcs {
		srcs[k] = a.res(s)
	}
	if !a.canWrite(r, srcs) {
		panic(fmt.Sprintf("%s into V%d holding live %s", d, r, a.val[r]))
	}
	o := op{kind: kind, dst: r, imm: imm, note: note}
	for _, s := range srcs {
		sr, ok := a.reg[s]
		if !ok {
			panic("read of unplaced value " + s)
		}
		o.src = append(o.src, sr)
	}
	for _, s := range srcs {
		a.uses[s]--
		if a.uses[s] == 0 {
			a.val[a.reg[s]] = ""
			delete(a.reg, s)
		}
	}
	if a.val[r] != "" { // dies in this read, already retired above
		panic("unreachable")
	}
	a.ops = append(a.ops, o)
	if uses > 0 {
		a.place(d, r, uses)
	}
}

func (a *alloc) free() []int {
	var f []int
	for r, v := range a.val {
		if v == "" {
			f = append(f, r)
		}
	}
	return f
}

func lane(i int) string          { return fmt.Sprintf("A%d", i) }
func col(p string, x int) string { return fmt.Sprintf("%s%d", p, x) }

// theta emits the column parities C and the words D[x] = C[x-1] ^
// rol(C[x+1], 1), with D in V30, V31, V26, V27, V25: the five parity
// registers V25..V29 plus two spare ones, reused as each C dies. first
// is the round of the padded one-block message: only lanes 0..7 (the
// message), 8 (0x01) and 16 (0x80 << 56) are non-zero, so each column
// parity costs at most one instruction and C4 is lane 4 itself.
func theta(a *alloc, first bool, need [25]int) {
	if first {
		a.emit("eor", "C0", 25, 2, 0, "C0 = A0^A5", lane(0), lane(5))
		a.emit("eor3", "C1", 26, 2, 0, "C1 = A1^A6^A16", lane(1), lane(6), lane(16))
		a.emit("eor", "C2", 27, 2, 0, "C2 = A2^A7", lane(2), lane(7))
		a.emit("eor", "C3", 28, 2, 0, "C3 = A3^A8", lane(3), lane(8))
	} else {
		for x := 0; x < 5; x++ {
			c := col("C", x)
			a.emit("eor3", c, 25+x, 1, 0, fmt.Sprintf("C%d = A%d^A%d^A%d", x, x, x+5, x+10), lane(x), lane(x+5), lane(x+10))
			a.emit("eor3", c, 25+x, 2, 0, fmt.Sprintf("C%d ^= A%d^A%d", x, x+15, x+20), c, lane(x+15), lane(x+20))
		}
	}
	c4 := "C4"
	if first {
		c4 = lane(4)
	}
	cs := []string{"C0", "C1", "C2", "C3", c4}
	dreg := [5]int{30, 31, 26, 27, 25}
	for x := 0; x < 5; x++ {
		uses := 0
		for i := 0; i < 25; i++ {
			if i%5 == x {
				uses += need[i]
			}
		}
		a.emit("rax1", col("D", x), dreg[x], uses, 0,
			fmt.Sprintf("D%d = C%d ^ rol(C%d, 1)", x, (x+4)%5, (x+1)%5), cs[(x+4)%5], cs[(x+1)%5])
	}
}

// round schedules one round from the state init placed; the new lanes
// land in their home registers, lane i in V(i). digestOnly is the last
// round, which computes lanes 0..3 only. It returns false when this
// random choice of order and placement gets stuck.
func round(a *alloc, r *rand.Rand, first, digestOnly bool) bool {
	// need[i] = 1 when lane i feeds a computed chi row.
	var need [25]int
	for i := 0; i < 25; i++ {
		if !digestOnly || pi(i)/5 == 0 {
			need[i] = 1
		}
	}
	// Lanes that feed no output are read by theta only.
	for i := 0; i < 25; i++ {
		if need[i] == 0 {
			a.uses[a.res(lane(i))]--
		}
	}
	theta(a, first, need)
	if digestOnly {
		return lastRow(a, r, need)
	}
	return rhoPiChi(a, r)
}

// emitRho computes B[pi(i)] = rol(A[i] ^ D[x], rot[i]) into register
// reg: one XAR, or an EOR for lane 0, which does not rotate.
func emitRho(a *alloc, i, reg int) {
	b, src, d := col("B", pi(i)), lane(i), col("D", i%5)
	note := fmt.Sprintf("B%d = rol(A%d^D%d, %d)", pi(i), i, i%5, rot[i])
	if rot[i] == 0 {
		a.emit("eor", b, reg, 3, 0, note, src, d)
	} else {
		a.emit("xar", b, reg, 3, 64-rot[i], note, src, d)
	}
}

// emitChi computes lane p of the new state into its home register V(p),
// followed by iota for lane 0, and reports false, emitting nothing, if
// V(p) still holds a live value.
func emitChi(a *alloc, p int) bool {
	x, y := p%5, p/5
	b0, b1, b2 := col("B", p), col("B", 5*y+(x+1)%5), col("B", 5*y+(x+2)%5)
	if !a.canWrite(p, []string{b0, b1, b2}) {
		return false
	}
	n := col("N", p)
	a.emit("bcax", n, p, 1, 0, fmt.Sprintf("A%d = B%d ^ (^B%d & B%d)", p, p, 5*y+(x+1)%5, 5*y+(x+2)%5), b0, b1, b2)
	if p == 0 {
		a.emit("eor", n, 0, 1, 0, "iota", n, "RC")
	}
	return true
}

// lastRow schedules rho, pi, chi and iota of the last round for the
// digest only: the five B words of row 0 from the lanes marked in need,
// each in place or into a random free register, then output lanes 0..3
// into V0..V3 in any order that overwrites no live value.
func lastRow(a *alloc, r *rand.Rand, need [25]int) bool {
	for _, i := range r.Perm(25) {
		if need[i] == 0 {
			continue
		}
		srcs := []string{lane(i), col("D", i%5)}
		var cands []int
		for reg := range a.val {
			if a.canWrite(reg, srcs) {
				cands = append(cands, reg)
			}
		}
		emitRho(a, i, cands[r.IntN(len(cands))]) // the source register is always one
	}
	// a4 is not computed: its reads of b4, b0 and b1 never happen.
	for _, x := range []int{4, 0, 1} {
		a.uses[col("B", x)]--
	}
	f := a.free()
	a.emit("ld1r", "RC", f[r.IntN(len(f))], 1, 0, "round constant")
	xs := []int{0, 1, 2, 3}
	r.Shuffle(len(xs), func(i, j int) { xs[i], xs[j] = xs[j], xs[i] })
	for len(xs) > 0 {
		progress := false
		for k, x := range xs {
			if !emitChi(a, x) {
				continue
			}
			xs = slices.Delete(xs, k, k+1)
			progress = true
			break
		}
		if !progress {
			return false
		}
	}
	return true
}

// rhoPiChi schedules rho, pi, chi and iota of a whole round so that no
// register moves are needed. Chi of one row writes its five outputs over
// its home registers, and each output reads three inputs of the row, so
// a row can be computed in place only if two of its inputs (b[k] and
// b[k+1] for some rotation k) are held outside the row: then the order
// a[k], a[k+1], ..., a[k+4] overwrites each input after its last read.
// The rows go in a random order; the two outside inputs of a row go to
// a spare register (V25..V31) or to the two free home registers of a row
// computed later; rho/pi then computes the B words in any order in which
// each target register has become free.
func rhoPiChi(a *alloc, r *rand.Rand) bool {
	rowOrder := r.Perm(5)
	var target [25]int // target[p]: register of B[p]
	var rotK [5]int
	var slots []int // registers free for an outside input, in no order
	for reg := 25; reg < 32; reg++ {
		slots = append(slots, reg)
	}
	// Walk rows from last to first: the free home registers of a row
	// become slots for the rows computed before it.
	for k := 4; k >= 0; k-- {
		y := rowOrder[k]
		rk := r.IntN(5)
		rotK[y] = rk
		for j := 2; j < 5; j++ {
			x := (rk + j) % 5
			target[5*y+x] = 5*y + x
		}
		for j := 0; j < 2; j++ {
			x := (rk + j) % 5
			if len(slots) == 0 {
				return false
			}
			n := r.IntN(len(slots))
			target[5*y+x] = slots[n]
			slots = slices.Delete(slots, n, n+1)
		}
		slots = append(slots, 5*y+rk, 5*y+(rk+1)%5)
	}
	// rho and pi: B[pi(i)] = rol(A[i] ^ D[x], rot[i]), whichever is ready.
	pending := r.Perm(25)
	for len(pending) > 0 {
		done := false
		for k, i := range pending {
			reg := target[pi(i)]
			if !a.canWrite(reg, []string{lane(i), col("D", i%5)}) {
				continue
			}
			emitRho(a, i, reg)
			pending = slices.Delete(pending, k, k+1)
			done = true
			break
		}
		if !done {
			return false
		}
	}
	// chi row by row; iota right after lane 0.
	for _, y := range rowOrder {
		if y == 0 {
			f := a.free()
			if len(f) == 0 {
				return false
			}
			a.emit("ld1r", "RC", f[r.IntN(len(f))], 1, 0, "round constant")
		}
		for j := 0; j < 5; j++ {
			x := (rotK[y] + j) % 5
			if !emitChi(a, 5*y+x) {
				return false
			}
		}
	}
	return true
}

// schedule searches a placement for one round, starting from init (value
// → register and reads), and returns its instructions.
func schedule(seed uint64, first, digestOnly bool, init func(a *alloc)) []op {
	r := rand.New(rand.NewPCG(seed, 1))
	for try := 0; try < 100_000; try++ {
		a := newAlloc()
		init(a)
		if round(a, r, first, digestOnly) {
			return a.ops
		}
	}
	log.Fatalf("no schedule found (first=%v digestOnly=%v)", first, digestOnly)
	return nil
}

// Registers of the first round's constant lanes: zero, lane 8 (0x01, the
// padding's first byte) and lane 16 (0x80 in the last byte of the block).
const (
	regZero = 8
	regK1   = 9
	regK80  = 10
)

func initFirst(a *alloc) {
	for i := 0; i < 8; i++ {
		a.place(lane(i), i, 1)
	}
	// The constant lanes share three registers under several names.
	a.place("K1", regK1, 0)
	a.place("K80", regK80, 0)
	a.place("Z", regZero, 0)
	alias := func(i int, v string, extra int) {
		a.alias[lane(i)] = v
		a.uses[v] += 1 + extra
	}
	for i := 8; i < 25; i++ {
		switch i {
		case 8:
			alias(i, "K1", 1) // C3 reads it too
		case 16:
			alias(i, "K80", 1) // C1 reads it too
		default:
			alias(i, "Z", 0)
		}
	}
	a.uses[lane(5)]++ // C0
	a.uses[lane(6)]++ // C1
	a.uses[lane(7)]++ // C2
	for i := 0; i < 4; i++ {
		a.uses[lane(i)]++ // C0..C3
	}
	a.uses[lane(4)] += 2 // C4 is lane 4: D0 and D3 read it
}

func initRound(a *alloc) {
	for i := 0; i < 25; i++ {
		a.place(lane(i), i, 2) // theta and rho
	}
}

// simulate runs the three schedules as the kernel does (round 0, the 22
// middle rounds, round 23) on random 64-byte messages and compares the
// digest words with x/crypto's legacy Keccak-256, so a wrong rotation,
// round constant or padding lane in this program shows here too.
func simulate(first, mid, last []op) error {
	r := rand.New(rand.NewPCG(7, 7))
	for trial := 0; trial < 200; trial++ {
		var v [32]uint64
		// Garbage everywhere, so a read of an unset register shows.
		for i := range v {
			v[i] = r.Uint64()
		}
		msg := make([]byte, 64)
		for i := 0; i < 8; i++ {
			v[i] = r.Uint64()
			binary.LittleEndian.PutUint64(msg[8*i:], v[i])
		}
		v[regK1], v[regK80], v[regZero] = 1, 1<<63, 0
		run := func(ops []op, round int) {
			for _, o := range ops {
				s := func(k int) uint64 { return v[o.src[k]] }
				var d uint64
				switch o.kind {
				case "eor":
					d = s(0) ^ s(1)
				case "eor3":
					d = s(0) ^ s(1) ^ s(2)
				case "rax1":
					d = s(0) ^ bits.RotateLeft64(s(1), 1)
				case "xar":
					d = bits.RotateLeft64(s(0)^s(1), -o.imm)
				case "bcax":
					d = s(0) ^ (s(2) &^ s(1))
				case "ld1r":
					d = rc[round]
				}
				v[o.dst] = d
			}
		}
		run(first, 0)
		for k := 1; k < 23; k++ {
			run(mid, k)
		}
		run(last, 23)
		h := sha3.NewLegacyKeccak256()
		h.Write(msg)
		want := h.Sum(nil)
		for i := 0; i < 4; i++ {
			if w := binary.LittleEndian.Uint64(want[8*i:]); v[i] != w {
				return fmt.Errorf("message %x: digest word %d = %x, want %x", msg, i, v[i], w)
			}
		}
	}
	return nil
}

func main() {
	out := flag.String("out", "keccak_arm64.s", "output file")
	flag.Parse()
	mid := schedule(2, false, false, initRound)
	first := schedule(1, true, false, initFirst)
	last := schedule(3, false, true, initRound)
	if err := simulate(first, mid, last); err != nil {
		log.Fatal(err)
	}
	var b bytes.Buffer
	writeAsm(&b, first, mid, last)
	if err := os.WriteFile(*out, b.Bytes(), 0o644); err != nil {
		log.Fatal(err)
	}
}

func vreg(r int, arr string) string { return fmt.Sprintf("V%d.%s", r, arr) }

// asm formats o in Go's arm64 syntax, whose operands run in the reverse
// of the Arm manual's order.
func asm(o op) string {
	s := func(k int, arr string) string { return vreg(o.src[k], arr) }
	d16, d2 := vreg(o.dst, "B16"), vreg(o.dst, "D2")
	var ins string
	switch o.kind {
	case "eor":
		ins = fmt.Sprintf("VEOR\t%s, %s, %s", s(1, "B16"), s(0, "B16"), d16)
	case "eor3":
		ins = fmt.Sprintf("VEOR3\t%s, %s, %s, %s", s(2, "B16"), s(1, "B16"), s(0, "B16"), d16)
	case "rax1": // RAX1 Vd, Vn, Vm: d = n ^ rol(m, 1); Go: VRAX1 Vm, Vn, Vd
		ins = fmt.Sprintf("VRAX1\t%s, %s, %s", s(1, "D2"), s(0, "D2"), d2)
	case "xar": // XAR Vd, Vn, Vm, #imm: d = ror(n ^ m, imm); Go: VXAR $imm, Vm, Vn, Vd
		ins = fmt.Sprintf("VXAR\t$%d, %s, %s, %s", o.imm, s(1, "D2"), s(0, "D2"), d2)
	case "bcax": // BCAX Vd, Vn, Vm, Va: d = n ^ (m &^ a); Go: VBCAX Va, Vm, Vn, Vd
		ins = fmt.Sprintf("VBCAX\t%s, %s, %s, %s", s(1, "B16"), s(2, "B16"), s(0, "B16"), d16)
	case "ld1r":
		ins = fmt.Sprintf("VLD1R.P\t8(R3), [%s]", d2)
	}
	if o.note != "" {
		ins += "\t// " + o.note
	}
	return ins
}

func count(ops []op) map[string]int {
	m := map[string]int{}
	for _, o := range ops {
		m[o.kind]++
	}
	return m
}

func writeOps(b *bytes.Buffer, ops []op) {
	for _, o := range ops {
		fmt.Fprintf(b, "\t%s\n", asm(o))
	}
}

// permutation writes Keccak-f[1600] of two one-block messages: the
// message words in V0..V7 (instance 0 in the low halves, instance 1 in
// the high), the digest words left in V0..V3. R7 holds the address of
// keccakRC, R5 = 1 and R6 = 1<<63; it clobbers V0..V31, R3 and R4.
func permutation(b *bytes.Buffer, first, mid, last []op) {
	w := func(format string, args ...any) { fmt.Fprintf(b, format, args...) }
	w("\t// Keccak-f[1600], round 0: the block is the 8 message lanes, lane 8 = 0x01\n")
	w("\t// and lane 16 = 1<<63 (the legacy padding of 64 bytes at rate 136), the\n")
	w("\t// other 15 lanes 0, so theta reads only these.\n")
	w("\tMOVD\tR7, R3\n")
	w("\tVEOR\tV%d.B16, V%d.B16, V%d.B16\n", regZero, regZero, regZero)
	w("\tVDUP\tR5, V%d.D2\n", regK1)
	w("\tVDUP\tR6, V%d.D2\n", regK80)
	writeOps(b, first)
	w("\t// Rounds 1..22: lane i of the state in V(i) at the start and end.\n")
	w("\tMOVD\t$22, R4\n")
	w("rounds%d:\n", labels)
	writeOps(b, mid)
	w("\tSUBS\t$1, R4, R4\n")
	w("\tBNE\trounds%d\n", labels)
	w("\t// Round 23: only lanes 0..3, the digest, into V0..V3.\n")
	writeOps(b, last)
	labels++
}

var labels int

func writeAsm(b *bytes.Buffer, first, mid, last []op) {
	w := func(format string, args ...any) { fmt.Fprintf(b, format, args...) }
	w("// Code generated by keccak_arm64_gen.go. DO NOT EDIT.\n\n")
	w("//go:build !purego\n\n#include \"textflag.h\"\n\n")
	w("// Keccak-256 of 64-byte messages, two at a time, with the ARMv8.2 SHA3\n")
	w("// instructions: one instance per 64-bit half of each vector register,\n")
	w("// lane i of the Keccak state in V(i). Instructions per permutation of\n")
	w("// two instances:\n")
	for _, p := range []struct {
		name string
		ops  []op
	}{{"round 0", first}, {"rounds 1..22, each", mid}, {"round 23", last}} {
		c := count(p.ops)
		w("//   %-19s EOR3 %2d  RAX1 %d  XAR %2d  BCAX %2d  EOR %2d  LD1R %d\n", p.name,
			c["eor3"], c["rax1"], c["xar"], c["bcax"], c["eor"], c["ld1r"])
	}
	for i, part := range strings.Split(asmBody, "PERMUTATION\n") {
		if i > 0 {
			permutation(b, first, mid, last)
		}
		w("%s", part)
	}
	for i, c := range rc {
		w("DATA\tkeccakRC<>+0x%02x(SB)/8, $0x%016x\n", 8*i, c)
	}
	w("GLOBL\tkeccakRC<>(SB), RODATA|NOPTR, $192\n")
}

// asmBody is the hand-written part: argument loading, the layout
// changes around the permutation, and the loops. PERMUTATION marks
// where the generated rounds go.
const asmBody = `
// func keccak256PairsSHA3(dst, src *byte, n int)
// n is even and at least 2; dst may be src.
TEXT ·keccak256PairsSHA3(SB), NOSPLIT, $0-24
	MOVD	dst+0(FP), R0
	MOVD	src+8(FP), R1
	MOVD	n+16(FP), R2
	MOVD	$keccakRC<>(SB), R7
	MOVD	$1, R5
	LSL	$63, R5, R6

pairs:
	// Both pairs are read before either digest is written: with dst = src
	// the digests of pairs 2k and 2k+1 land on bytes 64k..64k+63, which
	// only pairs up to 2k occupy.
	VLD1.P	64(R1), [V12.D2, V13.D2, V14.D2, V15.D2]
	VLD1.P	64(R1), [V16.D2, V17.D2, V18.D2, V19.D2]
	// Message word j of both pairs into V(j): {pair 0 word j, pair 1 word j}.
	VZIP1	V16.D2, V12.D2, V0.D2
	VZIP2	V16.D2, V12.D2, V1.D2
	VZIP1	V17.D2, V13.D2, V2.D2
	VZIP2	V17.D2, V13.D2, V3.D2
	VZIP1	V18.D2, V14.D2, V4.D2
	VZIP2	V18.D2, V14.D2, V5.D2
	VZIP1	V19.D2, V15.D2, V6.D2
	VZIP2	V19.D2, V15.D2, V7.D2
PERMUTATION
	// The digest words back to byte order: {d0, d1}, {d2, d3} of each pair.
	VZIP1	V1.D2, V0.D2, V4.D2
	VZIP1	V3.D2, V2.D2, V5.D2
	VZIP2	V1.D2, V0.D2, V6.D2
	VZIP2	V3.D2, V2.D2, V7.D2
	VST1.P	[V4.D2, V5.D2, V6.D2, V7.D2], 64(R0)
	SUBS	$2, R2, R2
	BNE	pairs
	RET

// func keccak256LockstepSHA3(arena *byte, ops *uint32, n int)
// n ≥ 1; indices are checked by the caller.
TEXT ·keccak256LockstepSHA3(SB), NOSPLIT, $0-24
	MOVD	arena+0(FP), R0
	MOVD	ops+8(FP), R1
	MOVD	n+16(FP), R2
	MOVD	$keccakRC<>(SB), R7
	MOVD	$1, R5
	LSL	$63, R5, R6

op:
	MOVWU	(R1), R8
	MOVWU	4(R1), R9
	MOVWU	8(R1), R10
	ADD	$12, R1
	ADD	R8<<6, R0, R8
	ADD	R9<<6, R0, R9
	ADD	R10<<6, R0, R10
	// A 64-byte node holds word j of lanes 0 and 1 at bytes 16j..16j+15:
	// the message words as the permutation takes them. Both nodes are
	// read before the output is written, so out may be left or right.
	VLD1	(R8), [V0.D2, V1.D2, V2.D2, V3.D2]
	VLD1	(R9), [V4.D2, V5.D2, V6.D2, V7.D2]
PERMUTATION
	VST1	[V0.D2, V1.D2, V2.D2, V3.D2], (R10)
	SUBS	$1, R2, R2
	BNE	op
	RET

// func keccak256PackNEON(dst, src *byte, n int)
// n ≥ 1 nodes; LD4 splits the two chunks of a node into word j of both
// lanes per register, and ST1 writes the registers in order.
TEXT ·keccak256PackNEON(SB), NOSPLIT, $0-24
	MOVD	dst+0(FP), R0
	MOVD	src+8(FP), R1
	MOVD	n+16(FP), R2

pack:
	VLD4.P	64(R1), [V0.D2, V1.D2, V2.D2, V3.D2]
	VST1.P	[V0.D2, V1.D2, V2.D2, V3.D2], 64(R0)
	SUBS	$1, R2, R2
	BNE	pack
	RET

// func keccak256UnpackNEON(dst, src *byte, n int)
// n ≥ 1 nodes; the inverse of Pack: ST4 interleaves the four word
// registers back into two chunks.
TEXT ·keccak256UnpackNEON(SB), NOSPLIT, $0-24
	MOVD	dst+0(FP), R0
	MOVD	src+8(FP), R1
	MOVD	n+16(FP), R2

unpack:
	VLD1.P	64(R1), [V0.D2, V1.D2, V2.D2, V3.D2]
	VST4.P	[V0.D2, V1.D2, V2.D2, V3.D2], 64(R0)
	SUBS	$1, R2, R2
	BNE	unpack
	RET

`
