//go:build !purego

package neon_test

import (
	"math/rand/v2"
	"runtime"
	"slices"
	"strconv"
	"testing"

	"golang.org/x/crypto/sha3"

	"github.com/lanehash/lanehash/internal/cputime"
	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/lanes/lanestest"
	"github.com/lanehash/lanehash/lanes/neon"
)

// keccakBenchPairCounts are the pairs per call: one pair (half the
// lanes idle), the width, batch-size steps and a large level.
var keccakBenchPairCounts = []int{1, 2, 4, 8, 16, 32, 256, 65536}

// keccakBenchRivals returns the Pairs functions the SHA3 kernel is
// measured against in the same run: the portable kernel, which package
// lanes uses on arm64 unless a measurement says otherwise, and x/crypto
// pair by pair. The kernel itself comes first, when this CPU runs it.
func keccakBenchRivals(b *testing.B) []struct {
	name  string
	pairs func(dst, src []byte)
} {
	type rival = struct {
		name  string
		pairs func(dst, src []byte)
	}
	var rs []rival
	if neon.Keccak256Supported() {
		rs = append(rs, rival{"keccak256/sha3x2", neon.Keccak256Pairs})
	}
	portable, err := lanes.Select(lanes.Keccak256, "keccak256/genericx1")
	if err != nil {
		b.Fatal(err)
	}
	h := sha3.NewLegacyKeccak256()
	return append(rs,
		rival{portable.Name(), portable.Pairs},
		rival{"keccak256/xcrypto", func(dst, src []byte) {
			for i := 0; i+64 <= len(src); i += 64 {
				h.Reset()
				h.Write(src[i : i+64])
				h.Sum(dst[i/2 : i/2])
			}
		}})
}

// BenchmarkKeccak256Pairs times Pairs per kernel and pair count, the SHA3
// kernel beside the portable kernel and x/crypto, so one run on an arm64
// machine shows which to choose there; compare cpu-ns/pair.
func BenchmarkKeccak256Pairs(b *testing.B) {
	for _, r := range keccakBenchRivals(b) {
		for _, n := range keccakBenchPairCounts {
			b.Run("kernel="+r.name+"/pairs="+strconv.Itoa(n), func(b *testing.B) {
				src := randomBytes(rand.NewChaCha8([32]byte{1}), 64*n)
				dst := make([]byte, 32*n)
				b.SetBytes(int64(64 * n))
				cpu0 := startCPU(b)
				for b.Loop() {
					r.pairs(dst, src)
				}
				reportPerPair(b, n, cpu0)
			})
		}
	}
}

// BenchmarkKeccak256Lockstep times the Validator-shaped program (8 ops)
// over two instances, leaves already in lane layout, beside the portable
// kernel's Lockstep (one instance) on the same program.
func BenchmarkKeccak256Lockstep(b *testing.B) {
	lops := lanestest.ValidatorOps()
	ops := make([]uint32, 0, 3*len(lops))
	for _, op := range lops {
		ops = append(ops, op.Left, op.Right, op.Out)
	}
	nodes := 1 + int(slices.Max(ops))
	if neon.Keccak256Supported() {
		b.Run("kernel=keccak256/sha3x2", func(b *testing.B) {
			arena := randomBytes(rand.NewChaCha8([32]byte{1}), nodes*32*neon.Keccak256Lanes)
			cpu0 := startCPU(b)
			for b.Loop() {
				neon.Keccak256Lockstep(arena, ops)
			}
			reportPerPair(b, len(lops)*neon.Keccak256Lanes, cpu0)
		})
	}
	portable, err := lanes.Select(lanes.Keccak256, "keccak256/genericx1")
	if err != nil {
		b.Fatal(err)
	}
	b.Run("kernel="+portable.Name(), func(b *testing.B) {
		arena := randomBytes(rand.NewChaCha8([32]byte{1}), nodes*portable.NodeSize())
		cpu0 := startCPU(b)
		for b.Loop() {
			portable.Lockstep(arena, lops)
		}
		reportPerPair(b, len(lops)*portable.Width(), cpu0)
	})
}

// BenchmarkKeccak256Pack times packing the 9 leaves of 2 Validators.
func BenchmarkKeccak256Pack(b *testing.B) { benchKeccakLayout(b, neon.Keccak256Pack) }

// BenchmarkKeccak256Unpack times unpacking 9 nodes of 2 digests.
func BenchmarkKeccak256Unpack(b *testing.B) { benchKeccakLayout(b, neon.Keccak256Unpack) }

func benchKeccakLayout(b *testing.B, convert func(dst, src []byte)) {
	src := randomBytes(rand.NewChaCha8([32]byte{1}), 9*32*neon.Keccak256Lanes)
	dst := make([]byte, len(src))
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		convert(dst, src)
	}
}

// startCPU pins the benchmark to its OS thread and reads that thread's
// CPU clock (0 where it cannot be read).
func startCPU(b *testing.B) int64 {
	runtime.LockOSThread()
	b.Cleanup(runtime.UnlockOSThread)
	t, _ := cputime.Thread()
	return t
}

// reportPerPair reports ns/pair and, where the thread CPU clock is
// readable, cpu-ns/pair, which time slices lost to other processes on a
// busy machine do not inflate.
func reportPerPair(b *testing.B, pairsPerOp int, cpu0 int64) {
	per := float64(b.N) * float64(pairsPerOp)
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/per, "ns/pair")
	if cpu1, ok := cputime.Thread(); ok && cpu0 > 0 {
		b.ReportMetric(float64(cpu1-cpu0)/per, "cpu-ns/pair")
	}
}
