package sszjson

import (
	"encoding/binary"
	"encoding/hex"
	"math/rand/v2"
	"strconv"
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

// TestDecimal holds decimal's eight digits at a time to strconv, on
// runs of every length up to 25 digits, and to its own refusals.
func TestDecimal(t *testing.T) {
	r := rand.New(rand.NewPCG(2, 2))
	for range 200000 {
		n := 1 + r.IntN(25)
		s := make([]byte, n, n+1)
		for i := range s {
			s[i] = byte('0' + r.IntN(10))
		}
		if r.IntN(2) == 0 {
			s = append(s, '"')
		}
		x, j, ok := decimal(s, 0)
		digits := min(n, 20)
		want, err := strconv.ParseUint(string(s[:digits]), 10, 64)
		if j != digits && ok || ok != (err == nil) || ok && x != want {
			t.Fatalf("decimal(%q) = %d, %d, %v; want %d (%v)", s, x, j, ok, want, err)
		}
	}
}
