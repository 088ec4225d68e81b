// Package avx512 holds the AVX-512 hashing kernels of lanehash: SHA-256 in
// 16 lanes (one 32-bit word of 16 messages per zmm register) and
// Keccak-f[1600] in 8 lanes.
//
// The kernels are plain functions following the contract of package
// lanes (Pairs, Lockstep, Pack, Unpack); they do not check CPU features.
// Callers must make sure the CPU has AVX-512 F, VL and BW with zmm state
// enabled by the OS. On other architectures, and with the purego build
// tag, the package is empty.
//
// The assembly is generated with avo from lanes/_asm; go generate
// reproduces it byte for byte.
package avx512
