package sched

// Containers nest (a block holds its body, the body its execution
// payload, sync aggregate and execution requests), and each ends its
// small trees' levels and its program at a different time if each is
// rooted by itself: the payload's chain of single pairs (its
// transactions list's ladder) runs before the body's (the blob
// commitments'), each in calls of its own. So one queue serves a whole
// call: the outermost container of one instance owns it
// (ownFieldRoots), and a nested container of one instance leaves in it
// both its fields' small trees and its own program (pendingProgram),
// its sources resolved and checked but its leaves not yet gathered. When
// the queue runs, the trees of every scope climb side by side, one Pairs
// call per level and one for all mix-ins, and then the programs run
// innermost first: a container's program is queued after those of the
// containers among its fields, so each reads roots already written.

// pendingProgram is a nested container's program waiting in a
// treeQueue: its single-instance block, the arena whose lane 0 holds its
// resolved sources, the field roots those sources point into, and where
// its root goes.
type pendingProgram struct {
	b   *block
	a   *arena
	set *fieldSet
	dst *[32]byte
}

// run hashes the program and writes its root, then returns its scratch.
func (p *pendingProgram) run() {
	*p.dst = p.b.hashResolved(p.a)
	p.b.t.stats.addSingle(uint64(p.b.layout.calls), uint64(len(p.b.p.Ops)))
	p.drop()
}

// drop returns the program's arena and field roots to their pools,
// keeping no user memory alive in the arena.
func (p *pendingProgram) drop() {
	if p.a == nil {
		return
	}
	clear(p.a.bases)
	p.b.pool.Put(p.a)
	p.set.put()
	*p = pendingProgram{}
}

// defers reports whether the container's trees and program may wait in
// a treeQueue: it has fields that may (weight), and its program runs
// one instance on the single-instance path (the Lockstep strategy), whose
// sources (its fields' roots among them) resolve apart from the hashing.
func (p *programRooter) defers() bool {
	return p.weight > 0 && p.runner.strategy == Lockstep
}

// rootDeferred is roots for one instance, its fields' small trees and
// its nested containers left in q, and its own program queued after
// them, its root written to *dst when q runs. Errors are those of roots,
// in the same order: the fields', then the program's sources and checks.
func (p *programRooter) rootDeferred(x *run, dst *[32]byte, in Input, q *treeQueue) error {
	set, err := fieldRoots(x, p.fields, in, q)
	if err != nil {
		set.put()
		return err
	}
	b := p.single().one
	a := b.pool.Get().(*arena)
	if err := b.resolve(a, &in, set.roots, 0, 0); err != nil {
		clear(a.bases)
		b.pool.Put(a)
		set.put()
		return err
	}
	q.programs = append(q.programs, pendingProgram{b: b, a: a, set: set, dst: dst})
	return nil
}
