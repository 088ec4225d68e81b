package main

import (
	"strings"
	"testing"

	"github.com/lanehash/lanehash/internal/difftest"
)

// TestDiffEdits diffs two state files with known edits and checks the
// exact lines printed (package diff's tests hold the same lines to the
// states' Merkle trees), then the files the other way round with -max,
// and identical files.
func TestDiffEdits(t *testing.T) {
	a, b, want := difftest.EditedStates(t, 1024)
	fa, fb := writeFile(t, "a.ssz", a), writeFile(t, "b.ssz", b)
	out, errOut, code := runCmd(t, nil, "diff", "-type", "fulu.BeaconState", fa, fb)
	if code != exitNegative {
		t.Fatalf("status %d, want %d: %s", code, exitNegative, errOut)
	}
	got := strings.Split(strings.TrimSpace(out), "\n")
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("diff printed\n%s\nwant\n%s", out, strings.Join(want, "\n"))
	}

	// The same files the other way round, -max, identical files.
	out, errOut, _ = runCmd(t, nil, "diff", "-type", "fulu.BeaconState", "-max", "2", fb, fa)
	if lines := strings.Split(strings.TrimSpace(out), "\n"); len(lines) != 2 || !strings.HasPrefix(lines[0], "slot: ") ||
		!strings.Contains(errOut, "6 more differences not shown") {
		t.Errorf("-max 2, reversed: %q, %q", out, errOut)
	}
	out, errOut, code = runCmd(t, nil, "diff", "-type", "fulu.BeaconState", "-v", fa, fa)
	if code != exitOK || out != "" || !strings.Contains(errOut, "0 differences") {
		t.Errorf("identical files: status %d, %q, %q", code, out, errOut)
	}
}

// TestDiffProgressive diffs gloas state files (a progressive container,
// its validators a progressive list) where the registry shrank: the
// composite elements one file has alone print as (present).
func TestDiffProgressive(t *testing.T) {
	a, b, want := difftest.ShrunkGloas(t)
	out, errOut, code := runCmd(t, nil, "diff", "-type", "gloas.BeaconState", writeFile(t, "a", a), writeFile(t, "b", b))
	if code != exitNegative || out != strings.Join(want, "\n")+"\n" {
		t.Fatalf("status %d (%s), printed\n%s\nwant\n%s", code, errOut, out, strings.Join(want, "\n"))
	}
}
