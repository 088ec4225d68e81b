// Package bellatrix declares the SSZ types the Ethereum consensus
// bellatrix fork (the merge) introduced and later forks still use.
//
// Only what later forks reuse is declared here; the execution payload
// in its newest shape lives in package deneb. Conventions are those of
// package phase0.
package bellatrix
