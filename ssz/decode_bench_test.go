package ssz_test

import (
	"reflect"
	"testing"

	"github.com/lanehash/lanehash/internal/cputime"
	"github.com/lanehash/lanehash/internal/sszrand"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/electra"
	"github.com/lanehash/lanehash/ssz/consensus/fulu"
	"github.com/lanehash/lanehash/ssz/consensus/gloas"
)

// benchUnmarshal decodes b into a fresh value from newValue per
// iteration and reports the process CPU time per decode (cpu-ms/op:
// the collector's work on what the decoder allocates included, and
// other processes' load excluded), besides the allocations.
func benchUnmarshal(b *testing.B, enc []byte, newValue func() any) {
	b.ReportAllocs()
	b.SetBytes(int64(len(enc)))
	t0, ok := cputime.Process()
	if !ok {
		b.Skip("no process CPU clock here")
	}
	for b.Loop() {
		if err := ssz.Unmarshal(enc, newValue()); err != nil {
			b.Fatal(err)
		}
	}
	t1, _ := cputime.Process()
	b.ReportMetric(float64(t1-t0)/float64(b.N)/1e6, "cpu-ms/op")
}

// BenchmarkUnmarshalState decodes a mainnet-sized fulu BeaconState of
// 65536 validators (about 13 MB) from its encoding.
func BenchmarkUnmarshalState(b *testing.B) {
	enc, err := ssz.Marshal(fulu.SyntheticBeaconState(1<<16, 1))
	if err != nil {
		b.Fatal(err)
	}
	benchUnmarshal(b, enc, func() any { return new(fulu.BeaconState) })
}

// BenchmarkUnmarshalGloasState decodes a gloas BeaconState of 65536
// validators: the newest fork's lists and vectors of containers.
func BenchmarkUnmarshalGloasState(b *testing.B) {
	enc, err := ssz.Marshal(gloas.SyntheticBeaconState(1<<16, 1))
	if err != nil {
		b.Fatal(err)
	}
	benchUnmarshal(b, enc, func() any { return new(gloas.BeaconState) })
}

// BenchmarkUnmarshalBlockBody decodes an electra BeaconBlockBody with
// random contents and lists of up to 64 elements (within each limit):
// lists of variable-size elements (attestations, slashings, deposits'
// proofs), where the per-list bounds run.
func BenchmarkUnmarshalBlockBody(b *testing.B) {
	typ, err := ssz.TypeFor[electra.BeaconBlockBody]()
	if err != nil {
		b.Fatal(err)
	}
	v := reflect.New(typ.Go).Elem()
	(&sszrand.Filler{Rand: sszrand.NewRand(7), MaxList: 64, MaxBits: 2048}).Fill(typ, v)
	enc, err := ssz.MarshalValue(typ, v)
	if err != nil {
		b.Fatal(err)
	}
	benchUnmarshal(b, enc, func() any { return new(electra.BeaconBlockBody) })
}
