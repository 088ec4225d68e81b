package proof_test

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/lanehash/lanehash/proof"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/electra"
	"github.com/lanehash/lanehash/ssz/consensus/fulu"
)

// fullTree is an independent Merkle tree of 2^depth random leaves with
// every node in a map, hashed with crypto/sha256.
type fullTree map[proof.GIndex][32]byte

func newFullTree(r *rand.Rand, depth int) fullTree {
	t := fullTree{}
	first := proof.GIndex(1) << depth
	for g := first; g < 2*first; g++ {
		var leaf [32]byte
		for i := range leaf {
			leaf[i] = byte(r.IntN(256))
		}
		t[g] = leaf
	}
	for g := first - 1; g >= 1; g-- {
		l, r := t[2*g], t[2*g+1]
		t[g] = sha256.Sum256(append(l[:], r[:]...))
	}
	return t
}

func (t fullTree) Node(g proof.GIndex) ([32]byte, error) {
	n, ok := t[g]
	if !ok {
		return [32]byte{}, proof.ErrIndex
	}
	return n, nil
}

func randomIndices(r *rand.Rand, depth, k int) []proof.GIndex {
	out := make([]proof.GIndex, k)
	for i := range out {
		d := 1 + r.IntN(depth)
		out[i] = proof.GIndex(1)<<d | proof.GIndex(r.Uint64N(1<<d))
	}
	return out
}

// TestProofsRandom proves random single nodes and random sets of nodes of
// an independent tree, and checks that a changed leaf or hash fails.
func TestProofsRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 1))
	tree := newFullTree(r, 7)
	root := tree[1]
	for range 200 {
		g := randomIndices(r, 7, 1)[0]
		p, err := proof.Prove(tree, g)
		if err != nil {
			t.Fatal(err)
		}
		if !p.Verify(root) {
			t.Fatalf("proof of %d does not verify", g)
		}
		p.Leaf[0] ^= 1
		if p.Verify(root) {
			t.Fatalf("proof of %d verifies with a changed leaf", g)
		}
		idx := randomIndices(r, 7, 1+r.IntN(6))
		m, err := proof.ProveMulti(tree, idx)
		if err != nil {
			t.Fatal(err)
		}
		if !m.Verify(root) {
			t.Fatalf("multiproof of %v does not verify", idx)
		}
		c, err := proof.ProveCompact(tree, idx)
		if err != nil {
			t.Fatal(err)
		}
		if !c.Verify(root) {
			t.Fatalf("compact multiproof of %v does not verify", idx)
		}
		if len(c.Nodes) > 0 {
			c.Nodes[r.IntN(len(c.Nodes))][5] ^= 1
			if c.Verify(root) {
				t.Fatalf("compact multiproof of %v verifies with a changed node", idx)
			}
		}
		if len(m.Hashes) > 0 {
			m.Hashes[r.IntN(len(m.Hashes))][7] ^= 1
			if m.Verify(root) {
				t.Fatalf("multiproof of %v verifies with a changed hash", idx)
			}
		}
	}
}

// TestHelperIndices follows the spec's get_helper_indices on a small case
// worked out by hand: leaves 8 and 5 of a depth-3 tree need 9 (sibling of
// 8), 3 (sibling of 2 = parent of 4 and 5); 4 is computed from 8 and 9,
// 5 is a leaf.
func TestHelperIndices(t *testing.T) {
	got := proof.HelperIndices([]proof.GIndex{8, 5})
	if want := []proof.GIndex{9, 3}; !slices.Equal(got, want) {
		t.Fatalf("helpers %v, want %v", got, want)
	}
	if g, err := proof.Concat(2, 3); err != nil || g != 5 {
		t.Fatalf("Concat(2,3) = %d, %v; want 5", g, err)
	}
	if _, err := proof.Concat(1<<40, 1<<30); !errors.Is(err, proof.ErrOverflow) {
		t.Fatalf("Concat past 64 bits: %v", err)
	}
}

// TestDescriptorChainSafe checks the descriptors of ChainSafe's
// compactMulti test suite: gindex 42 encodes as 0x25e0, valid descriptors
// decode to trees whose encoding round-trips, and malformed ones fail.
func TestDescriptorChainSafe(t *testing.T) {
	if got := proof.Descriptor([]proof.GIndex{42}); !bytes.Equal(got, []byte{0x25, 0xe0}) {
		t.Fatalf("descriptor of [42] = %x, want 25e0", got)
	}
	for _, d := range [][]byte{{0b1000_0000}, {0b0010_0101, 0b1110_0000}, {0b0101_0101, 0b1000_0000}, {0b0101_0110}} {
		idx, err := proof.DescriptorIndices(d)
		if err != nil {
			t.Fatalf("%08b: %v", d, err)
		}
		if got := proof.Descriptor(idx); !bytes.Equal(got, d) {
			t.Fatalf("%08b → %v → %08b", d, idx, got)
		}
	}
	for _, d := range [][]byte{{0b1000_0000, 0}, {0b0000_0001, 0}, {0b0101_0111}, {0b0101_0110, 0}} {
		if _, err := proof.DescriptorIndices(d); !errors.Is(err, proof.ErrProof) {
			t.Fatalf("%08b: %v, want ErrProof", d, err)
		}
	}
}

// TestSpecGIndices compares with the generalized indices the consensus
// specs hard-code for light clients (electra and later).
func TestSpecGIndices(t *testing.T) {
	st, err := ssz.TypeFor[fulu.BeaconState]()
	if err != nil {
		t.Fatal(err)
	}
	body, err := ssz.TypeFor[electra.BeaconBlockBody]()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		t    *ssz.Type
		path string
		want proof.GIndex
	}{
		{st, "finalized_checkpoint.root", 169}, // FINALIZED_ROOT_GINDEX_ELECTRA
		{st, "current_sync_committee", 86},     // CURRENT_SYNC_COMMITTEE_GINDEX_ELECTRA
		{st, "next_sync_committee", 87},        // NEXT_SYNC_COMMITTEE_GINDEX_ELECTRA
		{body, "execution_payload", 25},        // EXECUTION_PAYLOAD_GINDEX
		{body, "BlobKZGCommitments", 27},       // the list's root; its elements below
		{st, "Validators", 75},                 // field 11 of 64
		{st, "Validators.__len__", 151},        // right of the list root
		{st, "Validators[0]", 150 << 40},       // left of the list root, 40 levels down
		{st, "Validators[5].Slashed", (150<<40|5)<<3 | 3},
	} {
		got, err := proof.GIndexOf(c.t, c.path)
		if err != nil {
			t.Fatalf("%s: %v", c.path, err)
		}
		if got != c.want {
			t.Errorf("%s: gindex %d, want %d", c.path, got, c.want)
		}
	}
	for _, bad := range []string{"NoSuchField", "Slot.Foo", "BlockRoots[8192]", "Validators[", "Fork..Epoch"} {
		if _, err := proof.GIndexOf(st, bad); !errors.Is(err, proof.ErrPath) {
			t.Errorf("%q: %v, want ErrPath", bad, err)
		}
	}
}
