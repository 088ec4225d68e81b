// Package shani holds the SHA-NI hashing kernels of lanehash: SHA-256
// with the x86 SHA extensions (SHA256RNDS2, SHA256MSG1, SHA256MSG2),
// independent messages interleaved so the SHA unit is not idle waiting
// on one dependency chain: two (SHA256Lanes = 2, the SHA256 functions)
// and four (SHA256LanesX4 = 4, the SHA256...X4 functions, with the next
// batch's message schedule computed beside the current rounds; faster
// where SHA256RNDS2's latency is several issue intervals, as on AMD Zen
// 3; their schedule uses VEX three-operand forms, so they also need AVX:
// SupportedX4). Both keep each lane's chunk whole in a lane-layout node
// (lanes.ChunkLayout), so their Pack and Unpack are copies.
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
