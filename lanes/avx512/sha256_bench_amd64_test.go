//go:build !purego

package avx512_test

import (
	"runtime"
	"strconv"
	"testing"

	"github.com/lanehash/lanehash/internal/cputime"
	"github.com/lanehash/lanehash/lanes/avx512"
)

// sha256PairCounts are the pair counts of BenchmarkSHA256Pairs: one
// group (16), a lone group plus part of a second (17..31), one and more
// pipelined groups, a remainder after them (200 = 12·16+8) and a batch
// past L1 (2048 pairs, 128 KB).
var sha256PairCounts = []int{1, 8, 16, 17, 20, 24, 31, 32, 48, 64, 200, 256, 2048}

// BenchmarkSHA256Pairs measures SHA256Pairs per pair count on hot
// buffers, reporting CPU time per call and per pair (the thread's CPU
// clock, which time slices lost to other processes do not inflate).
func BenchmarkSHA256Pairs(b *testing.B) {
	if !avx512.Supported() {
		b.Skip("CPU or OS lacks AVX-512 F, VL and BW")
	}
	for _, n := range sha256PairCounts {
		b.Run("pairs="+strconv.Itoa(n), func(b *testing.B) {
			src := make([]byte, 64*n)
			for i := range src {
				src[i] = byte(i)
			}
			dst := make([]byte, 32*n)
			b.SetBytes(int64(len(src)))
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			start, ok := cputime.Thread()
			for b.Loop() {
				avx512.SHA256Pairs(dst, src)
			}
			if end, ok2 := cputime.Thread(); ok && ok2 {
				cpu := float64(end - start)
				b.ReportMetric(cpu/float64(b.N), "cpu-ns/call")
				b.ReportMetric(cpu/float64(b.N)/float64(n), "cpu-ns/pair")
			}
		})
	}
}
