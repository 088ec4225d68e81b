package sched

import (
	"sync"
	"unsafe"

	"github.com/lanehash/lanehash/internal/graph"
	"github.com/lanehash/lanehash/lanes"
)

// blockLanes is how many instances one Lockstep call covers at least,
// when the input has that many: a block of G = blockLanes/W groups of W
// lanes. Every cost paid per call (resolving sources, the gather loops,
// Pack, the Lockstep call, Unpack, counting) is then
// paid once per block instead of once per group, which matters most for
// narrow kernels (SHA-NI, W = 2: 32 groups a call). The block's arena
// stays in L1/L2 (a phase0 Validator block is 17 nodes × 2 KiB).
const blockLanes = 64

// minPairsPerWorker is the least work (pair hashes) worth a goroutine of
// its own; smaller runs stay on the caller's goroutine.
const minPairsPerWorker = 1 << 12

// runner executes one Program with one kernel for many instances. It is
// safe for concurrent use; scratch arenas are pooled.
//
// Instances go in blocks of G groups of W (one instance per lane): the
// arena holds G copies of every node side by side (virtual node n is the
// G real nodes n·G .. n·G+G-1), so the leaves of all G·W instances pack
// with one Pack call, one Lockstep call runs the op list expanded over
// the G groups, and the roots unpack with one Unpack call straight into
// the caller's dst. Blocks of G/2, G/4, … 2 groups take what is left
// after the full blocks, one partial group the last fewer than W, and a
// single instance runs level by level on Pairs.
type runner struct {
	k Kernel
	p *graph.Program
	// blocks run G, G/2, G/4, … 2 groups per call (largest first; empty
	// when G would be 1), so the whole blocks of a span and then its
	// remainder go out in few calls.
	blocks []*block
	one    *block // one group per call (W lanes), with the single-instance path
	// strategy is Lockstep but for research runs (PrepareStrategy).
	strategy Strategy
	levels   sync.Pool // *levelScratch of the PerLevel strategy
}

// block is the runner's machinery for G groups per call: s = G·W lanes,
// virtual nodes of 32·s bytes.
type block struct {
	t    *Tree
	k    Kernel
	p    *graph.Program
	g    int        // groups per call
	w    int        // lanes per call, G·W
	node int        // bytes per virtual node, 32·w
	ops  []lanes.Op // p.Ops expanded over the G groups
	// checked is ops checked once (lanes.NewOps) when the kernel can run
	// such a list (opsKernel): the per-call Lockstep then compares the
	// arena's size only, instead of every index of G·len(p.Ops) ops.
	checked lanes.Ops
	opsK    opsKernel // k as an opsKernel, nil if it is not one
	// pieces is checked cut into parts, and ahead the instance fields
	// whose memory is asked for between them (load_ahead.go).
	pieces []lanes.Ops
	ahead  []uintptr
	// chunks is set when k's lane layout is lanes.ChunkLayout: the
	// leaves are gathered straight into the arena (staging is the
	// arena's leaf nodes) and the roots copied straight out, with no
	// Pack or Unpack.
	chunks bool
	consts []byte         // the program's constant nodes, packed, in order
	zero   unsafe.Pointer // zero bytes read through nil pointers and empty slices
	layout *singlePlan    // the flat buffer of the single-instance path (block one)
	pool   sync.Pool
}

// arena is one worker's scratch: the lane-layout nodes, the leaf staging
// buffer laid out [node][lane][32], resolved source addresses
// ([source][lane]) and room to unpack a partial group's roots.
type arena struct {
	nodes   []byte
	staging []byte
	bases   []unsafe.Pointer
	out     []byte
	// flat is the single-instance path's buffer (see singlePlan).
	flat []byte
}

// newRunner returns a runner for p, hashing with t's kernel and counting
// into t's stats. wide, when not nil, is the kernel of wide vectors that
// a lone instance's wide levels may run on (planSingle).
func newRunner(t *Tree, p *graph.Program, wide Kernel) *runner {
	k := t.k
	w := k.Width()
	r := &runner{k: k, p: p}
	var zeroSize uintptr
	for _, s := range p.Sources {
		zeroSize = max(zeroSize, s.ZeroSize)
	}
	// Words, not bytes: pointers and slice headers are read from it.
	zero := zeroValue(zeroSize)
	r.one = newBlock(t, p, 1, zero, planSingle(p, k, wide))
	for g := blockLanes / w; g > 1; g /= 2 {
		r.blocks = append(r.blocks, newBlock(t, p, g, zero, nil))
	}
	return r
}

func newBlock(t *Tree, p *graph.Program, g int, zero unsafe.Pointer, layout *singlePlan) *block {
	k := t.k
	w := g * k.Width()
	b := &block{t: t, k: k, p: p, g: g, w: w, node: 32 * w, zero: zero, layout: layout, chunks: chunkLayout(k)}
	b.ops = lanes.ExpandOps(p.Ops, g)
	if ok, is := k.(opsKernel); is {
		b.opsK, b.checked = ok, lanes.NewOps(b.ops)
	}
	b.pieces, b.ahead = b.splitAhead()
	b.consts = make([]byte, len(p.Consts)*b.node)
	chunks := make([]byte, b.node)
	for i, c := range p.Consts {
		z := c.Chunk(t.Zero)
		for lane := 0; lane < w; lane++ {
			copy(chunks[32*lane:], z[:])
		}
		k.Pack(b.consts[i*b.node:(i+1)*b.node], chunks)
	}
	b.pool.New = func() any { return b.newArena() }
	return b
}

func (r *block) newArena() *arena {
	a := &arena{
		nodes: make([]byte, r.p.Nodes*r.node),
		bases: make([]unsafe.Pointer, r.w*len(r.p.Sources)),
	}
	if r.chunks {
		a.staging = a.nodes[:r.p.Leaves*r.node]
	} else {
		a.staging = make([]byte, r.p.Leaves*r.node)
		a.out = make([]byte, r.node)
	}
	if r.layout != nil {
		a.flat = r.newFlat()
	}
	for i, c := range r.p.Consts {
		copy(a.nodes[int(c.Node)*r.node:], r.consts[i*r.node:(i+1)*r.node])
	}
	return a
}

// Run writes the root of instance i of in to dst[i], for every i <
// in.Len(), splitting the work across up to workers goroutines when
// there is enough of it (minPairsPerWorker pairs each). ext holds the
// program's external root buffers, one root per instance each. The
// first error found stops the run; dst is then incomplete.
func (r *runner) Run(dst [][32]byte, in Input, ext [][][32]byte, workers int) error {
	n := in.n
	if n == 0 {
		return nil
	}
	if n == 1 && r.strategy == Lockstep {
		return r.oneAtATime(dst, &in, ext, 0, 1)
	}
	workers = min(workers, n*max(len(r.p.Ops), 1)/minPairsPerWorker)
	if workers <= 1 {
		return r.span(dst, &in, ext, 0, n)
	}
	return r.runParallel(dst, in, ext, workers)
}

// runParallel splits the instances into one span per worker, each a
// whole number of blocks (the last takes the rest). It is apart from Run
// so that single-worker calls keep their Input on the stack.
func (r *runner) runParallel(dst [][32]byte, in Input, ext [][][32]byte, workers int) error {
	unit := r.one.w
	if len(r.blocks) > 0 {
		unit = r.blocks[0].w
	}
	n := in.n
	per := (n + workers - 1) / workers
	per = (per + unit - 1) / unit * unit
	return inSpans(n, per, func(lo, hi int) error { return r.span(dst, &in, ext, lo, hi) })
}

// span hashes instances [lo, hi): as many of the largest blocks as fit,
// then of each smaller one, then the rest (fewer than W) as one partial
// group.
func (r *runner) span(dst [][32]byte, in *Input, ext [][][32]byte, lo, hi int) error {
	switch r.strategy {
	case OneAtATime:
		return r.oneAtATime(dst, in, ext, lo, hi)
	case PerLevel:
		return r.perLevel(dst, in, ext, lo, hi)
	}
	var c counts
	var err error
	for _, b := range r.blocks {
		if hi-lo < b.w || err != nil {
			continue
		}
		a := b.pool.Get().(*arena)
		for ; lo+b.w <= hi && err == nil; lo += b.w {
			err = b.group(a, dst, in, ext, lo, b.w, &c)
		}
		clear(a.bases)
		b.pool.Put(a)
	}
	if b := r.one; lo < hi && err == nil {
		a := b.pool.Get().(*arena)
		for ; lo < hi && err == nil; lo += b.w {
			err = b.group(a, dst, in, ext, lo, min(b.w, hi-lo), &c)
		}
		clear(a.bases)
		b.pool.Put(a)
	}
	r.one.t.stats.add(&c)
	return err
}

// group hashes the count instances from first on (count ≤ r.w; the
// unused lanes of a partial group hash whatever the staging buffer
// holds and their results are dropped).
func (r *block) group(a *arena, dst [][32]byte, in *Input, ext [][][32]byte, first, count int, c *counts) error {
	if err := r.resolveGroup(a, in, ext, first, count); err != nil {
		return err
	}
	r.gather(a, count)
	p := r.p
	if !r.chunks {
		r.k.Pack(a.nodes[:p.Leaves*r.node], a.staging)
	}
	if len(r.ops) > 0 {
		if r.opsK != nil {
			r.lockstep(a, in, first, count)
		} else {
			r.k.Lockstep(a.nodes, r.ops)
		}
		c.kernelCalls++
	}
	root := a.nodes[int(p.Root)*r.node : int(p.Root+1)*r.node]
	switch {
	case r.chunks:
		copy(unsafe.Slice(&dst[first][0], 32*count), root)
	case count == r.w:
		r.k.Unpack(unsafe.Slice(&dst[first][0], r.node), root)
	default:
		r.k.Unpack(a.out, root)
		for lane := 0; lane < count; lane++ {
			copy(dst[first+lane][:], a.out[32*lane:])
		}
	}
	c.groups += uint64(r.g)
	c.instances += uint64(count)
	c.lockstepPairs += uint64(len(p.Ops) * count)
	c.lanePairs += uint64(len(p.Ops) * r.w)
	return nil
}
