package eth2

import (
	apiv1 "github.com/attestantio/go-eth2-client/api/v1"
)

// validatorRegistration is the SSZ shape of the builder API's
// apiv1.ValidatorRegistration, whose Timestamp is a time.Time that the
// client serializes as its Unix seconds, a uint64: lanehash describes
// types by their Go fields and has no rule for time.Time, so the adapter
// roots this mirror instead.
type validatorRegistration struct {
	FeeRecipient [20]byte
	GasLimit     uint64
	Timestamp    uint64
	Pubkey       [48]byte
}

// signedValidatorRegistration mirrors apiv1.SignedValidatorRegistration.
type signedValidatorRegistration struct {
	Message   *validatorRegistration
	Signature [96]byte
}

func mirrorRegistration(r *apiv1.ValidatorRegistration) *validatorRegistration {
	if r == nil {
		// The client roots a nil Message as a new ValidatorRegistration,
		// whose zero time.Time has Unix seconds -62135596800 (year 1),
		// not 0: mirror that value, not the mirror's zero value.
		r = new(apiv1.ValidatorRegistration)
	}
	return &validatorRegistration{FeeRecipient: r.FeeRecipient, GasLimit: r.GasLimit, Timestamp: uint64(r.Timestamp.Unix()), Pubkey: r.Pubkey}
}

// mirror returns the value lanehash roots for v: the mirror of a
// registration, v itself otherwise.
func mirror(v any) any {
	switch r := v.(type) {
	case *apiv1.ValidatorRegistration:
		if r != nil {
			return mirrorRegistration(r)
		}
	case apiv1.ValidatorRegistration:
		return mirrorRegistration(&r)
	case *apiv1.SignedValidatorRegistration:
		if r != nil {
			return &signedValidatorRegistration{Message: mirrorRegistration(r.Message), Signature: r.Signature}
		}
	case apiv1.SignedValidatorRegistration:
		return &signedValidatorRegistration{Message: mirrorRegistration(r.Message), Signature: r.Signature}
	}
	return v
}
