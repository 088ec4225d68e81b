// Package gloas declares the SSZ containers of the Ethereum consensus
// gloas fork (EIP-7732 enshrined proposer-builder separation, under
// EIP-7688's forward-compatible layout) as of consensus-specs
// v1.7.0-alpha.13.
//
// Gloas is the first fork whose big containers are progressive: the
// BeaconState (46 active fields), BeaconBlockBody, Attestation,
// IndexedAttestation, ExecutionPayload, ExecutionRequests,
// ExecutionPayloadBid, ExecutionPayloadEnvelope, PayloadAttestation and
// IndexedPayloadAttestation are EIP-7495 ProgressiveContainers (their
// fields carry ssz-index tags, the field's position in active_fields),
// and most of their lists are EIP-7916 ProgressiveLists
// (ssz-type:"progressive-list"), which have no type limit: the
// validator registry is a ProgressiveList[Validator].
//
// The Go declarations follow go-eth2-client v0.30.1's spec/gloas package
// field for field (same field order, same Go shapes: pointers to
// containers, slices for preset-sized vectors), so a value copied field
// by field from one to the other has the same root; the tags are
// lanehash's (dynssz expressions for every preset-dependent size). Both
// presets are served by ssz.MainnetSpec and ssz.MinimalSpec, which hold
// every value these types name (PTC_SIZE: 512 and 16).
//
// Containers that Gloas did not change are re-exported from the fork
// that last changed them (see aliases.go). Conventions are those of
// package phase0.
package gloas
