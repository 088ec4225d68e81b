// Package electra declares the SSZ containers of the Ethereum consensus
// electra fork: the block, the state, the reworked attestations and the
// execution requests, reusing the earlier forks' types where the spec
// does.
//
// Conventions are those of package phase0.
package electra
