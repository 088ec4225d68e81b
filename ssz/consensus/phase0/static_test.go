package phase0_test

import (
	"testing"

	"github.com/lanehash/lanehash/ssz/consensus/internal/vectortest"
)

// TestStaticVectors decodes, re-encodes and hashes every phase0
// ssz_static case of both presets.
func TestStaticVectors(t *testing.T) {
	passed := vectortest.RunStatic(t, "phase0")
	if passed["minimal"] == 0 || passed["mainnet"] == 0 {
		t.Errorf("passed per preset %v, want cases of both", passed)
	}
}
