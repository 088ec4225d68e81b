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
// field). Everything else is an error, an *Error naming the path of the
// value at fault and the byte of the input, wrapping a sentinel: an
// unknown key or a union key other than selector and value/data
// (ErrUnknownField), a missing field, union selector or union value (the
// None option's null too: ErrMissingField), a field given twice, under
// one key or two (ErrDuplicateField), a JSON value of the wrong kind (a
// selector written as a string, hex for a sequence of a named uint8
// too: ErrType), a number that is negative, fractional, has an exponent,
// a sign, leading zeros, is empty or too large for its type (ErrNumber),
// hex without "0x", with an odd number of digits or a bad digit
// (ErrHex), a vector with the wrong number of elements or a byte string
// of the wrong length (ssz.ErrSize), a list over its limit
// (ssz.ErrListTooLong), a bitlist without its delimiter (ssz.ErrBitlist),
// unused bitvector bits set (ssz.ErrBitvector), a union selector that is
// no option (ssz.ErrUnion), and anything that is not JSON, or is followed
// by more than white space (ErrSyntax).
//
// Reading recurses on the type only, whose depth is fixed, never on the
// input, and makes no tree of the document. What it refuses, and where,
// is what it would find first if it checked all of an object's keys,
// each member skipped (strings to their closing quote by
// bytes.IndexByte, nesting by counting brackets), before it read any field: an object in the
// written form (each key a field's name as written, once) is read in one
// pass, its members parsed where their keys are, and from its first
// member that is not (or whose value does not read) the rest is scanned
// so before the error is chosen. A list is read in one pass too, into
// a scratch slice (pooled per Go type across decodes), its count checked
// against its limit and its commas and brackets as it goes, and made
// once, of its exact length, at its closing bracket; on a fault it is
// counted by the same skip (its count against its limit, each element
// against the fewest bytes a valid one takes), and the count's fault
// comes first. A vector, whose length is its type's, is read in one pass
// when the input left can hold that many elements (else counted first),
// and from a fault the array is counted so, the count's fault
// coming first; one of booleans or integers held in a Go array reports
// its first fault in reading order instead (a bad element before a count
// fault after it), so the two Go forms of one vector can name different
// faults of a bad array. So the bytes of an object or a list are parsed
// once, and nesting deeper than the type is ErrType where it starts.
//
// # Memory
//
// Unmarshal allocates the decoded value's own heap (its slices, what its
// pointers point to, its unions' values), plus for each union its
// option's value once more, plus at most the input's size and 16 KiB. A
// union's option is decoded into a value of its own, then copied into
// the union's interface, as Go stores a value that is not a pointer in
// an interface (reflect cannot box memory it did not copy): a union
// whose option is a [1024]uint256.Int allocates its 32 KiB twice from 2
// KB of JSON (the option's own bytes only, not what it points to). The
// input-sized rest is the buffers strings with escapes are unescaped
// into, one span per field of the containers on the current path, the
// lists' scratch slices the pool did not hold and the unused tails of
// pointee chunks: each list spends on these, itself and the lists and
// strings in it together, at most as many bytes as it has JSON read so
// far, and 16 KiB are granted once per decode. A list whose scratch
// cannot be paid for, or past the 64 list Go types a decode keeps
// scratch slices for, is counted first, then read in place into a slice
// of its exact length, and its scratch made for the next decode when
// that can be paid for. A sequence's pointees are carved from chunks of
// up to 16 KiB, and small pointer-free slices (a withdrawal credential,
// a bitlist) from blocks of 4 KiB, so a state's hundreds of thousands
// of them cost hundreds of allocations; one kept alive keeps its chunk
// or block. A million 0s for a []uint64 allocate their 8 MB, four times
// their 2 MB of JSON; a million [] for a [][]byte their 24 MB of slice
// headers, eight times their JSON. An input that is refused allocates
// no more than the one it would be with its fault fixed; one refused
// for a count over a limit, an element too short to be one, nesting
// deeper than its type or a fault in a list's commas and brackets
// allocates for that list what the elements before the fault took and
// their scratch, never the list itself (a vector held in a slice is
// made, of its length, before it is read, when the input left can hold
// it). Elements that take more than 16 bytes of Go per byte of their
// list's JSON (none of SSZ's kinds do: a uint256 "0," takes 32 for 2;
// only Go structs with fields SSZ leaves out) are allocated from that
// budget and double as they are read when their list is counted, as
// package ssz does, so an input refused early allocates in proportion
// to itself.
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
