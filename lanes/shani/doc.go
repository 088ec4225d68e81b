// Package shani holds the SHA-NI hashing kernel of lanehash: SHA-256
// with the x86 SHA extensions (SHA256RNDS2, SHA256MSG1, SHA256MSG2), two
// independent messages interleaved so the SHA unit is not idle waiting
// on one dependency chain, so SHA256Lanes = 2.
//
// Every ISA package of lanehash (avx2, avx512, shani) has the same
// shape: Supported reports whether this CPU runs its kernels (from the
// one detection in lanes/internal/cpufeat); per hash function a lane
// width constant (<Hash>Lanes) and four functions in the kernel
// contract of package lanes (<Hash>Pairs, <Hash>Lockstep, <Hash>Pack,
// <Hash>Unpack), which check their arguments (lanes/internal/kernelcheck)
// and call unexported assembly generated with avo from lanes/_asm. The
// functions do not check the CPU. The contract, lane layout and
// aliasing rules are documented once, in package lanes and
// docs/kernels.md.
//
// The kernels exist only on amd64 without the purego build tag; on other
// builds the package is empty.
package shani
