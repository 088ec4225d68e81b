package sszjson_test

import (
	"testing"

	"github.com/lanehash/lanehash/internal/cputime"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/fulu"
	"github.com/lanehash/lanehash/ssz/sszjson"
)

// benchState is the JSON of a mainnet fulu BeaconState of 65536
// validators (fulu.SyntheticBeaconState, about 30 MB of JSON).
func benchState(b *testing.B) (*fulu.BeaconState, []byte) {
	s := fulu.SyntheticBeaconState(1<<16, 1)
	js, err := sszjson.Marshal(s)
	if err != nil {
		b.Fatal(err)
	}
	return s, js
}

// bench times f per iteration, reporting the JSON bytes a second, the
// process CPU time per call (cpu-ms/op: the collector's work included)
// and the allocations, as package ssz's codec benchmarks do.
func bench(b *testing.B, size int, f func() error) {
	b.ReportAllocs()
	b.SetBytes(int64(size))
	t0, ok := cputime.Process()
	if !ok {
		b.Skip("no process CPU clock here")
	}
	for b.Loop() {
		if err := f(); err != nil {
			b.Fatal(err)
		}
	}
	t1, _ := cputime.Process()
	b.ReportMetric(float64(t1-t0)/float64(b.N)/1e6, "cpu-ms/op")
}

// BenchmarkMarshal writes the state's JSON.
func BenchmarkMarshal(b *testing.B) {
	s, js := benchState(b)
	bench(b, len(js), func() error { _, err := sszjson.Marshal(s); return err })
}

// BenchmarkUnmarshal reads the state's JSON into a fresh value.
func BenchmarkUnmarshal(b *testing.B) {
	_, js := benchState(b)
	bench(b, len(js), func() error { return sszjson.Unmarshal(js, new(fulu.BeaconState)) })
}

// BenchmarkUnmarshalSSZ is the same state decoded from SSZ, for scale.
func BenchmarkUnmarshalSSZ(b *testing.B) {
	s, _ := benchState(b)
	enc, err := ssz.Marshal(s)
	if err != nil {
		b.Fatal(err)
	}
	bench(b, len(enc), func() error { return ssz.Unmarshal(enc, new(fulu.BeaconState)) })
}

// BenchmarkMarshalValidator writes one validator's JSON: the per-value
// cost a small value pays for the descriptor's memos (compiled form,
// keys, field names, minimum JSON lengths).
func BenchmarkMarshalValidator(b *testing.B) {
	v := &fulu.Validator{WithdrawalCredentials: make([]byte, 32), EffectiveBalance: 32e9, ActivationEpoch: 5, ExitEpoch: 1 << 60, WithdrawableEpoch: 1 << 60}
	v.Pubkey[0], v.WithdrawalCredentials[0] = 0xaa, 1
	js, err := sszjson.Marshal(v)
	if err != nil {
		b.Fatal(err)
	}
	bench(b, len(js), func() error { _, err := sszjson.Marshal(v); return err })
}
