package ssz

import (
	"fmt"
	"testing"
)

// benchValidator has the shape of the phase0 Validator (8 fields, a 48-byte
// pubkey), declared here so the reference benchmark needs no other package.
type benchValidator struct {
	Pubkey                     [48]byte
	WithdrawalCredentials      [32]byte
	EffectiveBalance           uint64
	Slashed                    bool
	ActivationEligibilityEpoch uint64
	ActivationEpoch            uint64
	ExitEpoch                  uint64
	WithdrawableEpoch          uint64
}

// BenchmarkReferenceValidator measures the reference root of one
// Validator-shaped container, the baseline the plans are compared with.
func BenchmarkReferenceValidator(b *testing.B) {
	v := benchValidator{EffectiveBalance: 32e9, ExitEpoch: 1 << 62}
	for _, h := range []Hash{SHA256, Keccak256} {
		b.Run(h.String(), func(b *testing.B) {
			for b.Loop() {
				if _, err := HashTreeRoot(&v, h); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkReferenceRegistry measures the reference root of a list of
// Validator-shaped containers with the registry limit (2^40).
func BenchmarkReferenceRegistry(b *testing.B) {
	type registry struct {
		Validators []benchValidator `ssz-max:"1099511627776"`
	}
	for _, n := range []int{1024} {
		r := registry{Validators: make([]benchValidator, n)}
		for i := range r.Validators {
			r.Validators[i].EffectiveBalance = uint64(i)
		}
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for b.Loop() {
				if _, err := HashTreeRoot(&r, SHA256); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkTypeOfCached measures a TypeOf call that hits the cache.
func BenchmarkTypeOfCached(b *testing.B) {
	if _, err := TypeFor[benchValidator](); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := TypeFor[benchValidator](); err != nil {
			b.Fatal(err)
		}
	}
}
