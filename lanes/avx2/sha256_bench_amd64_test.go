//go:build !purego

package avx2

import (
	"testing"

	"github.com/lanehash/lanehash/lanes/internal/kerneltest"
)

// BenchmarkSHA256Pairs times the kernel per batch size; the stdlib
// benchmark hashes the same pairs one crypto/sha256.Sum256 at a time as
// the baseline of the same run.
func BenchmarkSHA256Pairs(b *testing.B) { kerneltest.BenchPairs(b, sha256Kernel) }

// BenchmarkSHA256PairsStdlib is the baseline: crypto/sha256.Sum256 per
// pair, the same pair counts.
func BenchmarkSHA256PairsStdlib(b *testing.B) { kerneltest.BenchPairsSHA256Stdlib(b) }

// BenchmarkSHA256Lockstep hashes 8 Validator-shaped trees in lockstep
// (8 ops × 8 lanes = 64 pairs per call). The levels sub-benchmark is the
// baseline: the same 64 pairs hashed level by level with Pairs in
// ordinary layout (8, 32, 16 and 8 pairs per call).
func BenchmarkSHA256Lockstep(b *testing.B) {
	sha256Kernel.Require(b)
	const pairs = 8 * SHA256Width
	b.Run("lockstep", func(b *testing.B) {
		arena := make([]byte, 17*256)
		copy(arena, kerneltest.Seeded(1, 9*256))
		ops := kerneltest.ValidatorOps()
		cpu0 := kerneltest.CPUTime()
		for b.Loop() {
			SHA256Lockstep(arena, ops)
		}
		kerneltest.ReportPerPair(b, pairs, cpu0)
	})
	b.Run("levels", func(b *testing.B) {
		pub := kerneltest.Seeded(1, 8*64)     // the pubkey pair of each validator
		level := kerneltest.Seeded(2, 8*8*32) // 8 validators × 8 field roots
		pubRoots := make([]byte, 8*32)
		up := make([]byte, 8*4*32)
		cpu0 := kerneltest.CPUTime()
		for b.Loop() {
			SHA256Pairs(pubRoots, pub)
			for v := 0; v < 8; v++ {
				copy(level[256*v:256*v+32], pubRoots[32*v:])
			}
			SHA256Pairs(up, level)      // 32 pairs
			SHA256Pairs(up, up[:16*64]) // 16 pairs
			SHA256Pairs(up, up[:8*64])  // 8 roots
		}
		kerneltest.ReportPerPair(b, pairs, cpu0)
	})
}
