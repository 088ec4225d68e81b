package lanes_test

import (
	"testing"

	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/lanes/lanestest"
)

// fuzzSeeds are inputs of 0, 1, 17 and 40 pairs (and ragged lengths,
// whose partial last pair is dropped), so the corpus covers tails on
// every width.
func fuzzSeeds(f *testing.F) {
	for _, n := range []int{0, 1, 17, 40} {
		b := make([]byte, 64*n+n%7)
		for i := range b {
			b[i] = byte(i*31 + n)
		}
		f.Add(b)
	}
}

// FuzzSHA256Pairs compares every available SHA-256 kernel and the
// automatic one with crypto/sha256 on the same pairs.
func FuzzSHA256Pairs(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) { lanestest.Differential(t, lanes.SHA256, data) })
}

// FuzzKeccak256Pairs compares every available Keccak-256 kernel and the
// automatic one with x/crypto/sha3's legacy Keccak-256 on the same pairs.
func FuzzKeccak256Pairs(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) { lanestest.Differential(t, lanes.Keccak256, data) })
}
