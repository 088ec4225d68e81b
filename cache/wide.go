package cache

import (
	"fmt"
	"math/bits"

	"github.com/lanehash/lanehash/internal/chunk"
	"github.com/lanehash/lanehash/proof"
)

// wide is one stored binary Merkle tree: n chunks padded with zero chunks
// to 2^depth. It keeps every level as one contiguous slice, sized to the
// data rather than to the limit: level k holds ceil(n/2^k) nodes, up to the
// level that holds one node; above it the tree is that node hashed with
// zero-subtree roots (the zero-hash ladder, kept in up), so a registry
// limit of 2^40 costs 40 − log2(n) nodes, not 2^40.
//
//	level top   r                      up: H(r,Z_top) … to depth
//	level 1     ab   cd   e·
//	level 0     a b  c d  e            (n = 5; "·" is Z_0 padding)
//
// lv[0] (the chunks) may be dropped (keepLeaves false); then the chunks a
// rehash needs come from a fetch function that reads them from the value.
type wide struct {
	depth      int
	n          int
	keepLeaves bool
	lv         [][]byte
	up         [][32]byte // up[j] is the node at level top+1+j on the left edge
	leaf0      [32]byte   // the only chunk when n == 1 and lv[0] is dropped
	scratch    []int      // the changed nodes of the level being hashed
}

// fetchFunc writes chunk idx[i] to dst[32i:32i+32].
type fetchFunc func(idx []int, dst []byte) error

// levelCount is the number of nodes at level k above n ≥ 0 leaves,
// ⌈n / 2^k⌉, for any k ≥ 0: computed in 64 bits, so that levels past 30
// of a wide list count right where int has 32 bits.
func levelCount(n, k int) int {
	if k >= 63 {
		return min(n, 1)
	}
	return int((uint64(n) + 1<<k - 1) >> k)
}

// top is the level that holds a single node.
func (w *wide) top() int {
	if w.n <= 1 {
		return 0
	}
	return bits.Len(uint(w.n - 1))
}

// resize sets the chunk count to n, keeping the nodes of the chunks that
// remain. New chunks are zero and must be written and passed to rehash
// by the caller; after a truncation the caller passes n-1 (the right edge,
// whose ancestors lost their right subtrees).
func (w *wide) resize(n int) {
	w.n = n
	top := w.top()
	for len(w.lv) < top+1 {
		w.lv = append(w.lv, nil)
	}
	// The levels above the new top go, or the backing array would keep
	// them alive, uncounted by bytes.
	clear(w.lv[top+1:])
	w.lv = w.lv[:top+1]
	for k := range w.lv {
		if k == 0 && !w.keepLeaves {
			w.lv[0] = nil
			continue
		}
		size := 32 * levelCount(n, k)
		if size <= len(w.lv[k]) {
			w.lv[k] = cutBytes(w.lv[k], size)
			continue
		}
		if size <= cap(w.lv[k]) {
			old := len(w.lv[k])
			w.lv[k] = w.lv[k][:size]
			clear(w.lv[k][old:])
			continue
		}
		// Room to grow by a quarter, except on the first fill: a
		// registry that was just built is not about to grow by 25%.
		room := size / 4
		if len(w.lv[k]) == 0 {
			room = 0
		}
		grown := make([]byte, size, size+room)
		copy(grown, w.lv[k])
		w.lv[k] = grown
	}
	if n == 0 {
		w.up = w.up[:0]
	}
}

// chunk returns the stored chunk i (lv[0] must be kept).
func (w *wide) chunk(i int) []byte { return w.lv[0][32*i : 32*i+32] }

// rehash recomputes the nodes above the changed chunks dirty (sorted,
// distinct, < n) level by level, every level's pairs in one batch: the
// pairs of the changed parents are gathered into one buffer, hashed with
// one Pairs call and scattered back. A level where most parents change is
// hashed whole and in place, without gathering.
func (w *wide) rehash(h *hasher, dirty []int, fetch fetchFunc) error {
	return w.rehashFrom(h, dirty, 0, fetch)
}

// rehashFrom is rehash over the chunks dirty[i] − base: a progressive
// tree passes each subtree its stretch of the tree's changed chunks as
// they are, and the offset is taken off while they are copied into the
// scratch anyway.
func (w *wide) rehashFrom(h *hasher, dirty []int, base int, fetch fetchFunc) error {
	if w.n == 0 {
		return nil
	}
	top := w.top()
	if len(dirty) == 0 && len(w.up) == w.depth-top {
		return nil
	}
	// Every chunk changed (dirty is sorted and distinct below n: an
	// epoch's balances, a densely marked list): every level is hashed
	// whole, so the indices are neither copied nor reduced to parents.
	all := len(dirty) == w.n && (top == 0 || w.keepLeaves)
	idx := w.scratch[:0]
	if !all {
		if cap(idx) < len(dirty) {
			idx = make([]int, 0, len(dirty)) // once, exact: not grown by doubling
		}
		for _, i := range dirty {
			idx = append(idx, i-base)
		}
	}
	defer func() { w.scratch = idx[:0] }()
	for k := 0; k < top; k++ {
		cnt := levelCount(w.n, k)
		pc := levelCount(w.n, k+1)
		if !all {
			idx = parents(idx)
			all = len(idx) == pc || (4*len(idx) >= 3*pc && (k > 0 || w.keepLeaves))
		}
		if all && (k > 0 || w.keepLeaves) {
			full := cnt / 2
			h.pairsInPlace(w.lv[k+1][:32*full], w.lv[k][:64*full])
			if cnt%2 == 1 {
				r := h.pair([32]byte(w.lv[k][32*(cnt-1):]), h.zero[k])
				copy(w.lv[k+1][32*full:], r[:])
			}
			continue
		}
		if all {
			idx = idx[:0]
			for p := range pc {
				idx = append(idx, p)
			}
		}
		buf := h.gather(len(idx))
		if k == 0 && !w.keepLeaves {
			if err := w.fetchPairs(h, idx, buf, fetch); err != nil {
				return err
			}
		} else {
			lv := w.lv[k]
			for j, p := range idx {
				// Inlined moves: no memmove call per pair.
				chunk.Move(buf[64*j:], lv[64*p:])
				if 2*p+1 < cnt {
					chunk.Move(buf[64*j+32:], lv[64*p+32:])
				} else {
					chunk.Move(buf[64*j+32:], h.zero[k][:])
				}
			}
		}
		out := h.digests(len(idx))
		h.pairsInPlace(out, buf)
		next := w.lv[k+1]
		for j, p := range idx {
			chunk.Move(next[32*p:], out[32*j:])
		}
	}
	if top == 0 && !w.keepLeaves {
		var c [32]byte
		if err := fetch([]int{0}, c[:]); err != nil {
			return err
		}
		w.leaf0 = c
	}
	// The zero-hash ladder above the top node.
	r := w.topNode()
	w.up = w.up[:0]
	for k := top; k < w.depth; k++ {
		r = h.pair(r, h.zero[k])
		w.up = append(w.up, r)
	}
	return nil
}

// fetchPairs fills buf with the chunk pairs under the parents idx when the
// chunks are not stored.
func (w *wide) fetchPairs(h *hasher, idx []int, buf []byte, fetch fetchFunc) error {
	leaves := make([]int, 0, 2*len(idx))
	for _, p := range idx {
		leaves = append(leaves, 2*p)
		if 2*p+1 < w.n {
			leaves = append(leaves, 2*p+1)
		}
	}
	// The chunks go to a buffer of their own, not straight into buf:
	// buf is the hasher's gather buffer, which fetch may reuse.
	tmp := make([]byte, 32*len(leaves))
	if err := fetch(leaves, tmp); err != nil {
		return err
	}
	t := 0
	for j, p := range idx {
		copy(buf[64*j:64*j+32], tmp[32*t:])
		t++
		if 2*p+1 < w.n {
			copy(buf[64*j+32:64*j+64], tmp[32*t:])
			t++
		} else {
			copy(buf[64*j+32:64*j+64], h.zero[0][:])
		}
	}
	return nil
}

// parents turns sorted distinct node indices into their sorted distinct
// parents, in place.
func parents(idx []int) []int {
	// Branch-free: each parent is written over the slot of the next
	// distinct one, which moves on only when the parent is new. Whether
	// two random neighbours share a parent is a coin toss, which a branch
	// mispredicts half the time.
	n, last := 0, -1
	for _, i := range idx {
		p := i >> 1
		idx[n] = p
		n += b2i(p != last)
		last = p
	}
	return idx[:n]
}

// b2i is 1 for true and 0 for false (compiled to a SETcc, no branch).
func b2i(b bool) int {
	var i int
	if b {
		i = 1
	}
	return i
}

func (w *wide) topNode() [32]byte {
	if w.n == 0 {
		return [32]byte{}
	}
	top := w.top()
	if top == 0 && !w.keepLeaves {
		return w.leaf0
	}
	return [32]byte(w.lv[top][:32])
}

// root is the root of the padded tree.
func (w *wide) root(h *hasher) [32]byte {
	if w.n == 0 {
		return h.zero[w.depth]
	}
	if len(w.up) > 0 {
		return w.up[len(w.up)-1]
	}
	return w.topNode()
}

// node returns the node at relative generalized index g (1 is the root) if
// it lies inside this tree (depth(g) ≤ depth); chunk nodes come from fetch
// when they are not stored. Nothing is hashed.
func (w *wide) node(h *hasher, g proof.GIndex, fetch fetchFunc) ([32]byte, error) {
	d := g.Depth()
	if g == 0 || d > w.depth {
		return [32]byte{}, fmt.Errorf("cache: node %d below a tree of depth %d: %w", g, w.depth, proof.ErrIndex)
	}
	level := w.depth - d
	// The position is compared before it is an int: on a 32-bit host an
	// index past 2^31 would wrap onto a stored node.
	pos := uint64(g) ^ 1<<d
	if pos >= uint64(levelCount(w.n, min(level, 62))) || w.n == 0 {
		return h.zero[level], nil
	}
	j := int(pos)
	top := w.top()
	if level > top {
		return w.up[level-top-1], nil
	}
	if level == 0 && !w.keepLeaves {
		var c [32]byte
		if err := fetch([]int{j}, c[:]); err != nil {
			return [32]byte{}, err
		}
		return c, w.checkLeaf(h, j, c, fetch)
	}
	return [32]byte(w.lv[level][32*j:]), nil
}

// checkLeaf reports whether c, chunk j as read from the value, is the
// chunk of the last update, when the chunks are not stored: its pair
// (the sibling read from the value too) must hash to the stored parent,
// or for a single chunk equal the one kept. Else the value changed since
// (an element pointer retargeted or set to nil, contents written in
// place) and the error wraps ErrChanged: a node of the last root is
// never made from memory that now holds something else. One pair hashed
// per chunk read.
func (w *wide) checkLeaf(h *hasher, j int, c [32]byte, fetch fetchFunc) error {
	var want [32]byte
	if w.n == 1 {
		want = w.leaf0
	} else {
		sib := h.zero[0]
		if j^1 < w.n {
			if err := fetch([]int{j ^ 1}, sib[:]); err != nil {
				return err
			}
		}
		l, r := c, sib
		if j&1 == 1 {
			l, r = sib, c
		}
		c = h.pair(l, r)
		want = [32]byte(w.lv[1][32*(j>>1):])
	}
	if c != want {
		return fmt.Errorf("cache: chunk %d read from the value is not the last Root's: %w", j, ErrChanged)
	}
	return nil
}

// bytes is the memory the tree holds.
func (w *wide) bytes() int {
	n := 32*len(w.up) + 8*cap(w.scratch)
	for _, l := range w.lv {
		n += cap(l)
	}
	return n
}
