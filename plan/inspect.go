package plan

import "github.com/lanehash/lanehash/sched"

// Program returns the static program the plan runs for each instance of
// T, or nil when T's root does not come from one program (a basic type,
// a list, a chunk that is its own root). It is meant for inspection and
// for research tools that execute the same program in other ways; the
// program must not be modified.
func (p *Plan[T]) Program() *sched.Program {
	if r, ok := p.root.(*programRooter); ok {
		return r.runner.Program()
	}
	return nil
}
