package sched

import (
	"encoding/binary"
	"unsafe"

	"github.com/lanehash/lanehash/internal/chunk"
)

// batchBufLen is the length of each of the two scratch buffers
// MerkleizeBatch needs for trees holding total chunks in all: every
// tree may need one padding chunk per level.
func batchBufLen(total, trees int) int { return 32 * (total + trees) }

// MerkleizeBatch computes the roots of many trees of the same depth
// together: this is the level queue. At every level the pending pairs
// of all trees are laid side by side and hashed with one Pairs call, so
// a thousand short bitlists fill the lanes as one long list would.
//
// a holds the trees' chunks back to back (tree i has sizes[i]); a and
// b are scratch of at least 32·(sum of sizes + len(sizes)) bytes
// and are overwritten, and so is sizes. roots[i] receives the
// root of tree i padded with zero chunks to 2^depth leaves.
func (t *Tree) MerkleizeBatch(roots [][32]byte, a, b []byte, sizes []int, depth int) {
	var c counts
	t.batchLevels(a, b, sizes, depth, false, false, &c)
	at := 0
	for i, n := range sizes {
		if n == 0 {
			roots[i] = t.zero[depth]
			continue
		}
		copy(roots[i][:], a[32*at:])
		at += n
	}
	t.stats.add(&c)
}

// batchLevels runs the level queue over the trees in a (sizes[i] chunks
// each, back to back) from level 0 up, with b as the second buffer, and
// returns the level reached: depth, or with untilSingle the first level
// at which no tree has more than one node (the rest of each tree is its
// ladder of zero hashes, which the caller may run together with other
// trees'). On return a holds every nonempty tree's nodes back to back
// and sizes their counts. With laid, level 0 is already laid out in b
// instead (each tree's chunks followed by a zero chunk when their count
// is odd), which spares the widest level's copy.
//
// A tree of one node, the common case above a short tree's first levels,
// moves as two 32-byte chunk copies (its node and the zero hash beside
// it) rather than through copy's general path: at 200 transactions of a
// block, those small moves were most of the queue's own time.
func (t *Tree) batchLevels(a, b []byte, sizes []int, depth int, untilSingle, laid bool, c *counts) int {
	widest := 0
	for _, n := range sizes {
		widest = max(widest, n)
	}
	if laid && depth == 0 {
		t.unlay(a, b, sizes)
		return 0
	}
	ap, bp := unsafe.Pointer(unsafe.SliceData(a)), unsafe.Pointer(unsafe.SliceData(b))
	for d := 0; d < depth; d++ {
		if widest == 0 || untilSingle && widest == 1 {
			if d == 0 && laid {
				t.unlay(a, b, sizes)
			}
			return d
		}
		q := 0
		if d == 0 && laid {
			widest = 0
			for i, n := range sizes {
				q += n + n%2
				sizes[i] = (n + 1) / 2
				widest = max(widest, sizes[i])
			}
			t.k.Pairs(a[:16*q], b[:32*q])
			c.treePairs += uint64(q / 2)
			c.kernelCalls++
			continue
		}
		// Lay the level out in b: each tree's nodes, padded to an even
		// count; empty trees stay empty.
		z := unsafe.Pointer(&t.zero[d])
		in := 0
		widest = 0
		for i, n := range sizes {
			switch n {
			case 0:
				continue
			case 1:
				chunk.Copy(unsafe.Add(bp, 32*q), unsafe.Add(ap, 32*in))
				chunk.Copy(unsafe.Add(bp, 32*q+32), z)
				q, in = q+2, in+1
				widest = max(widest, 1)
				continue
			}
			copy(b[32*q:32*(q+n)], a[32*in:32*(in+n)])
			in += n
			q += n
			if n%2 == 1 {
				chunk.Copy(unsafe.Add(bp, 32*q), z)
				q++
			}
			sizes[i] = (n + 1) / 2
			widest = max(widest, sizes[i])
		}
		t.k.Pairs(a[:16*q], b[:32*q])
		c.treePairs += uint64(q / 2)
		c.kernelCalls++
	}
	return depth
}

// unlay moves a level 0 laid out in b (each tree's chunks padded to an
// even count) to a, back to back without the padding.
func (t *Tree) unlay(a, b []byte, sizes []int) {
	q, out := 0, 0
	for _, n := range sizes {
		copy(a[32*out:32*(out+n)], b[32*q:32*(q+n)])
		out += n
		q += n + n%2
	}
}

// ladder raises every roots[i], a node at level levels[i] of a tree of
// the given depth whose other nodes at that level are all zero, to the
// tree's root: one H(node, zero_hashes[level]) per level. All nodes
// climb together, one Pairs call per level, whatever level each starts
// from, so the ladders of many trees (the transactions of a block, from
// every tile) fill the lanes as one level would. scratch holds at least
// 96·len(roots) bytes; levels is overwritten.
func (t *Tree) ladder(roots [][32]byte, levels []uint8, depth int, scratch []byte, c *counts) {
	src := scratch[:64*len(roots)]
	out := scratch[64*len(roots) : 96*len(roots)]
	sp, op := unsafe.Pointer(unsafe.SliceData(src)), unsafe.Pointer(unsafe.SliceData(out))
	// src holds the pairs of the nodes still climbing, in index order:
	// each digest goes straight to its next pair, or home once at the
	// top, so a level costs two chunk moves per node.
	m := 0
	for i := range roots {
		if int(levels[i]) < depth {
			chunk.Copy(unsafe.Add(sp, 64*m), unsafe.Pointer(&roots[i]))
			chunk.Copy(unsafe.Add(sp, 64*m+32), unsafe.Pointer(&t.zero[levels[i]]))
			m++
		}
	}
	for m > 0 {
		t.k.Pairs(out[:32*m], src[:64*m])
		c.treePairs += uint64(m)
		c.kernelCalls++
		j, next := 0, 0
		for i := range roots {
			if int(levels[i]) >= depth {
				continue
			}
			levels[i]++
			if int(levels[i]) >= depth {
				chunk.Copy(unsafe.Pointer(&roots[i]), unsafe.Add(op, 32*j))
			} else {
				chunk.Copy(unsafe.Add(sp, 64*next), unsafe.Add(op, 32*j))
				chunk.Copy(unsafe.Add(sp, 64*next+32), unsafe.Pointer(&t.zero[levels[i]]))
				next++
			}
			j++
		}
		m = next
	}
}

// merkleizeTrees is MerkleizeProgressiveBatch for progressive trees and
// MerkleizeBatch to depth otherwise, as merkleizeTree is for one tree.
func (t *Tree) merkleizeTrees(roots [][32]byte, a, b []byte, sizes []int, depth int, progressive bool) {
	if progressive {
		t.MerkleizeProgressiveBatch(roots, a, b, sizes)
	} else {
		t.MerkleizeBatch(roots, a, b, sizes, depth)
	}
}

// MixInLengths replaces every roots[i] by H(roots[i] || lengths[i] as a
// 32-byte little-endian integer), with one Pairs call; scratch must be
// at least 64·len(roots) bytes.
func (t *Tree) MixInLengths(roots [][32]byte, lengths []uint64, scratch []byte) {
	var c counts
	t.mixInLengths(roots, lengths, scratch, &c)
	t.stats.add(&c)
}

// mixInLengths is MixInLengths counting into c.
func (t *Tree) mixInLengths(roots [][32]byte, lengths []uint64, scratch []byte, c *counts) {
	if len(roots) == 0 {
		return
	}
	for i := range roots {
		p := scratch[64*i : 64*i+64]
		copy(p, roots[i][:])
		clear(p[32:])
		binary.LittleEndian.PutUint64(p[32:], lengths[i])
	}
	t.k.Pairs(unsafe.Slice(&roots[0][0], 32*len(roots)), scratch[:64*len(roots)])
	c.treePairs += uint64(len(roots))
	c.kernelCalls++
}
