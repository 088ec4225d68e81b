package proof

import (
	"errors"
	"fmt"
	"strconv"
)

// Sentinel errors; every error of the package wraps one of them.
var (
	// ErrIndex reports a generalized index that is 0, a node a source
	// cannot provide, or a request to prove that names no index.
	ErrIndex = errors.New("bad generalized index")
	// ErrOverflow reports a generalized index deeper than 63 levels. When
	// a path leads there the error wraps ErrPath as well: the path names
	// no node a GIndex can hold.
	ErrOverflow = errors.New("generalized index overflows 64 bits")
	// ErrPath reports a path that does not name a value of the type: an
	// unknown field, an index past a vector's length or a list's limit, a
	// malformed path. The error is a *PathError.
	ErrPath = errors.New("bad path")
	// ErrProof reports a proof whose parts do not fit together: a wrong
	// number of nodes, a descriptor that is not a tree.
	ErrProof = errors.New("malformed proof")
)

// PathError is the error of ParsePath, Walk and GIndexOf: where in the
// path the problem is, and in which type. It wraps ErrPath, and also
// ErrOverflow when the path leads deeper than a GIndex can count.
type PathError struct {
	// Path is the path as given ("" when Walk was given steps directly).
	Path string
	// Pos is the byte offset in Path where the offending step or
	// character starts, and Step the number of the step (from 0; -1 for
	// a syntax error, found before the path is split into steps).
	Pos, Step int
	// Type names the type the step was applied to: its Go type name
	// where it has one (BeaconState, Validator), its SSZ kind otherwise.
	// It is "" for syntax errors.
	Type string
	// Reason says what is wrong.
	Reason   string
	overflow bool
}

// Error prints the path, the position and the reason.
func (e *PathError) Error() string {
	at := "byte " + strconv.Itoa(e.Pos)
	if e.Step >= 0 {
		at = fmt.Sprintf("step %d (byte %d)", e.Step, e.Pos)
	}
	in := ""
	if e.Type != "" {
		in = " of " + e.Type
	}
	return fmt.Sprintf("proof: path %s: %s%s: %s", excerpt(e.Path, e.Pos), at, in, e.Reason)
}

// excerptRadius is how many bytes of a long path Error shows on each side
// of the error's position: a path from a request can be megabytes, and an
// error is logged.
const excerptRadius = 40

// excerpt quotes path, or for a long one the bytes around pos with its
// length, so that the message stays short whatever the request held.
func excerpt(path string, pos int) string {
	if len(path) <= 2*excerptRadius {
		return strconv.Quote(path)
	}
	from, to := max(pos-excerptRadius, 0), min(pos+excerptRadius, len(path))
	out := strconv.Quote(path[from:to])
	if from > 0 {
		out = "…" + out
	}
	if to < len(path) {
		out += "…"
	}
	return fmt.Sprintf("%s (%d bytes)", out, len(path))
}

// Unwrap returns ErrPath, and ErrOverflow for an index that does not fit,
// so that errors.Is finds either.
func (e *PathError) Unwrap() []error {
	if e.overflow {
		return []error{ErrPath, ErrOverflow}
	}
	return []error{ErrPath}
}
