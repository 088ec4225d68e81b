package main

import (
	"reflect"
	"strconv"
	"strings"
	"unicode"

	"github.com/lanehash/lanehash/internal/sszlayout"
	"github.com/lanehash/lanehash/ssz"
)

// This file reads serialized SSZ by type without decoding it: the byte
// span of each field of a container and of each element of a sequence.
// diff compares spans, and error messages use them to turn a decoder's
// field path into a byte offset. Every span is checked against its
// parent, so malformed bytes are an error here, never a panic (the
// commands validate their inputs with the plan first; this is the second
// line).

// errLayout is the sentinel of bytes whose offsets or sizes do not fit
// their type: the layout's own, so its errors and validate's are one.
var errLayout = sszlayout.ErrLayout

// specName is the spec's name of a container field: its json tag's name
// when the Go type carries one (go-eth2-client's do), else the Go name in
// snake case (EffectiveBalance → effective_balance, Eth1Data →
// eth1_data, BLSToExecutionChanges → bls_to_execution_changes), which is
// how the consensus packages spell the spec's names in Go.
func specName(f *ssz.Field) string {
	if f.SpecName != "" {
		return f.SpecName
	}
	return snake(f.Name)
}

// snake converts a Go identifier in CamelCase to snake_case: a word
// starts at an upper-case letter after a lower-case letter or digit, and
// at the last upper-case letter of an acronym followed by a lower-case one,
// and at a number that ends the name.
func snake(s string) string {
	r := []rune(s)
	var b strings.Builder
	for i, c := range r {
		// A number ending the name is a word of its own (signed_header_1),
		// one inside it belongs to the word before (eth1_data).
		if unicode.IsDigit(c) && i > 0 && !unicode.IsDigit(r[i-1]) && trailingDigits(r[i:]) {
			b.WriteByte('_')
		}
		if unicode.IsUpper(c) && i > 0 {
			prev := r[i-1]
			nextLower := i+1 < len(r) && unicode.IsLower(r[i+1])
			if unicode.IsLower(prev) || unicode.IsDigit(prev) || (unicode.IsUpper(prev) && nextLower) {
				b.WriteByte('_')
			}
		}
		b.WriteRune(unicode.ToLower(c))
	}
	return b.String()
}

// trailingDigits reports whether r is all digits.
func trailingDigits(r []rune) bool {
	for _, c := range r {
		if !unicode.IsDigit(c) {
			return false
		}
	}
	return true
}

// isBytes reports whether t is a byte string (a vector or list of plain
// uint8: roots, keys, signatures, extra data), shown as one hex value
// rather than element by element. Named uint8 elements (participation
// flags) are numbers and are compared one by one.
func isBytes(t *ssz.Type) bool {
	switch t.Kind {
	case ssz.KindVector, ssz.KindList, ssz.KindProgressiveList:
		return t.Elem.Kind == ssz.KindUint8 && t.Elem.Go == reflect.TypeFor[uint8]()
	}
	return false
}

// isSequence reports whether t is a vector or a list.
func isSequence(t *ssz.Type) bool {
	switch t.Kind {
	case ssz.KindVector, ssz.KindList, ssz.KindProgressiveList:
		return true
	}
	return false
}

// isList reports whether t has a length mixed into its root.
func isList(t *ssz.Type) bool {
	switch t.Kind {
	case ssz.KindList, ssz.KindProgressiveList:
		return true
	}
	return false
}

// locate follows a decoder's error path ("BeaconState.Validators[3].Pubkey",
// Go names, the type's name first) through b and returns the byte offset
// where the deepest step it can follow starts, and that step's path in
// spec names ("validators[3].pubkey"). It stops, without error, where b
// no longer fits t: the decoder's error says why.
func locate(t *ssz.Type, b []byte, goPath string) (int, string) {
	steps := splitGoPath(goPath)
	if len(steps) > 0 && !strings.HasPrefix(steps[0], "[") {
		steps = steps[1:] // the type's own name
	}
	off, spec := 0, ""
	for _, st := range steps {
		switch {
		case strings.HasPrefix(st, "["):
			i, err := strconv.Atoi(strings.Trim(st, "[]"))
			if err != nil || !isSequence(t) {
				return off, spec
			}
			n, offs, err := sszlayout.SeqLen(t, b)
			if err != nil || i < 0 || i >= n {
				return off, spec
			}
			s := sszlayout.ElemSpan(t, i, offs)
			off, b, t = off+s.Lo, b[s.Lo:s.Hi], t.Elem
			spec += "[" + strconv.Itoa(i) + "]"
		default:
			if t.Kind != ssz.KindContainer && t.Kind != ssz.KindProgressiveContainer {
				return off, spec
			}
			fi := -1
			for k := range t.Fields {
				if t.Fields[k].Name == st {
					fi = k
				}
			}
			if fi < 0 {
				return off, spec
			}
			spec = joinPath(spec, specName(&t.Fields[fi]))
			spans, err := sszlayout.FieldSpans(t, b)
			if err != nil {
				// The field is named, its bytes are not where they should be:
				// the offset is the container's.
				return off, spec
			}
			s := spans[fi]
			off, b, t = off+s.Lo, b[s.Lo:s.Hi], t.Fields[fi].Type
		}
	}
	return off, spec
}

// splitGoPath splits "A.B[3].C" into "A", "B", "[3]", "C".
func splitGoPath(p string) []string {
	var out []string
	for _, part := range strings.Split(p, ".") {
		for part != "" {
			i := strings.IndexByte(part[1:], '[')
			if i < 0 {
				out = append(out, part)
				break
			}
			out = append(out, part[:i+1])
			part = part[i+1:]
		}
	}
	return out
}

// joinPath appends field name to path with a dot (none at the root).
func joinPath(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}
