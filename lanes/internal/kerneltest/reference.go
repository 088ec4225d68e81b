package kerneltest

import (
	"crypto/sha256"
	"encoding/binary"
	"math/rand/v2"

	"golang.org/x/crypto/sha3"
)

// Keccak256 is the independent oracle for Keccak kernels: x/crypto's
// legacy Keccak-256 of pair.
func Keccak256(pair []byte) []byte {
	h := sha3.NewLegacyKeccak256()
	h.Write(pair)
	return h.Sum(nil)
}

// SHA256 is the independent oracle for SHA-256 kernels: crypto/sha256 of
// pair.
func SHA256(pair []byte) []byte {
	d := sha256.Sum256(pair)
	return d[:]
}

// Keccak256PackRef builds Keccak lane layout the slow way: word j of
// lane p of node k is the little-endian uint64 at byte 8j of chunk k·w+p,
// stored at byte 8·(j·w+p) of the node.
func Keccak256PackRef(w int, src []byte) []byte {
	size := 32 * w
	dst := make([]byte, len(src))
	for k := 0; k < len(src)/size; k++ {
		for p := 0; p < w; p++ {
			for j := 0; j < 4; j++ {
				word := binary.LittleEndian.Uint64(src[(k*w+p)*32+8*j:])
				binary.LittleEndian.PutUint64(dst[k*size+8*(j*w+p):], word)
			}
		}
	}
	return dst
}

// SHA256PackRef builds SHA-256 lane layout from its definition: word j of
// lane p is the host uint32 at byte 4·(j·w+p), holding the big-endian
// word j of chunk p.
func SHA256PackRef(w int, src []byte) []byte {
	size := 32 * w
	dst := make([]byte, len(src))
	for k := 0; k < len(src)/size; k++ {
		for p := 0; p < w; p++ {
			for j := 0; j < 8; j++ {
				word := binary.BigEndian.Uint32(src[k*size+32*p+4*j:])
				binary.NativeEndian.PutUint32(dst[k*size+4*(j*w+p):], word)
			}
		}
	}
	return dst
}

// RefPairs hashes each 64-byte pair of src with k.Ref: the digests
// k.Pairs must produce.
func (k *Kernel) RefPairs(src []byte) []byte {
	out := make([]byte, 0, len(src)/2)
	for i := 0; i+64 <= len(src); i += 64 {
		out = append(out, k.Ref(src[i:i+64])...)
	}
	return out
}

// Seeded returns n bytes from a generator seeded with seed, so a test
// can name its data by a number.
func Seeded(seed uint64, n int) []byte {
	return Random(rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)), n)
}

// Random returns n bytes drawn from r, so every pair and lane holds
// different data and a fixed seed reproduces a failure.
func Random(r *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

// FirstDiff returns the index of the first byte where a and b differ,
// the shorter length if one is a prefix of the other, or -1 if they are
// equal.
func FirstDiff(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	if len(a) != len(b) {
		return min(len(a), len(b))
	}
	return -1
}
