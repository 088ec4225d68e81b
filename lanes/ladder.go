package lanes

import (
	"unsafe"

	"github.com/lanehash/lanehash/lanes/internal/kernelcheck"
)

// Ladder climbs every 32-byte node of nodes, in place, from level from
// to level to of a zero-hash ladder: for d = from … to−1, in order,
// node = H(node || zero[d]), where zero[d] is the root of an empty tree
// of depth d under this kernel's hash (the caller's table; any 32-byte
// values work). It is how a node alone at its level of a sparse tree
// reaches the root: its siblings are all zero subtrees.
//
// A kernel with a native entry (LadderNative; sha256/avx512x16) loads
// and transposes each group of nodes once and climbs every level with
// the digests in lane layout (in registers, or from three groups on in
// the nodes themselves until the climb ends), the level's zero hash
// broadcast into every lane; any other kernel climbs level by level through its Pairs, each
// node moved beside the level's zero hash first (a scratch of 64 bytes a
// node it allocates). It panics, before writing anything, only on
// contract misuse: len(nodes) not a multiple of 32, not 0 ≤ from ≤ to ≤
// len(zero), or nodes overlapping zero[from:to] (the hashes it reads
// would change under it, differently from kernel to kernel).
func (k *Kernel) Ladder(nodes []byte, zero [][32]byte, from, to int) {
	kernelcheck.LadderLevels("lanes.Kernel.Ladder", nodes, len(zero), from, to)
	if from == to || len(nodes) == 0 {
		return
	}
	z := unsafe.Slice(&zero[from][0], 32*(to-from))
	if kernelcheck.Overlaps(nodes, z) {
		panic(&kernelcheck.LadderError{Func: "lanes.Kernel.Ladder", Nodes: len(nodes), Zero: 32 * len(zero), From: from, To: to, Overlap: true})
	}
	if k.ladder != nil {
		k.ladder(nodes, z)
		return
	}
	k.ladderPairs(nodes, z)
}

// LadderNative reports whether Ladder runs on an entry of its own (the
// digests kept in the kernel's lanes across levels) rather than one
// Pairs call per level with the moves between them: what a caller asks
// before it prefers Ladder to its own level-by-level Pairs calls.
func (k *Kernel) LadderNative() bool { return k.ladder != nil }

// ladderPairs is Ladder through Pairs, one call per level: every node's
// digest moves into its pair beside the level's zero hash (last node
// first, so that a digest at 32i is read before pair i−1's write at
// 64(i−1) can reach it), the level hashes in place, and the roots go
// home at the end.
func (k *Kernel) ladderPairs(nodes, zero []byte) {
	n := len(nodes) / 32
	buf := make([]byte, 64*n)
	for d := 0; 32*d < len(zero); d++ {
		from := buf
		if d == 0 {
			from = nodes
		}
		z := zero[32*d : 32*d+32]
		for i := n - 1; i >= 0; i-- {
			copy(buf[64*i:64*i+32], from[32*i:32*i+32])
			copy(buf[64*i+32:64*i+64], z)
		}
		k.pairs(buf[:32*n], buf)
	}
	copy(nodes, buf[:32*n])
}
