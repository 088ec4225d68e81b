package ssz_test

import (
	"testing"

	"github.com/lanehash/lanehash/internal/cputime"
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
	b.ReportAllocs()
	b.SetBytes(int64(len(enc)))
	t0, ok := cputime.Process()
	if !ok {
		b.Skip("no process CPU clock here")
	}
	for b.Loop() {
		if _, err := ssz.Marshal(v); err != nil {
			b.Fatal(err)
		}
	}
	t1, _ := cputime.Process()
	b.ReportMetric(float64(t1-t0)/float64(b.N)/1e6, "cpu-ms/op")
}

// BenchmarkMarshalState encodes the fulu and gloas BeaconStates of
// 65536 validators that BenchmarkUnmarshalState and
// BenchmarkUnmarshalGloasState decode.
func BenchmarkMarshalState(b *testing.B) {
	b.Run("fork=fulu", func(b *testing.B) { benchMarshal(b, fulu.SyntheticBeaconState(1<<16, 1)) })
	b.Run("fork=gloas", func(b *testing.B) { benchMarshal(b, gloas.SyntheticBeaconState(1<<16, 1)) })
}
