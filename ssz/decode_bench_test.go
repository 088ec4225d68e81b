package ssz_test

import (
	"bytes"
	"encoding/binary"
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
	benchCodec(b, len(enc), func() error { return ssz.Unmarshal(enc, newValue()) })
}

// benchCodec times f, an encoding or decoding of size bytes, per
// iteration, and reports the process CPU time per call (cpu-ms/op)
// besides the bytes a second and the allocations.
func benchCodec(b *testing.B, size int, f func() error) {
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
	enc := randomEncoding[electra.BeaconBlockBody](b, sszrand.Filler{Rand: sszrand.NewRand(7), MaxList: 64, MaxBits: 2048})
	benchUnmarshal(b, enc, func() any { return new(electra.BeaconBlockBody) })
}

// A type that shares deep parts: each level is a container holding a
// union whose option holds four of the next level, so its descriptor
// has 4^6 paths, and its minimum size is tiny (the None selector).
type (
	dagNode[T any]  struct{ A, B, C, D T }
	dagLevel[T any] struct {
		U ssz.Union[struct {
			None ssz.None
			V    dagNode[T]
		}]
	}
	dagLeaf struct {
		L []byte `ssz-max:"4"`
	}
	dag6     = dagLevel[dagLevel[dagLevel[dagLevel[dagLevel[dagLevel[dagLeaf]]]]]]
	dagLists struct {
		L [][]dag6 `ssz-max:"100000,4"`
	}
)

// BenchmarkUnmarshalSharedDeepType decodes 20000 one-element lists of
// the 4^6-path type (260 KB): each list's element count is checked
// against the element's minimum size, which is computed once per
// descriptor, not walked per list.
func BenchmarkUnmarshalSharedDeepType(b *testing.B) {
	const lists = 20000
	elem := []byte{4, 0, 0, 0, 0} // offset to the union, None selector
	inner := append([]byte{4, 0, 0, 0}, elem...)
	outer := make([]byte, 4*lists)
	for i := range lists {
		binary.LittleEndian.PutUint32(outer[4*i:], uint32(4*lists+len(inner)*i))
	}
	for range lists {
		outer = append(outer, inner...)
	}
	in := append([]byte{4, 0, 0, 0}, outer...)
	var v dagLists
	if err := ssz.Unmarshal(in, &v); err != nil {
		b.Fatal(err)
	}
	if back, err := ssz.Marshal(&v); err != nil || !bytes.Equal(back, in) || len(v.L) != lists {
		b.Fatalf("%d lists do not encode back (%v)", len(v.L), err)
	}
	benchUnmarshal(b, in, func() any { return new(dagLists) })
}
