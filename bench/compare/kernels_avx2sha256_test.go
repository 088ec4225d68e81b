//go:build amd64 && !purego && unix

package compare

import (
	"bytes"
	"crypto/sha256"
	"math/rand/v2"
	"strconv"
	"syscall"
	"testing"
	"unsafe"

	"github.com/lanehash/lanehash/lanes/avx2"
	"github.com/prysmaticlabs/gohashtree"
	"golang.org/x/sys/cpu"
)

// gohashtree chooses its kernel in assembly from three unexported package
// variables set from CPUID: SHA-NI first, then AVX-512, then AVX2. On a
// CPU with SHA-NI its AVX2 path never runs, so for measurement only the
// benchmarks clear the SHA-NI and AVX-512 flags for the duration of one
// benchmark. The flags are reached with go:linkname, declared once for
// the package in kernels_avx512sha256_test.go (a package may link a
// symbol only once), through its helper gohashtreePath.

// avx2WithGohashtree runs f with gohashtree forced onto its AVX2 kernel
// and restores its flags afterwards.
func avx2WithGohashtree(tb testing.TB, f func()) {
	tb.Helper()
	restore := gohashtreePath(tb, "avx2")
	defer restore()
	f()
}

var avx2PairCounts = []int{1, 2, 4, 8, 16, 32, 256, 65536}

// avx2Pairs are the contenders of BenchmarkAVX2SHA256Pairs; each hashes
// len(src)/64 pairs of src into dst.
var avx2Pairs = []struct {
	name string
	run  func(tb testing.TB, dst, src []byte, f func(func()))
}{
	{"lanehash-avx2", func(_ testing.TB, dst, src []byte, f func(func())) {
		f(func() { avx2.SHA256Pairs(dst, src) })
	}},
	{"gohashtree-avx2", func(tb testing.TB, dst, src []byte, f func(func())) {
		d, s := avx2AsChunks(dst), avx2AsChunks(src)
		avx2WithGohashtree(tb, func() { f(func() { gohashtree.HashChunks(d, s) }) })
	}},
	{"gohashtree-default", func(_ testing.TB, dst, src []byte, f func(func())) {
		d, s := avx2AsChunks(dst), avx2AsChunks(src)
		f(func() { gohashtree.HashChunks(d, s) })
	}},
}

// avx2AsChunks views b as 32-byte chunks, the form gohashtree takes.
func avx2AsChunks(b []byte) [][32]byte {
	return unsafe.Slice((*[32]byte)(unsafe.Pointer(unsafe.SliceData(b))), len(b)/32)
}

func requireAVX2SHA256(tb testing.TB) {
	tb.Helper()
	if !cpu.X86.HasAVX2 {
		tb.Skip("CPU lacks AVX2")
	}
}

// TestAVX2SHA256Contenders checks that every contender of the benchmark,
// gohashtree's forced AVX2 path included, computes crypto/sha256 digests,
// so the benchmark compares equal work.
func TestAVX2SHA256Contenders(t *testing.T) {
	requireAVX2SHA256(t)
	for _, n := range []int{1, 7, 8, 9, 33} {
		src := avx2RandomPairs(uint64(n), n)
		var want []byte
		for i := 0; i < n; i++ {
			d := sha256.Sum256(src[64*i : 64*i+64])
			want = append(want, d[:]...)
		}
		for _, c := range avx2Pairs {
			dst := make([]byte, 32*n)
			c.run(t, dst, src, func(hash func()) { hash() })
			if !bytes.Equal(dst, want) {
				t.Errorf("%s with %d pairs: wrong digests", c.name, n)
			}
		}
	}
}

// BenchmarkAVX2SHA256Pairs compares lanehash's AVX2 kernel with
// gohashtree's AVX2 path (forced, see above) and its default choice
// (SHA-NI here) in one run. Compare with
// benchstat -col /impl over the output.
func BenchmarkAVX2SHA256Pairs(b *testing.B) {
	requireAVX2SHA256(b)
	for _, n := range avx2PairCounts {
		src := avx2RandomPairs(uint64(n), n)
		dst := make([]byte, 32*n)
		for _, c := range avx2Pairs {
			b.Run("pairs="+strconv.Itoa(n)+"/impl="+c.name, func(b *testing.B) {
				b.SetBytes(int64(64 * n))
				c.run(b, dst, src, func(hash func()) {
					cpu0 := avx2CPUTime()
					for b.Loop() {
						hash()
					}
					avx2PerPair(b, n, cpu0)
				})
			})
		}
	}
}

// avx2ValidatorOps is a phase0 Validator's tree as a lockstep op list:
// leaves 0, 1 are the pubkey chunks, 2..8 the other fields, 16 the root.
var avx2ValidatorOps = []uint32{
	0, 1, 9,
	9, 2, 10, 3, 4, 11, 5, 6, 12, 7, 8, 13,
	10, 11, 14, 12, 13, 15,
	14, 15, 16,
}

// BenchmarkAVX2SHA256Lockstep times 8 Validator trees in lockstep, 64
// pairs per call; its ns/pair compares with the Pairs benchmark above.
func BenchmarkAVX2SHA256Lockstep(b *testing.B) {
	requireAVX2SHA256(b)
	arena := make([]byte, 17*256)
	copy(arena, avx2RandomPairs(3, 9*4))
	cpu0 := avx2CPUTime()
	for b.Loop() {
		avx2.SHA256Lockstep(arena, avx2ValidatorOps)
	}
	avx2PerPair(b, 64, cpu0)
}

func avx2RandomPairs(seed uint64, n int) []byte {
	r := rand.New(rand.NewPCG(seed, 1))
	b := make([]byte, 64*n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

// avx2PerPair reports wall time and CPU time per pair. The machine is
// shared, so wall time includes waiting for a core; the process CPU time
// since cpu0 (an avx2CPUTime reading before the loop) does not.
func avx2PerPair(b *testing.B, pairs int, cpu0 int64) {
	per := float64(b.N) * float64(pairs)
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/per, "ns/pair")
	if cpu1 := avx2CPUTime(); cpu0 > 0 && cpu1 > 0 {
		b.ReportMetric(float64(cpu1-cpu0)/per, "cpu-ns/pair")
	}
}

// avx2CPUTime returns the process's user+system CPU time in nanoseconds,
// or 0 if it cannot be read.
func avx2CPUTime() int64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
