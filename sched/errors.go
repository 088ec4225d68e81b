package sched

import (
	"fmt"
	"strings"

	"github.com/lanehash/lanehash/internal/graph"
)

// Error is an error about one instance: its index (-1 when it is not
// about one instance), the field path inside it (empty for the instance
// itself), the kind of problem and a description.
type Error struct {
	Index int
	Path  string
	Kind  graph.Kind
	Msg   string
}

// Error formats the index, the field and the problem.
func (e *Error) Error() string {
	s := "sched: "
	if e.Index >= 0 {
		s += fmt.Sprintf("element %d: ", e.Index)
	}
	if e.Path != "" {
		s += e.Path + ": "
	}
	return s + e.Msg
}

// errorf returns an Error at index i and path.
func errorf(i int, path string, kind graph.Kind, format string, args ...any) *Error {
	return &Error{Index: i, Path: path, Kind: kind, Msg: fmt.Sprintf(format, args...)}
}

// setIndex sets the instance index of an Error.
func setIndex(err error, i int) error {
	if e, ok := err.(*Error); ok {
		e.Index = i
	}
	return err
}

// shiftIndex adds by to the instance index of an Error about an
// instance: the index of an error of a span of the input starting at
// instance by, in the whole input.
func shiftIndex(err error, by int) error {
	if e, ok := err.(*Error); ok && e.Index >= 0 {
		e.Index += by
	}
	return err
}

// reindex maps an error about element j of a batch whose elements came
// from several instances to the instance: the index becomes instance
// and the path gains the element's position under the list's path.
func reindex(err error, instance int, path string, elem int) error {
	e, ok := err.(*Error)
	if !ok {
		return err
	}
	p := fmt.Sprintf("%s[%d]", path, elem)
	switch {
	case strings.HasPrefix(e.Path, path+"[]"):
		// The element's own path: put the index in its place.
		p += e.Path[len(path)+2:]
	case e.Path != "":
		p += "." + lastName(e.Path)
	}
	e.Index, e.Path = instance, p
	return e
}

// lastName returns a field path without its leading type name, so
// "Validator.Pubkey" nested under "BeaconState.Validators[3]" reads
// "BeaconState.Validators[3].Pubkey".
func lastName(path string) string {
	if _, name, ok := strings.Cut(path, "."); ok {
		return name
	}
	return path
}
