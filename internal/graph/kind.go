package graph

import "fmt"

// Kind classifies what is wrong with a value, so that callers map
// errors to their own sentinels by kind, never by message text. It
// lives with the graph because the graph names it (a Program's Checks
// carry the kind their failure reports); sched.Error carries it.
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
	// KindType is a sched.Input of another Go type than the graph's.
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
