package cache_test

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/lanehash/lanehash/cache"
	"github.com/lanehash/lanehash/internal/sszwalk"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/gloas"
)

// randomValues is an sszwalk.Source of random values kept small: lists of
// up to 24 elements (enough to cross a progressive tree's 1-, 4- and
// 16-chunk subtrees), a nil pointer now and then, vectors and lists of
// basic values filled in one piece.
type randomValues struct{ r *rand.Rand }

// Nil leaves one pointer in ten nil (the zero value).
func (s randomValues) Nil(*ssz.Type) bool { return s.r.IntN(10) == 0 }

func (s randomValues) count(t *ssz.Type) int {
	switch t.Kind {
	case ssz.KindVector:
		return int(t.Length)
	case ssz.KindList:
		return s.r.IntN(int(min(t.Limit, 24)) + 1)
	}
	return s.r.IntN(25)
}

func (s randomValues) Leaf(t *ssz.Type, v reflect.Value) (bool, error) {
	switch t.Kind {
	case ssz.KindBool:
		v.SetBool(s.r.IntN(2) == 0)
		return true, nil
	case ssz.KindUint8, ssz.KindUint16, ssz.KindUint32, ssz.KindUint64:
		v.SetUint(s.r.Uint64())
		return true, nil
	case ssz.KindUint128, ssz.KindUint256, ssz.KindBitvector:
		if v.Kind() == reflect.Slice {
			v.Set(reflect.MakeSlice(v.Type(), int(t.Size), int(t.Size)))
		}
		for i := range v.Len() {
			v.Index(i).SetUint(s.r.Uint64())
		}
		if t.Kind == ssz.KindBitvector && t.Length%8 != 0 {
			last := v.Index(v.Len() - 1)
			last.SetUint(last.Uint() & (1<<(t.Length%8) - 1))
		}
		return true, nil
	case ssz.KindBitlist, ssz.KindProgressiveBitlist:
		n := s.r.IntN(300)
		if t.Kind == ssz.KindBitlist {
			n = s.r.IntN(int(min(t.Limit, 300)) + 1)
		}
		b := make([]byte, n/8+1)
		for i := range b {
			b[i] = byte(s.r.Uint32())
		}
		b[n/8] = b[n/8]&(1<<(n%8)-1) | 1<<(n%8) // the delimiter bit
		v.Set(reflect.ValueOf(b).Convert(v.Type()))
		return true, nil
	case ssz.KindVector, ssz.KindList, ssz.KindProgressiveList:
		if !t.Elem.IsBasic() || t.Elem.Kind == ssz.KindBool || v.Kind() != reflect.Slice && v.Kind() != reflect.Array {
			return false, nil // element by element
		}
		if v.Kind() == reflect.Slice {
			n := s.count(t)
			v.Set(reflect.MakeSlice(v.Type(), n, n))
		}
		for i := range v.Len() {
			e := v.Index(i)
			if e.Kind() == reflect.Array { // a limb array (uint128, uint256)
				return false, nil
			}
			e.SetUint(s.r.Uint64())
		}
		return true, nil
	}
	return false, nil
}

func (s randomValues) Elems(t *ssz.Type) ([]sszwalk.Source, error) {
	return s.many(s.count(t)), nil
}

func (s randomValues) Fields(t *ssz.Type) ([]sszwalk.Source, error) {
	return s.many(len(t.Fields)), nil
}

func (s randomValues) Option(t *ssz.Type) (int, sszwalk.Source, error) {
	for {
		sel := s.r.IntN(len(t.Options))
		if t.Options[sel] != nil || t.Kind == ssz.KindUnion && sel == 0 {
			return sel, s, nil
		}
	}
}

func (s randomValues) many(n int) []sszwalk.Source {
	out := make([]sszwalk.Source, n)
	for i := range out {
		out[i] = s
	}
	return out
}

// testRandomValues roots random values of T in one cached tree (Detect,
// then Marked mode): fresh values, then one random top-level field
// refilled at a time (marked), and the same value again; every root is
// compared with the reference.
func testRandomValues[T any](t *testing.T, seed uint64) {
	typ, err := ssz.TypeFor[T]()
	if err != nil {
		t.Fatal(err)
	}
	for _, mode := range []cache.Mode{cache.Detect, cache.Marked} {
		src := randomValues{rand.New(rand.NewPCG(seed, uint64(mode)))}
		tr, err := cache.New[T](cache.WithMode(mode))
		if err != nil {
			t.Fatal(err)
		}
		v := new(T)
		for step := range 24 {
			rv := reflect.ValueOf(v).Elem()
			switch {
			case step%8 == 0: // a fresh value: every field may change
				if err := sszwalk.Fill(typ, rv, src); err != nil {
					t.Fatal(err)
				}
				if mode == cache.Marked {
					for _, f := range typ.Fields {
						if err := tr.Mark(f.Name); err != nil {
							t.Fatal(err)
						}
					}
				}
			case step%3 == 0: // no change
			default:
				f := typ.Fields[src.r.IntN(len(typ.Fields))]
				fv := rv.FieldByIndex(f.Index)
				if err := sszwalk.Fill(f.Type, fv, src); err != nil {
					t.Fatal(err)
				}
				if err := tr.Mark(f.Name); err != nil {
					t.Fatal(err)
				}
			}
			got, err := tr.Root(v)
			if err != nil {
				t.Fatalf("mode %d, step %d: %v", mode, step, err)
			}
			if want := refRoot(t, v); got != want {
				t.Fatalf("mode %d, step %d: %x, reference %x", mode, step, got, want)
			}
		}
	}
}

// TestGloasRandomValues roots random values of the Gloas progressive
// containers (and the plain containers around them) and compares them
// with the reference.
func TestGloasRandomValues(t *testing.T) {
	t.Run("BeaconBlockBody", func(t *testing.T) { testRandomValues[gloas.BeaconBlockBody](t, 1) })
	t.Run("SignedBeaconBlock", func(t *testing.T) { testRandomValues[gloas.SignedBeaconBlock](t, 2) })
	t.Run("ExecutionPayloadEnvelope", func(t *testing.T) { testRandomValues[gloas.ExecutionPayloadEnvelope](t, 3) })
	t.Run("ExecutionPayload", func(t *testing.T) { testRandomValues[gloas.ExecutionPayload](t, 4) })
	t.Run("Attestation", func(t *testing.T) { testRandomValues[gloas.Attestation](t, 5) })
	t.Run("IndexedPayloadAttestation", func(t *testing.T) { testRandomValues[gloas.IndexedPayloadAttestation](t, 6) })
	t.Run("ExecutionPayloadBid", func(t *testing.T) { testRandomValues[gloas.ExecutionPayloadBid](t, 7) })
	t.Run("gappy", func(t *testing.T) { testRandomValues[gappy](t, 8) })
}
