// Package neon holds the arm64 SHA-256 kernels of lanehash, hand-written
// in Go's arm64 assembler:
//
//   - SHA2*: SHA-256 on the ARMv8 SHA2 instructions (SHA256H, SHA256H2,
//     SHA256SU0, SHA256SU1). Pairs runs two messages interleaved, so the
//     SHA unit works on one while the other waits on its dependency chain;
//     Lockstep has SHA2Width = 4 lanes, run as two interleaved pairs
//     (SHA2x2Lockstep, with its own two-lane layout Pack2/Unpack2, is
//     one such pair, for small batches).
//   - ASIMD*: SHA-256 on plain Advanced SIMD, one message per 32-bit
//     lane of a 128-bit register (ASIMDWidth = 4), for arm64 CPUs without
//     the SHA2 instructions.
//
// Both compute the second compression of a 64-byte message (the constant
// padding block) from a precomputed schedule-plus-constants table.
//
// Each kernel exports plain functions in the shape every lanehash kernel
// has: Pairs hashes 64-byte pairs in ordinary byte layout, Lockstep runs a
// list of (left, right, out) node indices over an arena of nodes in lane
// layout, and Pack and Unpack convert between the two layouts. Both
// kernels have four lanes, so they share one lane layout (Pack4,
// Unpack4): a node is 128 bytes, and word j (0..7) of lane p is the host
// uint32 at byte offset 4·(4j+p), holding the big-endian word.
//
// The functions exist only on arm64 without the purego build tag, and may
// only be called when SHA2Supported or ASIMDSupported reports true; on
// other builds the package is empty. Package lanes registers them as
// sha256/armsha2x4, sha256/armsha2x2 and sha256/neonx4.
package neon
