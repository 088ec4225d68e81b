// Package spectest runs the Ethereum consensus SSZ spec vectors
// (ssz_generic and ssz_static) against lanehash: it finds every case
// folder, knows the SSZ type of each, decodes the YAML values and checks
// decoding, re-encoding and hash_tree_root. It is test support only; its
// snappy and YAML dependencies never reach the library packages.
package spectest
