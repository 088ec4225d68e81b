package electra_test

import (
	"testing"

	"github.com/lanehash/lanehash/ssz/consensus/internal/vectortest"
)

// TestStaticVectors decodes, re-encodes and hashes every electra
// ssz_static case of both presets.
func TestStaticVectors(t *testing.T) {
	passed := vectortest.RunStatic(t, "electra")
	if passed["minimal"] == 0 {
		t.Errorf("passed per preset %v, want minimal cases (the vectors have no mainnet electra state)", passed)
	}
}
