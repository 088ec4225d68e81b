package compare

import (
	"github.com/karalabe/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
	"github.com/prysmaticlabs/go-bitfield"
)

// karalabe/ssz hashes only types that describe themselves to its codec
// (SizeSSZ and DefineSSZ), so the comparison declares minimal phase0 types
// for it, written by hand in its documented pattern, with mainnet sizes
// only: its vectors are Go arrays, so one type cannot serve two presets.

// KaralabeValidator is the phase0 Validator for karalabe/ssz.
type KaralabeValidator struct {
	Pubkey                     [48]byte
	WithdrawalCredentials      [32]byte
	EffectiveBalance           uint64
	Slashed                    bool
	ActivationEligibilityEpoch uint64
	ActivationEpoch            uint64
	ExitEpoch                  uint64
	WithdrawableEpoch          uint64
}

// SizeSSZ returns the Validator's fixed serialized size.
func (v *KaralabeValidator) SizeSSZ(*ssz.Sizer) uint32 { return 48 + 32 + 8 + 1 + 4*8 }

// DefineSSZ lists the Validator's fields in SSZ order.
func (v *KaralabeValidator) DefineSSZ(c *ssz.Codec) {
	ssz.DefineStaticBytes(c, &v.Pubkey)
	ssz.DefineStaticBytes(c, &v.WithdrawalCredentials)
	ssz.DefineUint64(c, &v.EffectiveBalance)
	ssz.DefineBool(c, &v.Slashed)
	ssz.DefineUint64(c, &v.ActivationEligibilityEpoch)
	ssz.DefineUint64(c, &v.ActivationEpoch)
	ssz.DefineUint64(c, &v.ExitEpoch)
	ssz.DefineUint64(c, &v.WithdrawableEpoch)
}

// KaralabeRegistry is a container whose only field is a
// List[Validator, 2^40]; a one-field container's root is its field's root,
// so its root is the registry's.
type KaralabeRegistry struct {
	Validators []*KaralabeValidator
}

// SizeSSZ returns the registry's serialized size (fixed part only when fixed).
func (r *KaralabeRegistry) SizeSSZ(siz *ssz.Sizer, fixed bool) uint32 {
	if fixed {
		return 4
	}
	return 4 + ssz.SizeSliceOfStaticObjects(siz, r.Validators)
}

// DefineSSZ declares the registry's one list field.
func (r *KaralabeRegistry) DefineSSZ(c *ssz.Codec) {
	ssz.DefineSliceOfStaticObjectsOffset(c, &r.Validators, registryLimit)
	ssz.DefineSliceOfStaticObjectsContent(c, &r.Validators, registryLimit)
}

// registryLimit is VALIDATOR_REGISTRY_LIMIT, the registry list's limit.
const registryLimit = 1 << 40

// NewKaralabeValidator converts a phase0 Validator.
func NewKaralabeValidator(v *phase0.Validator) *KaralabeValidator {
	out := &KaralabeValidator{
		Pubkey:                     v.Pubkey,
		EffectiveBalance:           uint64(v.EffectiveBalance),
		Slashed:                    v.Slashed,
		ActivationEligibilityEpoch: uint64(v.ActivationEligibilityEpoch),
		ActivationEpoch:            uint64(v.ActivationEpoch),
		ExitEpoch:                  uint64(v.ExitEpoch),
		WithdrawableEpoch:          uint64(v.WithdrawableEpoch),
	}
	copy(out.WithdrawalCredentials[:], v.WithdrawalCredentials)
	return out
}

// NewKaralabeRegistry converts a registry.
func NewKaralabeRegistry(vals []phase0.Validator) *KaralabeRegistry {
	r := &KaralabeRegistry{Validators: make([]*KaralabeValidator, len(vals))}
	for i := range vals {
		r.Validators[i] = NewKaralabeValidator(&vals[i])
	}
	return r
}

// KaralabeCheckpoint is the phase0 Checkpoint for karalabe/ssz.
type KaralabeCheckpoint struct {
	Epoch uint64
	Root  [32]byte
}

// SizeSSZ returns the Checkpoint's fixed serialized size.
func (c *KaralabeCheckpoint) SizeSSZ(*ssz.Sizer) uint32 { return 40 }

// DefineSSZ lists the Checkpoint's fields in SSZ order.
func (c *KaralabeCheckpoint) DefineSSZ(codec *ssz.Codec) {
	ssz.DefineUint64(codec, &c.Epoch)
	ssz.DefineStaticBytes(codec, &c.Root)
}

// NewKaralabeCheckpoint converts a phase0 Checkpoint; nil is the zero value.
func NewKaralabeCheckpoint(c *phase0.Checkpoint) *KaralabeCheckpoint {
	if c == nil {
		return new(KaralabeCheckpoint)
	}
	return &KaralabeCheckpoint{Epoch: uint64(c.Epoch), Root: c.Root}
}

// KaralabeFork is the phase0 Fork for karalabe/ssz.
type KaralabeFork struct {
	PreviousVersion [4]byte
	CurrentVersion  [4]byte
	Epoch           uint64
}

// SizeSSZ returns the Fork's fixed serialized size.
func (f *KaralabeFork) SizeSSZ(*ssz.Sizer) uint32 { return 16 }

// DefineSSZ lists the Fork's fields in SSZ order.
func (f *KaralabeFork) DefineSSZ(c *ssz.Codec) {
	ssz.DefineStaticBytes(c, &f.PreviousVersion)
	ssz.DefineStaticBytes(c, &f.CurrentVersion)
	ssz.DefineUint64(c, &f.Epoch)
}

// NewKaralabeFork converts a phase0 Fork; nil is the zero value.
func NewKaralabeFork(f *phase0.Fork) *KaralabeFork {
	if f == nil {
		return new(KaralabeFork)
	}
	return &KaralabeFork{PreviousVersion: f.PreviousVersion, CurrentVersion: f.CurrentVersion, Epoch: uint64(f.Epoch)}
}

// KaralabeAttestationData is the phase0 AttestationData for karalabe/ssz.
type KaralabeAttestationData struct {
	Slot            uint64
	Index           uint64
	BeaconBlockRoot [32]byte
	Source          *KaralabeCheckpoint
	Target          *KaralabeCheckpoint
}

// SizeSSZ returns the AttestationData's fixed serialized size.
func (d *KaralabeAttestationData) SizeSSZ(*ssz.Sizer) uint32 { return 8 + 8 + 32 + 40 + 40 }

// DefineSSZ lists the AttestationData's fields in SSZ order.
func (d *KaralabeAttestationData) DefineSSZ(c *ssz.Codec) {
	ssz.DefineUint64(c, &d.Slot)
	ssz.DefineUint64(c, &d.Index)
	ssz.DefineStaticBytes(c, &d.BeaconBlockRoot)
	ssz.DefineStaticObject(c, &d.Source)
	ssz.DefineStaticObject(c, &d.Target)
}

// NewKaralabeAttestationData converts a phase0 AttestationData; nil is the
// zero value.
func NewKaralabeAttestationData(d *phase0.AttestationData) *KaralabeAttestationData {
	if d == nil {
		d = new(phase0.AttestationData)
	}
	return &KaralabeAttestationData{
		Slot:            uint64(d.Slot),
		Index:           uint64(d.Index),
		BeaconBlockRoot: d.BeaconBlockRoot,
		Source:          NewKaralabeCheckpoint(d.Source),
		Target:          NewKaralabeCheckpoint(d.Target),
	}
}

// KaralabeBeaconBlockHeader is the phase0 BeaconBlockHeader for karalabe/ssz.
type KaralabeBeaconBlockHeader struct {
	Slot          uint64
	ProposerIndex uint64
	ParentRoot    [32]byte
	StateRoot     [32]byte
	BodyRoot      [32]byte
}

// SizeSSZ returns the BeaconBlockHeader's fixed serialized size.
func (h *KaralabeBeaconBlockHeader) SizeSSZ(*ssz.Sizer) uint32 { return 8 + 8 + 3*32 }

// DefineSSZ lists the BeaconBlockHeader's fields in SSZ order.
func (h *KaralabeBeaconBlockHeader) DefineSSZ(c *ssz.Codec) {
	ssz.DefineUint64(c, &h.Slot)
	ssz.DefineUint64(c, &h.ProposerIndex)
	ssz.DefineStaticBytes(c, &h.ParentRoot)
	ssz.DefineStaticBytes(c, &h.StateRoot)
	ssz.DefineStaticBytes(c, &h.BodyRoot)
}

// NewKaralabeBeaconBlockHeader converts a phase0 BeaconBlockHeader; nil is
// the zero value.
func NewKaralabeBeaconBlockHeader(h *phase0.BeaconBlockHeader) *KaralabeBeaconBlockHeader {
	if h == nil {
		return new(KaralabeBeaconBlockHeader)
	}
	return &KaralabeBeaconBlockHeader{
		Slot:          uint64(h.Slot),
		ProposerIndex: uint64(h.ProposerIndex),
		ParentRoot:    h.ParentRoot,
		StateRoot:     h.StateRoot,
		BodyRoot:      h.BodyRoot,
	}
}

// KaralabeEth1Data is the phase0 Eth1Data for karalabe/ssz.
type KaralabeEth1Data struct {
	DepositRoot  [32]byte
	DepositCount uint64
	BlockHash    [32]byte
}

// SizeSSZ returns the Eth1Data's fixed serialized size.
func (d *KaralabeEth1Data) SizeSSZ(*ssz.Sizer) uint32 { return 72 }

// DefineSSZ lists the Eth1Data's fields in SSZ order.
func (d *KaralabeEth1Data) DefineSSZ(c *ssz.Codec) {
	ssz.DefineStaticBytes(c, &d.DepositRoot)
	ssz.DefineUint64(c, &d.DepositCount)
	ssz.DefineStaticBytes(c, &d.BlockHash)
}

// NewKaralabeEth1Data converts a phase0 Eth1Data; nil is the zero value.
func NewKaralabeEth1Data(d *phase0.Eth1Data) *KaralabeEth1Data {
	if d == nil {
		return new(KaralabeEth1Data)
	}
	return &KaralabeEth1Data{DepositRoot: d.DepositRoot, DepositCount: d.DepositCount, BlockHash: d.BlockHash}
}

// KaralabePendingAttestation is the phase0 PendingAttestation for karalabe/ssz.
type KaralabePendingAttestation struct {
	AggregationBits bitfield.Bitlist
	Data            *KaralabeAttestationData
	InclusionDelay  uint64
	ProposerIndex   uint64
}

// maxValidatorsPerCommittee is the mainnet MAX_VALIDATORS_PER_COMMITTEE, the
// aggregation bitlist's limit.
const maxValidatorsPerCommittee = 2048

// SizeSSZ returns the PendingAttestation's serialized size (fixed part only
// when fixed).
func (a *KaralabePendingAttestation) SizeSSZ(siz *ssz.Sizer, fixed bool) uint32 {
	size := uint32(4 + 128 + 8 + 8)
	if fixed {
		return size
	}
	return size + ssz.SizeSliceOfBits(siz, a.AggregationBits)
}

// DefineSSZ lists the PendingAttestation's fields in SSZ order.
func (a *KaralabePendingAttestation) DefineSSZ(c *ssz.Codec) {
	ssz.DefineSliceOfBitsOffset(c, &a.AggregationBits, maxValidatorsPerCommittee)
	ssz.DefineStaticObject(c, &a.Data)
	ssz.DefineUint64(c, &a.InclusionDelay)
	ssz.DefineUint64(c, &a.ProposerIndex)
	ssz.DefineSliceOfBitsContent(c, &a.AggregationBits, maxValidatorsPerCommittee)
}

// NewKaralabePendingAttestation converts a phase0 PendingAttestation; nil
// is the zero value.
func NewKaralabePendingAttestation(a *phase0.PendingAttestation) *KaralabePendingAttestation {
	if a == nil {
		a = new(phase0.PendingAttestation)
	}
	return &KaralabePendingAttestation{
		AggregationBits: append(bitfield.Bitlist(nil), a.AggregationBits...),
		Data:            NewKaralabeAttestationData(a.Data),
		InclusionDelay:  uint64(a.InclusionDelay),
		ProposerIndex:   uint64(a.ProposerIndex),
	}
}
