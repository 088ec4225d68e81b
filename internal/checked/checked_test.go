package checked

import (
	"math"
	"math/big"
	"testing"
)

// edges are the values where overflow bugs live: around 0, 2^32, 2^63 and
// 2^64.
var edges = []uint64{0, 1, 2, 7, 8, 31, 32, 255, 256,
	1<<32 - 1, 1 << 32, 1<<32 + 1,
	1<<63 - 1, 1 << 63, 1<<63 + 1,
	math.MaxUint64 - 255, math.MaxUint64 - 31, math.MaxUint64 - 1, math.MaxUint64}

// TestAgainstBigInt checks every helper on every pair of edge values
// against math/big, which cannot overflow.
func TestAgainstBigInt(t *testing.T) {
	max64 := new(big.Int).SetUint64(math.MaxUint64)
	maxInt := big.NewInt(math.MaxInt)
	for _, a := range edges {
		for _, b := range edges {
			A, B := new(big.Int).SetUint64(a), new(big.Int).SetUint64(b)
			sum := new(big.Int).Add(A, B)
			if s, ok := Add(a, b); ok != (sum.Cmp(max64) <= 0) || ok && s != sum.Uint64() {
				t.Errorf("Add(%d, %d) = %d, %v; want %s", a, b, s, ok, sum)
			}
			prod := new(big.Int).Mul(A, B)
			if p, ok := Mul(a, b); ok != (prod.Cmp(max64) <= 0) || ok && p != prod.Uint64() {
				t.Errorf("Mul(%d, %d) = %d, %v; want %s", a, b, p, ok, prod)
			}
			if b != 0 {
				q := new(big.Int).Add(A, new(big.Int).Sub(B, big.NewInt(1)))
				q.Div(q, B)
				if got := CeilDiv(a, b); got != q.Uint64() {
					t.Errorf("CeilDiv(%d, %d) = %d, want %s", a, b, got, q)
				}
			}
			if a <= math.MaxInt && b <= math.MaxInt {
				if s, ok := AddInt(int(a), int(b)); ok != (sum.Cmp(maxInt) <= 0) || ok && uint64(s) != sum.Uint64() {
					t.Errorf("AddInt(%d, %d) = %d, %v; want %s", a, b, s, ok, sum)
				}
				if p, ok := MulInt(int(a), int(b)); ok != (prod.Cmp(maxInt) <= 0) || ok && uint64(p) != prod.Uint64() {
					t.Errorf("MulInt(%d, %d) = %d, %v; want %s", a, b, p, ok, prod)
				}
			}
		}
		if n, ok := Int(a); ok != (a <= math.MaxInt) || ok && uint64(n) != a {
			t.Errorf("Int(%d) = %d, %v", a, n, ok)
		}
	}
	if CeilDiv(5, 0) != 0 {
		t.Error("CeilDiv by zero is not 0")
	}
	if _, ok := MulInt(-1, 2); ok {
		t.Error("MulInt accepted a negative factor")
	}
	if _, ok := AddInt(-1, 2); ok {
		t.Error("AddInt accepted a negative term")
	}
}

// TestShlAgainstBigInt checks Shl on every edge value and every shift
// from -1 to 65 against math/big: it succeeds exactly when the shifted
// value still fits 64 bits.
func TestShlAgainstBigInt(t *testing.T) {
	max64 := new(big.Int).SetUint64(math.MaxUint64)
	for _, x := range edges {
		for n := -1; n <= 65; n++ {
			got, ok := Shl(x, n)
			if n < 0 {
				if ok {
					t.Errorf("Shl(%d, %d) accepted a negative shift", x, n)
				}
				continue
			}
			want := new(big.Int).Lsh(new(big.Int).SetUint64(x), uint(n))
			if fits := want.Cmp(max64) <= 0; ok != fits || ok && got != want.Uint64() {
				t.Errorf("Shl(%d, %d) = %d, %v; want %s", x, n, got, ok, want)
			}
		}
	}
}
