// Package phase0 declares the SSZ containers of the Ethereum consensus
// phase0 fork as plain Go structs with ssz struct tags.
//
// The declarations follow the shapes and tags the Go ecosystem uses
// (ssz-size, ssz-max, ssz:"bitlist"), so they compile with lanehash the
// same way existing client types do. Sizes that differ between the
// mainnet and minimal presets also carry dynssz-size or dynssz-max
// expressions over spec value names; the static ssz-* values are the
// mainnet ones. Field names are the spec's snake_case names in Go case,
// so that lowercasing a Go name and dropping the spec's underscores
// yields the same string.
//
// Nested containers are pointers and composite lists are slices of
// pointers, as in github.com/attestantio/go-eth2-client.
//
// RandomValidators, SyntheticBalances and SyntheticBeaconState make
// deterministic synthetic data with mainnet-like value distributions for
// benchmarks and examples.
package phase0
