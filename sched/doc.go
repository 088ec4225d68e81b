// Package sched is lanehash's executor: it alone runs plan graphs.
//
// A plan graph (Node) is what package plan compiles a Go type into:
// ProgramNode for a fixed-shape part (a static lockstep Program: leaf
// gathers from the instance's Go memory, zero-hash constants, pair ops
// in dependency order, plus Fields hashed by their own nodes first),
// SeqNode for vectors and lists of composite elements, PackedNode for
// packed basic lists and bitfields, UnionNode, ProgressiveNode, and
// ChunkNode for values that are their own root. The node types are
// plain data, open to inspection (Describe).
//
// An Exec runs graphs with one kernel. Prepare readies a graph for one
// Go type; Prepared.Run reads the instances of an Input (built only by
// the typed constructors SliceOf, PtrsOf, ValueOf, their reflect forms
// and BytesOf, and checked against the prepared type) and writes their
// roots. This package owns reading Go memory (one slice-header
// definition), scratch memory (pools, so steady-state calls allocate
// nothing), the split of work across workers, the level queue
// (Tree.MerkleizeBatch) and the error kinds (Kind) every failure is
// classified by.
//
// A program runs for many instances at once, one instance per lane of
// the lockstep kernel the Exec's kernel names for the batch size
// (lanes.Kernel.ForInstances), in blocks of many groups of W per kernel
// call. A Tree merkleizes wide trees level by level with the kernel's
// Pairs entry.
package sched
