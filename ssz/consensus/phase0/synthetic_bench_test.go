package phase0_test

import (
	"testing"

	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// BenchmarkRandomValidators measures the set-up cost benchmarks pay for
// a synthetic registry.
func BenchmarkRandomValidators(b *testing.B) {
	for b.Loop() {
		phase0.RandomValidators(100_000, 1)
	}
}
