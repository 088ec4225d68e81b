package proof

import (
	"fmt"
	"slices"

	"github.com/lanehash/lanehash/lanes"
)

// NodeSource is a Merkle tree that can hand out its nodes by generalized
// index, such as a cache.Tree. Node returns an error wrapping ErrIndex for
// a node the tree does not have (below a leaf chunk).
type NodeSource interface {
	Node(g GIndex) ([32]byte, error)
}

// HashedSource is a NodeSource that knows the hash function of its tree,
// as cache.Tree and cache.List do. Prove, ProveMulti and ProveCompact label
// their proof with it, so that a proof of a Keccak-256 tree verifies;
// from a NodeSource without it they label the proof SHA-256 (the zero
// lanes.Hash), and a caller whose tree uses another hash sets the proof's
// Hash field before verifying.
type HashedSource interface {
	NodeSource
	Hash() lanes.Hash
}

// SnapshotSource is a NodeSource whose nodes can change between two
// calls of Node, as a cache.Tree's do when a Root runs beside the reads.
// Prove, ProveMulti and ProveCompact read all of one proof's nodes
// inside one call of ReadNodes, from the source it passes to read, so
// that they come from one tree: a proof whose nodes came from two could
// verify against neither root. cache.Tree and cache.List hold their
// lock for the call.
type SnapshotSource interface {
	NodeSource
	ReadNodes(read func(NodeSource) error) error
}

// readNodes runs read on src's nodes: inside one ReadNodes call for a
// SnapshotSource, directly otherwise.
func readNodes(src NodeSource, read func(NodeSource) error) error {
	if s, ok := src.(SnapshotSource); ok {
		return s.ReadNodes(read)
	}
	return read(src)
}

// hashOf is the hash function src's proofs are labelled with.
func hashOf(src NodeSource) lanes.Hash {
	if h, ok := src.(HashedSource); ok {
		return h.Hash()
	}
	return lanes.SHA256
}

// Proof is a single Merkle proof: the node at Index, and the siblings on
// its path to the root, bottom up (Branch[0] is the sibling of Index).
// Hash is the tree's hash function; the zero value is SHA-256.
type Proof struct {
	Index  GIndex
	Leaf   [32]byte
	Branch [][32]byte
	Hash   lanes.Hash
}

// Root computes the root the proof leads to: the spec's
// calculate_merkle_root. It fails with ErrProof when the branch length is
// not the depth of Index or Hash is no hash function lanehash has.
func (p *Proof) Root() ([32]byte, error) {
	if err := checkHash(p.Hash); err != nil {
		return [32]byte{}, err
	}
	if p.Index == 0 {
		return [32]byte{}, fmt.Errorf("proof: %w", ErrIndex)
	}
	if len(p.Branch) != p.Index.Depth() {
		return [32]byte{}, fmt.Errorf("proof: branch of %d nodes for index %d at depth %d: %w", len(p.Branch), p.Index, p.Index.Depth(), ErrProof)
	}
	n := p.Leaf
	g := p.Index
	for _, s := range p.Branch {
		if g.IsRight() {
			n = hashPair(p.Hash, s, n)
		} else {
			n = hashPair(p.Hash, n, s)
		}
		g >>= 1
	}
	return n, nil
}

// Verify reports whether the proof leads to root: the spec's
// is_valid_merkle_branch for a generalized index.
func (p *Proof) Verify(root [32]byte) bool {
	r, err := p.Root()
	return err == nil && r == root
}

// Multiproof proves several nodes at once: Leaves[i] is the node at
// Indices[i], and Hashes are the nodes at HelperIndices(Indices), in that
// (decreasing) order, as the spec's calculate_multi_merkle_root expects and
// fastssz's ProveMulti produces.
type Multiproof struct {
	Indices []GIndex
	Leaves  [][32]byte
	Hashes  [][32]byte
	Hash    lanes.Hash
}

// Root computes the root the multiproof leads to: the spec's
// calculate_multi_merkle_root. It fails with ErrProof when there is no
// index, an index is given twice with different leaves, the counts do not
// match (too few hashes are found out before the walk costs more than the
// proof's size), a node given disagrees with the one computed from below
// it, the nodes do not reach the root, or Hash is no hash function
// lanehash has.
func (m *Multiproof) Root() ([32]byte, error) {
	if err := checkHash(m.Hash); err != nil {
		return [32]byte{}, err
	}
	if len(m.Indices) == 0 {
		return [32]byte{}, fmt.Errorf("proof: multiproof of no index: %w", ErrProof)
	}
	if len(m.Leaves) != len(m.Indices) {
		return [32]byte{}, fmt.Errorf("proof: %d leaves for %d indices: %w", len(m.Leaves), len(m.Indices), ErrProof)
	}
	// Counted against the hashes given while they are found: a proof
	// with too few hashes is refused before its walk costs more than
	// its own size.
	helpers, ok := helperIndices(m.Indices, len(m.Hashes))
	if !ok {
		return [32]byte{}, fmt.Errorf("proof: %d hashes for more helper indices: %w", len(m.Hashes), ErrProof)
	}
	if len(m.Hashes) != len(helpers) {
		return [32]byte{}, fmt.Errorf("proof: %d hashes for %d helper indices: %w", len(m.Hashes), len(helpers), ErrProof)
	}
	nodes := make(map[GIndex][32]byte, 2*(len(m.Indices)+len(helpers)))
	keys := make([]GIndex, 0, 2*(len(m.Indices)+len(helpers)))
	for i, g := range m.Indices {
		if g == 0 {
			return [32]byte{}, fmt.Errorf("proof: leaf %d: %w", i, ErrIndex)
		}
		if old, ok := nodes[g]; ok && old != m.Leaves[i] {
			return [32]byte{}, fmt.Errorf("proof: leaf %d: index %d given twice with different leaves: %w", i, g, ErrProof)
		}
		nodes[g] = m.Leaves[i]
		keys = append(keys, g)
	}
	for i, g := range helpers {
		nodes[g] = m.Hashes[i]
		keys = append(keys, g)
	}
	// As the spec does: walk the indices in decreasing order, and append
	// every parent computed to the walk, so that it can pair up in turn.
	slices.SortFunc(keys, cmpDesc)
	hashed := make(map[GIndex]bool, len(keys))
	for pos := 0; pos < len(keys); pos++ {
		k := keys[pos]
		if k <= 1 {
			continue
		}
		parent := k >> 1
		if hashed[parent] {
			continue
		}
		l, lok := nodes[k&^1]
		r, rok := nodes[k|1]
		if !lok || !rok {
			continue
		}
		hashed[parent] = true
		p := hashPair(m.Hash, l, r)
		if old, given := nodes[parent]; given {
			// The spec keeps a given node and ignores what lies below it; a
			// node both given and computable must agree, or the nodes below
			// it would go unchecked.
			if old != p {
				return [32]byte{}, fmt.Errorf("proof: node %d given and computed differently: %w", parent, ErrProof)
			}
			continue
		}
		nodes[parent] = p
		keys = append(keys, parent)
	}
	root, ok := nodes[1]
	if !ok {
		return [32]byte{}, fmt.Errorf("proof: nodes do not reach the root: %w", ErrProof)
	}
	return root, nil
}

// Verify reports whether the multiproof leads to root.
func (m *Multiproof) Verify(root [32]byte) bool {
	r, err := m.Root()
	return err == nil && r == root
}

// Prove reads the single proof of g from src, labelled with src's hash
// function (HashedSource); from a SnapshotSource, all its nodes from one
// tree.
func Prove(src NodeSource, g GIndex) (*Proof, error) {
	if g == 0 {
		return nil, fmt.Errorf("proof: %w", ErrIndex)
	}
	p := &Proof{Index: g, Branch: make([][32]byte, 0, g.Depth()), Hash: hashOf(src)}
	err := readNodes(src, func(src NodeSource) error {
		var err error
		if p.Leaf, err = src.Node(g); err != nil {
			return err
		}
		for _, s := range BranchIndices(g) {
			n, err := src.Node(s)
			if err != nil {
				return err
			}
			p.Branch = append(p.Branch, n)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return p, nil
}

// ProveMulti reads the multiproof of indices from src, labelled with
// src's hash function (HashedSource); from a SnapshotSource, all its
// nodes from one tree. A request that names no index or index 0 fails
// with ErrIndex: it asks for nothing, and its proof could not verify. An
// index may be given more than once.
func ProveMulti(src NodeSource, indices []GIndex) (*Multiproof, error) {
	if err := checkRequest(indices); err != nil {
		return nil, err
	}
	helpers := HelperIndices(indices)
	m := &Multiproof{Indices: append([]GIndex(nil), indices...), Leaves: make([][32]byte, len(indices)),
		Hashes: make([][32]byte, len(helpers)), Hash: hashOf(src)}
	err := readNodes(src, func(src NodeSource) error {
		if err := readInto(src, indices, m.Leaves); err != nil {
			return err
		}
		return readInto(src, helpers, m.Hashes)
	})
	if err != nil {
		return nil, err
	}
	return m, nil
}

// readInto sets dst[i] to src's node at gs[i].
func readInto(src NodeSource, gs []GIndex, dst [][32]byte) error {
	for i, g := range gs {
		n, err := src.Node(g)
		if err != nil {
			return err
		}
		dst[i] = n
	}
	return nil
}

// checkRequest rejects, with ErrIndex, a set of indices to prove that is
// empty or holds 0. An index given twice is a fair request (two paths can
// name one chunk: Balances[0] and Balances[1]); the proof carries its leaf
// once per time it was asked.
func checkRequest(indices []GIndex) error {
	if len(indices) == 0 {
		return fmt.Errorf("proof: no index to prove: %w", ErrIndex)
	}
	for i, g := range indices {
		if g == 0 {
			return fmt.Errorf("proof: leaf %d: index 0: %w", i, ErrIndex)
		}
	}
	return nil
}
