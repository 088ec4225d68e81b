package proof

import (
	"fmt"
	"slices"

	"github.com/lanehash/lanehash/lanes"
)

// CompactMultiproof is a multiproof in the form of ChainSafe's
// persistent-merkle-tree compactMulti proofs: the proof's nodes form the
// leaves of a subtree of the Merkle tree, Descriptor encodes that
// subtree's shape in pre-order (a 0 bit for an inner node, a 1 bit for a
// leaf, most significant bit first, zero-padded to a whole byte), and
// Nodes are the subtree's leaves from left to right. It carries no
// indices: the descriptor is the same for every tree of one shape, so a
// client that knows which fields it asked for can precompute it.
type CompactMultiproof struct {
	Descriptor []byte
	Nodes      [][32]byte
	Hash       lanes.Hash
}

// CompactNodes returns the nodes a compact multiproof of indices carries,
// from left to right: the leaves, their branch siblings, minus every node
// that lies on the path of a leaf (those are computed). It is
// compactMulti's computeDescriptor before the bits are written. An index
// of 0 names no node and is skipped, as HelperIndices skips it (it used to
// come out as a node 0 that Descriptor wrote as the root).
func CompactNodes(indices []GIndex) []GIndex {
	set := map[GIndex]bool{}
	onPath := map[GIndex]bool{}
	for _, g := range indices {
		if g == 0 {
			continue
		}
		set[g] = true
		for c := g; c > 1; c >>= 1 {
			set[c.Sibling()] = true
			if c != g {
				onPath[c] = true
			}
		}
		onPath[1] = onPath[1] || g != 1
	}
	out := make([]GIndex, 0, len(set))
	for g := range set {
		if !onPath[g] {
			out = append(out, g)
		}
	}
	slices.SortFunc(out, inOrder)
	return out
}

// inOrder compares two nodes, neither an ancestor of the other, by their
// left-to-right position: the binary strings of the indices compared as
// text, which is how compactMulti sorts them.
func inOrder(a, b GIndex) int {
	da, db := a.Depth(), b.Depth()
	// Align both to the deeper depth; distinct non-nested nodes differ
	// there.
	if da < db {
		a <<= db - da
	} else {
		b <<= da - db
	}
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// Descriptor returns the compact multiproof descriptor of indices, byte
// for byte what compactMulti's computeDescriptor returns: for every node
// of CompactNodes(indices), left to right, as many 0 bits as the index has
// trailing zero bits, then a 1.
func Descriptor(indices []GIndex) []byte { return descriptorOf(CompactNodes(indices)) }

// descriptorOf writes the descriptor bits of nodes, CompactNodes' result.
func descriptorOf(nodes []GIndex) []byte {
	var out []byte
	nbits := 0
	put := func(one bool) {
		if nbits%8 == 0 {
			out = append(out, 0)
		}
		if one {
			out[len(out)-1] |= 0x80 >> (nbits % 8)
		}
		nbits++
	}
	for _, g := range nodes {
		for c := g; c > 1 && !c.IsRight(); c >>= 1 {
			put(false)
		}
		put(true)
	}
	return out
}

// DescriptorIndices decodes a descriptor into the generalized indices of
// the nodes it describes, left to right. It fails with ErrProof when the
// bits do not describe a complete tree followed by zero padding within the
// last byte, and ErrOverflow for a tree deeper than 63 levels.
func DescriptorIndices(desc []byte) ([]GIndex, error) {
	var out []GIndex
	g := GIndex(1)
	for i := 0; i < 8*len(desc); i++ {
		bit := desc[i/8]&(0x80>>(i%8)) != 0
		if g == 0 { // the tree is complete: only padding may follow
			if bit || i%8 == 0 {
				return nil, fmt.Errorf("proof: descriptor bit %d after the tree: %w", i, ErrProof)
			}
			continue
		}
		if !bit {
			if g.Depth() >= 63 {
				return nil, fmt.Errorf("proof: descriptor: %w", ErrOverflow)
			}
			g <<= 1
			continue
		}
		out = append(out, g)
		for g > 1 && g.IsRight() {
			g >>= 1
		}
		if g == 1 {
			g = 0
		} else {
			g++
		}
	}
	if g != 0 {
		return nil, fmt.Errorf("proof: descriptor ends inside the tree: %w", ErrProof)
	}
	return out, nil
}

// Root computes the root the compact multiproof leads to, hashing the
// subtree its descriptor describes bottom up. It fails with ErrProof for
// a descriptor that is no tree, a count of nodes that is not its
// leaves', or a Hash that is no hash function lanehash has.
func (c *CompactMultiproof) Root() ([32]byte, error) {
	if err := checkHash(c.Hash); err != nil {
		return [32]byte{}, err
	}
	type pending struct {
		left    [32]byte
		hasLeft bool
	}
	var stack []pending
	next := 0
	done := false
	var root [32]byte
	for i := 0; i < 8*len(c.Descriptor); i++ {
		bit := c.Descriptor[i/8]&(0x80>>(i%8)) != 0
		if done {
			if bit || i%8 == 0 {
				return [32]byte{}, fmt.Errorf("proof: descriptor bit %d after the tree: %w", i, ErrProof)
			}
			continue
		}
		if !bit {
			if len(stack) >= 63 {
				return [32]byte{}, fmt.Errorf("proof: descriptor: %w", ErrOverflow)
			}
			stack = append(stack, pending{})
			continue
		}
		if next >= len(c.Nodes) {
			return [32]byte{}, fmt.Errorf("proof: descriptor needs more than %d nodes: %w", len(c.Nodes), ErrProof)
		}
		v := c.Nodes[next]
		next++
		for {
			if len(stack) == 0 {
				root, done = v, true
				break
			}
			top := &stack[len(stack)-1]
			if !top.hasLeft {
				top.left, top.hasLeft = v, true
				break
			}
			v = hashPair(c.Hash, top.left, v)
			stack = stack[:len(stack)-1]
		}
	}
	if !done {
		return [32]byte{}, fmt.Errorf("proof: descriptor ends inside the tree: %w", ErrProof)
	}
	if next != len(c.Nodes) {
		return [32]byte{}, fmt.Errorf("proof: %d nodes for a descriptor of %d: %w", len(c.Nodes), next, ErrProof)
	}
	return root, nil
}

// Verify reports whether the compact multiproof leads to root. It does
// not say which nodes the proof is of: the descriptor comes with the
// proof, and any shape of nodes leading to root verifies (the descriptor
// of a single leaf with root as its node among them). A verifier that
// asked for indices compares the proof's Descriptor with
// Descriptor(indices) first, and reads the proved nodes at
// DescriptorIndices' positions.
func (c *CompactMultiproof) Verify(root [32]byte) bool {
	r, err := c.Root()
	return err == nil && r == root
}

// ProveCompact reads the compact multiproof of indices from src,
// labelled with src's hash function (HashedSource); from a
// SnapshotSource, all its nodes from one tree. Its
// requests are ProveMulti's: no index or index 0 fail with ErrIndex, an
// index given twice is carried once (the descriptor describes nodes, not
// requests).
func ProveCompact(src NodeSource, indices []GIndex) (*CompactMultiproof, error) {
	if err := checkRequest(indices); err != nil {
		return nil, err
	}
	nodes := CompactNodes(indices)
	c := &CompactMultiproof{Descriptor: descriptorOf(nodes), Nodes: make([][32]byte, len(nodes)), Hash: hashOf(src)}
	if err := readNodes(src, func(src NodeSource) error { return readInto(src, nodes, c.Nodes) }); err != nil {
		return nil, err
	}
	return c, nil
}
