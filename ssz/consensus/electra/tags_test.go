package electra_test

import (
	"reflect"
	"testing"

	"github.com/lanehash/lanehash/ssz/consensus/electra"
	"github.com/lanehash/lanehash/ssz/consensus/internal/tagcheck"
)

// TestTags checks the dynssz names against both presets and the static
// tags against the mainnet preset, on the outermost electra types (every
// other container the fork uses is reachable from them).
func TestTags(t *testing.T) {
	tagcheck.TestPresets(t,
		reflect.TypeFor[electra.BeaconState](),
		reflect.TypeFor[electra.SignedBeaconBlock](),
	)
}
