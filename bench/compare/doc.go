// Package compare holds lanehash against the other Go SSZ libraries
// (dynamic-ssz on go-eth2-client's types, fastssz, karalabe/ssz) and
// against per-level batchers on gohashtree's and lanehash's own pair
// kernels: its tests check, root for root, that every library computes the same
// hash_tree_root as lanehash and the reference ssz.HashTreeRoot, and its
// benchmarks time them side by side (README.md gives the commands).
//
// It is a nested module, with its own go.mod, so that the comparison
// libraries never become dependencies of lanehash itself; its non-test
// files are the adapters that convert lanehash's values and presets into
// each library's.
package compare
