//go:build amd64 && !purego && unix

package compare

import (
	"bytes"
	"math/rand/v2"
	"strconv"
	"syscall"
	"testing"

	"github.com/lanehash/lanehash/lanes/avx2"
	"github.com/lanehash/lanehash/lanes/avx512"
	"golang.org/x/crypto/sha3"
	"golang.org/x/sys/cpu"
)

var keccakPairCounts = []int{1, 2, 4, 8, 16, 32, 256, 65536}

// keccakContenders are the contenders of BenchmarkKeccak256Pairs; each
// hashes len(src)/64 pairs of src into dst with legacy Keccak-256.
// x/crypto/sha3 is the only Go Keccak-256 among the comparison
// libraries; the kernels are skipped on a CPU without their features.
var keccakContenders = []struct {
	name  string
	avail func() bool
	pairs func(dst, src []byte)
}{
	{"lanehash-avx512x8", hasAVX512Keccak, avx512.Keccak256Pairs},
	{"lanehash-avx2x4", func() bool { return cpu.X86.HasAVX2 }, avx2.Keccak256Pairs},
	{"xcrypto-sha3", func() bool { return true }, xcryptoKeccakPairs},
}

func hasAVX512Keccak() bool {
	return cpu.X86.HasAVX512F && cpu.X86.HasAVX512VL && cpu.X86.HasAVX512BW
}

// xcryptoKeccakPairs hashes pair by pair with one reused x/crypto hasher.
func xcryptoKeccakPairs(dst, src []byte) {
	h := sha3.NewLegacyKeccak256()
	for i := 0; i < len(src)/64; i++ {
		h.Reset()
		h.Write(src[64*i : 64*i+64])
		h.Sum(dst[32*i : 32*i])
	}
}

// TestKeccak256Contenders checks that every contender computes the same
// digests as a fresh x/crypto hasher per pair, so the benchmark compares
// equal work.
func TestKeccak256Contenders(t *testing.T) {
	for _, n := range []int{1, 3, 4, 7, 8, 9, 33} {
		src := keccakRandomPairs(uint64(n), n)
		var want []byte
		for i := 0; i < n; i++ {
			h := sha3.NewLegacyKeccak256()
			h.Write(src[64*i : 64*i+64])
			want = h.Sum(want)
		}
		for _, c := range keccakContenders {
			if !c.avail() {
				t.Logf("%s: skipped, CPU lacks its features", c.name)
				continue
			}
			dst := make([]byte, 32*n)
			c.pairs(dst, src)
			if !bytes.Equal(dst, want) {
				t.Errorf("%s with %d pairs: wrong digests", c.name, n)
			}
		}
	}
}

// BenchmarkKeccak256Pairs compares lanehash's Keccak-256 kernels with
// x/crypto/sha3 in one run. Compare with benchstat -col /impl.
func BenchmarkKeccak256Pairs(b *testing.B) {
	for _, n := range keccakPairCounts {
		src := keccakRandomPairs(uint64(n), n)
		dst := make([]byte, 32*n)
		for _, c := range keccakContenders {
			b.Run("pairs="+strconv.Itoa(n)+"/impl="+c.name, func(b *testing.B) {
				if !c.avail() {
					b.Skip("CPU lacks the features of " + c.name)
				}
				b.SetBytes(int64(64 * n))
				cpu0 := keccakCPUTime()
				for b.Loop() {
					c.pairs(dst, src)
				}
				keccakReport(b, n, cpu0)
			})
		}
	}
}

// keccakValidatorOps is a phase0 Validator's tree as a lockstep op list:
// leaves 0, 1 are the pubkey chunks, 2..8 the other fields, 16 the root.
var keccakValidatorOps = []uint32{
	0, 1, 9,
	9, 2, 10, 3, 4, 11, 5, 6, 12, 7, 8, 13,
	10, 11, 14, 12, 13, 15,
	14, 15, 16,
}

// BenchmarkKeccak256Lockstep times W Validator trees in lockstep (8 ops,
// 8·W pairs per call) on each kernel; its ns/pair compares with the
// Pairs benchmark above.
func BenchmarkKeccak256Lockstep(b *testing.B) {
	kernels := []struct {
		name     string
		avail    func() bool
		width    int
		lockstep func(arena []byte, ops []uint32)
	}{
		{"lanehash-avx512x8", hasAVX512Keccak, avx512.Keccak256Lanes, avx512.Keccak256Lockstep},
		{"lanehash-avx2x4", func() bool { return cpu.X86.HasAVX2 }, avx2.Keccak256Lanes, avx2.Keccak256Lockstep},
	}
	for _, k := range kernels {
		b.Run("impl="+k.name, func(b *testing.B) {
			if !k.avail() {
				b.Skip("CPU lacks the features of " + k.name)
			}
			arena := make([]byte, 17*32*k.width)
			copy(arena, keccakRandomPairs(5, 9*k.width/2))
			pairs := len(keccakValidatorOps) / 3 * k.width
			cpu0 := keccakCPUTime()
			for b.Loop() {
				k.lockstep(arena, keccakValidatorOps)
			}
			keccakReport(b, pairs, cpu0)
		})
	}
}

// keccakReport reports wall time per pair and process CPU time per pair
// since cpu0. On a machine shared with other jobs the wall time includes
// time spent waiting for a core; the CPU time does not.
func keccakReport(b *testing.B, pairs int, cpu0 int64) {
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(pairs), "ns/pair")
	b.ReportMetric(float64(keccakCPUTime()-cpu0)/float64(b.N)/float64(pairs), "cpu-ns/pair")
}

// keccakCPUTime returns the CPU time the process has used, in nanoseconds.
func keccakCPUTime() int64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}

func keccakRandomPairs(seed uint64, n int) []byte {
	r := rand.New(rand.NewPCG(seed, 2))
	b := make([]byte, 64*n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}
