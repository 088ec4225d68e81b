package proof_test

import (
	"errors"
	"fmt"
	"math/big"
	"strconv"
	"strings"
	"testing"

	"github.com/lanehash/lanehash/proof"
	"github.com/lanehash/lanehash/ssz"
)

// This file checks GIndexOf against an independent computation in
// math/big, which cannot wrap, on random type shapes (built as ssz.Type
// values directly, so that shapes no Go type could carry, such as a vector
// of 2^64-1 chunks, are covered too) and random paths through them.

// fuzzBytes hands out the fuzzer's bytes, then zeros.
type fuzzBytes []byte

func (b *fuzzBytes) next() byte {
	if len(*b) == 0 {
		return 0
	}
	c := (*b)[0]
	*b = (*b)[1:]
	return c
}

// sizes are the counts where index arithmetic breaks: around powers of
// two, 4^k progressive boundaries, 2^63 and 2^64.
var sizes = []uint64{0, 1, 2, 3, 4, 5, 7, 8, 16, 20, 21, 31, 32, 33, 85, 255, 256, 257, 341, 1024,
	1 << 20, 1<<32 - 1, 1 << 32, 1 << 40, 1<<40 + 1, 1 << 56, 1 << 62, 1<<63 - 1, 1 << 63, 1<<63 + 1,
	1<<64 - 257, 1<<64 - 2, 1<<64 - 1}

// count is an edge size, or with the high bit of the selector a size
// from eight fuzz bytes.
func (b *fuzzBytes) count() uint64 {
	s := b.next()
	if s&0x80 == 0 {
		return sizes[int(s)%len(sizes)]
	}
	var v uint64
	for range 8 {
		v = v<<8 | uint64(b.next())
	}
	return v
}

var basics = []struct {
	kind ssz.Kind
	size uint64
}{{ssz.KindBool, 1}, {ssz.KindUint8, 1}, {ssz.KindUint16, 2}, {ssz.KindUint32, 4},
	{ssz.KindUint64, 8}, {ssz.KindUint128, 16}, {ssz.KindUint256, 32}}

// randType builds a type shape from the fuzz bytes, at most depth levels
// of composites deep.
func randType(b *fuzzBytes, depth int) *ssz.Type {
	k := int(b.next() % 10)
	if depth == 0 {
		k = 0
	}
	switch k {
	case 1:
		return &ssz.Type{Kind: ssz.KindVector, Elem: randType(b, depth-1), Length: max(b.count(), 1)}
	case 2:
		return &ssz.Type{Kind: ssz.KindList, Elem: randType(b, depth-1), Limit: b.count()}
	case 3:
		return &ssz.Type{Kind: ssz.KindBitvector, Length: max(b.count(), 1)}
	case 4:
		return &ssz.Type{Kind: ssz.KindBitlist, Limit: b.count()}
	case 5:
		return &ssz.Type{Kind: ssz.KindProgressiveList, Elem: randType(b, depth-1)}
	case 6:
		return &ssz.Type{Kind: ssz.KindProgressiveBitlist}
	case 7, 8:
		t := &ssz.Type{Kind: ssz.KindContainer}
		n := 1 + int(b.next()%9)
		for i := range n {
			t.Fields = append(t.Fields, ssz.Field{Name: "F" + strconv.Itoa(i), Type: randType(b, depth-1)})
		}
		return t
	case 9:
		t := &ssz.Type{Kind: ssz.KindProgressiveContainer}
		n := 1 + int(b.next()%9)
		for i := range n {
			for range b.next() % 3 {
				t.ActiveFields = append(t.ActiveFields, false)
			}
			t.ActiveFields = append(t.ActiveFields, true)
			t.Fields = append(t.Fields, ssz.Field{Name: "F" + strconv.Itoa(i), Type: randType(b, depth-1)})
		}
		return t
	}
	bt := basics[int(b.next())%len(basics)]
	return &ssz.Type{Kind: bt.kind, Fixed: true, Size: bt.size}
}

// want is the oracle's verdict on one path: an index, or the class of
// error GIndexOf must return.
type want struct {
	g        *big.Int
	bad      bool // ErrPath
	overflow bool // ErrPath and ErrOverflow
}

var two64 = new(big.Int).Lsh(big.NewInt(1), 64)

// ceilLog2 is the depth of a binary tree of n leaves.
func ceilLog2(n *big.Int) uint {
	d := uint(0)
	for new(big.Int).Lsh(big.NewInt(1), d).Cmp(n) < 0 {
		d++
	}
	return d
}

// below returns g's descendant at depth d and position pos under it.
func below(g *big.Int, d uint, pos *big.Int) *big.Int {
	return new(big.Int).Add(new(big.Int).Lsh(g, d), pos)
}

// progressive returns the node of chunk c under the data root g of a
// progressive tree, as merkleize_progressive builds it: at each spine
// node a subtree of 1, 4, 16, … chunks on the left, the rest on the right.
func progressive(g *big.Int, c *big.Int) *big.Int {
	g, c = new(big.Int).Set(g), new(big.Int).Set(c)
	leaves := big.NewInt(1)
	for c.Cmp(leaves) >= 0 {
		c.Sub(c, leaves)
		g = below(g, 1, big.NewInt(1))
		leaves.Lsh(leaves, 2)
	}
	return below(below(g, 1, big.NewInt(0)), ceilLog2(leaves), c)
}

// randPath walks t with steps drawn from the fuzz bytes, mostly valid
// ones, and returns the path and what GIndexOf must answer.
func randPath(b *fuzzBytes, t *ssz.Type) (string, want) {
	var sb strings.Builder
	g := big.NewInt(1)
	field := func(name string) {
		if sb.Len() > 0 {
			sb.WriteByte('.')
		}
		sb.WriteString(name)
	}
	for range b.next() % 6 {
		sel := b.next()
		if t == nil || t.IsBasic() {
			if sel&1 == 0 {
				field("X")
			} else {
				fmt.Fprintf(&sb, "[%d]", sel)
			}
			return sb.String(), want{bad: true}
		}
		switch t.Kind {
		case ssz.KindContainer, ssz.KindProgressiveContainer:
			if sel%16 == 0 {
				field("Nope")
				return sb.String(), want{bad: true}
			}
			fi := int(b.next()) % len(t.Fields)
			field(t.Fields[fi].Name)
			if t.Kind == ssz.KindContainer {
				g = below(g, ceilLog2(big.NewInt(int64(len(t.Fields)))), big.NewInt(int64(fi)))
			} else {
				pos, seen := 0, 0
				for ; ; pos++ {
					if t.ActiveFields[pos] {
						if seen == fi {
							break
						}
						seen++
					}
				}
				g = progressive(below(g, 1, big.NewInt(0)), big.NewInt(int64(pos)))
			}
			t = t.Fields[fi].Type
		default:
			vector := t.Kind == ssz.KindVector || t.Kind == ssz.KindBitvector
			if sel%8 == 0 {
				field(proof.LengthStep)
				if vector {
					return sb.String(), want{bad: true}
				}
				g = below(g, 1, big.NewInt(1))
				t = nil
				break
			}
			idx := b.count()
			if sel%8 == 1 { // an index near the end, or just past it
				switch t.Kind {
				case ssz.KindVector, ssz.KindBitvector:
					idx = t.Length - uint64(b.next()%3) + 1
				case ssz.KindList, ssz.KindBitlist:
					idx = t.Limit - uint64(b.next()%3) + 1
				}
			}
			fmt.Fprintf(&sb, "[%d]", idx)
			n := new(big.Int).SetUint64(t.Length)
			if t.Kind == ssz.KindList || t.Kind == ssz.KindBitlist {
				n.SetUint64(t.Limit)
			}
			progressiveKind := t.Kind == ssz.KindProgressiveList || t.Kind == ssz.KindProgressiveBitlist
			if !progressiveKind && idx >= n.Uint64() {
				return sb.String(), want{bad: true}
			}
			// Chunks hold 256 bits, or 32 bytes of basic elements; the
			// tree's leaves are the chunks n elements fill.
			perChunk, elem := uint64(1), t.Elem
			switch {
			case t.Elem == nil:
				perChunk, elem = 256, nil
			case t.Elem.IsBasic():
				perChunk, elem = 32/t.Elem.Size, nil
			}
			chunk := new(big.Int).SetUint64(idx / perChunk)
			leaves := new(big.Int).Div(new(big.Int).Add(n, new(big.Int).SetUint64(perChunk-1)), new(big.Int).SetUint64(perChunk))
			switch {
			case progressiveKind:
				g = progressive(below(g, 1, big.NewInt(0)), chunk)
			case vector:
				g = below(g, ceilLog2(leaves), chunk)
			default:
				g = below(below(g, 1, big.NewInt(0)), ceilLog2(leaves), chunk)
			}
			t = elem
		}
		if g.Cmp(two64) >= 0 {
			return sb.String(), want{overflow: true}
		}
	}
	return sb.String(), want{g: g}
}

// checkOracle compares GIndexOf with the oracle on one path.
func checkOracle(t *testing.T, typ *ssz.Type, path string, w want) {
	t.Helper()
	got, err := proof.GIndexOf(typ, path)
	switch {
	case w.g != nil:
		if err != nil || new(big.Int).SetUint64(uint64(got)).Cmp(w.g) != 0 {
			t.Fatalf("%q: %d, %v; want %s", path, got, err, w.g)
		}
	case w.overflow:
		if !errors.Is(err, proof.ErrOverflow) || !errors.Is(err, proof.ErrPath) {
			t.Fatalf("%q: %d, %v; want ErrPath and ErrOverflow", path, got, err)
		}
	default:
		var pe *proof.PathError
		if !errors.As(err, &pe) || errors.Is(err, proof.ErrOverflow) {
			t.Fatalf("%q: %d, %v; want a *PathError without overflow", path, got, err)
		}
	}
}

// FuzzGIndexBig builds a type shape and a path from the fuzz bytes and
// checks GIndexOf against the math/big oracle: the same index when it
// fits 64 bits, ErrOverflow when it does not, ErrPath for a step that
// does not apply.
func FuzzGIndexBig(f *testing.F) {
	for _, seed := range []string{
		"\x05\x00\x04\x01\xa0\xff\xff\xff\xff\xff\xff\xff\xff", // progressive list, index 2^64-1
		"\x01\x07\x01\x00\x20\x02\x03\x01\x01",                 // vector of containers of 2^64-1
		"\x07\x03\x02\x00\x10\x01\x01\x01\x02\x01\x03\x01\x01", // container, list
		"\x09\x04\x02\x05\x01\x02\x03\x00\x01\x01\x03\x01\x02\x02\x01\x01\x11",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		b := fuzzBytes(data)
		typ := randType(&b, 4)
		path, w := randPath(&b, typ)
		checkOracle(t, typ, path, w)
	})
}

// TestGIndexBigRandom runs the oracle on pseudo-random bytes, so that the
// comparison runs in every plain go test, not only under -fuzz.
func TestGIndexBigRandom(t *testing.T) {
	var seed uint64 = 1
	data := make([]byte, 96)
	runs := 20000
	if testing.Short() { // race and qemu runs: a quarter, same thresholds per run
		runs /= 4
	}
	var valid, overflow int
	for range runs {
		for i := range data {
			seed = seed*6364136223846793005 + 1442695040888963407
			data[i] = byte(seed >> 56)
		}
		b := fuzzBytes(data)
		typ := randType(&b, 4)
		path, w := randPath(&b, typ)
		checkOracle(t, typ, path, w)
		if w.g != nil && strings.Contains(path, "[") {
			valid++
		}
		if w.overflow {
			overflow++
		}
	}
	// The generator must reach both outcomes often, or the test checks
	// little.
	if valid < runs/40 || overflow < runs/200 {
		t.Fatalf("only %d indexed valid paths and %d overflows in %d", valid, overflow, runs)
	}
}
