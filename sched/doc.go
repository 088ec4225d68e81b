// Package sched holds lanehash's program form and its executor.
//
// A Program is the static plan for hashing one fixed-shape object: leaf
// gathers (where the bytes of each leaf chunk live in an instance's Go
// memory, through pointers and slices where the Go layout needs it),
// constant nodes (zero subtrees, copied from a table, never hashed) and
// pair ops in dependency order. A Runner executes a Program for many
// instances at once, W instances per group (W is the lockstep kernel's
// width, one instance per lane): it gathers the leaves of W instances
// into a staging buffer laid out [node][lane][32], packs them into lane
// layout with one Pack call, runs every op with one Lockstep call and
// unpacks the root node. A final partial group is padded, never hashed
// one instance at a time.
//
// A Tree merkleizes wide trees (lists and vectors of roots, packed basic
// lists, bitfields) level by level with the kernel's Pairs entry, in
// place, padding with zero hashes to the depth of the limit; one big tree
// splits its lower levels by subtree across workers. MerkleizeBatch is
// the level queue for many small trees of one shape (the aggregation
// bitlists of a thousand attestations): at every level the pending pairs
// of all trees go out in one Pairs call, so they fill the lanes together.
//
// Runners and Trees split their work across workers and keep their
// scratch memory in pools, so steady-state calls allocate nothing.
// Both are safe for concurrent use.
package sched
