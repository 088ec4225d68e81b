// Package cache keeps the Merkle tree of an SSZ value between roots, so
// that the next hash_tree_root re-hashes only what changed, and reads
// Merkle proofs out of it without hashing.
//
//	tree, err := cache.New[fulu.BeaconState](cache.WithMode(cache.Marked))
//	balances := tree.MustField("Balances") // resolved once
//	root, err := tree.Root(state)          // first root: everything
//	state.Balances[7] += 1_000_000
//	balances.Mark(7)                       // no lookup, nothing to check
//	root, err = tree.Root(state)           // only the balance's path
//	p, err := tree.Prove("Validators[12345].EffectiveBalance")
//
// One way to do each thing: New and Root to root a value again after
// changes, Field and List.Elements handles to mark them (Marked mode),
// Tree.Prove, ProveMulti and ProveCompact (a List the same) to prove
// from the tree, SparseOf to prove given paths of a value at hand (only
// their nodes and siblings, about one root), TreeOf to build the whole
// tree of a value at hand once for many proofs; package proof proves
// from nodes of any other source by generalized index, with the same
// three names.
//
// # What is kept
//
// Every wide tree in the value (a list, a vector, a container's fields)
// keeps its levels as contiguous slices sized to the data: level k of a
// tree over n chunks holds ceil(n/2^k) nodes. Above the level that holds
// one node the tree is that node hashed with zero-subtree roots (a ladder
// of depth − log2(n) nodes), so a registry limit of 2^40 costs 40 − 20
// nodes for 1M validators, never 2^40. The chunks of lists of basic
// values (balances, participation flags) are their bytes; the chunks of
// lists of composite values are the element roots.
//
// # How a root is updated
//
// Changed elements of a list of fixed-size elements (validators) are
// rooted together, in lockstep through the plan the tree compiles for
// their type (with the tree's kernel and spec values), W elements per
// kernel call; a fixed-size type that its plan does not compile into one
// program of leaves (over 256 leaf chunks) is cached as a node per
// element, like a variable-size one. The inner nodes above them are then
// rehashed level by level: the changed parents of a level are gathered
// into one buffer and hashed with one Pairs call, so a level with many
// changes fills the kernel's lanes; a
// level where at least three quarters of the nodes change is hashed whole,
// in place. A list of basic values whose marks reach that share of its
// chunks' parents (a block's participation bytes) has all its chunks
// copied in one move and its tree hashed whole from the chunks up: the
// same pairs, without sorting and copying the marked chunks one by one.
// Appends grow the levels (across powers of two the top moves
// up, the ladder shrinks); truncations shrink them and rehash the new right
// edge; an empty list is the zero-subtree root.
//
// # Modes
//
// Detect (the default) finds the changes itself by comparing the value
// with what the tree stores: the bytes of basic lists with their stored
// chunks (no extra memory), the serialization of each fixed-size element
// with a stored copy (121 bytes per validator), each one-chunk field with
// its chunk. A forgotten mark cannot give a wrong root; the price is one
// pass over the value per root. Marked looks only at what Mark named and
// at the identities at every depth (each slice's array and length, each
// pointer's target, the value's address): the fast path for code that
// knows what it changed (an append, a truncation, a new slice, a new
// pointer target, another value or a list past its limit needs no mark
// anywhere; a write into the same storage does: Marked lists which).
// WithUpperLevelsOnly keeps no element roots, chunks or copies (about a
// sixth of Detect's memory for a registry) and implies Marked; a change
// then re-roots the changed elements and their siblings. A type with a
// list of variable-size elements cannot be kept so: New says so.
//
// # Options
//
// An Option is a plan.Option: the hashing options are plan's
// (plan.WithHash, plan.WithKernel, plan.WithSpec, plan.WithWorkers),
// defined once for both packages, so a kernel name infers its hash
// function and a bad option is the same ErrOption (which is
// plan.ErrOption) here as in PlanFor, and one list of options can
// configure a plan and a tree. WithMode and WithUpperLevelsOnly are the
// cache's own; PlanFor refuses them by name.
//
// # Hostile input
//
// Options are checked at New (ErrOption: an undefined Mode, upper levels
// in Detect mode, plan options that contradict each other), and so is
// the type (ErrTooLarge: a vector whose tree could not be held). Nodes
// and proofs describe the last root: stored nodes are returned whatever
// the value has become, and the value is read only where it still has the
// last root's shape, else ErrChanged. docs/guarantees.md lists each
// promise and the test that proves it.
//
// # Concurrency
//
// A Tree or List is safe for concurrent use: its methods serialize on a
// mutex. The value passed to Root must not change while Root runs, and
// proofs describe the value of the last Root: the nodes inside one
// fixed-size element (a validator's fields) are computed from the tree's
// copy in Detect mode, and from the value itself in the other modes, so
// do not change that value between Root and Prove there.
//
// Trees, lists and sparse trees are made by their constructors (New,
// TreeOf, NewList, NewProgressiveList, SparseOf, SparseOfBytes); a
// declared zero value has no type to hash, and its methods return
// ErrZero.
//
// # Progressive containers
//
// An EIP-7495 progressive container (a Gloas BeaconState, block body,
// execution payload) is cached like a container: each field's root sits
// at the chunk position its ssz-index names, the positions between are
// zero chunks, the chunks form the same progressive tree a progressive
// list keeps, and the root is that tree's root mixed with the
// active-fields bitvector. Marks, modes and proofs work through it as
// through a container. Fixed-size progressive containers in a list (a
// block body's payload attestations) are rooted in batches like other
// fixed-size elements: the element program has their progressive tree
// and the active-fields chunk as a constant node.
//
// # Limits
//
// Values are read straight from Go memory on little-endian hosts (amd64,
// arm64); elsewhere, and for unions and containers with fields behind
// embedded pointers, a value is an opaque node: its root is cached
// (recomputed by the reference implementation when its serialization
// changes), and proofs stop at it. So no field of a container with a
// field behind an embedded pointer can be proved, the fields held
// directly included: a path into it is an error wrapping
// proof.ErrIndex, from a Tree, SparseOf and SparseOfBytes alike.
package cache
