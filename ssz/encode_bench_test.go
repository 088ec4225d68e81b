package ssz_test

import (
	"testing"

	"github.com/lanehash/lanehash/ssz"
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
