package plan

import (
	"errors"
	"fmt"
	"reflect"

	"github.com/lanehash/lanehash/internal/graph"
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
//
// It is the one value error of plan and cache: a cached tree's Root (and
// cache.TreeOf) returns it too, with Op "cache", the index of the list
// tree's element (or -1) and the indexed path, so one errors.As handles
// both.
type Error struct {
	Index int
	Path  string
	Err   error
	// Op is the package that returned the error when it is not plan
	// ("cache"); it starts the message, as "plan" does when Op is "".
	Op string
}

// Error formats the index, the path and the problem.
func (e *Error) Error() string {
	s := "plan: "
	if e.Op != "" {
		s = e.Op + ": "
	}
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

// sentinels maps the executor's error kinds to the ssz sentinels this
// package's errors wrap.
var sentinels = map[graph.Kind]error{
	graph.KindNil:       ssz.ErrValue,
	graph.KindLength:    ssz.ErrSize,
	graph.KindTooLong:   ssz.ErrListTooLong,
	graph.KindBitlist:   ssz.ErrBitlist,
	graph.KindBitvector: ssz.ErrBitvector,
	graph.KindBool:      ssz.ErrBool,
	graph.KindUnion:     ssz.ErrUnion,
	graph.KindType:      ssz.ErrValue,
	graph.KindOffset:    ssz.ErrOffset,
}

// wrap turns the executor's errors into Errors at the API boundary, by
// kind.
func wrap(err error) error {
	if err == nil {
		return nil
	}
	var se *sched.Error
	if !errors.As(err, &se) {
		return err
	}
	sentinel, ok := sentinels[se.Kind]
	if !ok {
		sentinel = ssz.ErrValue
	}
	return &Error{Index: se.Index, Path: se.Path, Err: fmt.Errorf("%w: %s", sentinel, se.Msg)}
}

// firstDefect reports, for an element the executor rejected, the first
// defect in field order, as the reference finds it. The executor checks
// an element's parts in batches (the elements of a list field before the
// container's inline fields, say), so an element with two defects may
// meet the later one first; the path in an Error is part of the API and
// must not depend on that order. Errors are the cold path: one reference
// walk of the one rejected element (at returns it) costs nothing a valid
// call pays. If the reference finds no defect (it always does where the
// executor did), the executor's error stands.
func (c *core) firstDefect(err error, at func(i int) reflect.Value) error {
	err = wrap(err)
	pe, ok := err.(*Error)
	if !ok || pe.Index < 0 {
		return err
	}
	if se := c.referenceDefect(at(pe.Index)); se != nil {
		pe.Path, pe.Err = se.Path, se.Err
	}
	return err
}

// valueDefect is firstDefect for a call on the single value v (Root):
// the Error carries no index, as the only value has none.
func (c *core) valueDefect(err error, v reflect.Value) error {
	err = c.firstDefect(err, func(int) reflect.Value { return v })
	if pe, ok := err.(*Error); ok {
		pe.Index = -1
	}
	return err
}

// referenceDefect is the reference's error for v, or nil. The reference
// reads Go memory through reflect, which panics on a slice whose length
// changes under it; a caller racing with the call (documented as
// unsupported in docs/guarantees.md) must still get the executor's error,
// not a crash, so a panic here only means "no better answer".
func (c *core) referenceDefect(v reflect.Value) (se *ssz.Error) {
	defer func() {
		if recover() != nil {
			se = nil
		}
	}()
	_, err := ssz.HashTreeRootValue(c.typ, v, c.kernel.Hash())
	if !errors.As(err, &se) {
		return nil
	}
	return se
}
