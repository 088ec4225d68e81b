package ssz

// SpecValues are named consensus spec values (preset and configuration
// constants) that dynssz-size, dynssz-max and dynssz-bitsize expressions
// refer to.
type SpecValues map[string]uint64

// presetShared holds the values both presets agree on.
var presetShared = SpecValues{
	"DEPOSIT_CONTRACT_TREE_DEPTH":            32,
	"JUSTIFICATION_BITS_LENGTH":              4,
	"MAX_VALIDATORS_PER_COMMITTEE":           2048,
	"HISTORICAL_ROOTS_LIMIT":                 16777216,
	"VALIDATOR_REGISTRY_LIMIT":               1099511627776,
	"MIN_SEED_LOOKAHEAD":                     1,
	"MAX_PROPOSER_SLASHINGS":                 16,
	"MAX_ATTESTER_SLASHINGS":                 2,
	"MAX_ATTESTATIONS":                       128,
	"MAX_DEPOSITS":                           16,
	"MAX_VOLUNTARY_EXITS":                    16,
	"SYNC_COMMITTEE_SUBNET_COUNT":            4,
	"BYTES_PER_LOGS_BLOOM":                   256,
	"MAX_EXTRA_DATA_BYTES":                   32,
	"MAX_BYTES_PER_TRANSACTION":              1073741824,
	"MAX_TRANSACTIONS_PER_PAYLOAD":           1048576,
	"MAX_BLS_TO_EXECUTION_CHANGES":           16,
	"FIELD_ELEMENTS_PER_BLOB":                4096,
	"BYTES_PER_FIELD_ELEMENT":                32,
	"MAX_ATTESTER_SLASHINGS_ELECTRA":         1,
	"MAX_ATTESTATIONS_ELECTRA":               8,
	"PENDING_DEPOSITS_LIMIT":                 134217728,
	"MAX_CONSOLIDATION_REQUESTS_PER_PAYLOAD": 2,
	"MAX_DEPOSIT_REQUESTS_PER_PAYLOAD":       8192,
	"MAX_WITHDRAWAL_REQUESTS_PER_PAYLOAD":    16,
	"MAX_PENDING_DEPOSITS_PER_EPOCH":         16,
	"FIELD_ELEMENTS_PER_CELL":                64,
	"FIELD_ELEMENTS_PER_EXT_BLOB":            8192,
	"KZG_COMMITMENTS_INCLUSION_PROOF_DEPTH":  4,
	"NUMBER_OF_COLUMNS":                      128,
	"CELLS_PER_EXT_BLOB":                     128,
}

// presetMainnet holds the mainnet values that differ from minimal.
var presetMainnet = SpecValues{
	"MAX_COMMITTEES_PER_SLOT":                    64,
	"TARGET_COMMITTEE_SIZE":                      128,
	"SHUFFLE_ROUND_COUNT":                        90,
	"SLOTS_PER_EPOCH":                            32,
	"EPOCHS_PER_ETH1_VOTING_PERIOD":              64,
	"SLOTS_PER_HISTORICAL_ROOT":                  8192,
	"EPOCHS_PER_HISTORICAL_VECTOR":               65536,
	"EPOCHS_PER_SLASHINGS_VECTOR":                8192,
	"SYNC_COMMITTEE_SIZE":                        512,
	"EPOCHS_PER_SYNC_COMMITTEE_PERIOD":           256,
	"MAX_WITHDRAWALS_PER_PAYLOAD":                16,
	"MAX_VALIDATORS_PER_WITHDRAWALS_SWEEP":       16384,
	"MAX_BLOB_COMMITMENTS_PER_BLOCK":             4096,
	"KZG_COMMITMENT_INCLUSION_PROOF_DEPTH":       17,
	"PENDING_PARTIAL_WITHDRAWALS_LIMIT":          134217728,
	"PENDING_CONSOLIDATIONS_LIMIT":               262144,
	"MAX_PENDING_PARTIALS_PER_WITHDRAWALS_SWEEP": 8,
	"PTC_SIZE": 512,
}

// presetMinimal holds the minimal values that differ from mainnet.
var presetMinimal = SpecValues{
	"MAX_COMMITTEES_PER_SLOT":                    4,
	"TARGET_COMMITTEE_SIZE":                      4,
	"SHUFFLE_ROUND_COUNT":                        10,
	"SLOTS_PER_EPOCH":                            8,
	"EPOCHS_PER_ETH1_VOTING_PERIOD":              4,
	"SLOTS_PER_HISTORICAL_ROOT":                  64,
	"EPOCHS_PER_HISTORICAL_VECTOR":               64,
	"EPOCHS_PER_SLASHINGS_VECTOR":                64,
	"SYNC_COMMITTEE_SIZE":                        32,
	"EPOCHS_PER_SYNC_COMMITTEE_PERIOD":           8,
	"MAX_WITHDRAWALS_PER_PAYLOAD":                4,
	"MAX_VALIDATORS_PER_WITHDRAWALS_SWEEP":       16,
	"MAX_BLOB_COMMITMENTS_PER_BLOCK":             32,
	"KZG_COMMITMENT_INCLUSION_PROOF_DEPTH":       10,
	"PENDING_PARTIAL_WITHDRAWALS_LIMIT":          64,
	"PENDING_CONSOLIDATIONS_LIMIT":               64,
	"MAX_PENDING_PARTIALS_PER_WITHDRAWALS_SWEEP": 2,
	"PTC_SIZE": 16,
}

// MainnetSpec returns a fresh copy of the mainnet preset: every value the
// consensus types of phase0 to gloas refer to.
func MainnetSpec() SpecValues { return mergeSpec(presetShared, presetMainnet) }

// MinimalSpec returns a fresh copy of the minimal preset, with the same
// names as MainnetSpec.
func MinimalSpec() SpecValues { return mergeSpec(presetShared, presetMinimal) }

func mergeSpec(parts ...SpecValues) SpecValues {
	out := SpecValues{}
	for _, p := range parts {
		for k, v := range p {
			out[k] = v
		}
	}
	return out
}

// defaultSpec is the mainnet preset used when no WithSpec option is given;
// it is never handed out, so nobody can change it.
var defaultSpec = MainnetSpec()

// options are the settings of TypeOf and the functions that call it.
type options struct {
	spec SpecValues
}

// Option changes how Go types are turned into descriptors.
type Option func(*options)

// WithSpec resolves dynssz expressions with the given spec values instead
// of the mainnet preset. The map must not be changed while in use.
func WithSpec(s SpecValues) Option {
	return func(o *options) { o.spec = s }
}

func buildOptions(opts []Option) options {
	if len(opts) == 0 {
		// Before o, whose address the options take: o is on the heap,
		// and a call without options (every Marshal, Size and
		// MarshalAppend of a cached type) allocates nothing.
		return options{spec: defaultSpec}
	}
	o := options{spec: defaultSpec}
	for _, f := range opts {
		if f != nil {
			f(&o)
		}
	}
	if o.spec == nil {
		o.spec = SpecValues{}
	}
	return o
}
