package gloas_test

import (
	"testing"

	"github.com/lanehash/lanehash/ssz/consensus/internal/vectortest"
)

// TestStaticVectors decodes, re-encodes and hashes every gloas
// ssz_static case of both presets (the mainnet set has fewer types).
func TestStaticVectors(t *testing.T) {
	passed := vectortest.RunStatic(t, "gloas")
	if passed["minimal"] == 0 || passed["mainnet"] == 0 {
		t.Errorf("passed per preset %v, want cases of both", passed)
	}
}
