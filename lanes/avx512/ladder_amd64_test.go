//go:build !purego

package avx512_test

import (
	"bytes"
	"crypto/sha256"
	"math/rand/v2"
	"runtime"
	"strconv"
	"testing"

	"github.com/lanehash/lanehash/internal/cputime"

	"github.com/lanehash/lanehash/lanes/avx512"
)

// climbReference climbs every node of nodes through the levels of zero
// one node and one level at a time with crypto/sha256.
func climbReference(nodes, zero []byte) {
	var msg [64]byte
	for i := 0; i+32 <= len(nodes); i += 32 {
		for d := 0; d+32 <= len(zero); d += 32 {
			copy(msg[:32], nodes[i:i+32])
			copy(msg[32:], zero[d:d+32])
			h := sha256.Sum256(msg[:])
			copy(nodes[i:i+32], h[:])
		}
	}
}

// randomBytes returns n bytes of a PCG stream seeded by seed.
func randomBytes(seed uint64, n int) []byte {
	rng := rand.New(rand.NewPCG(seed, 2))
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(rng.Uint32())
	}
	return b
}

// ladderCounts are the node counts TestSHA256Ladder climbs: every count
// through one, two and four groups of 16 and past them (the one-group
// path for n ≤ 16, the two-group path for n ≤ 32 with a partial second
// group, and the pipeline of three groups or more, with a partial last
// group in its frame slot or without one), a block's 200 transactions,
// and longer pipelines.
func ladderCounts() []int {
	var counts []int
	for n := 0; n <= 70; n++ {
		counts = append(counts, n)
	}
	return append(counts, 96, 97, 200, 256, 257, 1000)
}

// TestSHA256Ladder climbs every count of ladderCounts through 0..12
// levels of arbitrary "zero" chunks inside a larger buffer, at offsets
// that put the nodes on a cache line's start, in its middle and off any
// word (the pipeline keeps its groups in word layout in the nodes
// themselves), and compares every node with crypto/sha256 run node by
// node and level by level, and the bytes around the nodes with their
// old value.
func TestSHA256Ladder(t *testing.T) {
	if !avx512.Supported() {
		t.Skip("CPU lacks AVX-512F/VL/BW (or the OS does not save its state)")
	}
	const margin = 64
	for _, n := range ladderCounts() {
		for levels := 0; levels <= 12; levels++ {
			for _, off := range []int{0, 32, 7} {
				buf := randomBytes(uint64(100*n+levels), 32*n+2*margin+off)
				zero := randomBytes(uint64(7*levels+1), 32*levels)
				at := margin + off
				want := bytes.Clone(buf)
				climbReference(want[at:at+32*n], zero)
				avx512.SHA256Ladder(buf[at:at+32*n], zero)
				if i := firstDiff(buf, want); i >= 0 {
					t.Fatalf("n=%d levels=%d offset %d: byte %d differs (nodes at %d..%d)", n, levels, off, i, at, at+32*n)
				}
			}
		}
	}
}

// TestSHA256LadderSpans climbs a few node counts around one group (the
// one-group path, full and partial), around the two-group path and
// around the pipeline's three and four groups over
// every span from ≤ to ≤ 64 of a table of 64 distinct chunks, against
// crypto/sha256: a level that took another level's chunk, or a level
// count off by one, shows.
func TestSHA256LadderSpans(t *testing.T) {
	if !avx512.Supported() {
		t.Skip("CPU lacks AVX-512F/VL/BW (or the OS does not save its state)")
	}
	const levels = 64
	table := randomBytes(64, 32*levels)
	counts := []int{1, 2, 8, 15, 16, 17, 24, 32, 33, 47, 48, 49, 65}
	if testing.Short() {
		counts = []int{1, 8, 16, 17, 33, 48}
	}
	for _, n := range counts {
		start := randomBytes(uint64(n), 32*n)
		for from := 0; from <= levels; from++ {
			want := bytes.Clone(start)
			for to := from; to <= levels; to++ {
				if to > from {
					climbReference(want, table[32*(to-1):32*to])
				}
				nodes := bytes.Clone(start)
				avx512.SHA256Ladder(nodes, table[32*from:32*to])
				if i := firstDiff(nodes, want); i >= 0 {
					t.Fatalf("n=%d levels %d..%d: byte %d differs", n, from, to, i)
				}
			}
		}
	}
}

// firstDiff returns the first index where a and b (of equal length)
// differ, or -1.
func firstDiff(a, b []byte) int {
	for i := range a {
		if a[i] != b[i] {
			return i
		}
	}
	return -1
}

// BenchmarkLadder measures SHA256Ladder per node count over 20 levels
// (a transaction's ladder in a block), reporting CPU time per ladder
// step: compare with BenchmarkSHA256Pairs' cpu-ns/pair.
func BenchmarkLadder(b *testing.B) {
	if !avx512.Supported() {
		b.Skip("CPU or OS lacks AVX-512 F, VL and BW")
	}
	const levels = 20
	for _, n := range []int{8, 16, 24, 32, 33, 48, 64, 128, 200, 1024} {
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
