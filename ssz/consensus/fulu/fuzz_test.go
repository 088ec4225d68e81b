package fulu_test

import (
	"testing"

	"github.com/lanehash/lanehash/ssz/consensus/fulu"
	"github.com/lanehash/lanehash/ssz/consensus/internal/vectortest"
)

func FuzzUnmarshalValidator(f *testing.F) {
	vectortest.AddSeeds(f, "fulu", "Validator")
	f.Fuzz(func(t *testing.T, data []byte) {
		vectortest.CheckDecode(t, data, func() any { return new(fulu.Validator) })
	})
}

func FuzzUnmarshalBeaconBlockBody(f *testing.F) {
	vectortest.AddSeeds(f, "fulu", "BeaconBlockBody")
	f.Fuzz(func(t *testing.T, data []byte) {
		vectortest.CheckDecode(t, data, func() any { return new(fulu.BeaconBlockBody) })
	})
}
