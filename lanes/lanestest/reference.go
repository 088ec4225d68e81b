package lanestest

import (
	"crypto/sha256"
	"fmt"
	"math/rand/v2"

	"github.com/lanehash/lanehash/lanes"
	"golang.org/x/crypto/sha3"
)

// Reference hashes the pairs of src one by one with the independent
// implementation of h (crypto/sha256, or x/crypto/sha3's legacy
// Keccak-256) and returns their digests, 32 bytes each.
func Reference(h lanes.Hash, src []byte) []byte {
	if len(src)%64 != 0 {
		panic(fmt.Sprintf("lanestest: Reference: len(src) = %d is not a multiple of 64", len(src)))
	}
	out := make([]byte, 0, len(src)/2)
	switch h {
	case lanes.SHA256:
		for i := 0; i < len(src); i += 64 {
			d := sha256.Sum256(src[i : i+64])
			out = append(out, d[:]...)
		}
	case lanes.Keccak256:
		k := sha3.NewLegacyKeccak256()
		for i := 0; i < len(src); i += 64 {
			k.Reset()
			k.Write(src[i : i+64])
			out = k.Sum(out)
		}
	default:
		panic(fmt.Sprintf("lanestest: Reference: unknown hash function %v", h))
	}
	return out
}

// randomBytes returns n bytes of a fixed pseudo-random stream chosen by
// seed, so every pair and every lane holds different data and failures
// reproduce.
func randomBytes(seed uint64, n int) []byte {
	b := make([]byte, n)
	fillRandom(seed, b)
	return b
}

func fillRandom(seed uint64, b []byte) {
	var s [32]byte
	s[0], s[1], s[2], s[3] = byte(seed), byte(seed>>8), byte(seed>>16), byte(seed>>24)
	s[4], s[5], s[6], s[7] = byte(seed>>32), byte(seed>>40), byte(seed>>48), byte(seed>>56)
	r := rand.NewChaCha8(s)
	_, _ = r.Read(b)
}

// firstDiff returns the index of the first 32-byte digest where got and
// want differ, or -1.
func firstDiff(got, want []byte) int {
	for i := 0; i+32 <= len(want); i += 32 {
		if i+32 > len(got) || string(got[i:i+32]) != string(want[i:i+32]) {
			return i / 32
		}
	}
	return -1
}
