package main

import (
	"bytes"
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

// vectorsDir returns the spec vectors folder, or skips the test naming
// why (CI has the folder; a checkout without ../shared does not).
func vectorsDir(t testing.TB) string {
	t.Helper()
	d, err := spectest.Dir()
	if err != nil {
		t.Skipf("spec vectors: %v", err)
	}
	if _, err := os.Stat(d); err != nil {
		t.Skipf("spec vectors folder %s absent (set %s): %v", d, spectest.EnvDir, err)
	}
	return d
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
