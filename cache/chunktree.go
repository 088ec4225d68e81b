package cache

import (
	"fmt"
	playout "github.com/lanehash/lanehash/internal/progressive"
	"slices"

	"github.com/lanehash/lanehash/proof"
)

// chunkTree is the data tree of a list, vector or bitfield: a binary tree
// to the depth of the limit (wide) or an EIP-7916 progressive tree.
type chunkTree interface {
	resize(n int)
	count() int
	keeps() bool
	// leaf is the stored chunk i (only when keeps()).
	leaf(i int) []byte
	// run is the stored chunks from i to the end of the contiguous
	// storage that holds i (only when keeps()): a wide tree's chunks
	// from i on, or the rest of chunk i's progressive subtree.
	run(i int) []byte
	rehash(h *hasher, dirty []int, fetch fetchFunc) error
	root(h *hasher) [32]byte
	// node is the node at g relative to the data root.
	node(h *hasher, g proof.GIndex, fetch fetchFunc) ([32]byte, error)
	// chunkOf splits g (relative to the data root) into the chunk it
	// passes through and the index relative to that chunk; ok is false
	// when g does not reach below the chunks.
	chunkOf(g proof.GIndex) (chunk uint64, rest proof.GIndex, ok bool)
	bytes() int
}

func (w *wide) count() int        { return w.n }
func (w *wide) keeps() bool       { return w.keepLeaves }
func (w *wide) leaf(i int) []byte { return w.chunk(i) }
func (w *wide) run(i int) []byte  { return w.lv[0][32*i:] }
func (w *wide) chunkOf(g proof.GIndex) (uint64, proof.GIndex, bool) {
	return childIndex(g, w.depth)
}

// progressive is EIP-7916's merkleize_progressive over stored chunks, in
// the current orientation: the root is H(subtree0, H(subtree1, H(…, Z))),
// where subtree k is a binary tree of 4^k chunks (1, 4, 16, …), so a list
// that grows only ever adds subtrees on the right. Each subtree is a wide
// tree; the spine (one pair per subtree) is hashed again on every change.
type progressive struct {
	n     int
	subs  []*wide
	spine [][32]byte // spine[k]: root of the progressive tree from subtree k on
}

// progressiveSub returns the subtree of chunk i and its offset there.
func progressiveSub(i int) (k, off int) {
	k, o := playout.Locate(uint64(i))
	return k, int(o)
}

func (p *progressive) resize(n int) {
	p.n = n
	var k, last int
	if n > 0 {
		k, last = progressiveSub(n - 1)
		k++
	}
	for len(p.subs) < k {
		p.subs = append(p.subs, &wide{depth: 2 * len(p.subs), keepLeaves: true})
	}
	clear(p.subs[k:]) // the subtrees a cut drops go, or the backing array would keep them, uncounted
	p.subs = p.subs[:k]
	for j, s := range p.subs {
		if j < k-1 {
			s.resize(1 << (2 * j))
		} else {
			s.resize(last + 1)
		}
	}
}

func (p *progressive) count() int  { return p.n }
func (p *progressive) keeps() bool { return true }
func (p *progressive) leaf(i int) []byte {
	k, off := progressiveSub(i)
	return p.subs[k].chunk(off)
}

func (p *progressive) run(i int) []byte {
	k, off := progressiveSub(i)
	return p.subs[k].run(off)
}

// rehash rehashes each subtree over its changed chunks (dirty is sorted,
// so each subtree's are one stretch of it) and then the spine.
func (p *progressive) rehash(h *hasher, dirty []int, _ fetchFunc) error {
	if len(dirty) == 0 && len(p.spine) == len(p.subs)+1 {
		// Nothing changed: a resize always comes with dirty chunks (the
		// new ones, or the new right edge), so the spine still holds.
		return nil
	}
	for k, s := range p.subs {
		start := int(playout.Start(k))
		in, _ := slices.BinarySearch(dirty, start+s.n)
		if err := s.rehashFrom(h, dirty[:in], start, nil); err != nil {
			return err
		}
		s.scratch = trimInts(s.scratch) // as a list's own tree's is
		dirty = dirty[in:]
	}
	if cap(p.spine) < len(p.subs)+1 {
		p.spine = make([][32]byte, len(p.subs)+1)
	}
	p.spine = p.spine[:len(p.subs)+1]
	p.spine[len(p.subs)] = [32]byte{}
	for k := len(p.subs) - 1; k >= 0; k-- {
		p.spine[k] = h.pair(p.subs[k].root(h), p.spine[k+1])
	}
	return nil
}

func (p *progressive) root(h *hasher) [32]byte {
	if len(p.spine) == 0 {
		return [32]byte{}
	}
	return p.spine[0]
}

// walk follows g from the data root: it returns the subtree and the index
// relative to that subtree's root, or the spine node reached.
func (p *progressive) walk(g proof.GIndex) (sub int, rel proof.GIndex, spine int, err error) {
	return walkProgressive(len(p.subs), g)
}

// walkProgressive is the walk of g in a progressive tree of subs
// subtrees: the subtree and the index relative to its root, or (sub -1)
// the spine node reached; a node below the spine past the last subtree
// is an index error, a spine node there the zero chunk.
func walkProgressive(subs int, g proof.GIndex) (sub int, rel proof.GIndex, spine int, err error) {
	k := 0
	for d := g.Depth() - 1; d >= 0; d-- {
		if k >= subs {
			return 0, 0, 0, fmt.Errorf("cache: node %d is below the end of a progressive tree: %w", g, proof.ErrIndex)
		}
		if uint64(g)>>d&1 == 0 {
			return k, proof.GIndex(uint64(g)&(1<<d-1) | 1<<d), -1, nil
		}
		k++
	}
	return -1, 0, k, nil
}

// progressiveSubs is the number of subtrees a progressive tree of n
// chunks has.
func progressiveSubs(n uint64) int {
	if n == 0 {
		return 0
	}
	k, _ := playout.Locate(n - 1)
	return k + 1
}

// progressiveChunkOf is chunkTree.chunkOf for a progressive tree of subs
// subtrees.
func progressiveChunkOf(subs int, g proof.GIndex) (uint64, proof.GIndex, bool) {
	sub, rel, _, err := walkProgressive(subs, g)
	if err != nil || sub < 0 {
		return 0, 0, false
	}
	off, rest, ok := childIndex(rel, 2*sub)
	if !ok {
		return 0, 0, false
	}
	return playout.Start(sub) + off, rest, true
}

func (p *progressive) node(h *hasher, g proof.GIndex, _ fetchFunc) ([32]byte, error) {
	sub, rel, spine, err := p.walk(g)
	if err != nil {
		return [32]byte{}, err
	}
	if sub < 0 {
		if spine >= len(p.subs) {
			return [32]byte{}, nil
		}
		return p.spine[spine], nil
	}
	return p.subs[sub].node(h, rel, nil)
}

func (p *progressive) chunkOf(g proof.GIndex) (uint64, proof.GIndex, bool) {
	return progressiveChunkOf(len(p.subs), g)
}

func (p *progressive) bytes() int {
	n := 32 * len(p.spine)
	for _, s := range p.subs {
		n += s.bytes()
	}
	return n
}
