package sszjson

import (
	"errors"
	"strconv"
)

// Error is the error of every function of the package that reads or
// writes a value: Err says what went wrong (it wraps one of the
// sentinels below, or one of package ssz's), Path says where, and Offset
// says at which byte of the JSON input.
type Error struct {
	// Path names the value at fault in the spec's names, as a proof path
	// spells it: "validators[3].pubkey", "body.attestations[0].aggregation_bits",
	// "choice.value" inside a union; "" for the whole value. An unknown or
	// missing key is named by its path too ("validators[3].foo").
	Path string
	// Offset is the byte of the JSON input where the fault was found,
	// counted from the start of the document; -1 when writing, or when no
	// byte is at fault (a Go value that does not fit its type).
	Offset int64
	// Err is the cause, wrapping a sentinel.
	Err error
}

// Error returns "sszjson: " followed by the path, the byte and the cause.
func (e *Error) Error() string {
	s := "sszjson: "
	if e.Path != "" {
		s += e.Path + ": "
	}
	if e.Offset >= 0 {
		s += "byte " + strconv.FormatInt(e.Offset, 10) + ": "
	}
	return s + e.Err.Error()
}

// Unwrap returns the cause, for errors.Is and errors.As.
func (e *Error) Unwrap() error { return e.Err }

// The sentinels of the package's own errors. Faults that package ssz
// also finds in bytes wrap ssz's sentinels instead, so one errors.Is test
// covers both forms: a vector with the wrong number of elements or a
// byte string of the wrong length is ssz.ErrSize, a list over its limit
// ssz.ErrListTooLong, a bitlist without its delimiter ssz.ErrBitlist,
// unused bitvector bits set ssz.ErrBitvector, a union selector that is
// not an option (or a Go union value of the wrong type) ssz.ErrUnion, a
// Go bool whose byte is above 1 ssz.ErrBool, and a Go argument of the
// wrong kind (a nil or non-pointer to Unmarshal) ssz.ErrValue. Errors
// describing the Go type itself are ssz.TypeOf's *ssz.Error.
var (
	// ErrSyntax reports input that is not JSON: a bad token, an
	// unterminated string, array or object, a bad escape, a control
	// character in a string, a missing or trailing comma, or anything but
	// white space after the value.
	ErrSyntax = errors.New("not JSON")
	// ErrType reports a JSON value of the wrong kind for its SSZ type: a
	// string where a container's object belongs, an object where a number
	// does, a number where a byte string does, a string for a union's
	// selector, hex for a sequence of a named uint8.
	ErrType = errors.New("wrong JSON type")
	// ErrUnknownField reports an object key that names no field of its
	// container (or, in a union, a key other than selector and
	// value/data).
	ErrUnknownField = errors.New("unknown field")
	// ErrMissingField reports a container field (or a union's selector or
	// value, the None option's null value too) that the object does not
	// give.
	ErrMissingField = errors.New("missing field")
	// ErrDuplicateField reports an object that gives one field twice,
	// under one key or two keys naming the same field.
	ErrDuplicateField = errors.New("duplicate field")
	// ErrNumber reports an unsigned integer that is not one: negative,
	// fractional or with an exponent, with a sign, leading zeros or
	// anything but decimal digits, empty, or too large for its type.
	ErrNumber = errors.New("bad number")
	// ErrHex reports a byte string or bitfield that is not "0x" followed
	// by an even number of hex digits.
	ErrHex = errors.New("bad hex")
	// ErrNoEnvelope reports, from Envelope, a document that is not a JSON
	// object with a "data" key.
	ErrNoEnvelope = errors.New("not a beacon-API response")
)
