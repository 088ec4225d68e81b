package sched

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

// ProgressiveBufLen is the scratch length MerkleizeProgressive needs for
// n chunks: the data, one chunk to pad the last subtree's odd levels
// (also the spine's zero end), and at least two chunks so that a length
// or the active fields can be mixed in afterwards.
func ProgressiveBufLen(n int) int { return 32 * max(n+1, 2) }

// MerkleizeProgressive computes merkleize_progressive of the n chunks at
// the start of buf and leaves it in buf[0:32]. All subtrees' levels are
// reduced together in place, one Pairs call per level; then the k
// subtree roots, left at chunks 0 … k-1, are folded from the right into
// the spine. buf must be at least ProgressiveBufLen(n) bytes; its
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
