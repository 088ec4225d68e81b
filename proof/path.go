package proof

import (
	"fmt"
	"strconv"
	"unicode"
	"unicode/utf8"

	"github.com/lanehash/lanehash/internal/sszpath"
)

// LengthStep is the path step naming a list's or bitlist's length chunk,
// as the spec's get_generalized_index spells it.
const LengthStep = "__len__"

// Step is one step of a path: a field name, or an element index.
type Step struct {
	Field string // a container field (Go name or spec name), or LengthStep
	Index uint64 // an element or bit index, when IsIndex
	// IsIndex tells an index step from a field step.
	IsIndex bool
	// Pos is the byte offset of the step in the path ParsePath read it
	// from (of the name, or of the '['), so that Walk's errors can point
	// at it.
	Pos int
}

// ParsePath splits a path such as "Validators[12345].EffectiveBalance",
// "validators[12345].effective_balance" or "Balances.__len__" into steps,
// strictly by the grammar in the package documentation: anything else is
// a *PathError wrapping ErrPath that gives the byte where the path stops
// following it. Whether the names exist is Walk's concern.
func ParsePath(path string) ([]Step, error) {
	syntax := func(pos int, overflow bool, format string, args ...any) error {
		return &PathError{Path: path, Pos: pos, Step: -1, Reason: fmt.Sprintf(format, args...), overflow: overflow}
	}
	if path == "" {
		return nil, nil
	}
	// Room for the paths requests carry (a state's deepest is 4 steps);
	// not sized by counting separators, which would let a path of a
	// million '[' allocate forty bytes each before its first error.
	steps := make([]Step, 0, 6)
	for i := 0; i < len(path); {
		switch {
		case path[i] == '[':
			end := i + 1
			for end < len(path) && path[end] != ']' {
				end++
			}
			if end == len(path) {
				return nil, syntax(i, false, "'[' without ']'")
			}
			idx, reason, overflow := parseIndex(path[i+1 : end])
			if reason != "" {
				return nil, syntax(i+1, overflow, "index %s: %s", sszpath.Quote(path[i+1:end]), reason)
			}
			steps = append(steps, Step{Index: idx, IsIndex: true, Pos: i})
			i = end + 1
		case path[i] == '.' && i == 0:
			return nil, syntax(0, false, "leading '.' (a path starts with a field name or an index)")
		case path[i] == '.':
			n := nameLen(path[i+1:])
			if n == 0 {
				if i+1 == len(path) {
					return nil, syntax(i, false, "trailing '.'")
				}
				return nil, syntax(i+1, false, "'.' followed by %s, not a field name", charAt(path, i+1))
			}
			steps = append(steps, Step{Field: path[i+1 : i+1+n], Pos: i + 1})
			i += 1 + n
		case i == 0:
			n := nameLen(path)
			if n == 0 {
				return nil, syntax(0, false, "starts with %s, not a field name or '['", charAt(path, 0))
			}
			steps = append(steps, Step{Field: path[:n], Pos: 0})
			i = n
		default:
			// A name runs to the first character that cannot be in one and
			// an index ends at its ']': only a separator may follow.
			return nil, syntax(i, false, "%s after a step, want '.', '[' or the end", charAt(path, i))
		}
	}
	return steps, nil
}

// parseIndex reads the digits between '[' and ']': plain decimal, no
// sign, no leading zero, no space, fitting 64 bits. The reason is "" on
// success; overflow tells an index too large for 64 bits.
func parseIndex(s string) (v uint64, reason string, overflow bool) {
	switch {
	case s == "":
		return 0, "empty", false
	case len(s) > 1 && s[0] == '0':
		return 0, "leading zero", false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, fmt.Sprintf("%s is not a decimal digit", charAt(s, i)), false
		}
	}
	v, err := strconv.ParseUint(s, 10, 64)
	if err != nil { // only digits: the one error left is the range
		return 0, "does not fit 64 bits", true
	}
	return v, "", false
}

// nameLen is the length in bytes of the field name s starts with: a
// letter or '_', then letters, digits and '_'. It is 0 when s does not
// start with a name.
func nameLen(s string) int {
	n := 0
	for n < len(s) {
		if c := s[n]; c < utf8.RuneSelf { // ASCII, the common case, without a decode
			if !(c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || n > 0 && '0' <= c && c <= '9') {
				break
			}
			n++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[n:])
		if !(unicode.IsLetter(r) || n > 0 && unicode.IsDigit(r)) {
			break
		}
		n += size
	}
	return n
}

// charAt describes the character at s[i] for an error message.
func charAt(s string, i int) string {
	r, _ := utf8.DecodeRuneInString(s[i:])
	return strconv.QuoteRune(r)
}
