package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lanehash/lanehash/internal/spectest"
)

// runCmd runs the command in process and returns its stdout, stderr and
// exit status.
func runCmd(t testing.TB, stdin []byte, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(args, bytes.NewReader(stdin), &out, &errb)
	return out.String(), errb.String(), code
}

// vectorsDir returns the spec vectors folder: under CI=true a missing
// folder fails the test (a check that could not run is not a pass),
// elsewhere it skips saying how to fetch them (spectest.RequireDir).
func vectorsDir(t testing.TB) string {
	t.Helper()
	return spectest.RequireDir(t)
}

// writeFile writes b to a new file in t's temporary folder.
func writeFile(t testing.TB, name string, b []byte) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestHelp(t *testing.T) {
	out, _, code := runCmd(t, nil, "-h")
	if code != exitOK || !strings.Contains(out, "diff") {
		t.Fatalf("lanehash -h: status %d, output %q", code, out)
	}
	for _, c := range commands() {
		out, errOut, code := runCmd(t, nil, c.name, "-h")
		if code != exitOK || !strings.Contains(out, "Usage: lanehash "+c.name) || !strings.Contains(out, "Examples:") || errOut != "" {
			t.Errorf("%s -h: status %d, stdout %q, stderr %q", c.name, code, out, errOut)
		}
	}
	if _, errOut, code := runCmd(t, nil); code != exitError || !strings.Contains(errOut, "Commands:") {
		t.Errorf("no arguments: status %d, stderr %q", code, errOut)
	}
	if _, errOut, code := runCmd(t, nil, "rot"); code != exitError || !strings.Contains(errOut, `unknown command "rot"`) {
		t.Errorf("unknown command: status %d, stderr %q", code, errOut)
	}
	if _, errOut, code := runCmd(t, nil, "root", "-bogus"); code != exitError || !strings.Contains(errOut, "-bogus") {
		t.Errorf("unknown flag: status %d, stderr %q", code, errOut)
	}
}

// TestProgress checks that progress is drawn on a terminal for a file at
// or over the threshold, and never elsewhere.
func TestProgress(t *testing.T) {
	s := make([]byte, 200)
	f := writeFile(t, "v.ssz", s)
	for _, c := range []struct {
		terminal bool
		min      int64
		want     bool
	}{{true, 100, true}, {true, 1000, false}, {false, 100, false}} {
		var out, errb bytes.Buffer
		e := &env{stdin: bytes.NewReader(nil), stdout: &out, stderr: &errb,
			isTerminal: func(io.Writer) bool { return c.terminal }, progressMin: c.min}
		// 200 bytes, under phase0.Attestation's limit (its largest is 485)
		// and short of its fixed part: a size error, after reading.
		e.run([]string{"root", "-type", "phase0.Attestation", f})
		if got := strings.Contains(errb.String(), "reading "+f+": 100%") && strings.Contains(errb.String(), "rooting "+f); got != c.want {
			t.Errorf("terminal %t, threshold %d: progress shown %t, stderr %q", c.terminal, c.min, got, errb.String())
		}
	}
}

func TestTypes(t *testing.T) {
	out, _, code := runCmd(t, nil, "types")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != exitOK || len(lines) != len(registry) || lines[0] != registry[0].Name() {
		t.Fatalf("types: status %d, %d lines for %d types", code, len(lines), len(registry))
	}
	out, _, code = runCmd(t, nil, "types", "-fork", "gloas", "-v")
	if code != exitOK || !strings.Contains(out, "gloas.BeaconState") || !strings.Contains(out, "ProgressiveContainer, 46 fields, variable size") ||
		!strings.Contains(out, "gloas.Validator") || strings.Contains(out, "fulu.") {
		t.Errorf("types -fork gloas -v: status %d, %q", code, out)
	}
	out, _, _ = runCmd(t, nil, "types", "-v", "-preset", "minimal")
	if !strings.Contains(out, "phase0.Validator") || !strings.Contains(out, "121 bytes") {
		t.Errorf("types -v: %q", out)
	}
}
