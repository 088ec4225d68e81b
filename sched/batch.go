package sched

import (
	"encoding/binary"
	"unsafe"
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
	for d := 0; d < depth; d++ {
		// Lay the level out in b: each tree's nodes, padded to an even
		// count; empty trees stay empty.
		q, in := 0, 0
		for i, n := range sizes {
			copy(b[32*q:], a[32*in:32*(in+n)])
			in += n
			q += n
			if n%2 == 1 {
				copy(b[32*q:], t.zero[d][:])
				q++
				sizes[i] = (n + 1) / 2
			} else {
				sizes[i] = n / 2
			}
		}
		if q == 0 {
			break
		}
		t.k.Pairs(a[:16*q], b[:32*q])
		c.treePairs += uint64(q / 2)
		c.kernelCalls++
	}
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
	c := counts{treePairs: uint64(len(roots)), kernelCalls: 1}
	t.stats.add(&c)
}
