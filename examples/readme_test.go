package examples_test

import (
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/lanehash/lanehash/plan"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// TestReadmeCommands checks the README's commands against the tree: every
// `go run ./path` it shows is a main package here, every `bash
// scripts/x.sh` a script here, and every example program is in the
// README's examples table (TestExamplesRun runs them all). A renamed or
// removed program breaks this test, not a reader's first hour.
func TestReadmeCommands(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(readme)
	runs := regexp.MustCompile(`go run (\./[A-Za-z0-9_./-]+)`).FindAllStringSubmatch(text, -1)
	if len(runs) < 10 {
		t.Fatalf("found %d `go run` commands in README.md, want at least the main job and the examples", len(runs))
	}
	for _, m := range runs {
		dir := filepath.Join("..", filepath.FromSlash(strings.TrimSuffix(m[1], "/")))
		src, err := os.ReadFile(filepath.Join(dir, "main.go"))
		if err != nil || !regexp.MustCompile(`(?m)^package main$`).Match(src) {
			t.Errorf("README.md: `go run %s`: no main package at %s (%v)", m[1], dir, err)
		}
	}
	for _, m := range regexp.MustCompile(`bash (scripts/[A-Za-z0-9_.-]+\.sh)`).FindAllStringSubmatch(text, -1) {
		if _, err := os.Stat(filepath.Join("..", m[1])); err != nil {
			t.Errorf("README.md: `bash %s`: %v", m[1], err)
		}
	}
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if _, err := os.Stat(filepath.Join(e.Name(), "main.go")); e.IsDir() && err == nil &&
			!strings.Contains(text, "`go run ./examples/"+e.Name()+"`") {
			t.Errorf("examples/%s is not in README.md's examples table (`go run ./examples/%s`)", e.Name(), e.Name())
		}
	}
}

// TestReadmeMigrationError checks the error the README's migration note
// quotes for a 31-byte WithdrawalCredentials (go-eth2-client hashes it):
// the text is what RootAllPtr and ListRootPtr return for the third of
// three validators, and its classification is the one the note tells
// readers to test.
// lanehash's phase0.Validator has go-eth2-client's type and field names,
// so the text is the same for both.
func TestReadmeMigrationError(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	vals := phase0.RandomValidators(3, 1)
	vals[2].WithdrawalCredentials = vals[2].WithdrawalCredentials[:31]
	p, err := plan.PlanFor[phase0.Validator]()
	if err != nil {
		t.Fatal(err)
	}
	registry := []*phase0.Validator{&vals[0], &vals[1], &vals[2]}
	_, listErr := p.ListRootPtr(registry, 1<<40)
	for name, err := range map[string]error{"RootAllPtr": p.RootAllPtr(make([][32]byte, 3), registry), "ListRootPtr": listErr} {
		var pe *plan.Error
		if !errors.Is(err, ssz.ErrSize) || !errors.As(err, &pe) || pe.Index != 2 || pe.Path != "Validator.WithdrawalCredentials" {
			t.Fatalf("%s, 31-byte WithdrawalCredentials: %v, want an ssz.ErrSize *plan.Error at element 2, Validator.WithdrawalCredentials", name, err)
		}
		if !strings.Contains(string(readme), "\n"+err.Error()+"\n") {
			t.Errorf("README.md does not quote %s's error on a line of its own:\n%s", name, err)
		}
	}
}
