// Package vectortest runs the ssz_static spec vectors of one fork
// against the consensus types, for the fork packages' tests, with the
// project's spec-test runner: every case must decode, match value.yaml,
// hash to the vector's root and re-encode byte for byte.
package vectortest

import (
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/lanehash/lanehash/internal/spectest"
	"github.com/lanehash/lanehash/ssz"
)

// StaticCases returns the ssz_static cases of fork, sorted by path,
// skipping the test when the vectors folder is missing (failing instead
// under CI=true). It builds each type's descriptor once per preset rather
// than once per case, so fuzz workers start quickly.
func StaticCases(t testing.TB, fork string) []*spectest.Case {
	t.Helper()
	dir := spectest.RequireDir(t)
	paths, err := filepath.Glob(filepath.Join(dir, "*", fork, "ssz_static", "*", "*", "*"))
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(paths)
	types := map[[2]string]*ssz.Type{}
	var out []*spectest.Case
	for _, p := range paths {
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			t.Fatal(err)
		}
		parts := strings.Split(filepath.ToSlash(rel), "/") // preset fork ssz_static type suite case
		c := &spectest.Case{Path: p, Handler: "ssz_static", Preset: parts[0], Fork: fork,
			TypeName: parts[3], Name: parts[4] + "/" + parts[5], Valid: true}
		key := [2]string{c.Preset, c.TypeName}
		if types[key] == nil {
			types[key] = staticType(t, c)
		}
		c.Type = types[key]
		out = append(out, c)
	}
	if len(out) == 0 {
		t.Fatalf("no ssz_static cases for %s below %s", fork, dir)
	}
	return out
}

// staticType builds the descriptor of a case's type with its preset's
// spec values.
func staticType(t testing.TB, c *spectest.Case) *ssz.Type {
	t.Helper()
	goType, ok := spectest.StaticType(c.Preset, c.Fork, c.TypeName)
	if !ok {
		t.Fatalf("%s: no Go type for %s", c, c.TypeName)
	}
	spec, err := spectest.PresetSpec(c.Preset)
	if err != nil {
		t.Fatal(err)
	}
	typ, err := ssz.TypeOf(goType, ssz.WithSpec(spec))
	if err != nil {
		t.Fatalf("%s: %v", c, err)
	}
	return typ
}

// RunStatic checks every ssz_static case of fork with spectest.Check
// (the reference root) and returns how many passed per preset.
func RunStatic(t *testing.T, fork string) map[string]int {
	t.Helper()
	passed := map[string]int{}
	for _, c := range StaticCases(t, fork) {
		if err := spectest.Check(c, nil); err != nil {
			t.Error(err)
			continue
		}
		passed[c.Preset]++
	}
	for preset, n := range passed {
		t.Logf("%s/%s: %d ssz_static cases passed", preset, fork, n)
	}
	return passed
}
