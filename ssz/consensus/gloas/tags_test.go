package gloas_test

import (
	"reflect"
	"testing"

	"github.com/lanehash/lanehash/ssz/consensus/gloas"
	"github.com/lanehash/lanehash/ssz/consensus/internal/tagcheck"
)

// TestTags checks the dynssz names against both presets and the static
// tags against the mainnet preset, on the outermost gloas types (every
// other container the fork uses is reachable from them).
func TestTags(t *testing.T) {
	tagcheck.TestPresets(t,
		reflect.TypeFor[gloas.BeaconState](),
		reflect.TypeFor[gloas.SignedBeaconBlock](),
		reflect.TypeFor[gloas.SignedExecutionPayloadEnvelope](),
		reflect.TypeFor[gloas.IndexedPayloadAttestation](),
		reflect.TypeFor[gloas.PayloadAttestationMessage](),
		reflect.TypeFor[gloas.SignedProposerPreferences](),
		reflect.TypeFor[gloas.SignedAggregateAndProof](),
	)
}
