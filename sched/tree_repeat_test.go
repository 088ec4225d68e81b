package sched_test

import (
	"testing"

	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/sched"
)

// TestMerkleizeRepeated compares the level walk with Merkleize over the
// materialised leaves, for every count up to every depth below 7.
func TestMerkleizeRepeated(t *testing.T) {
	k, err := lanes.Select(lanes.SHA256, "")
	if err != nil {
		t.Fatal(err)
	}
	tree := sched.NewTree(k, nil)
	for _, leaf := range [][32]byte{{}, {7, 7, 7}} {
		for depth := 0; depth < 7; depth++ {
			for n := 0; n <= 1<<depth; n++ {
				buf := make([]byte, sched.BufLen(n))
				for i := 0; i < n; i++ {
					copy(buf[32*i:], leaf[:])
				}
				tree.Merkleize(buf, n, depth)
				if got := tree.MerkleizeRepeated(leaf, uint64(n), depth); got != [32]byte(buf[:32]) {
					t.Fatalf("leaf %x depth %d n %d: %x, want %x", leaf[:3], depth, n, got, buf[:32])
				}
			}
		}
	}
}
