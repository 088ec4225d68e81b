// Package altair declares the SSZ containers the Ethereum consensus
// altair fork introduced and later forks still use: participation flags
// and the sync committee types.
//
// Only what later forks reuse is declared here; the altair block and
// state themselves are not in the spec vectors this project tests
// against. Conventions are those of package phase0.
package altair
