// Package lanes defines the contract every hashing kernel of lanehash
// implements, the registry of kernels this CPU can run, and the choice
// between them.
//
// A kernel hashes 64-byte pairs with one hash function (SHA-256, or
// Keccak-256 with legacy Ethereum padding) in W lanes at once. It has
// two entry forms:
//
//   - Pairs: dst[32i:32i+32] = H(src[64i:64i+64]) for n pairs, any n,
//     in ordinary byte layout; dst may alias src (same start).
//   - Lockstep: a list of ops (left, right → out) over an arena of nodes
//     in lane layout, one instance per lane. Pack and Unpack move
//     chunks between ordinary and lane layout.
//
// Lane layout: a node is 32·W bytes. For SHA-256, word j (0..7) of lane p
// is the host uint32 at byte offset 4·(j·W+p), holding the big-endian
// word of the digest or chunk. For Keccak-256, word j (0..3) of lane p is
// the host uint64 at byte offset 8·(j·W+p), holding the little-endian
// word. A digest in lane layout is already a message half for the next
// level: no swap or transpose happens between levels.
package lanes

// Hash identifies a hash function.
type Hash uint8

const (
	// SHA256 is SHA-256, the hash of Ethereum's hash_tree_root.
	SHA256 Hash = iota
	// Keccak256 is Keccak-256 with the legacy Ethereum padding (0x01),
	// as golang.org/x/crypto/sha3.NewLegacyKeccak256, not NIST SHA3-256.
	Keccak256
)

// String returns the hash function's name as used in kernel names.
func (h Hash) String() string {
	switch h {
	case SHA256:
		return "sha256"
	case Keccak256:
		return "keccak256"
	}
	return "hash(" + itoa(int(h)) + ")"
}

// Op is one lockstep step: node Out = H(node Left || node Right), for
// every lane at once. Indices count nodes of 32·W bytes in the arena.
// The layout matches a flat []uint32 of (left, right, out) triples, the
// form the assembly kernels take.
type Op struct {
	Left, Right, Out uint32
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	neg := n < 0
	if neg {
		n = -n
	}
	var b [20]byte
	i := len(b)
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	if neg {
		i--
		b[i] = '-'
	}
	return string(b[i:])
}
