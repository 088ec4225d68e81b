package cache_test

import (
	"fmt"
	"testing"

	"github.com/lanehash/lanehash/cache"
	"github.com/lanehash/lanehash/plan"
	"github.com/lanehash/lanehash/ssz/consensus/electra"
	"github.com/lanehash/lanehash/ssz/consensus/fulu"
)

// BenchmarkFirstRoot builds a cached tree of a value and roots it once
// (cache.TreeOf), against the root of the same value through its plan
// (lib=plan), the floor a first cached root aims at: a tree also
// compiles the plans of its element types and keeps what it hashed.
// The values: the mainnet-shaped electra SignedBeaconBlock (200
// transactions of 100–1,500 bytes, 8 attestations, 16 withdrawals, 6
// blob commitments), what a relay or builder that caches each new block
// pays first; execution payloads of 4,096 transactions of 0, 100 and
// 1,000 bytes; a fulu state of 65,536 validators.
func BenchmarkFirstRoot(b *testing.B) {
	b.Run("value=block", func(b *testing.B) {
		benchFirstRoot(b, electra.SyntheticSignedBeaconBlock(electra.MainnetBlockShape, 1))
	})
	for _, txLen := range []int{0, 100, 1000} {
		b.Run(fmt.Sprintf("value=payload/tx=%d", txLen), func(b *testing.B) {
			benchFirstRoot(b, payloadOf(4096, txLen))
		})
	}
	b.Run("value=state", func(b *testing.B) {
		benchFirstRoot(b, fulu.SyntheticBeaconState(1<<16, 1))
	})
}

// benchFirstRoot times TreeOf(v) (lib=cache) and the plan's Root of v
// (lib=plan), the cached root checked against the plan's first.
func benchFirstRoot[T any](b *testing.B, v *T) {
	p, err := plan.PlanFor[T]()
	if err != nil {
		b.Fatal(err)
	}
	want, err := p.Root(v)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("lib=cache", func(b *testing.B) {
		for b.Loop() {
			if _, r, err := cache.TreeOf(v); err != nil || r != want {
				b.Fatalf("cached root %x, %v; plan %x", r, err, want)
			}
		}
	})
	b.Run("lib=plan", func(b *testing.B) {
		for b.Loop() {
			if _, err := p.Root(v); err != nil {
				b.Fatal(err)
			}
		}
	})
}
