package sha256const

import (
	"crypto/sha256"
	"encoding/binary"
	"math/bits"
	"testing"
)

// TestPadWKCompletesDigests checks K, IV, Schedule and PadWK together
// against crypto/sha256: compressing a 64-byte message and then running
// the rounds over PadWK must give SHA-256 of the message.
func TestPadWKCompletesDigests(t *testing.T) {
	for seed := range 8 {
		var msg [64]byte
		for i := range msg {
			msg[i] = byte(seed*131 + i*7)
		}
		s := IV
		var m [16]uint32
		for i := range m {
			m[i] = binary.BigEndian.Uint32(msg[4*i:])
		}
		var wk [64]uint32
		Schedule(&wk, &m)
		rounds(&s, &wk)
		rounds(&s, &PadWK)
		var got [32]byte
		for i, v := range s {
			binary.BigEndian.PutUint32(got[4*i:], v)
		}
		if want := sha256.Sum256(msg[:]); got != want {
			t.Fatalf("seed %d: %x, crypto/sha256 says %x", seed, got, want)
		}
	}
}

// rounds is a plain textbook compression, written independently of the
// kernels that use this package.
func rounds(s *[8]uint32, wk *[64]uint32) {
	a, b, c, d, e, f, g, h := s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]
	for i := range 64 {
		t1 := h + (bits.RotateLeft32(e, -6) ^ bits.RotateLeft32(e, -11) ^ bits.RotateLeft32(e, -25)) + ((e & f) ^ (^e & g)) + wk[i]
		t2 := (bits.RotateLeft32(a, -2) ^ bits.RotateLeft32(a, -13) ^ bits.RotateLeft32(a, -22)) + ((a & b) ^ (a & c) ^ (b & c))
		h, g, f, e, d, c, b, a = g, f, e, d+t1, c, b, a, t1+t2
	}
	for i, v := range [8]uint32{a, b, c, d, e, f, g, h} {
		s[i] += v
	}
}
