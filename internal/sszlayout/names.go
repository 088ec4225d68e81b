package sszlayout

import (
	"reflect"
	"strings"
	"unicode"

	"github.com/lanehash/lanehash/internal/memo"
	"github.com/lanehash/lanehash/proof"
	"github.com/lanehash/lanehash/ssz"
)

// The names the spec gives the parts of a value, as diff prints them and
// the command's error locations name them: one definition, so a path diff
// prints is the path an error names.

// FieldName is the name a path gives field i of container t: its spec
// name (specName) where package proof resolves that name to field i, else
// its Go name, which proof matches before any other (a json tag naming
// another field, one a path cannot spell, or one two fields share would
// otherwise name the wrong field or none). So every path of these names
// is a proof path to the node it names. The names are worked out once
// per type.
func FieldName(t *ssz.Type, i int) string {
	if names, ok := fieldNames.Load(t); ok {
		return names.([]string)[i]
	}
	names := make([]string, len(t.Fields))
	for j := range t.Fields {
		f := &t.Fields[j]
		names[j] = f.Name
		if spec := specName(f); spec != f.Name {
			if g, err := proof.GIndexOf(t, spec); err == nil {
				if own, err := proof.GIndexOf(t, f.Name); err == nil && g == own {
					names[j] = spec
				}
			}
		}
	}
	return fieldNames.Store(t, names).([]string)[i]
}

// fieldNames memoizes FieldName's names by container type, bounded
// (memo.Bounded) as ssz's own memos are: each entry keeps its descriptor
// alive.
var fieldNames = memo.New(1 << 12)

// specName is the spec's name of a container field: its json tag's name
// when the Go type carries one (go-eth2-client's do), else the Go name in
// snake case (EffectiveBalance → effective_balance, Eth1Data →
// eth1_data, BLSToExecutionChanges → bls_to_execution_changes), which is
// how the consensus packages spell the spec's names in Go.
func specName(f *ssz.Field) string {
	if f.SpecName != "" {
		return f.SpecName
	}
	return Snake(f.Name)
}

// Snake converts a Go identifier in CamelCase to snake_case: a word
// starts at an upper-case letter after a lower-case letter or digit, and
// at the last upper-case letter of an acronym followed by a lower-case one,
// and at a number that ends the name.
func Snake(s string) string {
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

// JoinPath appends field name to path with a dot (none at the root).
func JoinPath(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}

// IsBytes reports whether t is a byte string (a vector or list of plain
// uint8: roots, keys, signatures, extra data), shown as one hex value
// rather than element by element. Named uint8 elements (participation
// flags) are numbers and are compared one by one.
func IsBytes(t *ssz.Type) bool {
	return IsSequence(t) && t.Elem.Kind == ssz.KindUint8 && t.Elem.Go == reflect.TypeFor[uint8]()
}

// IsSequence reports whether t is a vector or a list.
func IsSequence(t *ssz.Type) bool {
	switch t.Kind {
	case ssz.KindVector, ssz.KindList, ssz.KindProgressiveList:
		return true
	}
	return false
}

// IsList reports whether t has a length mixed into its root.
func IsList(t *ssz.Type) bool {
	switch t.Kind {
	case ssz.KindList, ssz.KindProgressiveList:
		return true
	}
	return false
}
