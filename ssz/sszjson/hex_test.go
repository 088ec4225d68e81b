package sszjson

import (
	"encoding/binary"
	"encoding/hex"
	"math/rand/v2"
	"testing"
)

// TestHexWords holds the word-at-a-time hex checks and decoding to the
// byte-at-a-time ones: every byte at every place of a word of digits,
// and random words of digits.
func TestHexWords(t *testing.T) {
	base := []byte("0a9FfA3c")
	for c := range 256 {
		_, isHex := hexVal(byte(c))
		for at := range 8 {
			w := append([]byte(nil), base...)
			w[at] = byte(c)
			if got := hexWord(binary.LittleEndian.Uint64(w)); got != isHex {
				t.Fatalf("hexWord(%q) = %v", w, got)
			}
		}
	}
	r := rand.New(rand.NewPCG(1, 1))
	const digits = "0123456789abcdefABCDEF"
	for range 100000 {
		var w [8]byte
		for i := range w {
			w[i] = digits[r.IntN(len(digits))]
		}
		var want [4]byte
		hex.Decode(want[:], w[:])
		if got := decodeHexWord(binary.LittleEndian.Uint64(w[:])); got != binary.LittleEndian.Uint32(want[:]) {
			t.Fatalf("decodeHexWord(%q) = %#x, want % x", w, got, want)
		}
	}
}

// TestPlainString holds plainString to a byte-at-a-time scan: every
// byte at every place of strings of each length up to 20.
func TestPlainString(t *testing.T) {
	for n := range 20 {
		for c := range 256 {
			for at := range n {
				s := []byte(`"` + string(make([]byte, n)) + `"x`)
				for i := 1; i <= n; i++ {
					s[i] = 'a'
				}
				s[1+at] = byte(c)
				want := -1
				for j := 1; j < len(s); j++ {
					if s[j] == '"' {
						want = j + 1
						break
					}
					if s[j] == '\\' || s[j] < 0x20 {
						break
					}
				}
				if got := plainString(s, 0); got != want {
					t.Fatalf("plainString(%q) = %d, want %d", s, got, want)
				}
			}
		}
	}
}
