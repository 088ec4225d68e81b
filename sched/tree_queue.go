package sched

import (
	"encoding/binary"
	"sync"

	"github.com/lanehash/lanehash/internal/graph"
)

// A container's small list and vector fields each end in a short tree
// of their own (a block body's attestations, blob commitments and empty
// lists, a payload's transactions list and withdrawals) whose levels
// are a few pairs or one, each a kernel call of its own if the tree is
// hashed when its field is rooted. fieldRoots instead lays those trees
// out in a treeQueue while it roots the fields (their leaves: element
// roots, packed chunks) and hashes them together just before the
// container's program reads their roots: one Pairs call per level for
// all of them (a tree that is one node already climbs its zero-hash
// ladder in the same calls), and one call for all their length
// mix-ins.

// deferChunks is the widest tree fieldRoots defers: a wider one is
// hashed when its field is rooted, by itself (its levels fill the lanes
// without company, and it may split across workers).
const deferChunks = tileChunks

// deferrer is a rooter whose root of one instance may be left to a
// treeQueue.
type deferrer interface {
	rooter
	// rootDeferred is roots for one instance, except that a small
	// enough tree is laid out in q rather than hashed, its root
	// written to *dst when q runs. Errors are those of roots.
	rootDeferred(x *run, dst *[32]byte, in Input, q *treeQueue) error
	// defers reports whether rootDeferred may defer at all.
	defers() bool
}

// pendingTree is one tree waiting in a treeQueue: n nodes at the
// level the queue has reached, from chunk off of its current buffer,
// below a root at depth.
type pendingTree struct {
	off, n int
	depth  int
	mix    bool // mix length in (a list)
	length uint64
	dst    *[32]byte
}

// treeQueue holds the trees fieldRoots defers. Their leaves are written
// straight into one arena, back to back, each padded with a zero chunk
// to an even count: level 0 laid out for its Pairs call, as the level
// queue lays the values of a tile (Tree.batchLevels). It is pooled: a
// call allocates nothing once the pool holds one large enough.
type treeQueue struct {
	arena *[]byte
	used  int // chunks of arena holding queued trees
	trees []pendingTree
	// mixes counts the queued lists, whose lengths are mixed in.
	mixes int
	// programs are the nested containers waiting for their fields'
	// roots, in the order they are to run: a container after the
	// containers among its fields (tree_nest.go).
	programs []pendingProgram
}

var treeQueues = sync.Pool{New: func() any { return new(treeQueue) }}

// reserve returns room for a tree of n chunks (n ≥ 1) after the queued
// ones, its padding chunk (for an odd n) already zero. The caller
// writes the chunks and then calls commit, or drops the room by not
// calling it.
func (q *treeQueue) reserve(n int) []byte {
	need := 32 * (q.used + n + n%2)
	if q.arena == nil || cap(*q.arena) < need {
		grown := getBuf(max(need, 2*q.used*32, 32*256))
		if q.arena != nil {
			copy(*grown, (*q.arena)[:32*q.used])
			putBuf(q.arena)
		}
		q.arena = grown
	}
	*q.arena = (*q.arena)[:cap(*q.arena)]
	room := (*q.arena)[32*q.used : need]
	if n%2 == 1 {
		clear(room[32*n:])
	}
	return room[:32*n]
}

// commit queues the tree of n chunks just written into the room reserve
// returned, below a root at depth, its length mixed in when mix; its
// root goes to *dst when the queue runs.
func (q *treeQueue) commit(n, depth int, mix bool, length uint64, dst *[32]byte) {
	q.trees = append(q.trees, pendingTree{off: q.used, n: n, depth: depth, mix: mix, length: length, dst: dst})
	q.used += n + n%2
	if mix {
		q.mixes++
	}
}

// done queues a tree whose root is already known (no chunks, or one at
// depth 0): only its length remains to be mixed in, with the others'.
func (q *treeQueue) done(root [32]byte, mix bool, length uint64, dst *[32]byte) {
	*dst = root
	q.trees = append(q.trees, pendingTree{off: -1, mix: mix, length: length, dst: dst})
	if mix {
		q.mixes++
	}
}

// release empties the queue, keeping its arena; the programs that did
// not run return their scratch.
func (q *treeQueue) release() {
	for i := range q.programs {
		q.programs[i].drop()
	}
	clear(q.programs)
	clear(q.trees)
	q.trees, q.programs, q.used, q.mixes = q.trees[:0], q.programs[:0], 0, 0
}

// run hashes every queued tree with t and writes the roots, then runs
// the queued programs, and empties the queue. At each level the pairs of
// every tree still below its depth are laid side by side, whatever
// container they belong to (an odd count padded with that level's zero
// hash, so a lone node climbs its ladder), and hashed with one Pairs
// call; the mix-ins of all lists are one call more. The programs read
// only those roots and the roots of the programs before them.
func (q *treeQueue) run(t *Tree) {
	defer q.release()
	q.runTrees(t)
	for i := range q.programs {
		q.programs[i].run()
	}
}

// runTrees hashes every queued tree with t and writes the roots.
func (q *treeQueue) runTrees(t *Tree) {
	if len(q.trees) == 0 {
		return
	}
	var c counts
	if q.used > 0 {
		// Level 0 lies in the arena; each level's digests land in a,
		// and the next level is laid out from there into the arena.
		ap := getBuf(16 * q.used)
		a, lay := *ap, *q.arena
		for i := range q.trees {
			p := &q.trees[i]
			if p.off >= 0 {
				p.off /= 2
				p.n = (p.n + 1) / 2
			}
		}
		t.k.Pairs(a[:16*q.used], lay[:32*q.used])
		c.treePairs += uint64(q.used / 2)
		c.kernelCalls++
		for d := 1; ; d++ {
			at := 0
			for i := range q.trees {
				p := &q.trees[i]
				if p.off < 0 {
					continue
				}
				if d == p.depth {
					*p.dst = [32]byte(a[32*p.off:])
					p.off = -1
					continue
				}
				at += copy(lay[32*at:], a[32*p.off:32*(p.off+p.n)]) / 32
				p.off = at - p.n
				if p.n%2 == 1 {
					copy(lay[32*at:32*at+32], t.zero[d][:])
					at++
				}
				p.off /= 2
				p.n = (p.n + 1) / 2
			}
			if at == 0 {
				break
			}
			t.k.Pairs(a[:16*at], lay[:32*at])
			c.treePairs += uint64(at / 2)
			c.kernelCalls++
		}
		putBuf(ap)
	}
	if q.mixes > 0 {
		mp := getBuf(64 * q.mixes)
		mix := *mp
		m := 0
		for i := range q.trees {
			if p := &q.trees[i]; p.mix {
				pair := mix[64*m : 64*m+64]
				copy(pair, p.dst[:])
				clear(pair[32:])
				binary.LittleEndian.PutUint64(pair[32:40], p.length)
				m++
			}
		}
		t.k.Pairs(mix[:32*m], mix[:64*m])
		c.treePairs += uint64(m)
		c.kernelCalls++
		m = 0
		for i := range q.trees {
			if p := &q.trees[i]; p.mix {
				*p.dst = [32]byte(mix[32*m:])
				m++
			}
		}
		putBuf(mp)
	}
	t.stats.add(&c)
}

// add queues one instance's tree: n chunks, written by fill into the
// room it is given, below a root at depth. Trees without a level to
// hash (no chunks, or one at depth 0) take no room.
func (q *treeQueue) add(t *Tree, n, depth int, mix bool, length uint64, dst *[32]byte, fill func([]byte) error) error {
	if n == 0 {
		q.done(t.zero[depth], mix, length, dst)
		return nil
	}
	room := q.reserve(n)
	if err := fill(room); err != nil {
		return err
	}
	if depth == 0 {
		// One chunk is its own root: the room is dropped.
		q.done([32]byte(room), mix, length, dst)
		return nil
	}
	q.commit(n, depth, mix, length, dst)
	return nil
}

// defers reports whether the sequence's trees may be deferred: not a
// progressive list, whose tree is not one depth.
func (r *seqRooter) defers() bool { return !r.progressive() }

// rootDeferred is roots for one instance, its tree deferred to q when
// it is at most deferChunks element roots.
func (r *seqRooter) rootDeferred(x *run, dst *[32]byte, in Input, q *treeQueue) error {
	p, err := in.at(0)
	if err != nil {
		return err
	}
	elems, zero, err := r.elements(p)
	switch {
	case err != nil:
		return setIndex(err, 0)
	case zero:
		*dst, err = r.zeroRoot(x)
		return err
	case elems.n > deferChunks:
		*dst, err = r.root(x, elems)
		return err
	}
	t := x.e.tree
	return q.add(t, elems.n, r.depth, r.n.Kind != graph.SeqVector, uint64(elems.n), dst, func(room []byte) error {
		if err := rootsInOrder(x, r.elem, rootsView(room, elems.n), elems); err != nil {
			return r.locateOne(err)
		}
		return nil
	})
}

// locateOne maps an error about element k of one instance's list to
// that instance (index 0) and the element's path.
func (r *seqRooter) locateOne(err error) error {
	if pe, ok := err.(*Error); ok && pe.Index >= 0 {
		return reindex(err, 0, r.n.Path, pe.Index)
	}
	return err
}

// defers reports whether the value's trees may be deferred: not a
// progressive list or bitlist, whose tree is not one depth.
func (r *packedRooter) defers() bool { return !r.progressive() }

// rootDeferred is roots for one instance, its tree deferred to q when
// it is at most deferChunks chunks.
func (r *packedRooter) rootDeferred(x *run, dst *[32]byte, in Input, q *treeQueue) error {
	p, err := in.at(0)
	if err != nil {
		return err
	}
	v, err := r.measure(p)
	if err != nil {
		return setIndex(err, 0)
	}
	if v.chunks > deferChunks {
		*dst = r.rootOf(x, v)
		return nil
	}
	return q.add(x.e.tree, v.chunks, r.depth, r.mixesLength(), v.length, dst, func(room []byte) error {
		r.fill(room, v)
		return nil
	})
}

// markDeferred marks the fields whose rooter may leave its trees in a
// treeQueue. Whether there is a queue is the outermost container's
// decision, by queueWeight.
func markDeferred(fs []field) {
	for i := range fs {
		if r, ok := fs[i].r.(deferrer); ok && r.defers() {
			fs[i].deferred = true
		}
	}
}

// queueWeight is how many trees one instance of a container with fields
// fs may leave in a treeQueue: one for each deferred list or vector
// field, a nested container's own weight for it. The outermost container
// owns a queue from two on: one tree alone would gain no company and pay
// the queue's copies.
func queueWeight(fs []field) int {
	w := 0
	for _, f := range fs {
		if !f.deferred {
			continue
		}
		if r, ok := f.r.(*programRooter); ok {
			w += r.weight
		} else {
			w++
		}
	}
	return w
}
