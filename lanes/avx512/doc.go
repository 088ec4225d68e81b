// Package avx512 holds the AVX-512 hashing kernels of lanehash: SHA-256
// in 16 lanes (one 32-bit word of 16 messages per zmm register; two such
// groups hashed side by side where Pairs has more than 16 pairs left or
// Lockstep two independent consecutive ops) and Keccak-256 in 8 lanes.
//
// It has the shape of every ISA package of lanehash (see package shani):
// Supported, the lane widths SHA256Lanes and Keccak256Lanes, and Pairs,
// Lockstep, LockstepOps, Pack and Unpack per hash function in the kernel
// contract of package lanes, checked by lanes/internal/kernelcheck, over
// unexported assembly generated with avo from lanes/_asm (go generate
// reproduces it byte for byte). The functions do not check the CPU.
//
// The kernels exist only on amd64 without the purego build tag; on other
// builds the package is empty.
package avx512
