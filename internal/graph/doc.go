// Package graph is the vocabulary shared by the compiler (package plan)
// and the executor (package sched): plan graphs (Node and its types,
// Field, Step), lockstep programs (Program, its Sources, Gathers,
// Checks and Consts, and the Builder that assembles one), bytes graphs
// (BytesNode) and the error kinds (Kind) a value's failure is
// classified by.
//
// The types are plain data with no behaviour beyond checking their own
// consistency (Program.Validate) and rendering themselves (Describe).
// They live below both packages so that plan builds them and sched
// runs them with the dependencies pointing down (plan → sched → lanes,
// both importing graph, sched never importing plan), and under
// internal/ because they are the module's own: a user learns plan,
// cache, proof, ssz and lanes, never the graph.
package graph
