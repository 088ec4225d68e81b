//go:build !purego

package avx512

import (
	"math/rand/v2"
	"strconv"
	"testing"

	"golang.org/x/crypto/sha3"
)

var keccakBenchCounts = []int{1, 2, 4, 8, 16, 32, 256, 65536}

// keccakPerPair reports wall time per pair and, where the platform tells,
// process CPU time per pair since cpu0 (see keccakCPUTime).
func keccakPerPair(b *testing.B, pairs int, cpu0 int64) {
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(pairs), "ns/pair")
	if cpu0 > 0 {
		b.ReportMetric(float64(keccakCPUTime()-cpu0)/float64(b.N)/float64(pairs), "cpu-ns/pair")
	}
}

// BenchmarkKeccak256Pairs times the 8-lane kernel on n pairs per call.
func BenchmarkKeccak256Pairs(b *testing.B) {
	requireKeccakCPU(b)
	for _, n := range keccakBenchCounts {
		b.Run("pairs="+strconv.Itoa(n), func(b *testing.B) {
			src := keccakRandom(rand.New(rand.NewPCG(1, 1)), 64*n)
			dst := make([]byte, 32*n)
			b.SetBytes(int64(64 * n))
			cpu0 := keccakCPUTime()
			for b.Loop() {
				Keccak256Pairs(dst, src)
			}
			keccakPerPair(b, n, cpu0)
		})
	}
}

// BenchmarkKeccak256PairsXCrypto is the baseline: x/crypto/sha3 legacy
// Keccak-256 per pair (one reused hasher), the same pair counts.
func BenchmarkKeccak256PairsXCrypto(b *testing.B) {
	for _, n := range keccakBenchCounts {
		b.Run("pairs="+strconv.Itoa(n), func(b *testing.B) {
			src := keccakRandom(rand.New(rand.NewPCG(1, 1)), 64*n)
			dst := make([]byte, 32*n)
			h := sha3.NewLegacyKeccak256()
			b.SetBytes(int64(64 * n))
			cpu0 := keccakCPUTime()
			for b.Loop() {
				for i := range n {
					h.Reset()
					h.Write(src[64*i : 64*i+64])
					h.Sum(dst[32*i : 32*i])
				}
			}
			keccakPerPair(b, n, cpu0)
		})
	}
}

// keccakValidatorOps is a Validator-shaped program: leaves 0 and 1 (the
// pubkey) hash to node 9, then the eight field roots 9, 2..8 reduce
// 8 → 4 → 2 → 1 into node 16.
func keccakValidatorOps() []uint32 {
	return []uint32{
		0, 1, 9,
		9, 2, 10, 3, 4, 11, 5, 6, 12, 7, 8, 13,
		10, 11, 14, 12, 13, 15,
		14, 15, 16,
	}
}

// BenchmarkKeccak256Lockstep times the Validator-shaped program (8 ops)
// for 8 instances: 64 pairs per call, leaves already in lane layout.
func BenchmarkKeccak256Lockstep(b *testing.B) {
	requireKeccakCPU(b)
	ops := keccakValidatorOps()
	arena := keccakRandom(rand.New(rand.NewPCG(1, 1)), 17*keccak256NodeBytes)
	pairs := len(ops) / 3 * Keccak256Lanes
	b.SetBytes(int64(64 * pairs))
	cpu0 := keccakCPUTime()
	for b.Loop() {
		Keccak256Lockstep(arena, ops)
	}
	keccakPerPair(b, pairs, cpu0)
}

// BenchmarkKeccak256Pack times packing the 9 leaves of 8 Validators.
func BenchmarkKeccak256Pack(b *testing.B) {
	requireKeccakCPU(b)
	src := keccakRandom(rand.New(rand.NewPCG(1, 1)), 9*keccak256NodeBytes)
	dst := make([]byte, len(src))
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		Keccak256Pack(dst, src)
	}
}

// BenchmarkKeccak256Unpack times unpacking 9 nodes of 8 digests.
func BenchmarkKeccak256Unpack(b *testing.B) {
	requireKeccakCPU(b)
	src := keccakRandom(rand.New(rand.NewPCG(1, 1)), 9*keccak256NodeBytes)
	dst := make([]byte, len(src))
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		Keccak256Unpack(dst, src)
	}
}
