// Package capella declares the SSZ containers the Ethereum consensus
// capella fork introduced and later forks still use: withdrawals, BLS to
// execution credential changes and historical summaries.
//
// Only what later forks reuse is declared here. Conventions are those of
// package phase0.
package capella
