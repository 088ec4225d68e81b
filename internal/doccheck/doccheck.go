// Package doccheck finds references in the repository's documents and
// Go comments to exported identifiers that do not exist.
//
// A document that names `cache.Prove` after it was removed sends a reader
// to an API that is not there, and nothing else notices: the compiler
// does not read Markdown, and go vet does not read prose in comments. The
// test of this package parses every package of the repository (the main
// module and the nested ones, every build tag: go/parser, not the build)
// into the set of exported names per package name, then checks every
// `pkg.Name` and `pkg.Type.Member` reference it finds in a code span of
// README.md and docs/**/*.md and in the comments of every Go file against
// that set. Only qualifiers that name one of the repository's own packages
// are checked (`errors.Is` and `spec.VersionedBeaconState` are someone
// else's), so the check has no list of exceptions to keep up to date.
package doccheck

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

// pkgAPI is the exported surface of every package sharing one name.
type pkgAPI struct {
	// names holds the exported top-level identifiers.
	names map[string]bool
	// members maps an exported type to its exported methods and fields
	// (interface methods included).
	members map[string]map[string]bool
	// embeds maps a type to the local types it embeds, whose members are
	// promoted.
	embeds map[string][]string
}

// api is the exported surface of a repository, keyed by package name.
type api map[string]*pkgAPI

// skipDir reports whether a directory holds no package a reader uses:
// hidden and underscore directories (the go tool ignores them too),
// testdata and vendored code.
func skipDir(name string) bool {
	return strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") ||
		name == "testdata" || name == "vendor" || name == "node_modules"
}

// loadAPI parses every non-test Go file under root and records the
// exported identifiers of each package name. Files of every GOOS, GOARCH
// and build tag count: an arm64-only function is as real as an amd64 one.
func loadAPI(root string) (api, error) {
	a := api{}
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != root && skipDir(d.Name()) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return fmt.Errorf("doccheck: %w", err)
		}
		a.add(f)
		return nil
	})
	return a, err
}

// pkg returns the entry of a package name, creating it.
func (a api) pkg(name string) *pkgAPI {
	p := a[name]
	if p == nil {
		p = &pkgAPI{names: map[string]bool{}, members: map[string]map[string]bool{}, embeds: map[string][]string{}}
		a[name] = p
	}
	return p
}

// member records an exported member of a type.
func (p *pkgAPI) member(typ, name string) {
	if !ast.IsExported(name) {
		return
	}
	m := p.members[typ]
	if m == nil {
		m = map[string]bool{}
		p.members[typ] = m
	}
	m[name] = true
}

// add records one file's exported declarations.
func (a api) add(f *ast.File) {
	p := a.pkg(f.Name.Name)
	for _, decl := range f.Decls {
		switch d := decl.(type) {
		case *ast.FuncDecl:
			if d.Recv == nil {
				if d.Name.IsExported() {
					p.names[d.Name.Name] = true
				}
				continue
			}
			if len(d.Recv.List) == 1 {
				if typ := baseType(d.Recv.List[0].Type); typ != "" {
					p.member(typ, d.Name.Name)
				}
			}
		case *ast.GenDecl:
			for _, spec := range d.Specs {
				switch s := spec.(type) {
				case *ast.TypeSpec:
					if s.Name.IsExported() {
						p.names[s.Name.Name] = true
					}
					p.addType(s.Name.Name, s.Type)
				case *ast.ValueSpec:
					for _, n := range s.Names {
						if n.IsExported() {
							p.names[n.Name] = true
						}
					}
				}
			}
		}
	}
}

// addType records the fields, interface methods and embedded types of a
// type declaration.
func (p *pkgAPI) addType(name string, t ast.Expr) {
	var fields *ast.FieldList
	switch t := t.(type) {
	case *ast.StructType:
		fields = t.Fields
	case *ast.InterfaceType:
		fields = t.Methods
	default:
		return
	}
	for _, fl := range fields.List {
		if len(fl.Names) == 0 {
			if emb := baseType(fl.Type); emb != "" {
				p.embeds[name] = append(p.embeds[name], emb)
				p.member(name, emb)
			}
			continue
		}
		for _, n := range fl.Names {
			p.member(name, n.Name)
		}
	}
}

// baseType names the local type of a receiver or embedded field: T, *T,
// T[P], *T[P, Q]; "" for anything else (a type of another package).
func baseType(e ast.Expr) string {
	for {
		switch x := e.(type) {
		case *ast.StarExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.IndexListExpr:
			e = x.X
		case *ast.Ident:
			return x.Name
		default:
			return ""
		}
	}
}

// hasMember reports whether typ has member name, directly or promoted
// from an embedded type of the same package.
func (p *pkgAPI) hasMember(typ, name string, depth int) bool {
	if p.members[typ][name] {
		return true
	}
	if depth > 8 {
		return false
	}
	for _, emb := range p.embeds[typ] {
		if p.hasMember(emb, name, depth+1) {
			return true
		}
	}
	return false
}

// ref is one qualified reference found in a document or comment.
type ref struct {
	pos  string // file:line
	text string // pkg.Name or pkg.Type.Member
}

// refPattern matches pkg.Name and pkg.Type.Member with a lower-case
// package qualifier and exported names. The qualifier must not continue
// a path, a selector or a word (`p.Root`, `x/crypto.Foo`, `a.b.C`).
var refPattern = regexp.MustCompile(`(^|[^A-Za-z0-9_./-])([a-z][a-z0-9_]*)\.([A-Z][A-Za-z0-9_]*)(?:\.([A-Z][A-Za-z0-9_]*))?`)

// codeSpan matches a Markdown code span on one line (fenced blocks are
// handled line by line by markdownRefs).
var codeSpan = regexp.MustCompile("`[^`\n]+`")

// quoted matches a double-quoted string on one line.
var quoted = regexp.MustCompile(`"[^"]*"`)

// refsIn returns the references in text, reported at pos.
func refsIn(pos, text string) []ref {
	var out []ref
	for _, m := range refPattern.FindAllStringSubmatch(text, -1) {
		r := m[2] + "." + m[3]
		if m[4] != "" {
			r += "." + m[4]
		}
		out = append(out, ref{pos: pos, text: r})
	}
	return out
}

// markdownRefs returns the references inside the code spans and fenced
// code blocks of a Markdown document (prose outside code is not an
// identifier, and shell commands in fences rarely look like one).
func markdownRefs(name, doc string) []ref {
	var out []ref
	fenced := false
	for i, line := range strings.Split(doc, "\n") {
		pos := fmt.Sprintf("%s:%d", name, i+1)
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			fenced = !fenced
			continue
		}
		if fenced {
			// A string literal in a code block is data, not a reference.
			out = append(out, refsIn(pos, quoted.ReplaceAllString(line, `""`))...)
			continue
		}
		for _, span := range codeSpan.FindAllString(line, -1) {
			out = append(out, refsIn(pos, span)...)
		}
	}
	return out
}

// commentRefs returns the references in the comments of a Go file.
func commentRefs(fset *token.FileSet, f *ast.File) []ref {
	var out []ref
	for _, g := range f.Comments {
		for _, c := range g.List {
			p := fset.Position(c.Pos())
			for i, line := range strings.Split(c.Text, "\n") {
				out = append(out, refsIn(fmt.Sprintf("%s:%d", p.Filename, p.Line+i), line)...)
			}
		}
	}
	return out
}

// unknown returns the references to a package of the repository that
// name no exported identifier of it, sorted and described for a reader.
// A qualifier that names no package of the repository is not checked.
func (a api) unknown(refs []ref) []string {
	var bad []string
	for _, r := range refs {
		parts := strings.Split(r.text, ".")
		p := a[parts[0]]
		if p == nil {
			continue
		}
		switch {
		case !p.names[parts[1]]:
			bad = append(bad, fmt.Sprintf("%s: `%s`: package %s exports no %s", r.pos, r.text, parts[0], parts[1]))
		case len(parts) == 3 && !p.hasMember(parts[1], parts[2], 0):
			bad = append(bad, fmt.Sprintf("%s: `%s`: %s.%s has no method or field %s", r.pos, r.text, parts[0], parts[1], parts[2]))
		}
	}
	sort.Strings(bad)
	return bad
}

// docFiles lists README.md and every Markdown file under docs/.
func docFiles(root string) ([]string, error) {
	files := []string{filepath.Join(root, "README.md")}
	err := filepath.WalkDir(filepath.Join(root, "docs"), func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(path, ".md") {
			files = append(files, path)
		}
		return nil
	})
	return files, err
}

// Check parses the repository at root and returns every reference in
// README.md, docs/**/*.md and the Go files' comments to an exported
// identifier of one of its packages that does not exist, one line each
// (file:line, the reference, what is missing). Documents are read as
// they are at the time of the call: the lead's merged tree, not a branch.
func Check(root string) ([]string, error) {
	a, err := loadAPI(root)
	if err != nil {
		return nil, err
	}
	// The module's own name qualifies its root package, and a package
	// path of the module that a document names (github.com/…/eth2)
	// qualifies that package, even where the package is missing from the
	// tree: a reference to it is then reported, not skipped.
	module := ""
	if mod, err := os.ReadFile(filepath.Join(root, "go.mod")); err == nil {
		if m := regexp.MustCompile(`(?m)^module\s+(\S+)`).FindSubmatch(mod); m != nil {
			module = string(m[1])
			a.pkg(path.Base(module))
		}
	}
	var refs []ref
	docs, err := docFiles(root)
	if err != nil {
		return nil, err
	}
	for _, name := range docs {
		b, err := os.ReadFile(name)
		if err != nil {
			return nil, err
		}
		rel, _ := filepath.Rel(root, name)
		refs = append(refs, markdownRefs(rel, string(b))...)
		if module != "" {
			paths := regexp.MustCompile(regexp.QuoteMeta(module) + `/([a-z0-9_/]*[a-z0-9_])`)
			for _, m := range paths.FindAllStringSubmatch(string(b), -1) {
				a.pkg(path.Base(m[1]))
			}
		}
	}
	fset := token.NewFileSet()
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		if d.IsDir() {
			// This package's own comments name missing identifiers on
			// purpose, as examples of what it reports.
			if path != root && (skipDir(d.Name()) || filepath.ToSlash(rel) == "internal/doccheck") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") {
			return nil
		}
		f, err := parser.ParseFile(fset, rel, readFile(path), parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return fmt.Errorf("doccheck: %w", err)
		}
		refs = append(refs, commentRefs(fset, f)...)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return a.unknown(refs), nil
}

// readFile returns a file's bytes for the parser (nil on error: the
// parser then reads the file itself and reports the error).
func readFile(path string) []byte {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	return b
}
