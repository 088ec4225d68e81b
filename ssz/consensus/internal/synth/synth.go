// Package synth holds the deterministic random source shared by the
// synthetic data generators of the consensus fork packages.
package synth

import "math/rand/v2"

// The streams of the generators, so that data drawn with one seed for
// different purposes (a registry and its balances, say) is independent.
const (
	StreamValidators uint64 = iota + 1
	StreamBalances
	StreamPhase0State
	StreamFuluState
	StreamGloasState
	StreamElectraBlock
)

// New returns a deterministic generator for one seed and stream: the
// same pair gives the same values on every platform and Go release,
// because math/rand/v2 specifies PCG exactly.
func New(seed, stream uint64) *rand.Rand {
	return rand.New(rand.NewPCG(seed, stream))
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
