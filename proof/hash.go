package proof

import (
	"crypto/sha256"
	"fmt"

	"golang.org/x/crypto/sha3"

	"github.com/lanehash/lanehash/lanes"
)

// checkHash refuses, with ErrProof, a proof labelled with a hash function
// lanehash does not have: verifying it as SHA-256 would pass a proof its
// sender meant for another hash.
func checkHash(h lanes.Hash) error {
	if h != lanes.SHA256 && h != lanes.Keccak256 {
		return fmt.Errorf("proof: unknown hash function %d: %w", h, ErrProof)
	}
	return nil
}

// hashPair is H(a ‖ b) for the tree's hash function. Verification hashes a
// few dozen pairs, so the standard library's SHA-256 (which uses SHA-NI
// where the CPU has it) is enough; no kernel is involved.
func hashPair(h lanes.Hash, a, b [32]byte) [32]byte {
	var buf [64]byte
	copy(buf[:32], a[:])
	copy(buf[32:], b[:])
	if h == lanes.Keccak256 {
		k := sha3.NewLegacyKeccak256()
		k.Write(buf[:])
		var out [32]byte
		k.Sum(out[:0])
		return out
	}
	return sha256.Sum256(buf[:])
}
