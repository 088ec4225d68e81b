package ssz_test

import (
	"testing"

	"github.com/lanehash/lanehash/internal/sszrand"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/electra"
	"github.com/lanehash/lanehash/ssz/consensus/fulu"
	"github.com/lanehash/lanehash/ssz/consensus/gloas"
)

// benchMarshal encodes v per iteration and reports the process CPU
// time per encoding (cpu-ms/op) besides the allocations.
func benchMarshal(b *testing.B, v any) {
	enc, err := ssz.Marshal(v)
	if err != nil {
		b.Fatal(err)
	}
	benchCodec(b, len(enc), func() error { _, err := ssz.Marshal(v); return err })
}

// BenchmarkMarshalState encodes the fulu and gloas BeaconStates of
// 65536 validators that BenchmarkUnmarshalState and
// BenchmarkUnmarshalGloasState decode.
func BenchmarkMarshalState(b *testing.B) {
	b.Run("fork=fulu", func(b *testing.B) { benchMarshal(b, fulu.SyntheticBeaconState(1<<16, 1)) })
	b.Run("fork=gloas", func(b *testing.B) { benchMarshal(b, gloas.SyntheticBeaconState(1<<16, 1)) })
}

// BenchmarkMarshalBlockBody encodes the electra BeaconBlockBody that
// BenchmarkUnmarshalBlockBody decodes: random contents, lists of up to
// 64 elements, many of them of variable-size elements behind offsets.
func BenchmarkMarshalBlockBody(b *testing.B) {
	enc := randomEncoding[electra.BeaconBlockBody](b, sszrand.Filler{Rand: sszrand.NewRand(7), MaxList: 64, MaxBits: 2048})
	body := new(electra.BeaconBlockBody)
	if err := ssz.Unmarshal(enc, body); err != nil {
		b.Fatal(err)
	}
	benchMarshal(b, body)
}
