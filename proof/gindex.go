package proof

import (
	"fmt"
	"math/bits"
	"slices"

	"github.com/lanehash/lanehash/internal/checked"
)

// GIndex is a generalized index: the root is 1 and the children of node g
// are 2g (left) and 2g+1 (right). A GIndex of 0 is invalid.
type GIndex uint64

// Depth returns the depth of g below the root (0 for the root itself).
func (g GIndex) Depth() int { return bits.Len64(uint64(g)) - 1 }

// Parent returns the parent of g (the root's parent is 0, invalid).
func (g GIndex) Parent() GIndex { return g >> 1 }

// Sibling returns the other child of g's parent.
func (g GIndex) Sibling() GIndex { return g ^ 1 }

// IsRight reports whether g is a right child.
func (g GIndex) IsRight() bool { return g&1 == 1 }

// String prints g in decimal, the way the specification writes indices.
func (g GIndex) String() string { return fmt.Sprintf("%d", uint64(g)) }

// Child returns the node under g at the relative generalized index r: the
// spec's concat_generalized_indices(g, r). It fails with ErrOverflow when
// the result does not fit 64 bits and ErrIndex when g or r is 0.
func (g GIndex) Child(r GIndex) (GIndex, error) {
	if g == 0 || r == 0 {
		return 0, fmt.Errorf("proof: concatenating %d and %d: %w", g, r, ErrIndex)
	}
	c, ok := concat(g, r)
	if !ok {
		return 0, fmt.Errorf("proof: concatenating %d and %d: %w", g, r, ErrOverflow)
	}
	return c, nil
}

// concat is Child for g, r ≥ 1: g shifted down r's depth, with r's bits
// below its leading 1. It is false when that does not fit 64 bits.
func concat(g, r GIndex) (GIndex, bool) {
	d := r.Depth()
	hi, ok := checked.Shl(uint64(g), d)
	if !ok {
		return 0, false
	}
	return GIndex(hi | uint64(r)&^(1<<d)), true
}

// Concat is the spec's concat_generalized_indices: the index reached by
// following each relative index from the node of the previous one.
func Concat(gs ...GIndex) (GIndex, error) {
	out := GIndex(1)
	for _, g := range gs {
		var err error
		if out, err = out.Child(g); err != nil {
			return 0, err
		}
	}
	return out, nil
}

// BranchIndices is the spec's get_branch_indices: the siblings of g and of
// each of its ancestors below the root, bottom up. They are the nodes a
// single proof of g carries.
func BranchIndices(g GIndex) []GIndex {
	out := make([]GIndex, 0, max(g.Depth(), 0))
	for ; g > 1; g >>= 1 {
		out = append(out, g.Sibling())
	}
	return out
}

// PathIndices is the spec's get_path_indices: g and its ancestors below the
// root, bottom up.
func PathIndices(g GIndex) []GIndex {
	out := make([]GIndex, 0, max(g.Depth(), 0))
	for ; g > 1; g >>= 1 {
		out = append(out, g)
	}
	return out
}

// HelperIndices is the spec's get_helper_indices: the nodes a multiproof of
// indices carries besides the leaves, in decreasing order. A node is a
// helper when it is a sibling on some leaf's path and neither a leaf nor
// computable from the leaves (an ancestor of one).
func HelperIndices(indices []GIndex) []GIndex {
	out, _ := helperIndices(indices, -1)
	return out
}

// helperIndices is HelperIndices, giving up (false) as soon as there are
// more than limit helpers (limit < 0: no limit). It walks the leaves and
// the ancestors it reaches in decreasing order, as the spec's
// calculate_multi_merkle_root does: a node's sibling that is neither a
// leaf nor reached by then is a helper. The parents it reaches come in
// decreasing order too (the parent of a smaller node is no larger), so a
// queue merged with the sorted leaves is the whole walk, and it holds
// the leaves, the helpers and about as many branching nodes: what a
// verifier holds is bounded by the proof it was given, not by the
// leaves' depth (63 helpers for one deep leaf, and n of them in a proof
// that carries no hashes).
func helperIndices(indices []GIndex, limit int) ([]GIndex, bool) {
	leaves := slices.Clone(indices)
	slices.SortFunc(leaves, cmpDesc)
	leaves = slices.Compact(leaves)
	known := make(map[GIndex]struct{}, 2*len(leaves))
	for _, g := range leaves {
		known[g] = struct{}{}
	}
	var parents, out []GIndex // parents: reached, not leaves, in decreasing order
	for i, head := 0, 0; i < len(leaves) || head < len(parents); {
		var k GIndex
		if head == len(parents) || i < len(leaves) && leaves[i] > parents[head] {
			k, i = leaves[i], i+1
		} else {
			k, head = parents[head], head+1
		}
		if k <= 1 {
			continue
		}
		// Every node at or above k's sibling that the leaves reach is
		// known by now: its children are larger than k.
		if _, ok := known[k.Sibling()]; !ok {
			if limit >= 0 && len(out) == limit {
				return nil, false
			}
			out = append(out, k.Sibling())
		}
		if _, ok := known[k.Parent()]; !ok {
			known[k.Parent()] = struct{}{}
			parents = append(parents, k.Parent())
		}
	}
	slices.SortFunc(out, cmpDesc)
	return out, true
}

func cmpDesc(a, b GIndex) int {
	switch {
	case a > b:
		return -1
	case a < b:
		return 1
	}
	return 0
}
