package sched

import (
	"fmt"
	"sync/atomic"

	"github.com/lanehash/lanehash/internal/graph"
	"github.com/lanehash/lanehash/lanes"
)

// programRooter runs a ProgramNode: its fields are rooted first by
// their own rooters and enter the program as external leaves; then the
// program runs in lockstep on the kernel the executor's kernel names
// for the batch size (lanes.Kernel.ForInstances).
type programRooter struct {
	e      *Exec
	runner *runner
	fields []field
	// alt holds runners of the same program on the other kernels
	// ForInstances answered with, created on first use.
	alt kernelCache[*runner]
	// one is runnerFor(1), kept once resolved: the kernel's answer for
	// a batch size never changes, and Prepared.Root asks on every call.
	one atomic.Pointer[runner]
	// weight is queueWeight(fields): how many small trees one instance
	// may leave in a treeQueue, its nested containers' included.
	weight int
}

func (e *Exec) programRooter(n *graph.ProgramNode, s Strategy) (*programRooter, error) {
	if n.Program == nil {
		return nil, fmt.Errorf("sched: ProgramNode without a program")
	}
	if err := n.Program.Validate(); err != nil {
		return nil, err
	}
	if len(n.Fields) != n.Program.Externals {
		return nil, fmt.Errorf("sched: ProgramNode has %d fields for %d external leaves", len(n.Fields), n.Program.Externals)
	}
	fields, err := e.fields(n.Fields, s)
	if err != nil {
		return nil, err
	}
	r := newRunner(e.tree, n.Program, nil)
	r.strategy = s
	return &programRooter{e: e, runner: r, fields: fields, weight: queueWeight(fields)}, nil
}

// runnerFor returns the runner for a batch of n instances: the kernel
// decides (ForInstances); a kernel that is not a lanes kernel (a test's
// reference kernel) runs every batch itself.
func (p *programRooter) runnerFor(n int) *runner {
	lk, ok := p.runner.k.(*lanes.Kernel)
	if !ok {
		return p.runner
	}
	k := lk.ForInstances(n)
	if k == lk {
		return p.runner
	}
	return p.alt.get(k, func() *runner {
		// A runner serves every batch size its kernel is the answer
		// for, and is kept per kernel; its single-instance plan (lone
		// instances only) may send wide levels to the automatic
		// kernel's own Pairs when that is 16 word-layout lanes and a
		// lone instance goes to a narrow kernel (SHA-NI), whichever
		// batch size built the runner.
		var wide Kernel
		if lk.Layout() == lanes.WordLayout && lk.Width() >= wideMin {
			wide = lk
		}
		r := newRunner(p.e.treeFor(k), p.runner.p, wide)
		r.strategy = p.runner.strategy
		return r
	})
}

// single returns runnerFor(1), resolving it on first use.
func (p *programRooter) single() *runner {
	if r := p.one.Load(); r != nil {
		return r
	}
	r := p.runnerFor(1)
	p.one.Store(r)
	return r
}

func (p *programRooter) roots(x *run, dst [][32]byte, in Input) error {
	if in.n == 0 {
		return nil
	}
	var ext [][][32]byte
	if len(p.fields) > 0 {
		set, err := ownFieldRoots(x, p.fields, in, p.weight >= 2)
		defer set.put()
		if err != nil {
			return err
		}
		ext = set.roots
	}
	return p.runnerFor(in.n).Run(dst, in, ext, x.workers)
}
