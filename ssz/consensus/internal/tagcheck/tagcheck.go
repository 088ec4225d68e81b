// Package tagcheck finds dynssz expressions that name spec values a
// preset does not define. The ssz package falls back to the static
// (mainnet) tag value when a name is unknown, so a misspelt name would
// silently give the minimal preset mainnet sizes; the consensus packages'
// tests use this package to rule that out.
package tagcheck

import (
	"reflect"
	"sort"
	"strings"

	"github.com/lanehash/lanehash/ssz"
)

// Names returns every spec value name used in a dynssz-* tag of the
// struct types reachable from roots (through fields, pointers, slices and
// arrays), sorted and without duplicates.
func Names(roots ...reflect.Type) []string {
	seen := map[reflect.Type]bool{}
	names := map[string]bool{}
	for _, t := range roots {
		collect(t, seen, names)
	}
	out := make([]string, 0, len(names))
	for n := range names {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// Missing returns the names of Names(roots...) that spec lacks.
func Missing(spec ssz.SpecValues, roots ...reflect.Type) []string {
	var out []string
	for _, n := range Names(roots...) {
		if _, ok := spec[n]; !ok {
			out = append(out, n)
		}
	}
	return out
}

func collect(t reflect.Type, seen map[reflect.Type]bool, names map[string]bool) {
	for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice || t.Kind() == reflect.Array {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct || seen[t] {
		return
	}
	seen[t] = true
	for i := range t.NumField() {
		f := t.Field(i)
		for _, key := range []string{"dynssz-size", "dynssz-max", "dynssz-bitsize"} {
			for _, n := range identifiers(f.Tag.Get(key)) {
				names[n] = true
			}
		}
		collect(f.Type, seen, names)
	}
}

// identifiers returns the spec value names in a dynssz expression list:
// the maximal runs of letters, digits and underscores that do not start
// with a digit.
func identifiers(expr string) []string {
	fields := strings.FieldsFunc(expr, func(r rune) bool {
		return !(r == '_' || r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9')
	})
	var out []string
	for _, f := range fields {
		if f[0] < '0' || f[0] > '9' {
			out = append(out, f)
		}
	}
	return out
}
