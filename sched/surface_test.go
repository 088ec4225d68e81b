package sched_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"slices"
	"strings"
	"testing"
)

// surface is sched's exported top-level API: what plan, cache and the
// bench call (#21 item 2). sched promises nothing to outside callers, so
// a name joins this list only when one of those packages needs it; the
// plan graph's vocabulary belongs in internal/graph and what only the
// tests need in export_test.go.
var surface = []string{
	"BufLen", "BytesPrepared", "Depth", "Error", "Exec", "Input", "Kernel",
	"Lockstep", "NewExec", "NewTree", "OneAtATime", "PackedCheck", "PerLevel", "Prepared",
	"PtrSliceOfReflect", "PtrsOf", "PtrsOfType", "SliceOf", "SliceOfReflect", "Snapshot", "Stats",
	"Strategy", "Tree", "ValueAt", "ValueOf", "ValueOfReflect",
}

// TestSurface fails when an exported top-level identifier is added to
// or removed from the package without updating surface.
func TestSurface(t *testing.T) {
	fset := token.NewFileSet()
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, e.Name(), nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil && d.Name.IsExported() {
					got = append(got, d.Name.Name)
				}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					switch s := s.(type) {
					case *ast.TypeSpec:
						if s.Name.IsExported() {
							got = append(got, s.Name.Name)
						}
					case *ast.ValueSpec:
						for _, n := range s.Names {
							if n.IsExported() {
								got = append(got, n.Name)
							}
						}
					}
				}
			}
		}
	}
	slices.Sort(got)
	want := slices.Clone(surface)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("sched exports %v, want %v", got, want)
	}
}
