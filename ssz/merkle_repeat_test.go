package ssz

import "testing"

// TestMerkleizeRepeated compares the level-by-level shortcut with
// merkleize over materialised leaves for every count up to every limit
// below 70, with a zero and a non-zero leaf, for both hashes.
func TestMerkleizeRepeated(t *testing.T) {
	for _, h := range []Hash{SHA256, Keccak256} {
		for _, leaf := range [][32]byte{{}, {1, 2, 3}} {
			for limit := uint64(0); limit < 70; limit++ {
				for n := uint64(0); n <= limit; n++ {
					leaves := make([][32]byte, n)
					for i := range leaves {
						leaves[i] = leaf
					}
					want := merkleize(h, leaves, limit)
					if got := merkleizeRepeated(h, leaf, n, limit); got != want {
						t.Fatalf("%s leaf %x n %d limit %d: %x, want %x", h, leaf[:3], n, limit, got, want)
					}
				}
			}
		}
	}
}
