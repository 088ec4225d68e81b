// Package progressive is the one statement of the chunk layout of
// EIP-7916's progressive Merkle tree, which the executor (sched), the
// cache and the proofs all walk: subtree k (from 0) is a binary tree of
// 4^k chunks starting at chunk (4^k−1)/3, hung on the left of the k-th
// spine node. A change to the layout is made here once.
package progressive

import (
	"math"
	"math/bits"
)

// Start returns the first chunk of subtree k, (4^k−1)/3, saturating at
// the largest uint64 for k > 32 (far beyond any chunk count).
func Start(k int) uint64 {
	switch {
	case k > 32:
		return math.MaxUint64
	case k == 32:
		return math.MaxUint64 / 3 // (4^32−1)/3, whose 4^32 does not fit
	}
	return (uint64(1)<<(2*k) - 1) / 3
}

// Locate returns the subtree k that holds chunk c and c's offset in it:
// k = floor(log4(3c+1)), a bit length rather than a loop over subtrees,
// since every chunk access of a cached progressive list goes through
// here (small enough to be inlined there). 3c+1 fits 64 bits below
// subtree 31; the two subtrees above are told apart by their starts.
func Locate(c uint64) (k int, off uint64) {
	switch {
	case c >= math.MaxUint64/3: // Start(32)
		k = 32
	case c >= (1<<62-1)/3: // Start(31)
		k = 31
	default:
		k = (bits.Len64(3*c+1) - 1) / 2
	}
	return k, c - Start(k)
}
