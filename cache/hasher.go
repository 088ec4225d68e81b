package cache

import (
	"encoding/binary"

	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/ssz"
)

// hasher hashes pairs with the kernel of the tree and counts them. Every
// batch goes through one Pairs call, so a level of many changed nodes fills
// the kernel's lanes.
type hasher struct {
	k     *lanes.Kernel
	hash  lanes.Hash
	zero  [][32]byte // zero[d]: root of an all-zero subtree of depth d
	pairs uint64     // pairs hashed since the counters were reset
	buf   []byte     // gather buffer: pairs to hash
	out   []byte     // their digests
	// one is pair's scratch: a local array would escape to the heap
	// through the kernel's function value and cost an allocation per
	// pair, and pair is called for every mix-in and zero-ladder step.
	// A tree's hasher is used by one goroutine at a time (the tree's
	// lock).
	one [64]byte
}

func newHasher(h lanes.Hash, kernel string) (*hasher, error) {
	k, err := lanes.Select(h, kernel)
	if err != nil {
		return nil, err
	}
	return &hasher{k: k, hash: h, zero: ssz.ZeroHashes(ssz.Hash(h), 64)}, nil
}

// pairsInPlace hashes len(src)/64 pairs into dst (dst may be src).
func (h *hasher) pairsInPlace(dst, src []byte) {
	h.k.Pairs(dst, src)
	h.pairs += uint64(len(src) / 64)
}

// pair returns H(a ‖ b).
func (h *hasher) pair(a, b [32]byte) [32]byte {
	copy(h.one[:32], a[:])
	copy(h.one[32:], b[:])
	h.pairsInPlace(h.one[:32], h.one[:])
	return [32]byte(h.one[:32])
}

// mixIn returns H(root ‖ uint256(n)), a list's root from its data root.
func (h *hasher) mixIn(root [32]byte, n uint64) [32]byte {
	return h.pair(root, lengthChunk(n))
}

// lengthChunk is the chunk a list's length is mixed in as: uint256(n),
// little-endian. It is node 3 of the list's tree.
func lengthChunk(n uint64) [32]byte {
	var l [32]byte
	binary.LittleEndian.PutUint64(l[:], n)
	return l
}

// gather returns a zeroed-length buffer of n pairs for a batch.
func (h *hasher) gather(n int) []byte {
	if cap(h.buf) < 64*n {
		h.buf = make([]byte, 64*n, 64*n+64*n/4)
	}
	h.buf = h.buf[:64*n]
	return h.buf
}

// digests returns the output buffer for n digests.
func (h *hasher) digests(n int) []byte {
	if cap(h.out) < 32*n {
		h.out = make([]byte, 32*n, 32*n+32*n/4)
	}
	h.out = h.out[:32*n]
	return h.out
}
