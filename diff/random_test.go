package diff_test

import (
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/lanehash/lanehash/diff"
	"github.com/lanehash/lanehash/internal/spectest"
	"github.com/lanehash/lanehash/internal/sszlayout"
	"github.com/lanehash/lanehash/internal/sszrand"
	"github.com/lanehash/lanehash/internal/sszvalidate"
	"github.com/lanehash/lanehash/internal/sszwalk"
	"github.com/lanehash/lanehash/internal/structfield"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/fulu"
	"github.com/lanehash/lanehash/ssz/consensus/gloas"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// TestRandomValues diffs random values of many types (spec-test
// containers with every kind of field, progressive containers, unions,
// consensus blocks and states in the minimal preset) in pairs that differ
// a little and a lot: independent values, a value and a copy with one
// field refilled, a value and a copy with one bit flipped in its
// serialization (where the result is still a value), a value and itself.
// Each pair's differences are checked through the three entry points
// (all3), against the tree oracle (checkNodes: every listed node
// differs), and for completeness against rootOracle, which lists the
// deepest differing nodes from the decoded values and their reference
// roots, without the byte walk: every differing leaf is listed, nothing
// else is.
func TestRandomValues(t *testing.T) {
	t.Run("ComplexTestStruct", func(t *testing.T) { testRandom[spectest.ComplexTestStruct](t, 1) })
	t.Run("BitsStruct", func(t *testing.T) { testRandom[spectest.BitsStruct](t, 2) })
	t.Run("VarTestStruct", func(t *testing.T) { testRandom[spectest.VarTestStruct](t, 3) })
	t.Run("ProgressiveComplexTestStruct", func(t *testing.T) { testRandom[spectest.ProgressiveComplexTestStruct](t, 4) })
	t.Run("ProgressiveBitsStruct", func(t *testing.T) { testRandom[spectest.ProgressiveBitsStruct](t, 5) })
	t.Run("Validator", func(t *testing.T) { testRandom[phase0.Validator](t, 6) })
	t.Run("fulu.BeaconBlockBody", func(t *testing.T) { testRandom[fulu.BeaconBlockBody](t, 7) })
	t.Run("gloas.BeaconBlockBody", func(t *testing.T) { testRandom[gloas.BeaconBlockBody](t, 8) })
	t.Run("gloas.ExecutionPayloadEnvelope", func(t *testing.T) { testRandom[gloas.ExecutionPayloadEnvelope](t, 9) })
	t.Run("fulu.BeaconState", func(t *testing.T) { testRandom[fulu.BeaconState](t, 10) })
	t.Run("gloas.BeaconState", func(t *testing.T) { testRandom[gloas.BeaconState](t, 11) })
	t.Run("tagged", func(t *testing.T) { testRandom[tagged](t, 12) })
}

// testRandom runs TestRandomValues for T.
// tagged has json tags a path cannot use as they are: one naming another
// field by its Go name, one a path cannot spell, and two Go names that
// fold to one name; its paths must still name the nodes that differ.
type tagged struct {
	A       uint64 `json:"B"`
	B       uint64 `json:"A"`
	C       []byte `json:"c-c" ssz-max:"8"`
	FooBar  uint16
	Foo_bar uint16
	Pubkey  [48]byte `json:"pubkey"`
}

func testRandom[T any](t *testing.T, seed uint64) {
	spec := ssz.MinimalSpec()
	st, err := ssz.TypeFor[T](ssz.WithSpec(spec))
	if err != nil {
		t.Fatal(err)
	}
	src := &sszrand.Filler{Rand: sszrand.NewRand(seed), MaxList: 12, MaxBits: 300}
	r := src.Rand
	fill := func(v *T) {
		if err := sszwalk.Fill(st, reflect.ValueOf(v).Elem(), src); err != nil {
			t.Fatal(err)
		}
	}
	marshal := func(v *T) []byte {
		b, err := ssz.Marshal(v, ssz.WithSpec(spec))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	rounds := 6
	if testing.Short() {
		rounds = 2
	}
	total := 0
	for round := range rounds {
		a := new(T)
		fill(a)
		ab := marshal(a)
		pairs := map[string][]byte{"itself": ab}
		b := new(T)
		fill(b)
		pairs["independent"] = marshal(b)
		if len(st.Fields) > 0 { // one field refilled
			c := new(T)
			if err := ssz.Unmarshal(ab, c, ssz.WithSpec(spec)); err != nil {
				t.Fatal(err)
			}
			f := st.Fields[r.IntN(len(st.Fields))]
			if err := sszwalk.Fill(f.Type, structfield.Settable(reflect.ValueOf(c).Elem(), f.Index), src); err != nil {
				t.Fatal(err)
			}
			pairs["field "+f.Name] = marshal(c)
		}
		for try := 0; try < 20 && len(ab) > 0; try++ { // one bit flipped, still valid
			m := slices.Clone(ab)
			m[r.IntN(len(m))] ^= 1 << r.IntN(8)
			if sszvalidate.Validate(st, m) == nil {
				pairs["bit flip"] = m
				break
			}
		}
		for name, bb := range pairs {
			for _, x := range [][2][]byte{{ab, bb}, {bb, ab}} {
				ds, n := all3[T](t, spec, x[0], x[1])
				total += n
				want := rootOracle(t, st, spec, x[0], x[1])
				if got := paths(ds); !slices.Equal(got, want) {
					t.Fatalf("round %d, %s: listed\n%s\nthe roots say\n%s", round, name, strings.Join(got, "\n"), strings.Join(want, "\n"))
				}
				if name == "itself" && n != 0 {
					t.Fatalf("round %d: a value against itself: %q", round, lines(ds))
				}
				checkNodes[T](t, spec, x[0], x[1], ds, nil)
			}
		}
	}
	t.Logf("%d differences checked", total)
}

// paths returns the differences' paths.
func paths(ds []diff.Difference) []string {
	out := make([]string, len(ds))
	for i, d := range ds {
		out[i] = d.Path
	}
	return out
}

// rootOracle lists the deepest nodes whose roots differ between the values
// serialized in a and b, in tree order, from the decoded values and the
// reference ssz.HashTreeRootValue of each subtree, never comparing bytes:
// a container's differing fields, a sequence's differing elements (a
// basic element by its value, a composite one by its root), then the
// elements past the shorter end that are not the zero padding (a basic
// element not 0, a composite one not rooting to the zero chunk), then a
// list's length.
func rootOracle(t *testing.T, st *ssz.Type, spec ssz.SpecValues, a, b []byte) []string {
	t.Helper()
	va, vb := reflect.New(st.Go).Elem(), reflect.New(st.Go).Elem()
	if err := ssz.UnmarshalValue(st, a, va); err != nil {
		t.Fatal(err)
	}
	if err := ssz.UnmarshalValue(st, b, vb); err != nil {
		t.Fatal(err)
	}
	o := &oracle{t: t}
	o.walk(st, va, vb, "")
	return o.out
}

type oracle struct {
	t   *testing.T
	out []string
}

// root is the reference root of v, a value of t (a nil pointer is zero).
func (o *oracle) root(t *ssz.Type, v reflect.Value) [32]byte {
	r, err := ssz.HashTreeRootValue(t, deref(t, v), ssz.SHA256)
	if err != nil {
		o.t.Fatal(err)
	}
	return r
}

// deref returns v as a value of t's Go type: a pointer followed, a nil
// one the zero value.
func deref(t *ssz.Type, v reflect.Value) reflect.Value {
	for v.Kind() == reflect.Pointer && v.Type() != t.Go {
		if v.IsNil() {
			return reflect.Zero(v.Type().Elem())
		}
		v = v.Elem()
	}
	return v
}

// structOf follows pointers to the struct v holds (a nil one: zero).
func structOf(v reflect.Value) reflect.Value {
	for v.Kind() == reflect.Pointer {
		if v.IsNil() {
			return reflect.Zero(v.Type().Elem())
		}
		v = v.Elem()
	}
	return v
}

// elem returns element i of sequence value v of type t, the zero value
// past v's end (an empty slice is the zero vector).
func elem(t *ssz.Type, v reflect.Value, i int) reflect.Value {
	if i < v.Len() {
		return deref(t.Elem, v.Index(i))
	}
	return reflect.Zero(t.Elem.Go)
}

func (o *oracle) walk(t *ssz.Type, a, b reflect.Value, path string) {
	a, b = deref(t, a), deref(t, b)
	if o.root(t, a) == o.root(t, b) {
		return
	}
	switch t.Kind {
	case ssz.KindContainer, ssz.KindProgressiveContainer:
		a, b = structOf(a), structOf(b)
		for i := range t.Fields {
			f := &t.Fields[i]
			o.walk(f.Type, structfield.Get(a, f.Index), structfield.Get(b, f.Index), sszlayout.JoinPath(path, sszlayout.FieldName(t, i)))
		}
		return
	case ssz.KindVector, ssz.KindList, ssz.KindProgressiveList:
		if sszlayout.IsBytes(t) {
			break
		}
		na, nb := a.Len(), b.Len()
		if t.Kind == ssz.KindVector {
			na, nb = int(t.Length), int(t.Length)
		}
		for i := 0; i < min(na, nb); i++ {
			ea, eb := elem(t, a, i), elem(t, b, i)
			p := path + "[" + strconv.Itoa(i) + "]"
			if t.Elem.IsBasic() {
				if !ea.Equal(eb) {
					o.out = append(o.out, p)
				}
				continue
			}
			o.walk(t.Elem, ea, eb, p)
		}
		for i := min(na, nb); i < max(na, nb); i++ {
			long := a
			if i >= na {
				long = b
			}
			e := elem(t, long, i)
			if t.Elem.IsBasic() && !e.IsZero() || !t.Elem.IsBasic() && o.root(t.Elem, e) != [32]byte{} {
				o.out = append(o.out, path+"["+strconv.Itoa(i)+"]")
			}
		}
		if na != nb {
			o.out = append(o.out, sszlayout.JoinPath(path, "__len__"))
		}
		return
	}
	o.out = append(o.out, path) // a basic value, bytes, a bitfield, a union
}

// TestRandomValuesOracleFails checks that the completeness oracle can
// fail: on two values whose balances differ it lists the balance, so a
// diff that missed it would not match.
func TestRandomValuesOracleFails(t *testing.T) {
	spec := ssz.MainnetSpec()
	s := fulu.SyntheticBeaconState(8, 1)
	a, err := ssz.Marshal(s, ssz.WithSpec(spec))
	if err != nil {
		t.Fatal(err)
	}
	s.Balances[3]++
	s.Validators[2].Slashed = !s.Validators[2].Slashed
	b, err := ssz.Marshal(s, ssz.WithSpec(spec))
	if err != nil {
		t.Fatal(err)
	}
	st, err := ssz.TypeFor[fulu.BeaconState](ssz.WithSpec(spec))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := rootOracle(t, st, spec, a, b), []string{"validators[2].slashed", "balances[3]"}; !slices.Equal(got, want) {
		t.Fatalf("oracle %q, want %q", got, want)
	}
}
