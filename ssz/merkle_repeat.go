package ssz

// merkleizeRepeated is merkleize of n copies of one leaf, padded with zero
// chunks to the next power of two of limit (n ≤ limit), without building
// the n leaves: a vector of 2^40 zero containers is hashed in 40 levels,
// not 2^40 element roots. Level by level the tree holds a run of equal
// nodes (count of them, each full), at most one node that mixes the run's
// end with padding (partial), then zero subtrees.
func merkleizeRepeated(h Hash, leaf [32]byte, n, limit uint64) [32]byte {
	depth := depthFor(limit)
	if n == 0 {
		return zeroHash(h, depth)
	}
	full, count := leaf, n
	var partial [32]byte
	hasPartial := false
	for d := 0; d < depth; d++ {
		z := zeroHash(h, d)
		var next [32]byte
		nextPartial := false
		switch {
		case count%2 == 1 && hasPartial:
			next, nextPartial = hashPair(h, full, partial), true
		case count%2 == 1:
			next, nextPartial = hashPair(h, full, z), true
		case hasPartial:
			next, nextPartial = hashPair(h, partial, z), true
		}
		full, count = hashPair(h, full, full), count/2
		partial, hasPartial = next, nextPartial
	}
	switch {
	case count > 0:
		return full
	case hasPartial:
		return partial
	}
	return zeroHash(h, depth)
}
