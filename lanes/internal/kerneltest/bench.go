package kerneltest

import (
	"crypto/sha256"
	"math/rand/v2"
	"strconv"
	"testing"

	"golang.org/x/crypto/sha3"
)

// benchPairCounts are the pairs per call of the Pairs benchmarks: a
// single pair, batch-size steps and large levels.
var benchPairCounts = []int{1, 2, 4, 8, 16, 32, 256, 65536}

// ValidatorOps is the op list of a phase0 Validator as flat (left,
// right, out) triples over 17 nodes: leaves 0 and 1 are the pubkey
// chunks, 2..8 the other seven fields; node 9 is the pubkey root and the
// 8 field roots reduce 8 → 4 → 2 → 1 into node 16.
func ValidatorOps() []uint32 {
	return []uint32{
		0, 1, 9, // pubkey root
		9, 2, 10, 3, 4, 11, 5, 6, 12, 7, 8, 13, // 8 field roots → 4
		10, 11, 14, 12, 13, 15, // → 2
		14, 15, 16, // → root
	}
}

// ReportPerPair reports wall time per pair and, when cpu0 (a CPUTime
// reading taken before the loop) and a reading now are known, process
// CPU time per pair.
func ReportPerPair(b *testing.B, pairs int, cpu0 int64) {
	per := float64(b.N) * float64(pairs)
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/per, "ns/pair")
	if cpu1 := CPUTime(); cpu0 > 0 && cpu1 > 0 {
		b.ReportMetric(float64(cpu1-cpu0)/per, "cpu-ns/pair")
	}
}

// BenchPairs times k.Pairs on n random pairs per call, one sub-benchmark
// "pairs=n" per count.
func BenchPairs(b *testing.B, k *Kernel) {
	k.Require(b)
	benchPairs(b, k.Pairs)
}

// BenchPairsSHA256Stdlib is the baseline of the SHA-256 Pairs
// benchmarks: crypto/sha256.Sum256 per pair, the same pair counts.
func BenchPairsSHA256Stdlib(b *testing.B) {
	benchPairs(b, func(dst, src []byte) {
		for i := 0; i < len(src)/64; i++ {
			d := sha256.Sum256(src[64*i : 64*i+64])
			copy(dst[32*i:], d[:])
		}
	})
}

// BenchPairsKeccak256XCrypto is the baseline of the Keccak-256 Pairs
// benchmarks: x/crypto/sha3 legacy Keccak-256 per pair with one reused
// hasher, the same pair counts.
func BenchPairsKeccak256XCrypto(b *testing.B) {
	h := sha3.NewLegacyKeccak256()
	benchPairs(b, func(dst, src []byte) {
		for i := 0; i < len(src)/64; i++ {
			h.Reset()
			h.Write(src[64*i : 64*i+64])
			h.Sum(dst[32*i : 32*i])
		}
	})
}

func benchPairs(b *testing.B, pairs func(dst, src []byte)) {
	for _, n := range benchPairCounts {
		b.Run("pairs="+strconv.Itoa(n), func(b *testing.B) {
			src := Random(rand.New(rand.NewPCG(1, 1)), 64*n)
			dst := make([]byte, 32*n)
			b.SetBytes(int64(64 * n))
			cpu0 := CPUTime()
			for b.Loop() {
				pairs(dst, src)
			}
			ReportPerPair(b, n, cpu0)
		})
	}
}

// BenchLockstep times k.Lockstep on the Validator-shaped program (8 ops)
// for Width instances, leaves already in lane layout: 8·Width pairs per
// call.
func BenchLockstep(b *testing.B, k *Kernel) {
	k.Require(b)
	ops := ValidatorOps()
	arena := Random(rand.New(rand.NewPCG(1, 1)), 17*k.NodeBytes())
	pairs := len(ops) / 3 * k.Width
	b.SetBytes(int64(64 * pairs))
	cpu0 := CPUTime()
	for b.Loop() {
		k.Lockstep(arena, ops)
	}
	ReportPerPair(b, pairs, cpu0)
}

// BenchLayout times convert, k.Pack or k.Unpack, on 9 nodes: the leaves
// of Width Validators.
func BenchLayout(b *testing.B, k *Kernel, convert func(dst, src []byte)) {
	k.Require(b)
	src := Random(rand.New(rand.NewPCG(1, 1)), 9*k.NodeBytes())
	dst := make([]byte, len(src))
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		convert(dst, src)
	}
}
