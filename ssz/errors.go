package ssz

import (
	"errors"
	"fmt"
)

// Error is the error type of the package: Err says what went wrong and Path
// names where, as a Go-style path such as "BeaconState.Validators[3].Pubkey"
// (descriptor errors use "[]" for any element).
type Error struct {
	Path string
	Err  error
}

// Error returns the message with its path.
func (e *Error) Error() string {
	if e.Path == "" {
		return "ssz: " + e.Err.Error()
	}
	return "ssz: " + e.Path + ": " + e.Err.Error()
}

// Unwrap returns the underlying error, usually wrapping one of the
// sentinel errors below, for errors.Is.
func (e *Error) Unwrap() error { return e.Err }

// Sentinel errors; every error of the package wraps one of them.
var (
	// ErrUnsupported reports a Go type that has no SSZ meaning.
	ErrUnsupported = errors.New("unsupported type")
	// ErrTag reports a struct tag that is malformed or does not fit its type.
	ErrTag = errors.New("bad ssz tag")
	// ErrSpec reports a dynssz expression that needs a spec value that is
	// not known and has no static fallback.
	ErrSpec = errors.New("unknown spec value")
	// ErrRecursive reports a type that contains itself.
	ErrRecursive = errors.New("recursive type")
	// ErrOverflow reports a type whose size, length or limit does not fit:
	// a serialized size or element count beyond what a Go int holds, or
	// size arithmetic (a vector's length times its element size, a
	// container's sum of field sizes) beyond 2^64. Such a type is rejected
	// where it is described, never hashed with a wrapped number.
	ErrOverflow = errors.New("size overflows")
	// ErrListTooLong reports a list or bitlist longer than its limit.
	ErrListTooLong = errors.New("list too long")
	// ErrOffset reports a bad offset in serialized data.
	ErrOffset = errors.New("bad offset")
	// ErrSize reports data or a value of the wrong length (including
	// trailing bytes and fixed-size slices of the wrong length).
	ErrSize = errors.New("wrong size")
	// ErrBitlist reports a bitlist without its delimiter bit.
	ErrBitlist = errors.New("bad bitlist")
	// ErrBitvector reports a bitvector with unused high bits set.
	ErrBitvector = errors.New("bad bitvector")
	// ErrBool reports a boolean byte other than 0 or 1.
	ErrBool = errors.New("bad boolean")
	// ErrUnion reports a union with a bad selector or a value of the wrong
	// type.
	ErrUnion = errors.New("bad union")
	// ErrValue reports a Go value the caller passed that does not match the
	// descriptor (for example a non-pointer to Unmarshal).
	ErrValue = errors.New("bad value")
)

// errorf returns an *Error at path wrapping sentinel with a formatted detail.
func errorf(path string, sentinel error, format string, args ...any) error {
	if format == "" {
		return &Error{Path: path, Err: sentinel}
	}
	return &Error{Path: path, Err: fmt.Errorf("%w: "+format, append([]any{sentinel}, args...)...)}
}

// atPath sets the path of err, an *Error of appendBasic's without one.
func atPath(err error, path string) error {
	if e, ok := err.(*Error); ok && e.Path == "" {
		e.Path = path
	}
	return err
}
