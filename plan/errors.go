package plan

import (
	"errors"
	"fmt"
	"strings"

	"github.com/lanehash/lanehash/sched"
	"github.com/lanehash/lanehash/ssz"
)

// Error reports a value that cannot be hashed: the index of the element
// of the caller's slice (or -1 for a single value), the field path
// inside it (with list indices, such as "BeaconState.Validators[17].
// WithdrawalCredentials") and what is wrong. Err wraps one of the ssz
// sentinel errors (ssz.ErrSize, ssz.ErrListTooLong, ssz.ErrBitlist,
// ssz.ErrUnion, ssz.ErrValue, ssz.ErrBool, ssz.ErrBitvector), for
// errors.Is.
type Error struct {
	Index int
	Path  string
	Err   error
}

// Error formats the index, the path and the problem.
func (e *Error) Error() string {
	s := "plan: "
	if e.Index >= 0 {
		s += fmt.Sprintf("element %d: ", e.Index)
	}
	if e.Path != "" {
		s += e.Path + ": "
	}
	return s + e.Err.Error()
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// valueError returns an Error at index i and path wrapping sentinel.
func valueError(i int, path string, sentinel error, format string, args ...any) error {
	return &Error{Index: i, Path: path, Err: fmt.Errorf("%w: %s", sentinel, fmt.Sprintf(format, args...))}
}

// fromSched turns the executor's errors into Errors; nil pointers and
// wrong slice lengths are its only value errors.
func fromSched(err error) error {
	if err == nil {
		return nil
	}
	var se *sched.Error
	if errors.As(err, &se) {
		sentinel := ssz.ErrSize
		switch {
		case se.Err != nil:
			sentinel = se.Err
		case se.Path == "" || se.Msg == "nil pointer" || se.Msg == "nil element":
			sentinel = ssz.ErrValue
		}
		return &Error{Index: se.Index, Path: se.Path, Err: fmt.Errorf("%w: %s", sentinel, se.Msg)}
	}
	return err
}

// reindex maps an error about element j of a batch whose elements came
// from several instances to the instance: index becomes instance and
// the path gains the element's position inside it.
func reindex(err error, instance int, path string, elem int) error {
	var pe *Error
	if errors.As(err, &pe) {
		p := fmt.Sprintf("%s[%d]", path, elem)
		switch {
		case strings.HasPrefix(pe.Path, path+"[]"):
			// The element's own path: put the index in its place.
			p += pe.Path[len(path)+2:]
		case pe.Path != "":
			p += "." + lastName(pe.Path)
		}
		return &Error{Index: instance, Path: p, Err: pe.Err}
	}
	return err
}

// lastName returns a field path without its leading type name, so
// "Validator.Pubkey" nested under "BeaconState.Validators[3]" reads
// "BeaconState.Validators[3].Pubkey".
func lastName(path string) string {
	for i := 0; i < len(path); i++ {
		if path[i] == '.' {
			return path[i+1:]
		}
	}
	return path
}
