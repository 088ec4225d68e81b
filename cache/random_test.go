package cache_test

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/lanehash/lanehash/cache"
	"github.com/lanehash/lanehash/internal/sszrand"
	"github.com/lanehash/lanehash/internal/sszwalk"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/gloas"
)

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
		// Lists of up to 24 elements cross a progressive tree's 1-, 4- and
		// 16-chunk subtrees; bitlists of up to 300 bits span two chunks.
		src := &sszrand.Filler{Rand: rand.New(rand.NewPCG(seed, uint64(mode))), MaxList: 24, MaxBits: 300}
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
				f := typ.Fields[src.Rand.IntN(len(typ.Fields))]
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
