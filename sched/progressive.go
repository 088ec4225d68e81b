package sched

// ProgressiveBufLen is the scratch length MerkleizeProgressive needs for
// n chunks: the data, one chunk to pad odd levels and a pair to fold the
// subtree roots.
func ProgressiveBufLen(n int) int { return 32 * (n + 3) }

// MerkleizeProgressive computes EIP-7916's merkleize_progressive of the
// n chunks at the start of buf and leaves it in buf[0:32]: the chunks
// fill subtrees of 1, 4, 16, … leaves, and the root is H(rest, first)
// folded from the last subtree (whose rest is the zero chunk). buf must
// be at least ProgressiveBufLen(n) bytes; its contents are overwritten.
func (t *Tree) MerkleizeProgressive(buf []byte, n int) {
	var c counts
	// Roots of the subtrees stay at the start of each subtree's range.
	lo, size, depth, parts := 0, 1, 0, 0
	for lo < n {
		m := min(size, n-lo)
		t.merkleize(buf[32*lo:], m, 0, depth, &c)
		parts++
		lo += size
		size *= 4
		depth += 2
	}
	pair := buf[32*(n+1) : 32*(n+3)]
	clear(pair[:32])
	for j := parts - 1; j >= 0; j-- {
		start := 0
		if j > 0 {
			start = (pow4(j) - 1) / 3
		}
		copy(pair[32:], buf[32*start:32*start+32])
		t.k.Pairs(pair[:32], pair)
		c.treePairs++
		c.kernelCalls++
	}
	copy(buf[:32], pair[:32])
	t.stats.add(&c)
}

// pow4 returns 4^j.
func pow4(j int) int { return 1 << (2 * j) }
