//go:build amd64 && !purego

package compare

import (
	"bytes"
	"crypto/sha256"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/klauspost/cpuid/v2"
	"github.com/lanehash/lanehash/lanes/shani"
	simd "github.com/minio/sha256-simd"
	"github.com/prysmaticlabs/gohashtree"
)

// shaniPairHashers are the one-pair-at-a-time SHA-NI hashers compared
// with lanehash's SHA-NI kernel. gohashtree takes its SHA-NI path
// whenever the CPU has SHA and AVX (it checks SHA-NI before AVX-512),
// and minio/sha256-simd's Sum256 uses SHA-NI when present.
var shaniPairHashers = []struct {
	name string
	hash func(dst, src []byte)
}{
	{"lanehash-shani", shani.SHA256Pairs},
	{"gohashtree", shaniGohashtreePairs},
	{"sha256-simd", shaniSimdPairs},
	{"stdlib", shaniStdlibPairs},
}

func shaniGohashtreePairs(dst, src []byte) {
	if err := gohashtree.HashByteSlice(dst[:len(src)/2], src); err != nil {
		panic(err)
	}
}

func shaniSimdPairs(dst, src []byte) {
	for i := 0; i+64 <= len(src); i += 64 {
		d := simd.Sum256(src[i : i+64])
		copy(dst[i/2:], d[:])
	}
}

func shaniStdlibPairs(dst, src []byte) {
	for i := 0; i+64 <= len(src); i += 64 {
		d := sha256.Sum256(src[i : i+64])
		copy(dst[i/2:], d[:])
	}
}

func shaniRequire(tb testing.TB) {
	tb.Helper()
	if !shani.Supported() {
		tb.Skip("CPU lacks SHA-NI (CPUID leaf 7 EBX bit 29) or SSSE3/SSE4.1")
	}
	if !cpuid.CPU.Supports(cpuid.SHA, cpuid.AVX) {
		tb.Skip("CPU lacks SHA or AVX, so gohashtree would not take its SHA-NI path")
	}
}

func shaniInput(n int) []byte {
	r := rand.New(rand.NewPCG(uint64(n), 3))
	src := make([]byte, 64*n)
	for i := range src {
		src[i] = byte(r.Uint32())
	}
	return src
}

// TestShaniPairsAgree checks every compared hasher digest for digest,
// so the benchmark compares equal work.
func TestShaniPairsAgree(t *testing.T) {
	shaniRequire(t)
	for _, n := range []int{1, 2, 3, 256, 1025} {
		src := shaniInput(n)
		want := make([]byte, 32*n)
		shaniStdlibPairs(want, src)
		for _, h := range shaniPairHashers {
			got := make([]byte, 32*n)
			h.hash(got, src)
			if !bytes.Equal(got, want) {
				t.Errorf("%s, %d pairs: digests differ from crypto/sha256", h.name, n)
			}
		}
	}
}

// BenchmarkShaniPairs times hashing n 64-byte pairs into n digests.
// Compare the impl columns with benchstat -col /impl.
func BenchmarkShaniPairs(b *testing.B) {
	shaniRequire(b)
	for _, n := range []int{1, 2, 256, 65536} {
		src := shaniInput(n)
		dst := make([]byte, 32*n)
		for _, h := range shaniPairHashers {
			b.Run("pairs="+strconv.Itoa(n)+"/impl="+h.name, func(b *testing.B) {
				b.SetBytes(int64(len(src)))
				for b.Loop() {
					h.hash(dst, src)
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/pair")
			})
		}
	}
}
