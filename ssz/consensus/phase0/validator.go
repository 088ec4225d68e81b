package phase0

// Validator is the spec's Validator: one registry entry of the beacon
// state.
type Validator struct {
	Pubkey BLSPubKey
	// WithdrawalCredentials is a slice, as in the ecosystem's types, to
	// exercise the tagged byte-vector path; it must hold 32 bytes.
	WithdrawalCredentials      []byte `ssz-size:"32"`
	EffectiveBalance           Gwei
	Slashed                    bool
	ActivationEligibilityEpoch Epoch
	ActivationEpoch            Epoch
	ExitEpoch                  Epoch
	WithdrawableEpoch          Epoch
}
