// Package hostile is the shared toolkit of the module's hostile-input
// tests: what ssz's, plan's and cache's tests feed the library to find a
// wrong root, a panic or an unbounded cost, and the oracles that say
// what the answer must be.
//
// It generates random SSZ shapes written down independently of package
// ssz (Shape, RandomShape) with an oracle that derives each one's
// expected outcome from the shape alone (Expect, Sample: a root computed
// with crypto/sha256, or which error); types that contain themselves
// through every composite kind and pair of kinds (the Via wrappers and
// the generated Rec types, which ssz.TypeOf must reject with
// ssz.ErrRecursive); the changes a mutation script makes to a value
// between two roots of a cached tree (Mutate, Op; some make the value
// invalid and are undone) and every kind of edit Go code can make there
// (Editor, EditKind); and Isolated, which runs cases in
// child processes under memory and time limits, so that a case that
// panics, exhausts memory or hangs is reported as that case's failure
// instead of killing or hanging the test binary.
//
// It is internal because it is test machinery, not API: it may import
// testing, and its generators change with what the tests need.
package hostile
