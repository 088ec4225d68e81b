// Package deneb declares the SSZ containers of the Ethereum consensus
// deneb fork that later forks still use: the execution payload, its
// header and KZG commitments.
//
// Only what later forks reuse is declared here. Conventions are those of
// package phase0.
package deneb
