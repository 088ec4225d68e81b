// Package fulu declares the SSZ containers of the Ethereum consensus
// fulu fork. Fulu changes only the beacon state (it adds the proposer
// lookahead); every other container is the earlier fork's, re-exported
// here as a type alias so that fulu code can name the whole fork from
// one package.
//
// Conventions are those of package phase0.
package fulu
