// Package bitfield declares types named as go-bitfield's are, in a
// package whose path ends in go-bitfield as that module's does, and
// types named almost so: the ssz package's tests read them without
// depending on the module.
package bitfield

// Bitlist is a bitlist, as go-bitfield's Bitlist.
type Bitlist []byte

// Bitvector4 is a 4-bit bitvector, as go-bitfield's Bitvector4.
type Bitvector4 []byte

// Bitvector64 is a 64-bit bitvector, as go-bitfield's Bitvector64.
type Bitvector64 []byte

// Bitvector4Foo, Bitvector04 and BitlistFoo are named like go-bitfield's
// types but are none of them: plain byte slices.
type (
	Bitvector4Foo []byte
	Bitvector04   []byte
	BitlistFoo    []byte
)
