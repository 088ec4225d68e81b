//go:build !purego

package avx512

import (
	"encoding/binary"
	"math/rand/v2"
	"testing"

	"golang.org/x/crypto/sha3"
	"golang.org/x/sys/cpu"
)

const keccakW = Keccak256Lanes

func requireKeccakCPU(tb testing.TB) {
	tb.Helper()
	if !cpu.X86.HasAVX512F || !cpu.X86.HasAVX512VL || !cpu.X86.HasAVX512BW {
		tb.Skip("CPU or OS lacks AVX-512 F/VL/BW")
	}
}

// keccakRef is the independent oracle: x/crypto's legacy Keccak-256.
func keccakRef(p []byte) []byte {
	h := sha3.NewLegacyKeccak256()
	h.Write(p)
	return h.Sum(nil)
}

func keccakRandom(r *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

// keccakPackRef builds lane layout the slow way: word j of lane p of node k is
// the little-endian uint64 at byte 8j of chunk k·W+p.
func keccakPackRef(src []byte) []byte {
	dst := make([]byte, len(src))
	for k := 0; k < len(src)/keccak256NodeBytes; k++ {
		for p := 0; p < keccakW; p++ {
			for j := 0; j < 4; j++ {
				w := binary.LittleEndian.Uint64(src[(k*keccakW+p)*32+8*j:])
				binary.LittleEndian.PutUint64(dst[k*keccak256NodeBytes+8*(j*keccakW+p):], w)
			}
		}
	}
	return dst
}
