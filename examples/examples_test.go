package examples_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestExamplesRun builds every example program (every folder here with a
// main.go) and runs it: an example fails the test when it does not
// build, exits non-zero (each checks its roots against ssz.HashTreeRoot
// and exits 1 on a difference) or prints nothing.
func TestExamplesRun(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("the go command is needed to build the examples: %v", err)
	}
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		if _, err := os.Stat(filepath.Join(e.Name(), "main.go")); e.IsDir() && err == nil {
			names = append(names, e.Name())
		}
	}
	if len(names) < 7 {
		t.Fatalf("found %d examples (%v), want at least 7", len(names), names)
	}
	bin := t.TempDir()
	build := exec.Command(goTool, "build", "-o", bin+string(filepath.Separator), "./...")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build ./examples/...: %v\n%s", err, out)
	}
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			out := runExample(t, filepath.Join(bin, name))
			t.Logf("%s:\n%s", name, out)
		})
	}
	// The kernels example with the automatic choice forced from the
	// environment: the forced kernels are the ones it reports.
	t.Run("kernels/LANEHASH_KERNEL", func(t *testing.T) {
		const forced = "sha256/genericx1,keccak256/genericx1"
		out := runExample(t, filepath.Join(bin, "kernels"), "LANEHASH_KERNEL="+forced)
		for _, want := range []string{"sha256: automatic choice sha256/genericx1", "keccak256: automatic choice keccak256/genericx1"} {
			if !strings.Contains(out, want) {
				t.Errorf("LANEHASH_KERNEL=%s: output lacks %q:\n%s", forced, want, out)
			}
		}
	})
}

// runExample runs one built example with extra environment variables and
// returns its output, failing the test on a non-zero exit or no output.
func runExample(t *testing.T, path string, env ...string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, path)
	cmd.Env = append(os.Environ(), env...)
	var stdout, stderr strings.Builder
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s: %v\nstdout:\n%s\nstderr:\n%s", filepath.Base(path), err, stdout.String(), stderr.String())
	}
	if strings.TrimSpace(stdout.String()) == "" {
		t.Fatalf("%s printed nothing", filepath.Base(path))
	}
	return stdout.String()
}
