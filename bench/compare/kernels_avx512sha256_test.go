//go:build amd64 && !purego && unix

package compare

import (
	"crypto/sha256"
	"math/rand/v2"
	"strconv"
	"syscall"
	"testing"
	_ "unsafe" // for go:linkname

	"github.com/lanehash/lanehash/lanes/avx512"
	"github.com/prysmaticlabs/gohashtree"
	"golang.org/x/sys/cpu"
)

// gohashtree picks its kernel in assembly from three unexported package
// variables, SHA-NI first. To time its AVX-512 (or AVX2) path on a CPU
// that also has SHA-NI, the benchmarks pull those variables in with a
// linkname directive and switch them for the duration of one
// sub-benchmark (gohashtreePath). A package may link a symbol only once, so the views
// are declared here, once, and the other kernel benchmark files of this
// package (kernels_avx2sha256_test.go) use gohashtreePath too. This is
// for measurement only: nothing outside the tests does it.
var (
	//go:linkname ghtHasShani github.com/prysmaticlabs/gohashtree.hasShani
	ghtHasShani bool
	//go:linkname ghtHasAVX512 github.com/prysmaticlabs/gohashtree.hasAVX512
	ghtHasAVX512 bool
	//go:linkname ghtHasAVX2 github.com/prysmaticlabs/gohashtree.hasAVX2
	ghtHasAVX2 bool
)

// gohashtreePath forces gohashtree onto one kernel ("shani", "avx512" or
// "avx2") and returns a function restoring its own choice.
func gohashtreePath(tb testing.TB, path string) (restore func()) {
	tb.Helper()
	shani, avx512, avx2 := ghtHasShani, ghtHasAVX512, ghtHasAVX2
	restore = func() { ghtHasShani, ghtHasAVX512, ghtHasAVX2 = shani, avx512, avx2 }
	var ok bool
	switch path {
	case "shani":
		ok = shani
		ghtHasAVX512, ghtHasAVX2 = false, false
	case "avx512":
		ok = avx512
		ghtHasShani, ghtHasAVX2 = false, false
	case "avx2":
		ok = avx2
		ghtHasShani, ghtHasAVX512 = false, false
	default:
		tb.Fatalf("gohashtreePath: unknown kernel %q", path)
	}
	if !ok {
		restore()
		tb.Skipf("gohashtree has no %s path on this CPU", path)
	}
	return restore
}

// avx512CPUTime returns the CPU time the process has used, in
// nanoseconds. The machine is shared: wall time per op includes waiting
// for a core and CPU time does not, so the benchmarks report both.
func avx512CPUTime() int64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}

// avx512Report reports wall and CPU time per unit (pair, validator) of a
// benchmark that started at process CPU time cpu0.
func avx512Report(b *testing.B, units int, unit string, cpu0 int64) {
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(units), "ns/"+unit)
	if cpu0 > 0 {
		b.ReportMetric(float64(avx512CPUTime()-cpu0)/float64(b.N)/float64(units), "cpu-ns/"+unit)
	}
}

func avx512Require(tb testing.TB) {
	tb.Helper()
	if !cpu.X86.HasAVX512F || !cpu.X86.HasAVX512VL || !cpu.X86.HasAVX512BW {
		tb.Skip("CPU lacks AVX-512 F/VL/BW")
	}
}

// avx512PairHashers are the pair kernels compared with lanehash's AVX-512 one.
var avx512PairHashers = []struct {
	name string
	path string // gohashtree kernel forced, if any
	hash func(dst, src []byte)
}{
	{"lanehash-avx512", "", avx512.SHA256Pairs},
	{"gohashtree-avx512", "avx512", avx512GohashtreePairs},
	{"gohashtree-shani", "shani", avx512GohashtreePairs},
	{"stdlib", "", avx512StdlibPairs},
}

func avx512GohashtreePairs(dst, src []byte) {
	if err := gohashtree.HashByteSlice(dst, src); err != nil {
		panic(err)
	}
}

func avx512StdlibPairs(dst, src []byte) {
	for i := 0; i < len(src)/64; i++ {
		d := sha256.Sum256(src[64*i : 64*i+64])
		copy(dst[32*i:], d[:])
	}
}

func avx512RandomChunks(n int) []byte {
	r := rand.New(rand.NewPCG(uint64(n), 1))
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

// TestAVX512SHA256PairsAgreesWithGohashtree checks, root for root, that
// the kernels compared below compute the same digests.
func TestAVX512SHA256PairsAgreesWithGohashtree(t *testing.T) {
	avx512Require(t)
	for _, n := range []int{1, 7, 16, 33, 1000} {
		src := avx512RandomChunks(64 * n)
		want := make([]byte, 32*n)
		avx512StdlibPairs(want, src)
		for _, h := range avx512PairHashers {
			func() {
				if h.path != "" {
					defer gohashtreePath(t, h.path)()
				}
				got := make([]byte, 32*n)
				h.hash(got, src)
				if string(got) != string(want) {
					t.Errorf("%s, %d pairs: digests differ from crypto/sha256", h.name, n)
				}
			}()
		}
	}
}

// BenchmarkAVX512SHA256Pairs compares pair kernels per call size; read it
// with benchstat -col /impl.
func BenchmarkAVX512SHA256Pairs(b *testing.B) {
	avx512Require(b)
	for _, n := range []int{1, 2, 4, 8, 12, 15, 16, 32, 256, 65536} {
		src := avx512RandomChunks(64 * n)
		dst := make([]byte, 32*n)
		for _, h := range avx512PairHashers {
			b.Run("pairs="+strconv.Itoa(n)+"/impl="+h.name, func(b *testing.B) {
				if h.path != "" {
					defer gohashtreePath(b, h.path)()
				}
				b.SetBytes(int64(64 * n))
				cpu0 := avx512CPUTime()
				for b.Loop() {
					h.hash(dst, src)
				}
				avx512Report(b, n, "pair", cpu0)
			})
		}
	}
}

// avx512ValidatorOps is a phase0 Validator's tree as lockstep ops: leaves 0, 1
// (pubkey) → 9; the 8 field roots 9, 2..8 → 10..13 → 14, 9 → 15.
var avx512ValidatorOps = []uint32{
	0, 1, 9,
	9, 2, 10, 3, 4, 11, 5, 6, 12, 7, 8, 13,
	10, 11, 14, 12, 13, 9,
	14, 9, 15,
}

// BenchmarkAVX512SHA256Lockstep times the Validator-shaped op list for 16
// instances (128 pairs per call) next to gohashtree's AVX-512 pair kernel
// at 65,536 pairs per call, its best case; compare the ns/pair columns.
func BenchmarkAVX512SHA256Lockstep(b *testing.B) {
	avx512Require(b)
	b.Run("impl=lanehash-lockstep", func(b *testing.B) {
		arena := avx512RandomChunks(16 * 512)
		pairs := len(avx512ValidatorOps) / 3 * avx512.SHA256Lanes
		b.SetBytes(int64(64 * pairs))
		cpu0 := avx512CPUTime()
		for b.Loop() {
			avx512.SHA256Lockstep(arena, avx512ValidatorOps)
		}
		avx512Report(b, pairs, "pair", cpu0)
	})
	const n = 65536
	src := avx512RandomChunks(64 * n)
	dst := make([]byte, 32*n)
	for _, h := range avx512PairHashers[:2] {
		b.Run("impl="+h.name+"-pairs65536", func(b *testing.B) {
			if h.path != "" {
				defer gohashtreePath(b, h.path)()
			}
			b.SetBytes(64 * n)
			cpu0 := avx512CPUTime()
			for b.Loop() {
				h.hash(dst, src)
			}
			avx512Report(b, n, "pair", cpu0)
		})
	}
}
