package ssz_test

import (
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/lanehash/lanehash/internal/hostile"
	"github.com/lanehash/lanehash/ssz"
)

// sentinel maps the oracle's verdict to the error it expects.
func sentinel(v hostile.Verdict) error {
	switch v {
	case hostile.Tag:
		return ssz.ErrTag
	case hostile.Overflow:
		return ssz.ErrOverflow
	}
	return nil
}

// checkRejected checks that err is the expected clear error: a *ssz.Error
// wrapping want whose path names the field.
func checkRejected(err, want error, field string) error {
	if err == nil {
		return fmt.Errorf("accepted, want %v", want)
	}
	var se *ssz.Error
	if !errors.Is(err, want) || !errors.As(err, &se) {
		return fmt.Errorf("error %q, want %v", err, want)
	}
	if !strings.Contains(se.Path, field) {
		return fmt.Errorf("error %q does not name field %s", err, field)
	}
	return nil
}

// small reports whether serializing a sample of t stays small: the sample
// holds one element per list, but a vector is serialized at full length.
func small(t *ssz.Type) bool {
	switch t.Kind {
	case ssz.KindVector:
		return t.Length <= 4096 && small(t.Elem)
	case ssz.KindBitvector:
		return t.Size <= 4096
	case ssz.KindList, ssz.KindProgressiveList:
		return small(t.Elem)
	case ssz.KindContainer, ssz.KindProgressiveContainer:
		for _, f := range t.Fields {
			if !small(f.Type) {
				return false
			}
		}
	}
	return true
}

// checkShape is one hostile case of the reference: the type must be
// rejected exactly as the oracle says, or hash its zero value and a
// sample to the oracle's roots and survive a codec round trip.
func checkShape(s *hostile.Shape) error {
	top := hostile.ContainerOf(s)
	want := hostile.Expect(top)
	typ, err := ssz.TypeOf(top.Go)
	if want.Verdict != hostile.Accept {
		return checkRejected(err, sentinel(want.Verdict), ".F0")
	}
	if err != nil {
		return fmt.Errorf("rejected: %v", err)
	}
	got, err := ssz.HashTreeRootValue(typ, reflect.New(top.Go).Elem(), ssz.SHA256)
	if err != nil || got != want.ZeroRoot {
		return fmt.Errorf("zero value: root %x, %v; want %x", got, err, want.ZeroRoot)
	}
	v, root := hostile.Sample(top)
	if got, err = ssz.HashTreeRootValue(typ, v, ssz.SHA256); err != nil || got != root {
		return fmt.Errorf("sample: root %x, %v; want %x", got, err, root)
	}
	if !small(typ) {
		return nil
	}
	b, err := ssz.MarshalValue(typ, v)
	if err != nil {
		return fmt.Errorf("marshal sample: %v", err)
	}
	back := reflect.New(top.Go).Elem()
	if err := ssz.UnmarshalValue(typ, b, back); err != nil {
		return fmt.Errorf("unmarshal sample: %v", err)
	}
	if got, err = ssz.HashTreeRootValue(typ, back, ssz.SHA256); err != nil || got != root {
		return fmt.Errorf("round trip: root %x, %v; want %x", got, err, root)
	}
	// Truncated input must be an error, never a panic or a huge
	// allocation.
	for _, n := range []int{0, len(b) / 2, len(b) - 1} {
		if n >= 0 && n < len(b) {
			_ = ssz.UnmarshalValue(typ, b[:n], reflect.New(top.Go).Elem())
		}
	}
	return nil
}

// TestHostileTypes runs every generated shape (two levels of vectors,
// lists, bitfields, arrays, containers and progressive lists over every
// edge size and limit; see hostile.Generate) in a child process with a
// memory cap.
func TestHostileTypes(t *testing.T) {
	depth := 2
	if testing.Short() {
		depth = 1
	}
	var cases []hostile.Case
	for _, s := range hostile.Generate(depth) {
		cases = append(cases, hostile.Case{Name: s.Name + " `" + string(s.Tag()) + "`", Run: func() error { return checkShape(s) }})
	}
	hostile.Isolated(t, cases, hostile.DefaultLimits)
}

// TestRecursiveTypesRejected checks that every generated way for a type
// to contain itself (through a pointer, a list, a vector, an array, a
// field, a progressive list or container, a union, a union pointer, a
// list of unions, and every pair of them) is ErrRecursive, in a child
// process: a miss recurses until memory runs out.
func TestRecursiveTypesRejected(t *testing.T) {
	var cases []hostile.Case
	for _, rt := range hostile.RecursiveTypes {
		cases = append(cases, hostile.Case{Name: rt.Name(), Run: func() error {
			_, err := ssz.TypeOf(rt)
			if !errors.Is(err, ssz.ErrRecursive) {
				return fmt.Errorf("error %v, want ErrRecursive", err)
			}
			return nil
		}})
	}
	hostile.Isolated(t, cases, hostile.DefaultLimits)
}

// Unions cannot be built with reflect at run time (Union[T] is generic),
// so their hostile options are written out: an option whose size
// overflows, and options at the extreme limits that must hash.
type (
	hugeVectorOption = ssz.Union[struct {
		None ssz.None
		B    []byte `ssz-size:"18446744073709551615"`
	}]
	hugeContainerOption = ssz.Union[struct {
		None ssz.None
		C    struct {
			A []byte `ssz-size:"4611686018427387904"`
			B []byte `ssz-size:"4611686018427387904"`
		}
	}]
	extremeOptions = ssz.Union[struct {
		None ssz.None
		L    []byte               `ssz:"bitlist" ssz-max:"18446744073709551615"`
		V    []byte               `ssz-bitsize:"18446744073709551615"`
		W    []struct{ A uint64 } `ssz-size:"1099511627776"`
	}]
)

// TestHostileUnionOptions checks union options at the size edges: an
// option that does not fit is ErrOverflow naming the option, and each
// option at an extreme limit hashes to the independently computed root.
func TestHostileUnionOptions(t *testing.T) {
	for _, c := range []struct {
		typ  reflect.Type
		name string
	}{{reflect.TypeFor[struct{ U hugeVectorOption }](), ".U.B"}, {reflect.TypeFor[struct{ U hugeContainerOption }](), ".U.C"}} {
		_, err := ssz.TypeOf(c.typ)
		if err := checkRejected(err, ssz.ErrOverflow, c.name); err != nil {
			t.Errorf("%s: %v", c.typ, err)
		}
	}
	selector := func(root [32]byte, sel byte) [32]byte { return hostile.H(root, [32]byte{sel}) }
	bitlistOne := hostile.H(hostile.Ladder([32]byte{1}, 56), [32]byte{1}) // 2^56 chunks, length 1
	for _, c := range []struct {
		name string
		u    extremeOptions
		want [32]byte
	}{
		{"None", extremeOptions{}, selector([32]byte{}, 0)},
		{"bitlist of 2^64-1 bits holding one bit", extremeOptions{Selector: 1, Value: []byte{0x03}}, selector(bitlistOne, 1)},
		{"empty bitvector of 2^64-1 bits", extremeOptions{Selector: 2, Value: []byte(nil)}, selector(hostile.Zero[56], 2)},
		// A zero {A uint64} has the zero chunk as its root, so 2^40 of
		// them are a zero subtree of depth 40.
		{"zero vector of 2^40 containers", extremeOptions{Selector: 3, Value: []struct{ A uint64 }(nil)}, selector(hostile.Zero[40], 3)},
	} {
		got, err := ssz.HashTreeRoot(&c.u, ssz.SHA256)
		if strconv.IntSize == 32 {
			// A bitvector of 2^64-1 bits is 2^61 bytes, more than an int
			// holds on a 32-bit host: the union type is refused there.
			if err := checkRejected(err, ssz.ErrOverflow, ".V"); err != nil {
				t.Errorf("%s on a 32-bit host: %v", c.name, err)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("%s: %x, %v; want %x", c.name, got, err, c.want)
		}
	}
}

// TestHostileDynamicTags puts every edge value into the dynssz tag
// positions through a spec value: the descriptor (or the error) must be
// the one the same number written statically gives, and an expression
// whose arithmetic passes 2^64 must be an ErrTag, never a wrapped size.
func TestHostileDynamicTags(t *testing.T) {
	for _, v := range hostile.Edges {
		spec := ssz.WithSpec(ssz.SpecValues{"X": v})
		for _, name := range []string{"size", "max", "bitsize"} {
			for _, g := range []reflect.Type{reflect.TypeFor[[]byte](), reflect.TypeFor[[]uint64]()} {
				static := reflect.StructTag(fmt.Sprintf(`ssz-%s:"%d"`, name, v))
				dynamic := reflect.StructTag(fmt.Sprintf(`dynssz-%s:"X"`, name))
				want, werr := ssz.TypeOfTagged(g, static)
				got, gerr := ssz.TypeOfTagged(g, dynamic, spec)
				switch {
				case werr != nil || gerr != nil:
					if werr == nil || gerr == nil || sentinelOf(werr) != sentinelOf(gerr) {
						t.Errorf("%s %s=%d: static %v, dynamic %v", g, name, v, werr, gerr)
					}
				case want.String() != got.String() || want.Size != got.Size || want.Fixed != got.Fixed:
					t.Errorf("%s %s=%d: static %s (%d bytes), dynamic %s (%d bytes)", g, name, v, want, want.Size, got, got.Size)
				}
				for _, expr := range []string{"X*2", "X+X", "X+1", "(X+7)/8*8"} {
					_, err := ssz.TypeOfTagged(g, reflect.StructTag(fmt.Sprintf(`dynssz-%s:%q`, name, expr)), spec)
					var se *ssz.Error
					if err != nil && !errors.As(err, &se) {
						t.Errorf("%s %s %s with X=%d: error %v is not an *ssz.Error", g, name, expr, v, err)
					}
				}
			}
		}
		_, err := ssz.TypeOfTagged(reflect.TypeFor[[]byte](), `dynssz-max:"X*X*X"`, spec)
		if v >= 1<<32 && !errors.Is(err, ssz.ErrTag) {
			t.Errorf("X*X*X with X=%d: %v, want ErrTag (overflow)", v, err)
		}
	}
}

// sentinelOf returns the TypeOf sentinel err wraps.
func sentinelOf(err error) error {
	for _, s := range sentinels {
		if errors.Is(err, s) {
			return s
		}
	}
	return nil
}
