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
// # Paths
//
// Paths often come from requests (a light-client or proof server), so
// they are parsed strictly, by this grammar and nothing else:
//
//	path  = "" | first { "." name | "[" index "]" }
//	first = name | "[" index "]"
//	name  = ( letter | "_" ) { letter | digit | "_" }
//	index = "0" | "1"…"9" { "0"…"9" }    (decimal, at most 2^64-1)
//
// So "Validators[3].EffectiveBalance" and "[3].pubkey" (on a list type)
// parse, while "Validators[3]EffectiveBalance" (no dot), ".Slot",
// "Slot.", "Fork..Epoch", "Validators[3", "Validators[-1]", "[+1]",
// "[0x10]", "[01]" and any space are errors. The empty path is the root.
// The name __len__ (LengthStep) names a list's or bitlist's length chunk.
//
// A name matches a container field by, in this order: its Go name; its
// spec name, the name the field's json tag gives (json:"pubkey" on a
// PublicKey field); either one ignoring the case of ASCII letters and
// underscores (only ASCII folds: no Unicode case mapping, so a KELVIN
// SIGN is no k), with pubkey and publickey the same name
// (effective_balance reaches EffectiveBalance; validators[3].pubkey
// reaches go-eth2-client's PublicKey, which carries no json tag, and
// Validators[3].PublicKey the spec types' Pubkey). A name that matches two fields at the first of
// these levels where it matches any is an error, never a guess.
//
// Every error about a path is a *PathError wrapping ErrPath: it gives the
// byte where the path leaves the grammar, or the step that does not apply
// and the type it was applied to (phase0.Validator, not Container). A
// node deeper than 63 levels, which no GIndex can number (any element of
// a list of containers whose limit is 2^63, element 2^41 of a progressive
// list of containers), is such an error that also wraps ErrOverflow. All
// gindex arithmetic is checked (internal/checked): no path wraps to
// another index, and none takes longer to reject than to read.
//
// The package keeps no nodes: package cache keeps them (Tree.Prove,
// Tree.ProveMulti, Tree.ProveCompact) or builds them from a plain value
// (cache.TreeOf, cache.SparseOf). Any source of nodes gets proofs through
// the NodeSource interface and the Prove, ProveMulti and ProveCompact
// functions here; a source that also reports its hash function
// (HashedSource, as cache's trees do) gets proofs labelled with it.
package proof
