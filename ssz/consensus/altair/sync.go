package altair

import "github.com/lanehash/lanehash/ssz/consensus/phase0"

// ParticipationFlags is the spec's ParticipationFlags, one uint8 of
// timely source/target/head bits per validator and epoch.
type ParticipationFlags uint8

// SyncCommittee is the spec's SyncCommittee: the member public keys and
// their aggregate.
type SyncCommittee struct {
	Pubkeys         []phase0.BLSPubKey `ssz-size:"512,48" dynssz-size:"SYNC_COMMITTEE_SIZE,48"`
	AggregatePubkey phase0.BLSPubKey
}

// SyncAggregate is the spec's SyncAggregate: which sync committee
// members signed, and their aggregate signature.
type SyncAggregate struct {
	SyncCommitteeBits      []byte `ssz-size:"64" dynssz-size:"SYNC_COMMITTEE_SIZE/8" ssz-bitsize:"512" dynssz-bitsize:"SYNC_COMMITTEE_SIZE"`
	SyncCommitteeSignature phase0.BLSSignature
}
