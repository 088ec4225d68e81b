//go:build !purego

package neon_test

import (
	"math/rand/v2"
	"strconv"
	"testing"

	"golang.org/x/crypto/sha3"

	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/lanes/internal/kerneltest"
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
				src := kerneltest.Random(rand.New(rand.NewPCG(1, 1)), 64*n)
				dst := make([]byte, 32*n)
				b.SetBytes(int64(64 * n))
				cpu0 := kerneltest.CPUTime()
				for b.Loop() {
					r.pairs(dst, src)
				}
				kerneltest.ReportPerPair(b, n, cpu0)
			})
		}
	}
}

// BenchmarkKeccak256Lockstep times the Validator-shaped program (8 ops)
// over two instances, leaves already in lane layout, beside the portable
// kernel's Lockstep (one instance) on the same program.
func BenchmarkKeccak256Lockstep(b *testing.B) {
	ops := kerneltest.ValidatorOps()
	if neon.Keccak256Supported() {
		b.Run("kernel=keccak256/sha3x2", func(b *testing.B) {
			arena := kerneltest.Random(rand.New(rand.NewPCG(1, 1)), 17*32*neon.Keccak256Lanes)
			cpu0 := kerneltest.CPUTime()
			for b.Loop() {
				neon.Keccak256Lockstep(arena, ops)
			}
			kerneltest.ReportPerPair(b, len(ops)/3*neon.Keccak256Lanes, cpu0)
		})
	}
	portable, err := lanes.Select(lanes.Keccak256, "keccak256/genericx1")
	if err != nil {
		b.Fatal(err)
	}
	lops := make([]lanes.Op, 0, len(ops)/3)
	for i := 0; i < len(ops); i += 3 {
		lops = append(lops, lanes.Op{Left: ops[i], Right: ops[i+1], Out: ops[i+2]})
	}
	b.Run("kernel="+portable.Name(), func(b *testing.B) {
		arena := kerneltest.Random(rand.New(rand.NewPCG(1, 1)), 17*portable.NodeSize())
		cpu0 := kerneltest.CPUTime()
		for b.Loop() {
			portable.Lockstep(arena, lops)
		}
		kerneltest.ReportPerPair(b, len(lops)*portable.Width(), cpu0)
	})
}

// BenchmarkKeccak256Pack times packing the 9 leaves of 2 Validators.
func BenchmarkKeccak256Pack(b *testing.B) { benchKeccakLayout(b, neon.Keccak256Pack) }

// BenchmarkKeccak256Unpack times unpacking 9 nodes of 2 digests.
func BenchmarkKeccak256Unpack(b *testing.B) { benchKeccakLayout(b, neon.Keccak256Unpack) }

func benchKeccakLayout(b *testing.B, convert func(dst, src []byte)) {
	src := kerneltest.Random(rand.New(rand.NewPCG(1, 1)), 9*32*neon.Keccak256Lanes)
	dst := make([]byte, len(src))
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		convert(dst, src)
	}
}
