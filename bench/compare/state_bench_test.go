package compare

import (
	"testing"

	lssz "github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// BenchmarkState times a whole phase0 BeaconState's root per library and
// reports ns/op (and ns/validator for the synthetic states): the synthetic mainnet state with N
// validators (state=synthetic-N), and the spec vectors' minimal-preset
// state (state=minimal-vector, only for the libraries that take spec
// values). Each library's root is checked before timing. Read with
// benchstat -col /lib.
func BenchmarkState(b *testing.B) {
	for _, lib := range mainnetStateLibs {
		b.Run("lib="+lib.name, func(b *testing.B) {
			for _, n := range benchSizes() {
				b.Run("state=synthetic-"+sizeName(n), func(b *testing.B) {
					s := benchState(n)
					want, err := lanehashStateRoot(b, s)
					if err != nil {
						b.Fatal(err)
					}
					benchStateLib(b, lib, s, want, n)
				})
			}
			for _, ml := range minimalStateLibs {
				if ml.name != lib.name {
					continue
				}
				b.Run("state=minimal-vector", func(b *testing.B) {
					s, want := minimalState(b)
					benchStateLib(b, ml, s, want, 0) // a handful of validators: ns/op says it all
				})
			}
		})
	}
}

func benchStateLib(b *testing.B, lib stateLib, s *phase0.BeaconState, want [32]byte, validators int) {
	run := lib.setup(b, s)
	withProcs(b, lib.procs)
	if got, err := run(); err != nil || got != want {
		b.Fatalf("root %x, %v; want %x", got, err, want)
	}
	cpu0 := processCPUTime()
	for b.Loop() {
		if _, err := run(); err != nil {
			b.Fatal(err)
		}
	}
	if validators > 0 {
		reportPer(b, cpu0, validators, "validator")
	} else {
		reportPer(b, cpu0, 1, "state")
	}
}

// lanehashStateRoot is the root every library's must equal for a
// synthetic mainnet state.
func lanehashStateRoot(tb testing.TB, s *phase0.BeaconState) ([32]byte, error) {
	return setupLanehashState(1, lssz.MainnetSpec())(tb, s)()
}
