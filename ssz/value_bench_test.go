package ssz_test

import (
	"reflect"
	"testing"

	"github.com/lanehash/lanehash/internal/sszrand"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/electra"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// BenchmarkValueEntryPoints measures HashTreeRootValue and MarshalValue
// on a descriptor from TypeOf: a phase0 Validator and the electra
// BeaconBlockBody of BenchmarkMarshalBlockBody. What it watches is the
// cost of the descriptor check (CheckDescriptor) on the hot path, which
// must not show.
func BenchmarkValueEntryPoints(b *testing.B) {
	enc := randomEncoding[electra.BeaconBlockBody](b, sszrand.Filler{Rand: sszrand.NewRand(7), MaxList: 64, MaxBits: 2048})
	body := new(electra.BeaconBlockBody)
	if err := ssz.Unmarshal(enc, body); err != nil {
		b.Fatal(err)
	}
	validator := &phase0.Validator{EffectiveBalance: 32e9, ExitEpoch: 1 << 62}
	for _, c := range []struct {
		name string
		v    any
	}{{"Validator", validator}, {"BlockBody", body}} {
		rv := reflect.ValueOf(c.v).Elem()
		typ, err := ssz.TypeOf(rv.Type())
		if err != nil {
			b.Fatal(err)
		}
		b.Run("HashTreeRootValue/"+c.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := ssz.HashTreeRootValue(typ, rv, ssz.SHA256); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run("MarshalValue/"+c.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := ssz.MarshalValue(typ, rv); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkCheckDescriptor measures the check every entry point that
// takes a descriptor makes first, for a descriptor already checked: the
// whole of what HashTreeRootValue pays for it (MarshalValue loaded the
// same compiled form before the check existed).
func BenchmarkCheckDescriptor(b *testing.B) {
	typ, err := ssz.TypeFor[electra.BeaconBlockBody]()
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if err := ssz.CheckDescriptor(typ); err != nil {
			b.Fatal(err)
		}
	}
}
