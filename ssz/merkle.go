package ssz

import (
	"encoding/binary"
	"math/bits"

	"github.com/lanehash/lanehash/internal/checked"
)

// depthFor returns ceil(log2(n)), the depth of a tree with n leaves padded
// to a power of two (0 for n ≤ 1).
func depthFor(n uint64) int {
	if n <= 1 {
		return 0
	}
	return bits.Len64(n - 1)
}

// merkleize is the spec's merkleize(chunks, limit): the chunks are padded
// with zero chunks to the next power of two of limit and hashed pairwise up
// to one root. Missing right halves are zero subtrees, taken from the zero
// table instead of being hashed.
func merkleize(h Hash, chunks [][32]byte, limit uint64) [32]byte {
	depth := depthFor(limit)
	level := append([][32]byte(nil), chunks...)
	if len(level) == 0 {
		return zeroHash(h, depth)
	}
	for d := 0; d < depth; d++ {
		if len(level)%2 == 1 {
			level = append(level, zeroHash(h, d))
		}
		next := make([][32]byte, len(level)/2)
		for i := range next {
			next[i] = hashPair(h, level[2*i], level[2*i+1])
		}
		level = next
	}
	return level[0]
}

// merkleizeProgressive is EIP-7916's merkleize_progressive(chunks,
// num_leaves=1) as the spec defines it since v1.7.0-alpha.2 (consensus-specs
// PR 4813, "merkleize to the right"): the root is H(first, rest), where
// first is the binary tree of the first num_leaves chunks (the left child)
// and rest the progressive tree of the remaining chunks with four times as
// many leaves in its first subtree (the right child). Subtrees therefore
// hold 1, 4, 16, … chunks, and the spine runs down the right edge.
func merkleizeProgressive(h Hash, chunks [][32]byte, numLeaves uint64) [32]byte {
	if len(chunks) == 0 {
		return [32]byte{}
	}
	n := min(uint64(len(chunks)), numLeaves)
	first := merkleize(h, chunks[:n], numLeaves)
	rest := merkleizeProgressive(h, chunks[n:], numLeaves*4)
	return hashPair(h, first, rest)
}

// mixInLength is H(root || uint256(length)).
func mixInLength(h Hash, root [32]byte, length uint64) [32]byte {
	var l [32]byte
	binary.LittleEndian.PutUint64(l[:], length)
	return hashPair(h, root, l)
}

// mixInSelector is H(root || uint256(selector)).
func mixInSelector(h Hash, root [32]byte, selector uint8) [32]byte {
	var s [32]byte
	s[0] = selector
	return hashPair(h, root, s)
}

// mixInActiveFields is EIP-7495's H(root || pack_bits(active_fields)).
func mixInActiveFields(h Hash, root [32]byte, active []bool) [32]byte {
	var a [32]byte
	for i, on := range active {
		if on {
			a[i/8] |= 1 << (i % 8)
		}
	}
	return hashPair(h, root, a)
}

// packBytes splits serialized basic values into 32-byte chunks, padding the
// last one with zeros (the spec's pack).
func packBytes(b []byte) [][32]byte {
	out := make([][32]byte, checked.CeilDiv(uint64(len(b)), 32)) // len+31 wraps near 2^31 on 32-bit hosts
	for i := range out {
		copy(out[i][:], b[32*i:])
	}
	return out
}
