//go:build !purego

package avx512_test

import (
	"crypto/sha256"
	"math/rand/v2"
	"runtime"
	"strconv"
	"testing"

	"github.com/lanehash/lanehash/internal/cputime"

	"github.com/lanehash/lanehash/lanes/avx512"
)

// TestSHA256Ladder climbs 0..70 nodes through 0..12 levels of arbitrary
// "zero" chunks and compares every node with crypto/sha256 run level by
// level, and the bytes past the nodes with their old value.
func TestSHA256Ladder(t *testing.T) {
	if !avx512.Supported() {
		t.Skip("CPU lacks AVX-512F/VL/BW (or the OS does not save its state)")
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for n := 0; n <= 70; n++ {
		for levels := 0; levels <= 12; levels++ {
			nodes := make([]byte, 32*n+64)
			for i := range nodes {
				nodes[i] = byte(rng.Uint32())
			}
			zero := make([]byte, 32*levels)
			for i := range zero {
				zero[i] = byte(rng.Uint32())
			}
			want := append([]byte(nil), nodes...)
			for i := 0; i < n; i++ {
				for d := 0; d < levels; d++ {
					h := sha256.Sum256(append(append([]byte(nil), want[32*i:32*i+32]...), zero[32*d:32*d+32]...))
					copy(want[32*i:], h[:])
				}
			}
			avx512.SHA256Ladder(nodes[:32*n], zero)
			for i := 0; i < n+2; i++ {
				if string(nodes[32*i:32*i+32]) != string(want[32*i:32*i+32]) {
					t.Fatalf("n=%d levels=%d: node %d differs", n, levels, i)
				}
			}
		}
	}
}

// BenchmarkLadder measures SHA256Ladder per node count over 20 levels
// (a transaction's ladder in a block), reporting CPU time per ladder
// step: compare with BenchmarkSHA256Pairs' cpu-ns/pair.
func BenchmarkLadder(b *testing.B) {
	if !avx512.Supported() {
		b.Skip("CPU or OS lacks AVX-512 F, VL and BW")
	}
	const levels = 20
	for _, n := range []int{8, 16, 24, 32, 200} {
		b.Run("nodes="+strconv.Itoa(n), func(b *testing.B) {
			nodes := make([]byte, 32*n)
			zero := make([]byte, 32*levels)
			for i := range zero {
				zero[i] = byte(i)
			}
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			start, ok := cputime.Thread()
			for b.Loop() {
				avx512.SHA256Ladder(nodes, zero)
			}
			if end, ok2 := cputime.Thread(); ok && ok2 {
				cpu := float64(end - start)
				b.ReportMetric(cpu/float64(b.N)/float64(n*levels), "cpu-ns/step")
			}
		})
	}
}
