package sched

import (
	"sync"
	"unsafe"

	"golang.org/x/sync/errgroup"
)

// Runner executes one Program with one kernel for many instances, W at
// a time. It is safe for concurrent use; scratch arenas are pooled.
type Runner struct {
	t      *Tree
	k      Kernel
	p      *Program
	w      int
	node   int            // bytes per lane-layout node, 32·W
	consts []byte         // the program's constant nodes in lane layout, in order
	zero   unsafe.Pointer // zero bytes read through nil pointers and empty slices
	layout *singlePlan    // the flat buffer of the single-instance path
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

// NewRunner returns a Runner for p, hashing with t's kernel and counting
// into t's stats.
func NewRunner(t *Tree, p *Program) *Runner {
	k := t.k
	w := k.Width()
	r := &Runner{t: t, k: k, p: p, w: w, node: 32 * w}
	r.consts = make([]byte, len(p.Consts)*r.node)
	chunks := make([]byte, r.node)
	for i, c := range p.Consts {
		z := t.Zero(int(c.Depth))
		for lane := 0; lane < w; lane++ {
			copy(chunks[32*lane:], z[:])
		}
		k.Pack(r.consts[i*r.node:(i+1)*r.node], chunks)
	}
	var zeroSize uintptr
	for _, s := range p.Sources {
		zeroSize = max(zeroSize, s.ZeroSize)
	}
	// Words, not bytes: pointers and slice headers are read from it.
	r.zero = unsafe.Pointer(unsafe.SliceData(make([]uint64, zeroSize/8+1)))
	r.layout = planSingle(p)
	r.pool.New = func() any { return r.newArena() }
	return r
}

func (r *Runner) newArena() *arena {
	w := r.w
	a := &arena{
		nodes:   make([]byte, r.p.Nodes*r.node),
		staging: make([]byte, r.p.Leaves*r.node),
		bases:   make([]unsafe.Pointer, w*len(r.p.Sources)),
		out:     make([]byte, r.node),
	}
	a.flat = r.newFlat()
	for i, c := range r.p.Consts {
		copy(a.nodes[int(c.Node)*r.node:], r.consts[i*r.node:(i+1)*r.node])
	}
	return a
}

// Width returns W, the number of instances hashed per group.
func (r *Runner) Width() int { return r.w }

// Program returns the program the runner executes.
func (r *Runner) Program() *Program { return r.p }

// Run writes the root of instance i of in to dst[i], for every i <
// in.N, splitting whole groups across up to workers goroutines. ext
// holds the program's external root buffers, one root per instance
// each. The first error found stops the run; dst is then incomplete.
func (r *Runner) Run(dst [][32]byte, in Input, ext [][][32]byte, workers int) error {
	n := in.n
	if n == 0 {
		return nil
	}
	if n == 1 {
		a := r.pool.Get().(*arena)
		var c counts
		err := r.single(a, dst, &in, ext, 0, &c)
		clear(a.bases)
		r.pool.Put(a)
		r.t.stats.add(&c)
		return err
	}
	groups := (n + r.w - 1) / r.w
	if workers <= 1 || groups < 2 {
		return r.run(dst, &in, ext, 0, groups)
	}
	return r.runParallel(dst, in, ext, groups, workers)
}

// runParallel splits groups into one run per worker. It is apart from
// Run so that single-worker calls keep their Input on the stack.
func (r *Runner) runParallel(dst [][32]byte, in Input, ext [][][32]byte, groups, workers int) error {
	workers = min(workers, groups)
	per := (groups + workers - 1) / workers
	var g errgroup.Group
	for lo := 0; lo < groups; lo += per {
		hi := min(lo+per, groups)
		g.Go(func() error { return r.run(dst, &in, ext, lo, hi) })
	}
	return g.Wait()
}

// run hashes groups [lo, hi) with one arena.
func (r *Runner) run(dst [][32]byte, in *Input, ext [][][32]byte, lo, hi int) error {
	a := r.pool.Get().(*arena)
	var c counts
	var err error
	for g := lo; g < hi && err == nil; g++ {
		err = r.group(a, dst, in, ext, g*r.w, &c)
	}
	clear(a.bases)
	r.pool.Put(a)
	r.t.stats.add(&c)
	return err
}

// group hashes instances first..first+W-1 (fewer in the final group;
// the unused lanes hash whatever the staging buffer holds and their
// results are dropped).
func (r *Runner) group(a *arena, dst [][32]byte, in *Input, ext [][][32]byte, first int, c *counts) error {
	count := min(r.w, in.n-first)
	if err := r.resolveGroup(a, in, ext, first, count); err != nil {
		return err
	}
	r.gather(a, count)
	p := r.p
	r.k.Pack(a.nodes[:p.Leaves*r.node], a.staging)
	if len(p.Ops) > 0 {
		r.k.Lockstep(a.nodes, p.Ops)
		c.kernelCalls++
	}
	root := a.nodes[int(p.Root)*r.node : int(p.Root+1)*r.node]
	if count == r.w {
		r.k.Unpack(unsafe.Slice(&dst[first][0], r.node), root)
	} else {
		r.k.Unpack(a.out, root)
		for lane := 0; lane < count; lane++ {
			copy(dst[first+lane][:], a.out[32*lane:])
		}
	}
	c.groups++
	c.instances += uint64(count)
	c.lockstepPairs += uint64(len(p.Ops) * count)
	c.lanePairs += uint64(len(p.Ops) * r.w)
	return nil
}
