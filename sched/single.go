package sched

import (
	"math"
	"reflect"
	"strconv"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/lanehash/lanehash/internal/chunk"

	"github.com/lanehash/lanehash/internal/graph"
	"github.com/lanehash/lanehash/lanes"
)

// A single instance is hashed in ordinary layout: a lone instance must
// not pay for W lanes of which one carries work. The layout is planned
// once per program (singlePlan), in a flat buffer held by each arena,
// where the gathers write the leaves and the constants stay from the
// arena's creation on. Nothing else is copied per call.
//
// On a kernel with a native Single entry (lanes.Kernel.SingleNative:
// SHA-NI) the flat buffer holds one chunk per node of the program, in
// the program's own numbering, and the whole program is one Single
// call: every digest lands in its node's chunk, where the ops reading
// it look, and the kernel runs up to four consecutive ops side by side
// while none reads an earlier one's digest. The ops are ordered
// once (orderSingle), the cheapest of a few orders by a model of the
// kernel's steps (stepsTime); where the model has the level-by-level
// Pairs calls below ahead of every order, the program runs that way.
//
// On any other kernel the program runs one Pairs call per level: every
// input of a level's pairs has a home of its own, and each level's
// digests are copied to the homes of the levels that read them. Each
// level's Pairs function is resolved once, for the level's size
// (pairsFor): the calls go straight to the kernel that hashes them.

// singlePlan is the flat-buffer layout of a program's single-instance
// path.
type singlePlan struct {
	size    int            // bytes of the flat buffer
	gathers []graph.Gather // Node is replaced by the byte offset of the home
	classes gatherClasses  // of gathers, sorted by sortGathers
	consts  []singleConst  // constant chunks, written once per arena
	levels  []singleLevel  // Pairs calls in order (no native Single)
	root    uint32         // offset of the root chunk in the flat buffer
	calls   int            // kernel calls per root
	// direct: the instance is the program's only source, gathered from
	// and checked straight, with no base resolved (hashOne).
	direct bool
	// single is the kernel whose native Single runs the program, nil
	// without one; ops is then the whole program, ordered by
	// orderSingle.
	single singleKernel
	ops    lanes.Ops
}

// singleConst places constant c's chunk at offset at.
type singleConst struct {
	at uint32
	c  graph.Const
}

// singleLevel is one Pairs call, from n pairs at in to n digests at
// out, followed by the copies of those digests to their homes.
type singleLevel struct {
	in, out, n uint32
	moves      []singleMove
	pairs      func(dst, src []byte) // the kernel's Pairs for n pairs
}

// singleMove copies a 32-byte chunk within the flat buffer.
type singleMove struct{ from, to uint32 }

// singleKernel is a Kernel with a Single entry (*lanes.Kernel): one
// instance's op list over a flat buffer of chunks. The single-instance
// path takes it when SingleNative says the kernel runs the list in one
// call of its own rather than op by op.
type singleKernel interface {
	SingleNative() bool
	Single(buf []byte, ops lanes.Ops)
}

// planSingle lays out the flat buffer of p's single-instance path on
// kernel k. wide, when not nil, is a kernel of wide vectors whose Pairs
// (its automatic split included) may take the program's wide levels
// (wideLevels); k keeps the others.
func planSingle(p *graph.Program, k Kernel, wide Kernel) *singlePlan {
	var sp *singlePlan
	sk, native := k.(singleKernel)
	var ops []lanes.Op
	lv := levels(p)
	best := stepsTime(p.Nodes, levelSteps(lv), false)
	if native && sk.SingleNative() {
		// Single, unless the model has the level-by-level calls ahead:
		// a call boundary keeps a level's lone op from pairing with the
		// next level's first, which can be what lets it overlap.
		var t int
		ops, t = orderSingle(p)
		native = t <= best
		best = min(best, t)
	}
	if wide != nil && wideLevelsTime(p, lv) < best {
		sp = planSingleLevels(p, lv, k, wide)
		sp.calls = len(sp.levels)
	} else if native && ops != nil {
		sp = planSingleNative(p, sk, ops)
		sp.calls = 1
	} else {
		sp = planSingleLevels(p, lv, k, nil)
		sp.calls = len(sp.levels)
	}
	sp.direct = len(p.Sources) == 1 && p.Externals == 0
	sp.classes = sortGathers(sp.gathers)
	return sp
}

// planSingleNative is the layout for a native Single entry: node n's
// chunk at 32n, the program one call running ops.
func planSingleNative(p *graph.Program, k singleKernel, ops []lanes.Op) *singlePlan {
	sp := &singlePlan{size: 32 * p.Nodes, root: 32 * p.Root, single: k, ops: lanes.NewOps(ops)}
	for _, g := range p.Gathers {
		g.Node *= 32
		sp.gathers = append(sp.gathers, g)
	}
	for _, c := range p.Consts {
		sp.consts = append(sp.consts, singleConst{at: 32 * c.Node, c: c})
	}
	return sp
}

// maxSearchOps bounds the programs whose op order is also searched by
// list scheduling (criticalFirst), which scans every op for each op it
// places: quadratic, 3.4 s for a 30,000-op program. What it finds over
// the level orders is in the uneven chains of small trees; a program
// wider than this fills its steps level by level.
const maxSearchOps = 1024

// orderSingle returns p's ops in the order a kernel that runs up to
// four consecutive independent ops side by side (lanes.Kernel.Single) hashes
// fastest by the step model (stepsTime), the cheapest of a few orders
// that respect the ops' inputs, and that order's modeled time. The
// program's ops write each node once (Validate), so any such order
// computes the same nodes.
func orderSingle(p *graph.Program) ([]lanes.Op, int) {
	lv := levels(p)
	candidates := [][]lanes.Op{concatLevels(lv), joinLevels(lv)}
	if len(p.Ops) <= maxSearchOps {
		candidates = append(candidates, criticalFirst(p, maxStep), criticalFirst(p, 3), criticalFirst(p, 2))
	}
	var best []lanes.Op
	cost := 0
	for _, c := range candidates {
		if c == nil {
			continue
		}
		if k := stepsTime(p.Nodes, singleSteps(c), true); best == nil || k < cost {
			best, cost = c, k
		}
	}
	return best, cost
}

// The step model of the SHA-NI kernels on AMD Zen 5, in ns (lanes/shani
// BenchmarkSingle, shape=chain1 to chain4 and free; the two-op issue
// interval from the two-stream kernel's free shape): a step's digests
// are ready its latency after it starts; the SHA unit takes the next
// step after the step's issue interval, about 40 ns an op (two cycles a
// SHA256RNDS2, 64 a pair); a step starts when its inputs are ready, the
// unit is free and the step before has started (the kernel issues them
// in order). The level-by-level path's Pairs steps are modeled with the
// same figures, a few ns short for two pairs (Single's two-op step
// loads the padding block's words per stream, Pairs does not). Only the
// ranking matters: the model chooses between orders and paths, every
// one of which is correct.
const (
	latencyOne   = 79  // one op alone, inputs to digest
	latencyTwo   = 94  // two ops side by side
	latencyThree = 130 // three
	latencyFour  = 161 // four
	issueOne     = 46  // the unit's interval after one op
	issueTwo     = 91  // after two
	issueThree   = 116 // after three (three fourths of four's)
	issueFour    = 155 // after four
	// carrySooner is how much sooner a step starts when it reads digests
	// of the step just before it that the kernel hands over in its
	// registers (carried) rather than through memory
	// (lanes/shani BenchmarkSingle, shape=pair1 against the same steps
	// through memory: 180 against 186 cpu-ns).
	carrySooner = 6
)

// carried reports whether Single takes node x, an input of step st
// after step prev, from prev's registers (lanes/shani: pairCarry,
// wideCarry): x is one of prev's outs, and st is of one or two ops
// after two, or of two after three.
func carried(prev, st []lanes.Op, x uint32) bool {
	switch {
	case len(prev) == 2 && len(st) <= 2, len(prev) == 3 && len(st) == 2:
		for _, op := range prev {
			if x == op.Out {
				return true
			}
		}
	}
	return false
}

// stepCost returns the latency and issue interval of a step of n ops.
func stepCost(n int) (lat, issue int) {
	switch n {
	case 1:
		return latencyOne, issueOne
	case 2:
		return latencyTwo, issueTwo
	case 3:
		return latencyThree, issueThree
	default:
		return latencyFour, issueFour
	}
}

// maxStep is the most ops the SHA-NI Single runs side by side.
const maxStep = 4

// singleSteps forms the steps Single runs ops in: up to maxStep
// consecutive ops, each joining while it reads no out of the ops before
// it in the step.
func singleSteps(ops []lanes.Op) [][]lanes.Op {
	var steps [][]lanes.Op
	for i := 0; i < len(ops); {
		n := 1
	grow:
		for n < maxStep && i+n < len(ops) {
			next := ops[i+n]
			for _, op := range ops[i : i+n] {
				if next.Left == op.Out || next.Right == op.Out {
					break grow
				}
			}
			n++
		}
		steps = append(steps, ops[i:i+n])
		i += n
	}
	return steps
}

// levelSteps forms the steps of one Pairs call per level: each level's
// pairs two at a time, an odd last one alone, no step across levels.
func levelSteps(lv [][]lanes.Op) [][]lanes.Op {
	var steps [][]lanes.Op
	for _, l := range lv {
		for i := 0; i < len(l); i += 2 {
			steps = append(steps, l[i:min(i+2, len(l))])
		}
	}
	return steps
}

// stepsTime returns the modeled time of steps over a program of nodes
// nodes: when the last digest is ready. carry says whether a step takes
// the outs of the step before it that it reads from the kernel's
// registers where carried says so (Single), or all from memory (Pairs).
func stepsTime(nodes int, steps [][]lanes.Op, carry bool) int {
	ready := make([]int, nodes) // when a node's chunk is ready; 0 for inputs
	unit, prev, end := 0, 0, 0
	for i, st := range steps {
		start := max(unit, prev)
		for _, op := range st {
			start = max(start, ready[op.Left], ready[op.Right])
		}
		if carry && i > 0 {
			// Inputs taken from the last step's registers are ready
			// sooner than its stores; what the issue interval waits
			// for is those same digests.
			in, some := 0, false
			for _, op := range st {
				for _, x := range [2]uint32{op.Left, op.Right} {
					r := ready[x]
					if carried(steps[i-1], st, x) {
						r, some = r-carrySooner, true
					}
					in = max(in, r)
				}
			}
			if some {
				start = max(prev, in)
			}
		}
		lat, issue := stepCost(len(st))
		for _, op := range st {
			ready[op.Out] = start + lat
		}
		unit, prev, end = start+issue, start, max(end, start+lat)
	}
	return end
}

// concatLevels is the levels one after the other.
func concatLevels(lv [][]lanes.Op) []lanes.Op {
	var out []lanes.Op
	for _, l := range lv {
		out = append(out, l...)
	}
	return out
}

// joinLevels is the levels one after the other, an odd level ending
// with an op that an op of the next level reads, and the next level
// starting with that reader: the odd op then runs alone, as the last of
// a level's Pairs call does, beside the step before it, and the next
// level pairs up from its start.
func joinLevels(lv [][]lanes.Op) []lanes.Op {
	lv = append([][]lanes.Op(nil), lv...)
	for i := range lv {
		lv[i] = append([]lanes.Op(nil), lv[i]...)
	}
	for i := 0; i+1 < len(lv); i++ {
		l, next := lv[i], lv[i+1]
		if len(l)%2 == 0 {
			continue
		}
		// The level's first op stays first when the level before placed
		// it there, unless it is the only one.
		from := 0
		if i > 0 && len(l) > 1 {
			from = 1
		}
	find:
		for x := len(l) - 1; x >= from; x-- {
			for y, op := range next {
				if op.Left == l[x].Out || op.Right == l[x].Out {
					l[x], l[len(l)-1] = l[len(l)-1], l[x]
					next[y], next[0] = next[0], next[y]
					break find
				}
			}
		}
	}
	return concatLevels(lv)
}

// criticalFirst is list scheduling: each step the ready op with the
// longest chain of ops still to follow it (the root's chain first),
// joined by the next such ops, up to width in all, that read none of
// the step's outs. A step of fewer ops than width has no other ready
// op, and every op after it reads one of its outs, so the kernel forms
// exactly these steps when width is its own (maxStep).
func criticalFirst(p *graph.Program, width int) []lanes.Op {
	n := len(p.Ops)
	// tail[node]: the longest chain of ops that read node, directly or
	// not; prio[i]: op i's own chain, itself included.
	tail := make([]int, p.Nodes)
	prio := make([]int, n)
	for i := n - 1; i >= 0; i-- {
		op := p.Ops[i]
		prio[i] = tail[op.Out] + 1
		tail[op.Left] = max(tail[op.Left], prio[i])
		tail[op.Right] = max(tail[op.Right], prio[i])
	}
	ready := make([]bool, p.Nodes)
	for n := range ready {
		ready[n] = true
	}
	for _, op := range p.Ops {
		ready[op.Out] = false // computed by an op, not there at the start
	}
	done := make([]bool, n)
	out := make([]lanes.Op, 0, n)
	// pick returns the ready op with the highest priority, first in
	// program order among equals, that reads no out of step, or -1.
	pick := func(step []lanes.Op) int {
		best := -1
	ops:
		for i, op := range p.Ops {
			if done[i] || !ready[op.Left] || !ready[op.Right] {
				continue
			}
			for _, s := range step {
				if op.Left == s.Out || op.Right == s.Out {
					continue ops
				}
			}
			if best < 0 || prio[i] > prio[best] {
				best = i
			}
		}
		return best
	}
	for len(out) < n {
		from := len(out)
		for len(out)-from < width {
			a := pick(out[from:])
			if a < 0 {
				break
			}
			done[a] = true
			out = append(out, p.Ops[a])
		}
		if len(out) == from { // cannot happen for a validated program
			return nil
		}
		for _, op := range out[from:] {
			ready[op.Out] = true
		}
	}
	return out
}

// The wide kernel's Pairs on AMD Zen 5 (sha256/avx512x16, lanes
// BenchmarkAutomaticTails, cpu-ns a call), the counterpart of the SHA-NI
// step model above for the levels a single instance may send to it: a
// call of one 16-lane group costs about 355 ns whatever its pairs, two
// groups side by side 490, and each pair past 32 about 14.5 more in the
// pipeline (48 pairs 690, 64 906). A level of fewer than wideMin pairs
// stays on the single-instance kernel: eight pairs cost a lone group
// what eight SHA-NI ops cost, and inside one Single call those overlap
// the levels around them.
const (
	wideMin       = 16
	wideOneGroup  = 355
	wideTwoGroups = 490
	widePairX2    = 29 // two pairs past 32
)

// wideLevelTime is the modeled time of one wide Pairs call on n pairs.
func wideLevelTime(n int) int {
	switch {
	case n <= 16:
		return wideOneGroup
	case n <= 32:
		return wideTwoGroups
	}
	return wideTwoGroups + (n-32)*widePairX2/2
}

// wideLevelsTime is the modeled time of p level by level, the levels of
// at least wideMin pairs on the wide kernel and the others as Pairs
// steps on the SHA-NI kernel, one level after the other.
func wideLevelsTime(p *graph.Program, lv [][]lanes.Op) int {
	t, wide := 0, false
	for _, l := range lv {
		if len(l) >= wideMin {
			t += wideLevelTime(len(l))
			wide = true
		} else {
			t += stepsTime(p.Nodes, levelSteps([][]lanes.Op{l}), false)
		}
	}
	if !wide {
		return math.MaxInt
	}
	return t
}

// planSingleLevels is the layout for one Pairs call per level of p (lv,
// levels(p)), on k, or on wide for levels of at least wideMin pairs when
// wide is not nil.
func planSingleLevels(p *graph.Program, lv [][]lanes.Op, k Kernel, wide Kernel) *singlePlan {
	sp := &singlePlan{}
	// homes[node] lists the offsets of the pair halves that read node.
	homes := make([][]uint32, p.Nodes)
	at := uint32(0)
	ins := make([]uint32, len(lv))
	for l, ops := range lv {
		ins[l] = at
		for j, op := range ops {
			homes[op.Left] = append(homes[op.Left], at+64*uint32(j))
			homes[op.Right] = append(homes[op.Right], at+64*uint32(j)+32)
		}
		at += 64 * uint32(len(ops))
	}
	// The root chunk needs a home of its own unless the last level's
	// lone digest is the root: it is read from that level's output.
	last := len(lv) - 1
	direct := last >= 0 && len(lv[last]) == 1 && lv[last][0].Out == p.Root
	if !direct {
		homes[p.Root] = append(homes[p.Root], at)
		sp.root = at
		at += 32
	}
	for _, g := range p.Gathers {
		for _, h := range homes[g.Node] {
			g := g
			g.Node = h
			sp.gathers = append(sp.gathers, g)
		}
	}
	for _, c := range p.Consts {
		for _, h := range homes[c.Node] {
			sp.consts = append(sp.consts, singleConst{at: h, c: c})
		}
	}
	for l, ops := range lv {
		out := at
		at += 32 * uint32(len(ops))
		lk := k
		if wide != nil && len(ops) >= wideMin {
			lk = wide
		}
		level := singleLevel{in: ins[l], out: out, n: uint32(len(ops)), pairs: pairsFor(lk, len(ops))}
		for j, op := range ops {
			for _, h := range homes[op.Out] {
				level.moves = append(level.moves, singleMove{from: out + 32*uint32(j), to: h})
			}
		}
		sp.levels = append(sp.levels, level)
	}
	if direct {
		sp.root = sp.levels[last].out
	}
	sp.size = int(at)
	return sp
}

// levels groups a program's ops by their height above the leaves: the
// ops of one level are independent and can go out in one Pairs call.
func levels(p *graph.Program) [][]lanes.Op {
	height := make([]int, p.Nodes)
	var out [][]lanes.Op
	for _, op := range p.Ops {
		h := max(height[op.Left], height[op.Right]) + 1
		height[op.Out] = h
		for len(out) < h {
			out = append(out, nil)
		}
		out[h-1] = append(out[h-1], op)
	}
	return out
}

// newFlat returns a single-instance flat buffer with its constants in
// place.
func (r *block) newFlat() []byte {
	flat := make([]byte, r.layout.size)
	for _, c := range r.layout.consts {
		z := c.c.Chunk(r.t.Zero)
		copy(flat[c.at:], z[:])
	}
	return flat
}

// single hashes instance i alone into dst[i]; see hashOne.
func (r *block) single(a *arena, dst [][32]byte, in *Input, ext [][][32]byte, i int, c *counts) error {
	root, err := r.hashOne(a, in, ext, i)
	if err == nil {
		dst[i] = root
		c.treePairs += uint64(len(r.p.Ops))
		c.kernelCalls += uint64(r.layout.calls)
		c.instances++
	}
	return err
}

// hashOne returns the root of instance i alone, in a's flat buffer: one
// Single call, or level by level with the kernel's Pairs. A program
// whose only source is the instance gathers straight from it, with no
// base resolved into the arena.
func (r *block) hashOne(a *arena, in *Input, ext [][][32]byte, i int) ([32]byte, error) {
	sp := r.layout
	flat := a.flat
	fp := unsafe.Pointer(unsafe.SliceData(flat))
	if sp.direct {
		base, err := in.at(i)
		if err != nil {
			return [32]byte{}, err
		}
		for k := range r.p.Checks {
			c := &r.p.Checks[k] // Src is the instance, the only source
			if b := *(*byte)(unsafe.Add(base, c.Off)); b&c.Mask != 0 {
				return [32]byte{}, checkError(i, c, b)
			}
		}
		gather(fp, &base, sp.gathers, sp.classes)
	} else {
		if err := r.resolve(a, in, ext, i, 0); err != nil {
			return [32]byte{}, err
		}
		return r.hashResolved(a), nil
	}
	return sp.hash(flat), nil
}

// hashResolved returns the root of the instance whose sources resolve
// put in a's lane 0: its leaves gathered into a's flat buffer, then
// hashed. A nested container's program waiting in a treeQueue runs it
// once its fields' roots are there.
func (r *block) hashResolved(a *arena) [32]byte {
	sp := r.layout
	fp := unsafe.Pointer(unsafe.SliceData(a.flat))
	w := r.w
	for k := range sp.gathers {
		g := &sp.gathers[k]
		copyChunk(unsafe.Add(fp, g.Node), unsafe.Add(a.bases[int(g.Src)*w], g.Off), g.Len)
	}
	return sp.hash(a.flat)
}

// hash runs the program on flat, its leaves gathered: one Single call,
// or level by level with the kernel's Pairs.
func (sp *singlePlan) hash(flat []byte) [32]byte {
	if sp.single != nil {
		sp.single.Single(flat, sp.ops)
	} else {
		sp.hashLevels(flat)
	}
	return *(*[32]byte)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(flat)), sp.root))
}

// hashLevels runs the program on flat one Pairs call per level, each
// level's digests copied to the homes of their readers.
func (sp *singlePlan) hashLevels(flat []byte) {
	fp := unsafe.Pointer(unsafe.SliceData(flat))
	for k := range sp.levels {
		l := &sp.levels[k]
		l.pairs(flat[l.out:l.out+32*l.n], flat[l.in:l.in+64*l.n])
		for _, m := range l.moves {
			chunk.Copy(unsafe.Add(fp, m.to), unsafe.Add(fp, m.from))
		}
	}
}

// Root returns the root of the one instance of in: Run for a single
// value, with the root returned rather than written through a slice, so
// that a caller's root need not live on the heap. A program without
// fields (every fixed-size container of basic fields and vectors) goes
// straight to its single-instance path (singleRoot), with nothing to
// set up per call beyond the checks and the gathers. workers matters
// only to graphs whose fields are rooted apart.
func (p *Prepared) Root(in Input, workers int) ([32]byte, error) {
	// The common call (ValueOf) is tested first and taken with no
	// other work: one load of the path, the input's shape and type.
	if f := p.fast.Load(); f != nil && in.n == 1 && in.ptrs == nil && !in.indirect && in.typ == p.typ {
		return f.root(in.base)
	}
	if p.chunk != nil && in.n == 1 && in.ptrs == nil && !in.indirect && in.typ == p.typ {
		var r [32]byte
		if p.chunkRootAt(&r, in.base) {
			return r, nil
		}
	}
	return p.rootOther(&in, workers)
}

// RootAt sets *root to the root of the value of Go type t at v (nil:
// the zero value): Root of ValueAt(t, v), with the root written where
// the caller keeps it, so that it is not copied through the calls on
// its way there. The caller vouches that v points to a value of type
// t, as for ValueAt. On error *root is unchanged.
func (p *Prepared) RootAt(root *[32]byte, t reflect.Type, v unsafe.Pointer, workers int) error {
	if f := p.fast.Load(); f != nil && t == p.typ {
		return f.rootInto(root, v)
	}
	if p.chunk != nil && t == p.typ && p.chunkRootAt(root, v) {
		return nil
	}
	r, err := p.Root(ValueAt(t, v), workers)
	if err == nil {
		*root = r
	}
	return err
}

// chunkRootAt is the straight copy of a value whose root is its own
// bytes (p.chunk) at v (nil: the zero value) into *dst; false, *dst
// unchanged, for a bad boolean, whose error the general path builds.
func (p *Prepared) chunkRootAt(dst *[32]byte, v unsafe.Pointer) bool {
	if v == nil {
		v = p.zero
	}
	return p.chunk.rootAt(dst, v)
}

// rootOther is Root for the inputs the test at its start does not take:
// the first call, a one-element PtrsOf, another type or length, a graph
// that is not a program without fields.
func (p *Prepared) rootOther(pin *Input, workers int) ([32]byte, error) {
	in := *pin
	if in.n != 1 || in.typ != p.typ || p.single == nil {
		return p.rootRun(in, workers)
	}
	in.zero = p.zero
	f := p.fast.Load()
	if f == nil {
		r := p.single.single()
		f = newSingleRoot(r.one, p.zero)
		if f == nil {
			if in.base == nil && in.ptrs == nil {
				in.base = p.zero // ValueOf(nil): the zero value
			}
			return r.root(&in)
		}
		if !p.fast.CompareAndSwap(nil, f) { // a concurrent first call's
			f = p.fast.Load()
		}
	}
	base, err := in.at(0)
	if err != nil {
		return [32]byte{}, err
	}
	return f.root(base)
}

// rootRun is Root through Run, for every graph and input Root does not
// take straight to a program's single-instance path.
func (p *Prepared) rootRun(in Input, workers int) ([32]byte, error) {
	if in.n != 1 && in.typ == p.typ { // Run refuses another type (KindType)
		return [32]byte{}, &Error{Index: -1, Kind: graph.KindLength, Msg: "Root takes one instance, input has " + strconv.Itoa(in.n)}
	}
	out := p.outs.Get().(*[1][32]byte)
	err := p.Run(out[:], in, workers)
	root := out[0]
	p.outs.Put(out)
	if err != nil {
		return [32]byte{}, err
	}
	return root, nil
}

// root returns the root of the one instance of in on the
// single-instance path (what Run does for one instance, the root
// returned): Root's path for a program singleRoot does not take.
func (r *runner) root(in *Input) ([32]byte, error) {
	b := r.one
	a := b.pool.Get().(*arena)
	root, err := b.hashOne(a, in, nil, 0)
	if !b.layout.direct {
		for i := range a.bases { // no user memory kept alive in the pool
			a.bases[i] = nil
		}
	}
	b.pool.Put(a)
	if err == nil {
		b.t.stats.addSingle(uint64(b.layout.calls), uint64(len(b.p.Ops)))
	}
	return root, err
}

// maxRootSources is the most sources a program may have for Root's
// straight path (singleRoot), which resolves them into an array in its
// frame; a phase0 AttestationData has three.
const maxRootSources = 8

// singleRoot is Prepared.Root's path for one instance of a program
// without fields: everything the call needs, gathered in one place so
// that it costs one load to reach, and nothing else per call beyond the
// sources, the checks, the gathers and the hashing. Its flat buffer
// (constants in place, see singlePlan) is one of its own, claimed with
// a compare-and-swap and handed back with a plain store (get, put);
// calls that find it taken use buffers from a pool. Its roots count in
// a counter of its own that the Stats reads, with one atomic add a
// root.
type singleRoot struct {
	sp      *singlePlan
	srcs    []graph.Source // the program's sources; 0 is the instance
	checks  []graph.Check
	zero    unsafe.Pointer // what a nil pointer and an empty slice read
	zeroVal unsafe.Pointer // the zero instance, what a nil input reads
	// lk is the kernel when it is a lanes kernel with a native Single
	// entry, called directly rather than through singleKernel.
	lk *lanes.Kernel
	// pair is the kernel's Pairs for one pair when the program is one
	// op whose inputs are adjacent chunks (Checkpoint): one call fewer
	// than Single, straight to the kernel; in and out are the pair's
	// offsets in the flat buffer.
	pair    func(dst, src []byte)
	in, out uint32
	// resolve is set when the program has sources beyond the instance:
	// the call then resolves and checks before gathering (rootSources).
	// A program whose only source is the instance checks it straight.
	resolve bool
	count   *singleCount // registered with the Stats
	// own is the flat buffer of the calls that find busy 0 and set it
	// (get); the others take theirs from pool. sync.Pool's Get and Put
	// cost a lone Checkpoint's root about 20 ns (AMD EPYC Zen 5,
	// BenchmarkSmall): more than themselves, as if they held back
	// the next root's start.
	busy atomic.Uint32
	own  *flatBuf
	pool sync.Pool // *flatBuf
}

// flatBuf is one flat buffer of a singleRoot's pool.
type flatBuf struct{ b []byte }

// newSingleRoot returns the straight path of block b (a runner's block
// one), whose nil instance reads as zeroVal; nil when the program has
// more sources than the path resolves in its frame.
func newSingleRoot(b *block, zeroVal unsafe.Pointer) *singleRoot {
	if len(b.p.Sources) > maxRootSources || b.p.Externals != 0 {
		return nil
	}
	f := &singleRoot{
		sp: b.layout, srcs: b.p.Sources, checks: b.p.Checks, zero: b.zero, zeroVal: zeroVal,
		resolve: len(b.p.Sources) > 1,
		count:   b.t.stats.newSingle(uint64(b.layout.calls), uint64(len(b.p.Ops))),
	}
	if lk, ok := b.layout.single.(*lanes.Kernel); ok {
		f.lk = lk
	}
	if ops := b.p.Ops; b.layout.single != nil && len(ops) == 1 {
		if op := ops[0]; op.Right == op.Left+1 && (op.Out > op.Right || op.Out < op.Left) {
			f.pair, f.in, f.out = pairsFor(b.k, 1), 32*op.Left, 32*op.Out
		}
	}
	f.pool.New = func() any { return &flatBuf{b: b.newFlat()} }
	f.own = &flatBuf{b: b.newFlat()}
	return f
}

// root returns the root of the instance at base (nil: the zero value).
func (f *singleRoot) root(base unsafe.Pointer) ([32]byte, error) {
	var r [32]byte
	err := f.rootInto(&r, base)
	return r, err
}

// rootInto sets *dst to the root of the instance at base (nil: the
// zero value); on error *dst is unchanged. A program with sources
// beyond the instance resolves them into an array in the frame first
// (rootSources); the others check and gather straight from base.
func (f *singleRoot) rootInto(dst *[32]byte, base unsafe.Pointer) error {
	if base == nil {
		base = f.zeroVal
	}
	if f.resolve {
		return f.rootSources(dst, base)
	}
	for k := range f.checks { // Src is the instance, the only source
		c := &f.checks[k]
		if b := *(*byte)(unsafe.Add(base, c.Off)); b&c.Mask != 0 {
			return checkError(0, c, b)
		}
	}
	fb := f.get()
	gather(unsafe.Pointer(unsafe.SliceData(fb.b)), &base, f.sp.gathers, f.sp.classes)
	f.hash(dst, fb)
	return nil
}

// rootSources is rootInto for a program with sources beyond the
// instance.
func (f *singleRoot) rootSources(dst *[32]byte, base unsafe.Pointer) error {
	var bases [maxRootSources]unsafe.Pointer
	bases[0] = base
	if err := f.resolveInto(&bases); err != nil {
		return err
	}
	fb := f.get()
	gather(unsafe.Pointer(unsafe.SliceData(fb.b)), &bases[0], f.sp.gathers, f.sp.classes)
	f.hash(dst, fb)
	return nil
}

// get returns a flat buffer for one root: f's own when no other call
// holds it, else one from the pool. The compare-and-swap waits for the
// stores before it, the last root's digest among them, but nothing but
// the gathers stands between it and the hashing, which waits for them
// anyway.
func (f *singleRoot) get() *flatBuf {
	if f.busy.CompareAndSwap(0, 1) {
		return f.own
	}
	return f.pool.Get().(*flatBuf)
}

// put hands back fb, taken by get, once the root is read from it.
func (f *singleRoot) put(fb *flatBuf) {
	if fb == f.own {
		release(&f.busy)
		return
	}
	f.pool.Put(fb)
}

// hash runs the program on fb, whose leaves are gathered, sets *dst to
// the root, counts it and hands fb back (put).
func (f *singleRoot) hash(dst *[32]byte, fb *flatBuf) {
	// Counted before the hashing, which cannot fail: the atomic add
	// waits for the stores before it (the gathers', the last root's
	// digest already waited for by get) and holds back nothing but
	// the hashing, which waits for the gathers' stores anyway.
	f.count.roots.Add(1)
	flat, sp := fb.b, f.sp
	switch {
	case f.pair != nil:
		f.pair(flat[f.out:f.out+32], flat[f.in:f.in+64])
	case f.lk != nil:
		f.lk.Single(flat, sp.ops)
	case sp.single != nil:
		sp.single.Single(flat, sp.ops)
	default:
		sp.hashLevels(flat)
	}
	chunk.Copy(unsafe.Pointer(dst), unsafe.Add(unsafe.Pointer(unsafe.SliceData(flat)), sp.root))
	f.put(fb)
}

// resolveInto sets bases[s] to the address of source s of the instance
// at bases[0] and runs the program's checks, failing as block.resolve does
// for instance 0.
func (f *singleRoot) resolveInto(bases *[maxRootSources]unsafe.Pointer) error {
	for s := 1; s < len(f.srcs); s++ {
		src := &f.srcs[s]
		from := bases[src.From]
		q, err := sourceAt(src, from, f.zero, 0)
		if err != nil {
			return err
		}
		bases[s] = q
	}
	for k := range f.checks {
		c := &f.checks[k]
		if b := *(*byte)(unsafe.Add(bases[c.Src], c.Off)); b&c.Mask != 0 {
			return checkError(0, c, b)
		}
	}
	return nil
}

// copyChunk copies n (1..32) bytes from src to dst, with single moves
// for the common leaf sizes.
func copyChunk(dst, src unsafe.Pointer, n uint32) {
	switch n {
	case 32:
		chunk.Copy(dst, src)
	case 8:
		*(*[8]byte)(dst) = *(*[8]byte)(src)
	case 16:
		*(*[16]byte)(dst) = *(*[16]byte)(src)
	case 1:
		*(*byte)(dst) = *(*byte)(src)
	default:
		copy(unsafe.Slice((*byte)(dst), n), unsafe.Slice((*byte)(src), n))
	}
}
