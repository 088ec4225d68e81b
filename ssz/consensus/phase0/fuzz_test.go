package phase0_test

import (
	"testing"

	"github.com/lanehash/lanehash/ssz/consensus/internal/vectortest"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

func FuzzUnmarshalValidator(f *testing.F) {
	vectortest.AddSeeds(f, "phase0", "Validator")
	f.Fuzz(func(t *testing.T, data []byte) {
		vectortest.CheckDecode(t, data, func() any { return new(phase0.Validator) })
	})
}

func FuzzUnmarshalBeaconBlockBody(f *testing.F) {
	vectortest.AddSeeds(f, "phase0", "BeaconBlockBody")
	f.Fuzz(func(t *testing.T, data []byte) {
		vectortest.CheckDecode(t, data, func() any { return new(phase0.BeaconBlockBody) })
	})
}
