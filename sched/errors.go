package sched

import (
	"fmt"
	"strings"
)

// Kind classifies what is wrong with a value, so that callers map
// errors to their own sentinels by kind, never by message text.
type Kind uint8

const (
	// KindNil is a nil pointer or element where a value is required.
	KindNil Kind = iota + 1
	// KindLength is a fixed-size slice or vector of the wrong length.
	KindLength
	// KindTooLong is a list (or bitlist) over its limit.
	KindTooLong
	// KindBitlist is a bitlist without its delimiter bit.
	KindBitlist
	// KindBitvector is a bitvector with bits set past its length.
	KindBitvector
	// KindBool is a serialized boolean above 1.
	KindBool
	// KindUnion is a union whose selector and value disagree.
	KindUnion
	// KindType is an Input of another Go type than the graph's.
	KindType
	// KindOffset is a bad offset in serialized data: out of order, past
	// the end, or not where the fixed part ends.
	KindOffset
)

// String names the kind.
func (k Kind) String() string {
	switch k {
	case KindNil:
		return "nil"
	case KindLength:
		return "length"
	case KindTooLong:
		return "too long"
	case KindBitlist:
		return "bitlist"
	case KindBitvector:
		return "bitvector"
	case KindBool:
		return "bool"
	case KindUnion:
		return "union"
	case KindType:
		return "type"
	case KindOffset:
		return "offset"
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// Error is an error about one instance: its index (-1 when it is not
// about one instance), the field path inside it (empty for the instance
// itself), the kind of problem and a description.
type Error struct {
	Index int
	Path  string
	Kind  Kind
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
func errorf(i int, path string, kind Kind, format string, args ...any) *Error {
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
