package sched

// MerkleizeRepeated returns the root of a tree of depth depth whose first
// n leaves are leaf and the rest zero chunks, without materialising the
// leaves: the zero vector of 2^40 containers is 40 levels of a few
// hashes, not 2^40 element roots. Level by level the tree holds a run of
// equal full nodes, at most one node mixing the run's end with padding,
// then zero subtrees. n must not exceed 2^depth.
func (t *Tree) MerkleizeRepeated(leaf [32]byte, n uint64, depth int) [32]byte {
	if n == 0 {
		return t.zero[depth]
	}
	var buf [64]byte
	var c counts
	hash := func(a, b [32]byte) [32]byte {
		copy(buf[:32], a[:])
		copy(buf[32:], b[:])
		t.k.Pairs(buf[:32], buf[:])
		c.treePairs++
		c.kernelCalls++
		return [32]byte(buf[:32])
	}
	full, count := leaf, n
	var partial [32]byte
	hasPartial := false
	for d := 0; d < depth; d++ {
		switch {
		case count%2 == 1 && hasPartial:
			partial = hash(full, partial)
		case count%2 == 1:
			partial, hasPartial = hash(full, t.zero[d]), true
		case hasPartial:
			partial = hash(partial, t.zero[d])
		}
		if count /= 2; count > 0 {
			full = hash(full, full)
		}
	}
	t.stats.add(&c)
	if count > 0 {
		return full
	}
	return partial
}
