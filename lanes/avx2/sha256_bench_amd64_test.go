//go:build !purego

package avx2

import (
	"crypto/sha256"
	"strconv"
	"testing"
)

var benchPairCounts = []int{1, 2, 4, 8, 16, 32, 256, 65536}

// BenchmarkSHA256Pairs times the kernel per batch size; the stdlib
// sub-benchmarks hash the same pairs one crypto/sha256.Sum256 at a time
// as the baseline of the same run.
func BenchmarkSHA256Pairs(b *testing.B) {
	requireAVX2(b)
	for _, n := range benchPairCounts {
		src := randomBytes(uint64(n), 64*n)
		dst := make([]byte, 32*n)
		b.Run("pairs="+strconv.Itoa(n), func(b *testing.B) {
			b.SetBytes(int64(64 * n))
			for b.Loop() {
				SHA256Pairs(dst, src)
			}
			reportPerPair(b, n)
		})
	}
}

func BenchmarkSHA256PairsStdlib(b *testing.B) {
	for _, n := range benchPairCounts {
		src := randomBytes(uint64(n), 64*n)
		dst := make([]byte, 32*n)
		b.Run("pairs="+strconv.Itoa(n), func(b *testing.B) {
			b.SetBytes(int64(64 * n))
			for b.Loop() {
				for i := 0; i < n; i++ {
					d := sha256.Sum256(src[64*i : 64*i+64])
					copy(dst[32*i:], d[:])
				}
			}
			reportPerPair(b, n)
		})
	}
}

// BenchmarkSHA256Lockstep hashes 8 Validator-shaped trees in lockstep
// (8 ops × 8 lanes = 64 pairs per call). The levels sub-benchmark is the
// baseline: the same 64 pairs hashed level by level with Pairs in
// ordinary layout (8, 32, 16 and 8 pairs per call).
func BenchmarkSHA256Lockstep(b *testing.B) {
	requireAVX2(b)
	const pairs = 8 * SHA256Width
	b.Run("lockstep", func(b *testing.B) {
		arena := make([]byte, 17*256)
		copy(arena, randomBytes(1, 9*256))
		for b.Loop() {
			SHA256Lockstep(arena, validatorOps)
		}
		reportPerPair(b, pairs)
	})
	b.Run("levels", func(b *testing.B) {
		pub := randomBytes(1, 8*64)     // the pubkey pair of each validator
		level := randomBytes(2, 8*8*32) // 8 validators × 8 field roots
		pubRoots := make([]byte, 8*32)
		up := make([]byte, 8*4*32)
		for b.Loop() {
			SHA256Pairs(pubRoots, pub)
			for v := 0; v < 8; v++ {
				copy(level[256*v:256*v+32], pubRoots[32*v:])
			}
			SHA256Pairs(up, level)      // 32 pairs
			SHA256Pairs(up, up[:16*64]) // 16 pairs
			SHA256Pairs(up, up[:8*64])  // 8 roots
		}
		reportPerPair(b, pairs)
	})
}

func reportPerPair(b *testing.B, pairs int) {
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(pairs), "ns/pair")
}
