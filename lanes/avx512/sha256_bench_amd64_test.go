//go:build !purego

package avx512

import (
	"crypto/sha256"
	"math/rand/v2"
	"strconv"
	"testing"
)

var benchPairCounts = []int{1, 2, 4, 8, 16, 32, 256, 65536}

// reportPerPair reports wall time per pair and, when cpu0 (the process
// CPU time at the start) is known, CPU time per pair.
func reportPerPair(b *testing.B, pairs int, cpu0 int64) {
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(pairs), "ns/pair")
	if cpu0 > 0 {
		b.ReportMetric(float64(sha256CPUTime()-cpu0)/float64(b.N)/float64(pairs), "cpu-ns/pair")
	}
}

// BenchmarkSHA256Pairs times the 16-lane kernel on n pairs per call.
func BenchmarkSHA256Pairs(b *testing.B) {
	requireAVX512(b)
	for _, n := range benchPairCounts {
		b.Run("pairs="+strconv.Itoa(n), func(b *testing.B) {
			src := randomBytes(rand.New(rand.NewPCG(1, 1)), 64*n)
			dst := make([]byte, 32*n)
			b.SetBytes(int64(64 * n))
			cpu0 := sha256CPUTime()
			for b.Loop() {
				SHA256Pairs(dst, src)
			}
			reportPerPair(b, n, cpu0)
		})
	}
}

// BenchmarkSHA256PairsStdlib is the baseline: crypto/sha256.Sum256 per
// pair (SHA-NI on this CPU), the same pair counts.
func BenchmarkSHA256PairsStdlib(b *testing.B) {
	for _, n := range benchPairCounts {
		b.Run("pairs="+strconv.Itoa(n), func(b *testing.B) {
			src := randomBytes(rand.New(rand.NewPCG(1, 1)), 64*n)
			dst := make([]byte, 32*n)
			b.SetBytes(int64(64 * n))
			cpu0 := sha256CPUTime()
			for b.Loop() {
				for i := range n {
					d := sha256.Sum256(src[64*i : 64*i+64])
					copy(dst[32*i:], d[:])
				}
			}
			reportPerPair(b, n, cpu0)
		})
	}
}

// BenchmarkSHA256Lockstep times one Validator-shaped program (8 ops) for
// 16 instances: 128 pairs per call, leaves already in lane layout.
func BenchmarkSHA256Lockstep(b *testing.B) {
	requireAVX512(b)
	ops := validatorOps()
	arena := randomBytes(rand.New(rand.NewPCG(1, 1)), 16*sha256NodeBytes)
	pairs := len(ops) / 3 * SHA256Lanes
	b.SetBytes(int64(64 * pairs))
	cpu0 := sha256CPUTime()
	for b.Loop() {
		SHA256Lockstep(arena, ops)
	}
	reportPerPair(b, pairs, cpu0)
}

// BenchmarkSHA256Pack times packing the 9 leaves of 16 Validators.
func BenchmarkSHA256Pack(b *testing.B) {
	requireAVX512(b)
	src := randomBytes(rand.New(rand.NewPCG(1, 1)), 9*sha256NodeBytes)
	dst := make([]byte, len(src))
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		SHA256Pack(dst, src)
	}
}

// BenchmarkSHA256Unpack times unpacking 9 nodes of 16 digests.
func BenchmarkSHA256Unpack(b *testing.B) {
	requireAVX512(b)
	src := randomBytes(rand.New(rand.NewPCG(1, 1)), 9*sha256NodeBytes)
	dst := make([]byte, len(src))
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		SHA256Unpack(dst, src)
	}
}
