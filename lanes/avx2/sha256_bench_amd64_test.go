//go:build !purego

package avx2

import (
	"crypto/sha256"
	"strconv"
	"testing"
)

var sha256BenchCounts = []int{1, 2, 4, 8, 16, 32, 256, 65536}

// BenchmarkSHA256Pairs times the kernel per batch size; the stdlib
// sub-benchmarks hash the same pairs one crypto/sha256.Sum256 at a time
// as the baseline of the same run.
func BenchmarkSHA256Pairs(b *testing.B) {
	sha256RequireAVX2(b)
	for _, n := range sha256BenchCounts {
		src := sha256Random(uint64(n), 64*n)
		dst := make([]byte, 32*n)
		b.Run("pairs="+strconv.Itoa(n), func(b *testing.B) {
			b.SetBytes(int64(64 * n))
			cpu0 := sha256CPUTime()
			for b.Loop() {
				SHA256Pairs(dst, src)
			}
			sha256PerPair(b, n, cpu0)
		})
	}
}

func BenchmarkSHA256PairsStdlib(b *testing.B) {
	for _, n := range sha256BenchCounts {
		src := sha256Random(uint64(n), 64*n)
		dst := make([]byte, 32*n)
		b.Run("pairs="+strconv.Itoa(n), func(b *testing.B) {
			b.SetBytes(int64(64 * n))
			cpu0 := sha256CPUTime()
			for b.Loop() {
				for i := 0; i < n; i++ {
					d := sha256.Sum256(src[64*i : 64*i+64])
					copy(dst[32*i:], d[:])
				}
			}
			sha256PerPair(b, n, cpu0)
		})
	}
}

// BenchmarkSHA256Lockstep hashes 8 Validator-shaped trees in lockstep
// (8 ops × 8 lanes = 64 pairs per call). The levels sub-benchmark is the
// baseline: the same 64 pairs hashed level by level with Pairs in
// ordinary layout (8, 32, 16 and 8 pairs per call).
func BenchmarkSHA256Lockstep(b *testing.B) {
	sha256RequireAVX2(b)
	const pairs = 8 * SHA256Width
	b.Run("lockstep", func(b *testing.B) {
		arena := make([]byte, 17*256)
		copy(arena, sha256Random(1, 9*256))
		cpu0 := sha256CPUTime()
		for b.Loop() {
			SHA256Lockstep(arena, sha256ValidatorOps)
		}
		sha256PerPair(b, pairs, cpu0)
	})
	b.Run("levels", func(b *testing.B) {
		pub := sha256Random(1, 8*64)     // the pubkey pair of each validator
		level := sha256Random(2, 8*8*32) // 8 validators × 8 field roots
		pubRoots := make([]byte, 8*32)
		up := make([]byte, 8*4*32)
		cpu0 := sha256CPUTime()
		for b.Loop() {
			SHA256Pairs(pubRoots, pub)
			for v := 0; v < 8; v++ {
				copy(level[256*v:256*v+32], pubRoots[32*v:])
			}
			SHA256Pairs(up, level)      // 32 pairs
			SHA256Pairs(up, up[:16*64]) // 16 pairs
			SHA256Pairs(up, up[:8*64])  // 8 roots
		}
		sha256PerPair(b, pairs, cpu0)
	})
}

// sha256PerPair reports wall time per pair and, where available, CPU
// time per pair since cpu0 (a sha256CPUTime reading taken before the
// loop).
func sha256PerPair(b *testing.B, pairs int, cpu0 int64) {
	per := float64(b.N) * float64(pairs)
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/per, "ns/pair")
	if cpu1 := sha256CPUTime(); cpu0 > 0 && cpu1 > 0 {
		b.ReportMetric(float64(cpu1-cpu0)/per, "cpu-ns/pair")
	}
}
