// Package sszjson reads and writes the JSON form of any value package ssz
// describes: the form of the consensus specs' test values and of the
// beacon node REST API (where a node serves states and blocks as JSON or
// SSZ).
//
// # The form
//
//   - A container (and a progressive container) is an object with one key
//     per field, in field order, the key being the field's spec name in
//     snake_case ("effective_balance"): the name a proof path gives the
//     field (package proof; sszlayout.FieldName), which is the json tag
//     where the Go type has one.
//   - uint8 … uint256 are decimal strings ("32000000000"), as the beacon
//     API writes them; booleans are true and false.
//   - Byte vectors and byte lists (elements of plain uint8: roots, keys,
//     signatures, extra data) are "0x" and lower-case hex. Sequences of a
//     named uint8 type (participation flags) are arrays of decimal
//     strings, as the spec's ParticipationFlags is a uint8, not a byte.
//   - Bitvectors, bitlists and progressive bitlists are "0x" hex of their
//     SSZ bytes (a bitlist's delimiter bit included).
//   - Other vectors and lists are arrays; a vector held in an empty Go
//     slice (the zero vector) is written out in full.
//   - A Union is {"selector": n, "value": v}, the None option's value
//     null; a CompatibleUnion is {"selector": n, "data": v}; both keys
//     are always there, and selectors are JSON numbers, as the spec's
//     value.yaml has them.
//   - A nil pointer is the zero value of what it points to, as in SSZ.
//
// # Reading
//
// Unmarshal takes that form, and also JSON numbers for the unsigned
// integers (value.yaml's form: 32000000000 as well as "32000000000"),
// arrays of numbers for byte strings, upper-case hex digits, any JSON
// white space, escaped characters in strings, and object keys in any
// order naming a field as a proof path step does (the Go name, the spec
// name, either ignoring underscores and the case of ASCII letters: no
// Unicode case mapping, so "pub\u212aey" with a KELVIN SIGN names no
// field). Everything else is an
// error, an *Error naming the path of the value at fault and the byte of
// the input, wrapping a sentinel: an unknown key or a union key other than
// selector and value/data (ErrUnknownField), a missing field or union
// selector or value, the None option's null value too (ErrMissingField),
// a field given twice, under one key or two (ErrDuplicateField), a JSON
// value of the wrong kind, a union selector written as a string too
// (ErrType), a number
// that is negative, fractional, has an exponent, a sign, leading zeros,
// is empty or too large for its type (ErrNumber), hex without "0x", with
// an odd number of digits or a bad digit (ErrHex), a vector with the
// wrong number of elements or a byte string of the wrong length
// (ssz.ErrSize), a list over its limit (ssz.ErrListTooLong), a bitlist
// without its delimiter (ssz.ErrBitlist), unused bitvector bits set
// (ssz.ErrBitvector), a union selector that is no option (ssz.ErrUnion),
// and anything that is not JSON, or is followed by more than white
// space (ErrSyntax).
//
// Reading is one pass per nesting level over the input's bytes, without
// recursion on the input (only on the type, whose depth is fixed) and
// without a tree of the document: its memory is the decoded value plus a
// few words per object member or array element of one level at a time,
// so a hostile input cannot make it allocate much more than its own size,
// nor nest deeper than its type. Lengths are checked before anything is
// allocated for them: a byte list's hex against its limit, an array's
// count against its vector length or list limit as it is counted.
//
// # Writing
//
// Marshal, MarshalIndent, MarshalValue and an Encoder (which streams)
// write the form above, checking the value as ssz.Marshal does: a list
// over its limit, a fixed-size slice of the wrong length, a bad bitfield,
// a union's selector or value that is no option, a Go bool whose byte is
// above 1, each an *Error naming its path.
//
// # The beacon API
//
// go-eth2-client's JSON of states and blocks (phase0 … fulu) reads into
// the types of ssz/consensus and back, root for root (the eth2 module's
// tests). A response, {"version": …, "finalized": …, "data": …}, is
// split by ParseResponse and Envelope: an object with a "data" key whose
// other keys are all the beacon-APIs spec's response metadata.
package sszjson
