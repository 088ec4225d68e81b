package hostile

import (
	"crypto/sha256"
	"encoding/binary"
	"math"
	"math/big"
	"reflect"
	"strconv"
)

// Verdict is what the oracle expects of a shape: an error class, or a
// root.
type Verdict int

// The verdicts.
const (
	Accept   Verdict = iota // the type is valid and hashes
	Tag                     // rejected as a bad tag (ssz.ErrTag)
	Overflow                // rejected as too large (ssz.ErrOverflow)
)

// String is the verdict's name in test output: accept, or the
// sentinel the type is rejected with.
func (v Verdict) String() string {
	if names := [...]string{"accept", "ErrTag", "ErrOverflow"}; uint(v) < uint(len(names)) {
		return names[v]
	}
	return "Verdict(" + strconv.Itoa(int(v)) + ")"
}

// Expectation is the oracle's answer for one shape, computed with
// math/big and crypto/sha256 only, never with package ssz or
// internal/checked, so that it shares no arithmetic with the code it
// checks.
type Expectation struct {
	Verdict Verdict
	// ZeroRoot is the SHA-256 hash_tree_root of the zero value.
	ZeroRoot [32]byte
	fixed    bool
	size     *big.Int // fixed serialized size
}

var (
	bigMaxInt = big.NewInt(math.MaxInt)
	bigMax64  = new(big.Int).SetUint64(math.MaxUint64)
)

func bigU(v uint64) *big.Int { return new(big.Int).SetUint64(v) }

// bigCeilDiv is ⌈a/d⌉.
func bigCeilDiv(a *big.Int, d int64) *big.Int {
	q := new(big.Int).Add(a, big.NewInt(d-1))
	return q.Div(q, big.NewInt(d))
}

// depth is ⌈log2 n⌉ (0 for n ≤ 1).
func depth(n *big.Int) int {
	if n.Cmp(big.NewInt(1)) <= 0 {
		return 0
	}
	return new(big.Int).Sub(n, big.NewInt(1)).BitLen()
}

// Zero is the ladder of zero-subtree roots, z[0] the zero chunk and
// z[i+1] = H(z[i] ‖ z[i]), hashed here with crypto/sha256 directly.
var Zero = func() (z [65][32]byte) {
	for i := 1; i < len(z); i++ {
		z[i] = H(z[i-1], z[i-1])
	}
	return z
}()

// H is SHA-256 of two chunks.
func H(a, b [32]byte) [32]byte {
	var buf [64]byte
	copy(buf[:], a[:])
	copy(buf[32:], b[:])
	return sha256.Sum256(buf[:])
}

// mixIn is H(root ‖ uint256(n)).
func mixIn(root [32]byte, n uint64) [32]byte {
	var l [32]byte
	binary.LittleEndian.PutUint64(l[:], n)
	return H(root, l)
}

// Ladder is the root of a tree of depth d whose first leaf is c and all
// others zero: c hashed with z[0], z[1], … on the way up.
func Ladder(c [32]byte, d int) [32]byte {
	for i := 0; i < d; i++ {
		c = H(c, Zero[i])
	}
	return c
}

// repeated is the root of a depth-d tree whose first n leaves are r and
// the rest zero, by halving (not the level walk package ssz uses).
func repeated(r [32]byte, n *big.Int, d int) [32]byte {
	full := r
	fulls := []([32]byte){r}
	for i := 0; i < d; i++ {
		full = H(full, full)
		fulls = append(fulls, full)
	}
	var walk func(n *big.Int, d int) [32]byte
	walk = func(n *big.Int, d int) [32]byte {
		if n.Sign() == 0 {
			return Zero[d]
		}
		size := new(big.Int).Lsh(big.NewInt(1), uint(d))
		if n.Cmp(size) >= 0 {
			return fulls[d]
		}
		half := new(big.Int).Rsh(size, 1)
		if n.Cmp(half) <= 0 {
			return H(walk(n, d-1), Zero[d-1])
		}
		return H(fulls[d-1], walk(new(big.Int).Sub(n, half), d-1))
	}
	return walk(n, d)
}

// merkle is merkleize of a few chunks padded to the next power of two.
func merkle(chunks [][32]byte) [32]byte {
	d := depth(big.NewInt(int64(len(chunks))))
	level := append([][32]byte(nil), chunks...)
	for i := 0; i < d; i++ {
		if len(level)%2 == 1 {
			level = append(level, Zero[i])
		}
		next := make([][32]byte, len(level)/2)
		for j := range next {
			next[j] = H(level[2*j], level[2*j+1])
		}
		level = next
	}
	if len(level) == 0 {
		return Zero[d]
	}
	return level[0]
}

// packedChunks is the chunk count of n basic values of size bytes.
func packedChunks(n uint64, size uint64) *big.Int {
	return bigCeilDiv(new(big.Int).Mul(bigU(n), bigU(size)), 32)
}

// Expect derives the verdict and zero root of s, checking errors in the
// order the type builder meets them (outer length, then the element, then
// the sizes that combine them).
func Expect(s *Shape) Expectation {
	switch s.Kind {
	case Basic:
		return Expectation{fixed: true, size: bigU(s.Size)}
	case Vector:
		if s.N == 0 {
			return Expectation{Verdict: Tag}
		}
		if bigU(s.N).Cmp(bigMaxInt) > 0 {
			return Expectation{Verdict: Overflow}
		}
		e := Expect(s.Elem)
		if e.Verdict != Accept {
			return e
		}
		out := Expectation{fixed: e.fixed}
		if e.fixed {
			out.size = new(big.Int).Mul(bigU(s.N), e.size)
			if out.size.Cmp(bigMaxInt) > 0 {
				return Expectation{Verdict: Overflow}
			}
		}
		if s.Elem.Kind == Basic {
			out.ZeroRoot = Zero[depth(packedChunks(s.N, s.Elem.Size))]
		} else {
			out.ZeroRoot = repeated(e.ZeroRoot, bigU(s.N), depth(bigU(s.N)))
		}
		return out
	case List:
		e := Expect(s.Elem)
		if e.Verdict != Accept {
			return e
		}
		chunks := bigU(s.N)
		if s.Elem.Kind == Basic {
			chunks = packedChunks(s.N, s.Elem.Size)
		}
		return Expectation{ZeroRoot: mixIn(Zero[depth(chunks)], 0)}
	case Bitvector:
		bits := bigU(s.N)
		if s.ByBytes {
			if bigU(s.Bytes).Cmp(bigMaxInt) > 0 {
				return Expectation{Verdict: Overflow}
			}
			if bits = new(big.Int).Mul(bigU(s.Bytes), big.NewInt(8)); bits.Cmp(bigMax64) > 0 {
				return Expectation{Verdict: Overflow}
			}
		}
		if bits.Sign() == 0 {
			return Expectation{Verdict: Tag}
		}
		size := bigCeilDiv(bits, 8)
		if size.Cmp(bigMaxInt) > 0 {
			// A size by bits past an int: 2^61 bytes on a 32-bit host.
			return Expectation{Verdict: Overflow}
		}
		return Expectation{fixed: true, size: size, ZeroRoot: Zero[depth(bigCeilDiv(bits, 256))]}
	case Bitlist:
		return Expectation{ZeroRoot: mixIn(Zero[depth(bigCeilDiv(bigU(s.N), 256))], 0)}
	case ProgressiveList:
		e := Expect(s.Elem)
		if e.Verdict != Accept {
			return e
		}
		return Expectation{ZeroRoot: mixIn([32]byte{}, 0)}
	case Container:
		fixedPart := new(big.Int)
		fixed := true
		roots := make([][32]byte, len(s.Fields))
		for i, f := range s.Fields {
			e := Expect(f)
			if e.Verdict != Accept {
				return e
			}
			roots[i] = e.ZeroRoot
			if e.fixed {
				fixedPart.Add(fixedPart, e.size)
			} else {
				fixed = false
				fixedPart.Add(fixedPart, big.NewInt(4))
			}
		}
		if fixedPart.Cmp(bigMaxInt) > 0 {
			return Expectation{Verdict: Overflow}
		}
		return Expectation{fixed: fixed, size: fixedPart, ZeroRoot: merkle(roots)}
	}
	panic("hostile: unknown shape kind")
}

// Sample returns a value of s.Go with one element in every list and
// bitlist (and the zero value elsewhere, so that a huge vector stays an
// empty slice), and its SHA-256 root computed here. An accepted shape's
// value is small whatever its limits, so it exercises the deepest trees.
// Progressive lists stay empty: their tree order is the reference's
// business, checked by the spec vectors.
func Sample(s *Shape) (reflect.Value, [32]byte) {
	v := reflect.New(s.Go).Elem()
	switch s.Kind {
	case Basic:
		var c [32]byte
		switch s.Go.Kind() {
		case reflect.Bool:
			v.SetBool(true)
			c[0] = 1
		case reflect.Uint8:
			v.SetUint(0x2a)
			c[0] = 0x2a
		default:
			v.SetUint(0x0102030405060708)
			binary.LittleEndian.PutUint64(c[:], 0x0102030405060708)
		}
		return v, c
	case Vector:
		if s.Go.Kind() == reflect.Slice {
			return v, Expect(s).ZeroRoot
		}
		roots := make([][32]byte, s.Go.Len())
		var packed []byte
		for i := range roots {
			ev, r := Sample(s.Elem)
			v.Index(i).Set(ev)
			roots[i] = r
			packed = append(packed, r[:s.Elem.Size]...)
		}
		if s.Elem.Kind == Basic {
			var c [32]byte
			copy(c[:], packed)
			return v, c
		}
		return v, merkle(roots)
	case List:
		if s.N == 0 {
			return v, Expect(s).ZeroRoot
		}
		ev, r := Sample(s.Elem)
		v.Set(reflect.Append(v, ev))
		chunks := bigU(s.N)
		if s.Elem.Kind == Basic {
			chunks = packedChunks(s.N, s.Elem.Size)
		}
		return v, mixIn(Ladder(r, depth(chunks)), 1)
	case Bitlist:
		if s.N == 0 {
			v.SetBytes([]byte{0x01})
			return v, Expect(s).ZeroRoot
		}
		v.SetBytes([]byte{0x03})
		return v, mixIn(Ladder([32]byte{1}, depth(bigCeilDiv(bigU(s.N), 256))), 1)
	case Container:
		roots := make([][32]byte, len(s.Fields))
		for i, f := range s.Fields {
			fv, r := Sample(f)
			v.Field(i).Set(fv)
			roots[i] = r
		}
		return v, merkle(roots)
	}
	return v, Expect(s).ZeroRoot // Bitvector, ProgressiveList: zero
}
