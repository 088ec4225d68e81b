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
// level the queue has reached, in buf, below a root at depth.
type pendingTree struct {
	buf    *[]byte // pooled, BufLen(n) bytes at least
	n      int
	depth  int
	mix    bool // mix length in (a list)
	length uint64
	dst    *[32]byte
}

// treeQueue holds the trees fieldRoots defers. It is pooled: a call
// allocates nothing once the pool holds one.
type treeQueue struct {
	trees []pendingTree
}

var treeQueues = sync.Pool{New: func() any { return new(treeQueue) }}

// add queues a tree of the n chunks at the start of *buf (which the
// queue now owns) below a root at depth, its length mixed in when mix.
func (q *treeQueue) add(buf *[]byte, n, depth int, mix bool, length uint64, dst *[32]byte) {
	q.trees = append(q.trees, pendingTree{buf: buf, n: n, depth: depth, mix: mix, length: length, dst: dst})
}

// release returns every queued tree's buffer and empties the queue.
func (q *treeQueue) release() {
	for i := range q.trees {
		putBuf(q.trees[i].buf)
	}
	clear(q.trees)
	q.trees = q.trees[:0]
}

// run hashes every queued tree with t and writes the roots, then
// empties the queue. At each level the pairs of every tree still below
// its depth are laid side by side (an odd count padded with that
// level's zero hash, so a lone node climbs its ladder) and hashed with
// one Pairs call; the mix-ins of all lists are one call more.
func (q *treeQueue) run(t *Tree) {
	if len(q.trees) == 0 {
		return
	}
	var c counts
	total := 0
	for i := range q.trees {
		p := &q.trees[i]
		if p.n == 0 {
			// No chunks: the zero tree (and no level to hash).
			copy((*p.buf)[:32], t.zero[p.depth][:])
			p.depth = 0
		}
		total += p.n + 1
	}
	sp := getBuf(32 * max(total, 2*len(q.trees)))
	src := *sp
	for d := 0; ; d++ {
		at := 0
		for i := range q.trees {
			p := &q.trees[i]
			if d >= p.depth {
				continue
			}
			buf := *p.buf
			if p.n%2 == 1 {
				copy(buf[32*p.n:32*p.n+32], t.zero[d][:])
				p.n++
			}
			at += copy(src[at:], buf[:32*p.n])
			p.n /= 2
		}
		if at == 0 {
			break
		}
		t.k.Pairs(src[:at/2], src[:at])
		c.treePairs += uint64(at / 64)
		c.kernelCalls++
		out := 0
		for i := range q.trees {
			p := &q.trees[i]
			if d >= p.depth {
				continue
			}
			out += copy((*p.buf)[:32*p.n], src[out:])
		}
	}
	// Every tree's root is now the first chunk of its buffer.
	m := 0
	for i := range q.trees {
		p := &q.trees[i]
		if !p.mix {
			*p.dst = [32]byte((*p.buf)[:32])
			continue
		}
		pair := src[64*m : 64*m+64]
		copy(pair, (*p.buf)[:32])
		clear(pair[32:])
		binary.LittleEndian.PutUint64(pair[32:40], p.length)
		m++
	}
	if m > 0 {
		t.k.Pairs(src[:32*m], src[:64*m])
		c.treePairs += uint64(m)
		c.kernelCalls++
		m = 0
		for i := range q.trees {
			if p := &q.trees[i]; p.mix {
				*p.dst = [32]byte(src[32*m : 32*m+32])
				m++
			}
		}
	}
	putBuf(sp)
	t.stats.add(&c)
	q.release()
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
	bp := getBuf(BufLen(elems.n))
	if err := rootsInOrder(x, r.elem, rootsView(*bp, elems.n), elems); err != nil {
		putBuf(bp)
		return r.locateOne(err)
	}
	q.add(bp, elems.n, r.depth, r.n.Kind != graph.SeqVector, uint64(elems.n), dst)
	return nil
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
	bp := getBuf(BufLen(v.chunks))
	r.fill(*bp, v)
	q.add(bp, v.chunks, r.depth, r.mixesLength(), v.length, dst)
	return nil
}

// markDeferred marks the fields whose trees fieldRoots defers: those
// whose rooter may defer, when there are two or more (one alone would
// gain no company and pay the queue's copies).
func markDeferred(fs []field) {
	var d []int
	for i, f := range fs {
		if r, ok := f.r.(deferrer); ok && r.defers() {
			d = append(d, i)
		}
	}
	if len(d) < 2 {
		return
	}
	for _, i := range d {
		fs[i].deferred = true
	}
}
