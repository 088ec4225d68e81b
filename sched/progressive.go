package sched

import (
	"github.com/lanehash/lanehash/internal/progressive"
	"sync"
	"unsafe"
)

// The progressive tree of EIP-7916 (consensus-specs v1.7.0-alpha.2 and
// later): n chunks fill binary subtrees of 1, 4, 16, … leaves, the last
// one zero-padded, and the root is
//
//	H(subtree 0, H(subtree 1, H(subtree 2, … H(subtree k-1, Z))))
//
// with every subtree on the LEFT of its spine node and the rest on the
// right. Subtree j starts at chunk (4^j-1)/3, holds 4^j leaves and has
// depth 2j. Subtrees 0 … k-2 are full, so at every level below its depth
// each of them has an even number of nodes; only the last one can be odd
// and needs a zero-hash pad. That is what lets the levels of all subtrees
// be hashed together: laid side by side in subtree order, one level of
// all of them is one Pairs call, and the output is again the next level
// of all of them, side by side in the same order. A subtree that reaches
// its depth leaves its root at the front of the remaining nodes, where it
// is simply stepped over.

// progressiveBufLen is the scratch length MerkleizeProgressive needs for
// n chunks: the data, one chunk to pad the last subtree's odd levels
// (also the spine's zero end), and at least two chunks so that a length
// or the active fields can be mixed in afterwards.
func progressiveBufLen(n int) int { return 32 * max(n+1, 2) }

// MerkleizeProgressive computes merkleize_progressive of the n chunks at
// the start of buf and leaves it in buf[0:32]. All subtrees' levels are
// reduced together in place, one Pairs call per level; then the k
// subtree roots, left at chunks 0 … k-1, are folded from the right into
// the spine. buf must be at least 32·max(n+1, 2) bytes; its
// contents are overwritten.
func (t *Tree) MerkleizeProgressive(buf []byte, n int) {
	if n == 0 {
		clear(buf[:32])
		return
	}
	var c counts
	// Subtree 0 is chunk 0 itself (depth 0); the others start at chunk 1.
	lo, cnt, next := 1, n-1, 1
	for d := 0; cnt > 0; d++ {
		if cnt%2 == 1 {
			// Only the last subtree can be odd: pad it with zero_hashes[d].
			copy(buf[32*(lo+cnt):], t.zero[d][:])
			cnt++
		}
		pairs := cnt / 2
		t.k.Pairs(buf[32*lo:32*(lo+pairs)], buf[32*lo:32*(lo+cnt)])
		c.treePairs += uint64(pairs)
		c.kernelCalls++
		cnt = pairs
		if d+1 == 2*next {
			// Subtree next reached its depth: its root stays at chunk next.
			lo++
			cnt--
			next++
		}
	}
	t.foldSpine(buf, next, &c)
	t.stats.add(&c)
}

// foldSpine replaces the k subtree roots at the start of buf by the
// spine's root H(r0, H(r1, … H(r(k-1), Z))), in place, right to left.
func (t *Tree) foldSpine(buf []byte, k int, c *counts) {
	clear(buf[32*k : 32*k+32])
	for j := k - 1; j >= 0; j-- {
		t.k.Pairs(buf[32*j:32*j+32], buf[32*j:32*j+64])
		c.treePairs++
		c.kernelCalls++
	}
}

// MerkleizeProgressiveParallel is MerkleizeProgressive with the subtrees
// big enough to share (2·minChunksPerWorker chunks or more) merkleized
// one after the other, each split across up to workers goroutines; the
// small ones and the spine run on the caller's goroutine. It needs the
// same scratch, 32·max(n+1, 2) bytes.
func (t *Tree) MerkleizeProgressiveParallel(buf []byte, n int, workers int) error {
	if workers <= 1 || n < 4*minChunksPerWorker {
		t.MerkleizeProgressive(buf, n)
		return nil
	}
	var c counts
	k := 0
	for lo, size := 0, 1; lo < n; lo, size = lo+size, 4*size {
		m := min(size, n-lo)
		depth := 2 * k
		// Subtree k is chunks [lo, lo+m); the last one pads into chunk n,
		// which progressiveBufLen reserves. Its root lands at chunk lo.
		if m >= 2*minChunksPerWorker {
			if err := t.merkleizeParallel(buf[32*lo:], m, depth, workers); err != nil {
				return err
			}
		} else {
			t.merkleize(buf[32*lo:], m, 0, depth, &c)
		}
		// Chunk k lies in a subtree whose root has already been moved
		// (k < lo for k ≥ 2), or is subtree k's own root (k = lo ≤ 1).
		copy(buf[32*k:32*k+32], buf[32*lo:32*lo+32])
		k++
	}
	t.foldSpine(buf, k, &c)
	t.stats.add(&c)
	return nil
}

// progressiveScratch holds MerkleizeProgressiveBatch's per-call state,
// pooled so that a steady state allocates nothing.
type progressiveScratch struct {
	cnt   []int
	spine []byte
}

var progressivePool = sync.Pool{New: func() any { return new(progressiveScratch) }}

// MerkleizeProgressiveBatch computes merkleize_progressive of many trees
// together, the level queue for progressive lists, progressive bitlists
// and progressive containers: at every level the pending nodes of every
// subtree of every tree are laid side by side and hashed with one Pairs
// call, and the spines are folded with one Pairs call per subtree
// depth, across trees.
//
// a holds the trees' chunks back to back (tree i has sizes[i]); a and b
// are scratch of at least 32·(sum of sizes + len(sizes)) bytes
// and are overwritten; sizes is left as it is. roots[i] receives tree
// i's merkleize_progressive (the zero chunk for an empty tree).
func (t *Tree) MerkleizeProgressiveBatch(roots [][32]byte, a, b []byte, sizes []int) {
	var c counts
	s := progressivePool.Get().(*progressiveScratch)
	defer progressivePool.Put(s)
	s.cnt = append(s.cnt[:0], sizes...)
	s.spine = s.spine[:0]
	cnt := s.cnt
	// The spine roots are stored level-major: block j holds subtree j's
	// root of every tree that has a subtree j, in tree order.
	for d := 0; ; d++ {
		q, in := 0, 0
		for i, n := range cnt {
			if n == 0 {
				continue
			}
			if d%2 == 0 {
				// Subtree d/2 reached its depth: its root is the front node.
				s.spine = append(s.spine, a[32*in:32*in+32]...)
				in++
				n--
			}
			copy(b[32*q:], a[32*in:32*(in+n)])
			in += n
			q += n
			if n%2 == 1 {
				copy(b[32*q:], t.zero[d][:])
				q++
				n++
			}
			cnt[i] = n / 2
		}
		if q == 0 {
			break
		}
		t.k.Pairs(a[:16*q], b[:32*q])
		c.treePairs += uint64(q / 2)
		c.kernelCalls++
	}
	// Fold the spines from the deepest subtree up: roots[i] is the
	// accumulator of tree i, starting as the zero chunk at the spine's end.
	for i := range roots[:len(sizes)] {
		roots[i] = [32]byte{}
	}
	// Block j starts after the blocks 0 … j-1; find the deepest first.
	blocks := make([]int, 0, 32)
	for j, off := 0, 0; ; j++ {
		m := 0
		for _, n := range sizes {
			if uint64(n) > progressive.Start(j) {
				m++
			}
		}
		if m == 0 {
			break
		}
		blocks = append(blocks, off)
		off += m
	}
	for j := len(blocks) - 1; j >= 0; j-- {
		start, r := progressive.Start(j), 0
		for i, n := range sizes {
			if uint64(n) <= start {
				continue
			}
			copy(b[64*r:], s.spine[32*(blocks[j]+r):32*(blocks[j]+r)+32])
			copy(b[64*r+32:], roots[i][:])
			r++
		}
		t.k.Pairs(a[:32*r], b[:64*r])
		c.treePairs += uint64(r)
		c.kernelCalls++
		r = 0
		for i, n := range sizes {
			if uint64(n) > start {
				copy(roots[i][:], a[32*r:32*r+32])
				r++
			}
		}
	}
	t.stats.add(&c)
}

// MixInActiveFields replaces every roots[i] by H(roots[i] || active),
// EIP-7495's mix-in of a progressive container's active_fields bit
// field, with one Pairs call; scratch must be at least 64·len(roots)
// bytes.
func (t *Tree) MixInActiveFields(roots [][32]byte, active [32]byte, scratch []byte) {
	if len(roots) == 0 {
		return
	}
	for i := range roots {
		copy(scratch[64*i:], roots[i][:])
		copy(scratch[64*i+32:], active[:])
	}
	t.k.Pairs(unsafe.Slice(&roots[0][0], 32*len(roots)), scratch[:64*len(roots)])
	c := counts{treePairs: uint64(len(roots)), kernelCalls: 1}
	t.stats.add(&c)
}
