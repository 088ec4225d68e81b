package progressive

import (
	"math"
	"testing"
)

// TestLocate walks the subtrees one by one (the spec's definition: each
// holds four times the chunks of the one before) and checks that every
// boundary chunk, and the chunks beside it, are located there.
func TestLocate(t *testing.T) {
	start, size := uint64(0), uint64(1)
	for k := 0; k <= 32; k++ {
		if got := Start(k); got != start {
			t.Fatalf("Start(%d) = %d, want %d", k, got, start)
		}
		for _, c := range []uint64{start, start + 1, start + size/2, start + size - 1} {
			if c < start || c-start >= size {
				continue
			}
			if gk, off := Locate(c); gk != k || off != c-start {
				t.Errorf("Locate(%d) = %d, %d, want %d, %d", c, gk, off, k, c-start)
			}
		}
		end := start + size // wraps once, after subtree 32
		if k == 32 {
			break
		}
		start, size = end, 4*size
	}
	if k, _ := Locate(math.MaxUint64); k != 32 {
		t.Errorf("Locate(MaxUint64) in subtree %d, want 32", k)
	}
	if Start(33) != math.MaxUint64 {
		t.Errorf("Start(33) = %d, want saturation", Start(33))
	}
}

// TestLocateSmall checks the first 10,000 chunks against a loop over the
// subtrees.
func TestLocateSmall(t *testing.T) {
	for c := uint64(0); c < 10000; c++ {
		k, start, size := 0, uint64(0), uint64(1)
		for c >= start+size {
			start, size, k = start+size, 4*size, k+1
		}
		if gk, off := Locate(c); gk != k || off != c-start {
			t.Fatalf("Locate(%d) = %d, %d, want %d, %d", c, gk, off, k, c-start)
		}
	}
}
