//go:build !purego

package avx512

import (
	"crypto/sha256"
	"encoding/binary"
	"math/rand/v2"
)

// refPairs hashes pairs with crypto/sha256, the independent oracle.
func refPairs(src []byte) []byte {
	out := make([]byte, 0, len(src)/2)
	for i := 0; i+64 <= len(src); i += 64 {
		d := sha256.Sum256(src[i : i+64])
		out = append(out, d[:]...)
	}
	return out
}

// refPack builds lane layout from the contract's definition, word by word.
func refPack(src []byte) []byte {
	dst := make([]byte, len(src))
	for node := 0; node < len(src)/sha256NodeBytes; node++ {
		base := node * sha256NodeBytes
		for p := 0; p < SHA256Lanes; p++ {
			for j := 0; j < 8; j++ {
				w := binary.BigEndian.Uint32(src[base+32*p+4*j:])
				binary.NativeEndian.PutUint32(dst[base+4*(j*SHA256Lanes+p):], w)
			}
		}
	}
	return dst
}

func randomBytes(r *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}
