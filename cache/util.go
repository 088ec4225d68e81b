package cache

import (
	"strings"
)

// proofNormalize matches field names the way proof paths do: case and
// underscores ignored, so "effective_balance" names EffectiveBalance.
func proofNormalize(s string) string {
	return strings.ToLower(strings.ReplaceAll(s, "_", ""))
}

// scratchKeep is the size up to which scratch buffers are kept between
// updates; a larger one (the first root of a registry needs one entry per
// element) is dropped, so the steady state of small updates does not carry
// the first root's peak.
const scratchKeep = 1 << 20

func trimBytes(b []byte) []byte {
	if cap(b) > scratchKeep {
		return nil
	}
	return b[:0]
}

func trimInts(b []int) []int {
	if 8*cap(b) > scratchKeep {
		return nil
	}
	return b[:0]
}

// move32 copies the 32 bytes at src to dst. A [32]byte or [64]byte
// assignment between two slices compiles to a memmove call (the compiler
// cannot rule out overlap), which costs more than the copy itself for one
// chunk; 16-byte moves are inlined.
func move32(dst, src []byte) {
	*(*[16]byte)(dst) = *(*[16]byte)(src)
	*(*[16]byte)(dst[16:]) = *(*[16]byte)(src[16:])
}
