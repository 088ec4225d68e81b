// Package hybrid holds a SHA-256 kernel that hashes lanes on two
// execution resources of one core in a single instruction stream: 16
// lanes on the AVX-512 vector unit (zmm16–31, EVEX) and 4 lanes on
// SHA-NI (xmm0–15, legacy SSE, two streams at a time), width 20. The
// SHA256RNDS2 instructions issue in the gaps the latency-bound vector
// rounds leave; VZEROUPPER at entry keeps the upper halves of zmm0–15
// clean, without which the legacy-SSE code runs far slower. With no
// register left for it, the lanes' message schedule lives in a 16-slot
// ring in the stack frame, read as memory operands.
//
// Lane layout: lanes.WordLayout at width 20 (word j of lane p is the
// host uint32 at byte 4·(20j+p) of a 640-byte node). The vector lanes
// 0–15 then read word j of all their lanes as one 64-byte vector at
// 80j, as memory operands, with no transpose in Lockstep; each pair of
// SHA-NI lanes gathers its 16 message words with eight-byte loads and a
// 4×4 transpose of dword pairs, which costs what the byte swaps of
// ordinary order would.
//
// The mix (vector lanes on zmm or ymm, SHA-NI lanes, SHA-NI streams in
// flight) is a parameter of the generator in lanes/_asm/hybrid;
// docs/kernels.md ("Hybrid SHA-NI + AVX-512 kernel") has the variants
// measured and the commands a Zen 4 session would run. The package keeps
// the shape of every ISA package (see package shani): Supported,
// SHA256Lanes, and Pairs, Lockstep, Pack and Unpack in the kernel
// contract of package lanes, checked by lanes/internal/kernelcheck. The
// functions do not check the CPU.
//
// The kernel exists only on amd64 without the purego build tag; on
// other builds the package is empty.
package hybrid
