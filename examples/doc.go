// Package examples holds small runnable programs that show how to use
// lanehash, one folder each; run one with
//
//	go run ./examples/registry
//
// Every program that computes a root checks it against the reference
// implementation (ssz.HashTreeRoot) and exits with status 1 if they
// differ, so the test in this package, which runs them all, fails when
// an example's answer is wrong, not only when it does not build.
package examples
