package phase0

// Slot is the spec's Slot, a uint64 slot number.
type Slot uint64

// Epoch is the spec's Epoch, a uint64 epoch number.
type Epoch uint64

// CommitteeIndex is the spec's CommitteeIndex, a uint64 committee number
// within a slot.
type CommitteeIndex uint64

// ValidatorIndex is the spec's ValidatorIndex, a uint64 position in the
// validator registry.
type ValidatorIndex uint64

// Gwei is the spec's Gwei, a uint64 amount of 10⁻⁹ ETH.
type Gwei uint64

// Root is the spec's Root, a 32-byte hash_tree_root.
type Root [32]byte

// Hash32 is the spec's Hash32, a 32-byte hash (for example an execution
// block hash).
type Hash32 [32]byte

// Version is the spec's Version, a 4-byte fork version.
type Version [4]byte

// BLSPubKey is the spec's BLSPubkey, a 48-byte compressed BLS12-381
// public key.
type BLSPubKey [48]byte

// BLSSignature is the spec's BLSSignature, a 96-byte compressed
// BLS12-381 signature.
type BLSSignature [96]byte

// FarFutureEpoch is the spec's FAR_FUTURE_EPOCH, the epoch that stands
// for "never" in validator lifecycle fields.
const FarFutureEpoch Epoch = 1<<64 - 1
