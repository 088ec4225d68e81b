// Package shani hashes 64-byte pairs with SHA-256 using the x86 SHA
// extensions (SHA256RNDS2, SHA256MSG1, SHA256MSG2), two independent
// messages interleaved so the SHA unit is not idle waiting on one
// dependency chain.
//
// It exports plain functions in the shape every lanehash kernel has:
// SHA256Pairs hashes pairs in ordinary byte layout, SHA256Lockstep runs
// a list of ops over an arena of nodes in lane layout with Width lanes,
// and SHA256Pack and SHA256Unpack convert between the two layouts. A
// node in lane layout is 32·Width bytes; word j (0..7) of lane p is the
// host uint32 at byte offset 4·(j·Width+p), holding the big-endian word.
//
// The kernels exist only on amd64 without the purego build tag, and may
// only be called when Supported reports true; on other builds the
// package is empty.
package shani
