// Package sched is lanehash's executor: it runs the plan graphs that
// package plan compiles and that package cache uses for its elements.
// It is the machinery behind plan and cache, exported only so that
// those packages (and the module's benchmarks) can reach it; it makes
// no promise to outside callers, and its API changes with them. Use
// plan, cache, proof, ssz and lanes.
//
// The graph itself (the node types, lockstep programs and their
// builder, the error kinds) is package internal/graph: plan builds it,
// sched runs it. A plan graph is ProgramNode for a fixed-shape part (a
// static lockstep Program: leaf gathers from the instance's Go memory,
// zero-hash constants, pair ops in dependency order, plus Fields hashed
// by their own nodes first), SeqNode for vectors and lists of composite
// elements, PackedNode for packed basic lists and bitfields, UnionNode,
// ProgressiveNode, and ChunkNode for values that are their own root.
//
// An Exec runs graphs with one kernel. Prepare readies a graph for one
// Go type; Prepared.Run reads the instances of an Input (built only by
// the typed constructors SliceOf, PtrsOf, ValueOf and their reflect
// forms, or by PtrsOfType and ValueAt from pointers or an address the
// caller already holds and vouches for; always checked against the
// prepared type) and writes their roots; PrepareBytes readies a bytes
// graph, which roots serialized values. This package owns reading Go memory (one slice-header
// definition), scratch memory (pools, so steady-state calls allocate
// nothing), the split of work across workers, the level queue
// (Tree.MerkleizeBatch), and the Error every failure is reported as.
//
// A program runs for many instances at once, one instance per lane of
// the lockstep kernel the Exec's kernel names for the batch size
// (lanes.Kernel.ForInstances), in blocks of many groups of W per kernel
// call. A Tree merkleizes wide trees level by level with the kernel's
// Pairs entry.
package sched
