package plan

import (
	"unsafe"

	"github.com/lanehash/lanehash/sched"
)

// programRooter hashes a fixed-shape type with one lockstep program; its
// variable-size and wide fields are rooted first by their own rooters
// and enter the program as external leaves.
type programRooter struct {
	runner *sched.Runner
	// narrow, when not nil, runs the same program on a narrow kernel
	// (SHA-NI, two lanes) for inputs too small to fill the wide one: a
	// single Validator must not pay for 16 lanes.
	narrow *sched.Runner
	exts   []external
}

// runnerFor picks the runner for n instances.
func (p *programRooter) runnerFor(n int) *sched.Runner {
	if p.narrow != nil && 2*n < p.runner.Width() {
		return p.narrow
	}
	return p.runner
}

// external is a field the program reads as a precomputed root.
type external struct {
	steps []step
	r     rooter
	zero  unsafe.Pointer
}

func (p *programRooter) roots(x *run, dst [][32]byte, in sched.Input) error {
	if in.N == 0 {
		return nil
	}
	var ext [][][32]byte
	if len(p.exts) > 0 {
		ext = make([][][32]byte, len(p.exts))
		for k, e := range p.exts {
			buf := getBuf(32 * in.N)
			defer putBuf(buf)
			ext[k] = rootsView(*buf, in.N)
			child, ptrs, err := childInput(in, e.steps, e.zero)
			if err != nil {
				return err
			}
			err = e.r.roots(x, ext[k], child)
			putPtrs(ptrs)
			if err != nil {
				return err
			}
		}
	}
	return fromSched(p.runnerFor(in.N).Run(dst, in, ext, x.workers))
}
