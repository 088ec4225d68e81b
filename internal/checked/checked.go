// Package checked is the one place lanehash does size, limit, count and
// offset arithmetic that could overflow: every such computation in ssz,
// sched, cache, proof and ssz/sszjson goes through these helpers, so a
// type or value whose sizes do not fit becomes an error instead of a
// wrapped number (a wrapped size turns a huge tag into a tiny buffer, a
// negative offset or a wrong root). plan's own counts (leafCount) are
// clamped below maxProgramLeaves+1 and cannot wrap.
//
// The helpers report success with a bool rather than an error: the
// caller knows which field and which tag the number came from, and names
// them in its own error.
package checked

import (
	"math"
	"math/bits"
)

// MaxInt is the largest count or byte size that fits a Go int on this
// platform, and so the largest length a slice, a make or an index can
// take. Sizes beyond it exist in SSZ but not in this process's memory.
const MaxInt = math.MaxInt

// MaxEncoded is the longest encoding of a value lanehash makes in
// memory (ssz's serialization, sszjson's JSON): 2 GiB on a 32-bit host,
// 2^47 bytes on a 64-bit one, under what any 64-bit Go runtime can map.
// Past it make would panic rather than fail, so an encoder refuses a
// value whose encoding would be longer, before it allocates.
const MaxEncoded = min(MaxInt, 1<<47)

// Add returns a+b, and false if the sum does not fit 64 bits.
func Add(a, b uint64) (uint64, bool) {
	s, carry := bits.Add64(a, b, 0)
	return s, carry == 0
}

// Mul returns a·b, and false if the product does not fit 64 bits.
func Mul(a, b uint64) (uint64, bool) {
	hi, lo := bits.Mul64(a, b)
	return lo, hi == 0
}

// SatAdd returns a+b, or the largest uint64 where the sum does not fit:
// a size that saturates is too large for any input it is compared with.
func SatAdd(a, b uint64) uint64 {
	if s, ok := Add(a, b); ok {
		return s
	}
	return math.MaxUint64
}

// SatMul returns a·b, saturating as SatAdd does.
func SatMul(a, b uint64) uint64 {
	if p, ok := Mul(a, b); ok {
		return p
	}
	return math.MaxUint64
}

// CeilDiv returns ⌈a/d⌉ for d > 0 without the overflow of (a+d-1)/d,
// which wraps for a within d-1 of 2^64 (a bitlist limit of 2^64-1 bits
// is 2^56 chunks, not 0). d == 0 returns 0.
func CeilDiv(a, d uint64) uint64 {
	if d == 0 {
		return 0
	}
	q := a / d
	if a%d != 0 {
		q++
	}
	return q
}

// Int converts v to int, and false if it does not fit (so that a later
// int(v) would wrap to a negative length).
func Int(v uint64) (int, bool) {
	if v > MaxInt {
		return 0, false
	}
	return int(v), true
}

// MulInt returns a·b for non-negative ints, and false if either is
// negative or the product does not fit an int.
func MulInt(a, b int) (int, bool) {
	if a < 0 || b < 0 {
		return 0, false
	}
	p, ok := Mul(uint64(a), uint64(b))
	if !ok || p > MaxInt {
		return 0, false
	}
	return int(p), true
}

// AddInt returns a+b for non-negative ints, and false if either is
// negative or the sum does not fit an int.
func AddInt(a, b int) (int, bool) {
	if a < 0 || b < 0 || a > MaxInt-b {
		return 0, false
	}
	return a + b, true
}

// Shl returns x<<n, and false if n is negative or a set bit of x would be
// shifted past bit 63 (Go's x<<n drops those bits, and gives 0 for n ≥ 64,
// without a word: a generalized index deeper than 63 levels would become
// a different, valid-looking index).
func Shl(x uint64, n int) (uint64, bool) {
	if n < 0 {
		return 0, false
	}
	if n >= 64 {
		return 0, x == 0
	}
	if x>>(64-n) != 0 { // for n == 0 this is x>>64, which Go defines as 0
		return 0, false
	}
	return x << n, true
}
