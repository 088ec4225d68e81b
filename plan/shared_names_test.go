package plan

import (
	"errors"
	"testing"

	"github.com/lanehash/lanehash/ssz"
)

type (
	sharedInner struct{ X uint64 }
	// sharedNames has two fields named X: the embedded struct's and its
	// own, which Go's v.X reaches.
	sharedNames struct {
		sharedInner
		X uint64
	}
)

// TestSharedFieldNamesRefused: PlanFor refuses a container two of whose
// fields share a Go name, as ssz.TypeOf does (ErrUnsupported), though its
// root would be well defined: every name-keyed API (paths, proofs, cache
// marks, diff, JSON) takes the plan's types, and none could tell the two
// apart.
func TestSharedFieldNamesRefused(t *testing.T) {
	if _, err := PlanFor[sharedNames](); !errors.Is(err, ssz.ErrUnsupported) {
		t.Fatalf("PlanFor: %v, want ssz.ErrUnsupported", err)
	}
}
