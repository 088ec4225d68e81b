package bellatrix

// ExecutionAddress is the spec's ExecutionAddress, a 20-byte execution
// layer account address.
type ExecutionAddress [20]byte

// Transaction is the spec's Transaction, an opaque RLP-encoded execution
// transaction of at most MAX_BYTES_PER_TRANSACTION bytes.
type Transaction []byte
