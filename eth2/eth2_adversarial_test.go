package eth2_test

import (
	"testing"

	"github.com/attestantio/go-eth2-client/api"
	apiv1 "github.com/attestantio/go-eth2-client/api/v1"
	"github.com/attestantio/go-eth2-client/spec"
	"github.com/lanehash/lanehash/eth2"
)

// TestNilRegistrationMessage: a SignedValidatorRegistration with a nil
// Message was rooted with a Timestamp of 0, where the client roots a new
// ValidatorRegistration, whose zero time.Time is -62135596800 Unix
// seconds: a root other than the client's, alone and in its versioned
// wrapper.
func TestNilRegistrationMessage(t *testing.T) {
	signed := &apiv1.SignedValidatorRegistration{Signature: [96]byte{7}}
	want, err := signed.HashTreeRoot()
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range []any{
		signed, *signed,
		&api.VersionedSignedValidatorRegistration{Version: spec.BuilderVersionV1, V1: signed},
	} {
		got, err := eth2.HashTreeRoot(v)
		if err != nil || got != want {
			t.Errorf("%T: root %x, %v; the client's %x", v, got, err, want)
		}
	}
}
