package cache

import (
	"math"
	"testing"
)

// TestChunkCountNearMaxInt: chunkCount rounded up before dividing, so a
// count near the largest int (a bitvector of 2^31−1 bits on a 32-bit
// host) wrapped to a negative number of chunks.
func TestChunkCountNearMaxInt(t *testing.T) {
	bits := &packed{bits: true}
	for n, want := range map[int]int{0: 0, 1: 1, 256: 1, 257: 2, math.MaxInt: math.MaxInt/256 + 1, math.MaxInt - 255: math.MaxInt / 256} {
		if got := bits.chunkCount(n); got != want {
			t.Errorf("bits: chunkCount(%d) = %d, want %d", n, got, want)
		}
	}
	bytes := &packed{esize: 1}
	for n, want := range map[int]int{0: 0, 31: 1, 32: 1, 33: 2, math.MaxInt: math.MaxInt/32 + 1} {
		if got := bytes.chunkCount(n); got != want {
			t.Errorf("bytes: chunkCount(%d) = %d, want %d", n, got, want)
		}
	}
	words := &packed{esize: 8}
	if got, want := words.chunkCount(5), 2; got != want {
		t.Errorf("uint64s: chunkCount(5) = %d, want %d", got, want)
	}
}
