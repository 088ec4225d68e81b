// Package proof computes SSZ generalized indices for field paths and
// verifies Merkle proofs against a hash_tree_root: single proofs,
// multiproofs with the consensus specification's helper indices, and
// compact multiproofs in the descriptor form of ChainSafe's
// persistent-merkle-tree (compactMulti).
//
// A generalized index (GIndex) numbers the nodes of a binary Merkle tree
// from the root (1), the children of node g being 2g and 2g+1. GIndexOf
// turns a path such as "Validators[12345].EffectiveBalance" into the
// generalized index of the chunk holding that value, following the shape
// of the SSZ type (containers, vectors, lists with their length mixed in,
// bitfields, and the EIP-7916 progressive trees in the current
// orientation: binary subtree left, the rest of the list right).
//
// The package only verifies; producing proofs needs the tree's nodes,
// which package cache keeps (Tree.Prove, Tree.ProveMulti,
// Tree.ProveCompact) or builds from a plain value (cache.Prove). Any
// source of nodes can produce proofs through the NodeSource interface and
// the Prove, ProveMulti and ProveCompact functions here.
package proof
