package cache_test

import (
	"fmt"
	"testing"

	"github.com/lanehash/lanehash/cache"
	"github.com/lanehash/lanehash/plan"
	"github.com/lanehash/lanehash/ssz/consensus/deneb"
	"github.com/lanehash/lanehash/ssz/consensus/electra"
)

// BenchmarkBlockFirstRoot builds a cached tree of the mainnet-shaped
// electra SignedBeaconBlock (200 transactions of 100–1,500 bytes, 8
// attestations, 16 withdrawals, 6 blob commitments) and roots it once:
// what a relay or builder that caches each new block pays first. lib=plan
// roots the same block through its plan, the floor a first cached root
// aims at (its tree kept aside).
func BenchmarkBlockFirstRoot(b *testing.B) {
	blk := electra.SyntheticSignedBeaconBlock(electra.MainnetBlockShape, 1)
	p, err := plan.PlanFor[electra.SignedBeaconBlock]()
	if err != nil {
		b.Fatal(err)
	}
	want, err := p.Root(blk)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("lib=cache", func(b *testing.B) {
		for b.Loop() {
			tr, err := cache.New[electra.SignedBeaconBlock]()
			if err != nil {
				b.Fatal(err)
			}
			if r, err := tr.Root(blk); err != nil || r != want {
				b.Fatalf("cached root %x, %v; plan %x", r, err, want)
			}
		}
	})
	b.Run("lib=plan", func(b *testing.B) {
		for b.Loop() {
			if _, err := p.Root(blk); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkPayloadFirstRoot is a cached execution payload's first root
// for 4,096 transactions of a few sizes, against its plan's root.
func BenchmarkPayloadFirstRoot(b *testing.B) {
	for _, txLen := range []int{0, 100, 1000} {
		v := payloadOf(4096, txLen)
		b.Run(fmt.Sprintf("tx=%d/lib=cache", txLen), func(b *testing.B) {
			for b.Loop() {
				if _, _, err := cache.TreeOf(v); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(fmt.Sprintf("tx=%d/lib=plan", txLen), func(b *testing.B) {
			p, err := plan.PlanFor[deneb.ExecutionPayload]()
			if err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				if _, err := p.Root(v); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
