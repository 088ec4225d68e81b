package ssz

import (
	"crypto/sha256"
	"sync"

	"golang.org/x/crypto/sha3"

	"github.com/lanehash/lanehash/lanes"
)

// Hash selects the hash function of the Merkle tree. It is lanes.Hash,
// the one hash enumeration of the module, so that a hash chosen for the
// kernels names the same function in the reference. The reference only
// shares the type: it hashes with crypto/sha256 and x/crypto/sha3,
// never with a lanes kernel, so it stays an independent oracle.
type Hash = lanes.Hash

const (
	// SHA256 is SHA-256, the hash of the Ethereum consensus layer.
	SHA256 = lanes.SHA256
	// Keccak256 is the legacy Keccak-256 (the original padding, as
	// sha3.NewLegacyKeccak256), not NIST SHA3-256.
	Keccak256 = lanes.Keccak256
)

// validHash reports whether h is one of the defined hash functions.
func validHash(h Hash) bool { return h == SHA256 || h == Keccak256 }

// hashPair returns H(a || b) for two 32-byte chunks.
func hashPair(h Hash, a, b [32]byte) [32]byte {
	var buf [64]byte
	copy(buf[:32], a[:])
	copy(buf[32:], b[:])
	var out [32]byte
	if h == Keccak256 {
		k := sha3.NewLegacyKeccak256()
		k.Write(buf[:])
		k.Sum(out[:0])
		return out
	}
	return sha256.Sum256(buf[:])
}

// maxDepth is the deepest tree a limit can describe (2^64 chunks).
const maxDepth = 64

var (
	zeroOnce  [2]sync.Once
	zeroTable [2][maxDepth + 1][32]byte
)

// zeroHash returns the root of a zero subtree of the given depth: depth 0 is
// the zero chunk, depth i+1 is H(z[i] || z[i]).
func zeroHash(h Hash, depth int) [32]byte {
	zeroOnce[h].Do(func() {
		for i := 1; i <= maxDepth; i++ {
			zeroTable[h][i] = hashPair(h, zeroTable[h][i-1], zeroTable[h][i-1])
		}
	})
	return zeroTable[h][depth]
}

// ZeroHashes returns depth+1 roots of all-zero subtrees for the hash h:
// element i is the root of a zero subtree of depth i (element 0 is the zero
// chunk). The table is computed, not hard-coded, and the slice is the
// caller's. depth is clamped to [0, 64]; an unknown h gives nil.
func ZeroHashes(h Hash, depth int) [][32]byte {
	if !validHash(h) {
		return nil
	}
	depth = min(max(depth, 0), maxDepth)
	out := make([][32]byte, depth+1)
	for i := range out {
		out[i] = zeroHash(h, i)
	}
	return out
}
