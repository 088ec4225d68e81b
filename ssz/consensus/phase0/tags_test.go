package phase0_test

import (
	"reflect"
	"testing"

	"github.com/lanehash/lanehash/ssz/consensus/internal/tagcheck"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// TestTags checks the dynssz names against both presets and the static
// tags against the mainnet preset, on the outermost phase0 types (every
// other container the fork uses is reachable from them).
func TestTags(t *testing.T) {
	tagcheck.TestPresets(t,
		reflect.TypeFor[phase0.BeaconState](),
		reflect.TypeFor[phase0.SignedBeaconBlock](),
		reflect.TypeFor[phase0.HistoricalBatch](),
	)
}
