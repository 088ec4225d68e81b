package lanehash_test

import (
	"testing"

	"github.com/lanehash/lanehash"
	"github.com/lanehash/lanehash/plan"
	"github.com/lanehash/lanehash/ssz/consensus/fulu"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// sideBySide measures a held Plan.Root and lanehash.HashTreeRoot of the
// same value, as sub-benchmarks of one benchmark so that one run (and
// -count) interleaves them.
func sideBySide[T any](b *testing.B, v *T) {
	p, err := plan.PlanFor[T]()
	if err != nil {
		b.Fatal(err)
	}
	want, err := p.Root(v)
	if err != nil {
		b.Fatal(err)
	}
	if got, err := lanehash.HashTreeRoot(v); err != nil || got != want {
		b.Fatalf("HashTreeRoot %x, %v; Plan.Root %x", got, err, want)
	}
	b.Run("plan.Root", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			_, _ = p.Root(v)
		}
	})
	b.Run("lanehash.HashTreeRoot", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			_, _ = lanehash.HashTreeRoot(v)
		}
	})
}

// BenchmarkHashTreeRoot compares lanehash.HashTreeRoot, after its first
// call, with a held plan's Root of the same value.
func BenchmarkHashTreeRoot(b *testing.B) {
	b.Run("Validator", func(b *testing.B) {
		sideBySide(b, &phase0.Validator{EffectiveBalance: 32e9, ExitEpoch: 1 << 60, Pubkey: phase0.BLSPubKey{1}})
	})
	b.Run("BeaconBlockHeader", func(b *testing.B) {
		sideBySide(b, &phase0.BeaconBlockHeader{Slot: 12345, ProposerIndex: 7, ParentRoot: phase0.Root{1}})
	})
	b.Run("BeaconState/fulu/65536", func(b *testing.B) {
		sideBySide(b, fulu.SyntheticBeaconState(1<<16, 1))
	})
}
