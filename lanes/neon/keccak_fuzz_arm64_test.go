//go:build !purego

package neon_test

import (
	"bytes"
	"testing"

	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/lanes/lanestest"
	"github.com/lanehash/lanehash/lanes/neon"
)

// FuzzKeccak256Pairs compares the SHA3 kernel's Pairs, out of place and
// in place, with x/crypto's legacy Keccak-256 on the whole pairs of the
// input. The seeds (0, 1, 2, 3, 17 and 40 pairs, some with a ragged end
// that is dropped) cover the odd tail and both lanes.
func FuzzKeccak256Pairs(f *testing.F) {
	for _, n := range []int{0, 1, 2, 3, 17, 40} {
		b := make([]byte, 64*n+n%7)
		for i := range b {
			b[i] = byte(i*29 + n)
		}
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if !neon.Keccak256Supported() {
			t.Skip("CPU or OS lacks the ARMv8.2 SHA3 extension")
		}
		src := data[:len(data)/64*64]
		want := lanestest.Reference(lanes.Keccak256, src)
		dst := make([]byte, len(src)/2)
		neon.Keccak256Pairs(dst, src)
		if !bytes.Equal(dst, want) {
			t.Fatalf("%d pairs: digests differ from x/crypto", len(src)/64)
		}
		inPlace := bytes.Clone(src)
		neon.Keccak256Pairs(inPlace, inPlace)
		if !bytes.Equal(inPlace[:len(want)], want) {
			t.Fatalf("%d pairs in place: digests differ from x/crypto", len(src)/64)
		}
	})
}
