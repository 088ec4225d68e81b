package synth

import (
	"testing"
)

func TestStreamsAreIndependentAndRepeatable(t *testing.T) {
	a := New(7, StreamValidators).Uint64()
	if b := New(7, StreamValidators).Uint64(); a != b {
		t.Fatalf("same seed and stream gave %#x and %#x", a, b)
	}
	if b := New(7, StreamBalances).Uint64(); a == b {
		t.Fatalf("different streams both gave %#x", a)
	}
	if b := New(8, StreamValidators).Uint64(); a == b {
		t.Fatalf("different seeds both gave %#x", a)
	}
}

func TestFillCoversOddLengths(t *testing.T) {
	for _, n := range []int{0, 1, 7, 8, 9, 31, 33} {
		b := make([]byte, n+1)
		b[n] = 0xAA // guard byte past the requested length
		Fill(New(1, 1), b[:n])
		if b[n] != 0xAA {
			t.Fatalf("Fill(%d bytes) wrote past the end", n)
		}
		if n >= 8 && allZero(b[:n]) {
			t.Fatalf("Fill(%d bytes) left zeros", n)
		}
		// Later bytes continue the same 8-byte words, so a longer fill
		// starts with a shorter one.
		long := make([]byte, 40)
		Fill(New(1, 1), long)
		if string(long[:n]) != string(b[:n]) {
			t.Fatalf("Fill(%d) is not a prefix of Fill(40)", n)
		}
	}
}

func allZero(b []byte) bool {
	for _, x := range b {
		if x != 0 {
			return false
		}
	}
	return true
}
