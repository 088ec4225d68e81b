// Package synth holds the deterministic random source shared by the
// synthetic data generators of the consensus fork packages.
package synth

import "math/rand/v2"

// New returns a deterministic generator: the same seed gives the same
// stream on every platform and Go release, because math/rand/v2
// specifies PCG exactly.
func New(seed uint64) *rand.Rand {
	return rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
}

// Fill fills b with bytes from r.
func Fill(r *rand.Rand, b []byte) {
	for i := 0; i < len(b); i += 8 {
		v := r.Uint64()
		for j := i; j < len(b) && j < i+8; j++ {
			b[j] = byte(v)
			v >>= 8
		}
	}
}

// Bytes32 returns 32 bytes from r.
func Bytes32(r *rand.Rand) [32]byte {
	var b [32]byte
	Fill(r, b[:])
	return b
}

// Roots returns n random 32-byte values of any named [32]byte type.
func Roots[T ~[32]byte](r *rand.Rand, n int) []T {
	out := make([]T, n)
	for i := range out {
		out[i] = Bytes32(r)
	}
	return out
}
