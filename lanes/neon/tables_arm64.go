//go:build !purego

package neon

import "github.com/lanehash/lanehash/lanes/internal/sha256const"

// The assembly reads its constants from two tables, filled once at
// package initialisation, before any kernel can run:
//
//   - sha2Table, for the SHA2 kernel: K[0..63], then padWK[0..63], then
//     the IV. The rounds walk one pointer through K and straight on into
//     padWK.
//   - asimdTable, for the ASIMD kernel: the same 136 words, each repeated
//     in the four 32-bit lanes of a vector, so one load gives a round
//     constant for all four messages.
//
// padWK is the message schedule of the second block of every 64-byte
// message (0x80, zeros, bit length 512) with the round constants added:
// that block never changes, so its schedule is computed here once
// instead of once per pair, and the second compression is rounds only.
var (
	sha2Table  [136]uint32
	asimdTable [136][4]uint32
)

func init() {
	copy(sha2Table[:64], sha256const.K[:])
	copy(sha2Table[64:128], sha256const.PadWK[:])
	copy(sha2Table[128:], sha256const.IV[:])
	for i, w := range sha2Table {
		asimdTable[i] = [4]uint32{w, w, w, w}
	}
}
