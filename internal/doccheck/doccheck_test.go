package doccheck

import (
	"path/filepath"
	"strings"
	"testing"
)

// root is the repository root, two levels above this package.
var root = filepath.Join("..", "..")

// TestDocsNameExistingIdentifiers is the check itself: every `pkg.Name`
// and `pkg.Type.Member` that README.md, docs/**/*.md or a Go comment
// names for one of the repository's packages exists in the tree as it is
// now. A renamed or removed identifier fails here, with the file and line
// of each stale mention, instead of misleading a reader.
func TestDocsNameExistingIdentifiers(t *testing.T) {
	bad, err := Check(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range bad {
		t.Error(b)
	}
}

// TestCatchesRemovedIdentifier checks that the check can fail: against the
// repository's real API, `cache.Prove` (removed) and a method no type has
// are reported, and existing names, generic instantiations, promoted and
// interface methods and someone else's packages are not.
func TestCatchesRemovedIdentifier(t *testing.T) {
	a, err := loadAPI(root)
	if err != nil {
		t.Fatal(err)
	}
	doc := strings.Join([]string{
		"Prove from a value with `cache.Prove(v, path)`.",
		"Or `cache.Tree.Frobnicate`, `plan.NoSuchThing`.",
		"Fine: `plan.PlanFor[T]()`, `(*plan.Error)`, `cache.Tree.Prove`, `ssz.HashTreeRoot(v)`,",
		"`lanes.Kernels()`, `errors.Is(err, ssz.ErrSize)`, `spec.VersionedBeaconState`, `p.Root`,",
		"`docs/results.md`, `bench/compare.Foo`, plain prose cache.Prove outside code.",
		"```go",
		"err := cache.Prove(v)",
		"```",
	}, "\n")
	bad := a.unknown(markdownRefs("doc.md", doc))
	want := []string{
		"doc.md:1: `cache.Prove`",
		"doc.md:2: `cache.Tree.Frobnicate`",
		"doc.md:2: `plan.NoSuchThing`",
		"doc.md:7: `cache.Prove`",
	}
	if len(bad) != len(want) {
		t.Fatalf("reported %d references, want %d:\n%s", len(bad), len(want), strings.Join(bad, "\n"))
	}
	for i, w := range want {
		if !strings.HasPrefix(bad[i], w) {
			t.Errorf("report %d = %q, want it to start with %q", i, bad[i], w)
		}
	}
}

// TestCommentsAreChecked checks that Go comments are read: a doc link and
// a plain mention of a removed identifier are both reported.
func TestCommentsAreChecked(t *testing.T) {
	a, err := loadAPI(root)
	if err != nil {
		t.Fatal(err)
	}
	refs := refsIn("x.go:1", "builds from a plain value ([cache.Prove]) or cache.TreeOf")
	bad := a.unknown(refs)
	if len(bad) != 1 || !strings.Contains(bad[0], "`cache.Prove`") {
		t.Fatalf("unknown = %q, want only cache.Prove", bad)
	}
}
