package compare

import (
	"testing"

	eth2fulu "github.com/attestantio/go-eth2-client/spec/fulu"
	eth2gloas "github.com/attestantio/go-eth2-client/spec/gloas"
	"github.com/lanehash/lanehash/plan"
	lssz "github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/fulu"
	"github.com/lanehash/lanehash/ssz/consensus/gloas"
)

// BenchmarkStateBytes roots a serialized BeaconState (issue #24: a
// checkpoint state checked against its header before it is trusted),
// one core, with N validators (-full adds 1M): lanehash's RootBytes
// straight from the bytes, lanehash's Root of the already decoded state
// (what the bytes path must not cost much more than), and
// go-eth2-client's UnmarshalSSZ then HashTreeRoot (what a client does
// today). Every root is checked against lanehash's Root of the value
// before timing. Read cpu-ns/validator (process CPU time) with
// benchstat -col /lib; the machine is shared.
func BenchmarkStateBytes(b *testing.B) {
	for _, n := range benchSizes() {
		b.Run("fork=fulu/n="+sizeName(n), func(b *testing.B) {
			benchStateBytes(b, fulu.SyntheticBeaconState(n, benchSeed), n, eth2RootOf[eth2fulu.BeaconState])
		})
		b.Run("fork=gloas/n="+sizeName(n), func(b *testing.B) {
			benchStateBytes(b, gloas.SyntheticBeaconState(n, benchSeed), n, eth2RootOf[eth2gloas.BeaconState])
		})
	}
}

// eth2RootOf decodes ser into go-eth2-client's S with its generated
// UnmarshalSSZ and returns the generated HashTreeRoot.
func eth2RootOf[S any, PS interface {
	*S
	UnmarshalSSZ([]byte) error
	HashTreeRoot() ([32]byte, error)
}](ser []byte) ([32]byte, error) {
	s := PS(new(S))
	if err := s.UnmarshalSSZ(ser); err != nil {
		return [32]byte{}, err
	}
	return s.HashTreeRoot()
}

// benchStateBytes times the three ways to a root of state s of n
// validators; eth2 decodes and roots the bytes with go-eth2-client.
func benchStateBytes[T any](b *testing.B, s *T, n int, eth2 func([]byte) ([32]byte, error)) {
	ser, err := lssz.Marshal(s)
	if err != nil {
		b.Fatal(err)
	}
	p, err := plan.PlanFor[T](plan.WithWorkers(1))
	if err != nil {
		b.Fatal(err)
	}
	want, err := p.Root(s)
	if err != nil {
		b.Fatal(err)
	}
	libs := []struct {
		name string
		run  func() ([32]byte, error)
	}{
		{"lanehash-RootBytes", func() ([32]byte, error) { return p.RootBytes(ser) }},
		{"lanehash-Root-decoded", func() ([32]byte, error) { return p.Root(s) }},
		{"go-eth2-client-Unmarshal+HashTreeRoot", func() ([32]byte, error) { return eth2(ser) }},
	}
	for _, lib := range libs {
		b.Run("lib="+lib.name, func(b *testing.B) {
			withProcs(b, 1)
			if got, err := lib.run(); err != nil || got != want {
				b.Fatalf("root %x, %v; lanehash's Root of the value %x", got, err, want)
			}
			cpu0 := processCPUTime()
			for b.Loop() {
				if _, err := lib.run(); err != nil {
					b.Fatal(err)
				}
			}
			reportPer(b, cpu0, n, "validator")
		})
	}
}
