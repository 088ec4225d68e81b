package spectest

import (
	"reflect"

	"github.com/lanehash/lanehash/ssz/consensus/electra"
	"github.com/lanehash/lanehash/ssz/consensus/fulu"
	"github.com/lanehash/lanehash/ssz/consensus/gloas"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// StaticType returns the Go type that the ssz_static folder
// <preset>/<fork>/ssz_static/<name> describes, and whether it is known.
// The same Go type serves both presets; the caller resolves its
// preset-dependent sizes with the preset's spec values.
func StaticType(preset, fork, name string) (reflect.Type, bool) {
	t, ok := staticTypes[fork][name]
	return t, ok
}

// staticTypes maps fork, then type folder name, to the consensus Go type.
var staticTypes = map[string]map[string]reflect.Type{
	"phase0": {
		"Attestation":        reflect.TypeFor[phase0.Attestation](),
		"AttestationData":    reflect.TypeFor[phase0.AttestationData](),
		"BeaconBlock":        reflect.TypeFor[phase0.BeaconBlock](),
		"BeaconBlockBody":    reflect.TypeFor[phase0.BeaconBlockBody](),
		"BeaconBlockHeader":  reflect.TypeFor[phase0.BeaconBlockHeader](),
		"BeaconState":        reflect.TypeFor[phase0.BeaconState](),
		"Checkpoint":         reflect.TypeFor[phase0.Checkpoint](),
		"Deposit":            reflect.TypeFor[phase0.Deposit](),
		"DepositData":        reflect.TypeFor[phase0.DepositData](),
		"Eth1Data":           reflect.TypeFor[phase0.Eth1Data](),
		"Fork":               reflect.TypeFor[phase0.Fork](),
		"HistoricalBatch":    reflect.TypeFor[phase0.HistoricalBatch](),
		"IndexedAttestation": reflect.TypeFor[phase0.IndexedAttestation](),
		"PendingAttestation": reflect.TypeFor[phase0.PendingAttestation](),
		"SignedBeaconBlock":  reflect.TypeFor[phase0.SignedBeaconBlock](),
		"Validator":          reflect.TypeFor[phase0.Validator](),
	},
	"electra": {
		"BeaconState": reflect.TypeFor[electra.BeaconState](),
	},
	"fulu": {
		"Attestation":            reflect.TypeFor[fulu.Attestation](),
		"AttestationData":        reflect.TypeFor[fulu.AttestationData](),
		"BeaconBlock":            reflect.TypeFor[fulu.BeaconBlock](),
		"BeaconBlockBody":        reflect.TypeFor[fulu.BeaconBlockBody](),
		"BeaconBlockHeader":      reflect.TypeFor[fulu.BeaconBlockHeader](),
		"BeaconState":            reflect.TypeFor[fulu.BeaconState](),
		"Checkpoint":             reflect.TypeFor[fulu.Checkpoint](),
		"Deposit":                reflect.TypeFor[fulu.Deposit](),
		"DepositData":            reflect.TypeFor[fulu.DepositData](),
		"Eth1Data":               reflect.TypeFor[fulu.Eth1Data](),
		"ExecutionPayload":       reflect.TypeFor[fulu.ExecutionPayload](),
		"ExecutionPayloadHeader": reflect.TypeFor[fulu.ExecutionPayloadHeader](),
		"Fork":                   reflect.TypeFor[fulu.Fork](),
		"HistoricalBatch":        reflect.TypeFor[fulu.HistoricalBatch](),
		"HistoricalSummary":      reflect.TypeFor[fulu.HistoricalSummary](),
		"IndexedAttestation":     reflect.TypeFor[fulu.IndexedAttestation](),
		"PendingAttestation":     reflect.TypeFor[fulu.PendingAttestation](),
		"PendingDeposit":         reflect.TypeFor[fulu.PendingDeposit](),
		"SignedBeaconBlock":      reflect.TypeFor[fulu.SignedBeaconBlock](),
		"SyncCommittee":          reflect.TypeFor[fulu.SyncCommittee](),
		"Validator":              reflect.TypeFor[fulu.Validator](),
		"Withdrawal":             reflect.TypeFor[fulu.Withdrawal](),
	},
	"gloas": {
		"Attestation":                    reflect.TypeFor[gloas.Attestation](),
		"BeaconBlock":                    reflect.TypeFor[gloas.BeaconBlock](),
		"BeaconBlockBody":                reflect.TypeFor[gloas.BeaconBlockBody](),
		"BeaconState":                    reflect.TypeFor[gloas.BeaconState](),
		"Builder":                        reflect.TypeFor[gloas.Builder](),
		"BuilderDepositRequest":          reflect.TypeFor[gloas.BuilderDepositRequest](),
		"BuilderExitRequest":             reflect.TypeFor[gloas.BuilderExitRequest](),
		"BuilderPendingPayment":          reflect.TypeFor[gloas.BuilderPendingPayment](),
		"BuilderPendingWithdrawal":       reflect.TypeFor[gloas.BuilderPendingWithdrawal](),
		"ExecutionPayloadBid":            reflect.TypeFor[gloas.ExecutionPayloadBid](),
		"ExecutionPayloadEnvelope":       reflect.TypeFor[gloas.ExecutionPayloadEnvelope](),
		"HistoricalSummary":              reflect.TypeFor[gloas.HistoricalSummary](),
		"IndexedPayloadAttestation":      reflect.TypeFor[gloas.IndexedPayloadAttestation](),
		"PayloadAttestation":             reflect.TypeFor[gloas.PayloadAttestation](),
		"PayloadAttestationData":         reflect.TypeFor[gloas.PayloadAttestationData](),
		"PayloadAttestationMessage":      reflect.TypeFor[gloas.PayloadAttestationMessage](),
		"PendingDeposit":                 reflect.TypeFor[gloas.PendingDeposit](),
		"ProposerPreferences":            reflect.TypeFor[gloas.ProposerPreferences](),
		"SignedBeaconBlock":              reflect.TypeFor[gloas.SignedBeaconBlock](),
		"SignedExecutionPayloadBid":      reflect.TypeFor[gloas.SignedExecutionPayloadBid](),
		"SignedExecutionPayloadEnvelope": reflect.TypeFor[gloas.SignedExecutionPayloadEnvelope](),
		"SignedProposerPreferences":      reflect.TypeFor[gloas.SignedProposerPreferences](),
		"Validator":                      reflect.TypeFor[gloas.Validator](),
	},
}
