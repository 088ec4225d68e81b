//go:build !purego

package lanes_test

import (
	"runtime"
	"slices"
	"strings"
	"testing"

	"golang.org/x/sys/cpu"

	"github.com/lanehash/lanehash/lanes"
)

// TestARM64ChoiceRule checks the arm64 choice rule of the static table:
// the SHA2 kernel where the CPU has the SHA2 instructions (one instance
// on its two-lane form), else the ASIMD kernel; and that Kernels lists
// every arm64 kernel with the features it lacks. Run under qemu with the
// default CPU and with LANEHASH_HIDE=sha2 to see both branches.
func TestARM64ChoiceRule(t *testing.T) {
	t.Setenv(lanes.EnvKernel, "")
	// SHA2 counts as present unless the CPU lacks it or LANEHASH_HIDE
	// hides it (Calibration reports what is hidden).
	hasSHA2 := cpu.ARM64.HasSHA2 && !slices.Contains(lanes.Calibration().Hidden, "sha2")
	needsSHA2 := map[string]bool{"sha256/armsha2x4": true, "sha256/armsha2x2": true, "sha256/neonx4": false}
	for _, info := range lanes.Kernels() {
		sha2, ok := needsSHA2[info.Name]
		if !ok {
			continue
		}
		delete(needsSHA2, info.Name)
		wantAvailable := hasSHA2 || !sha2
		if info.Available != wantAvailable || (!wantAvailable && !strings.HasPrefix(info.Missing, "sha2")) {
			t.Errorf("%s: available %v, missing %q; want available %v", info.Name, info.Available, info.Missing, wantAvailable)
		}
	}
	for name := range needsSHA2 {
		t.Errorf("Kernels does not list %s", name)
	}

	// The static table, which calibration starts from (and keeps unless
	// another kernel measures clearly faster; under qemu the timings are
	// the emulator's, so only the static table is checked).
	var static lanes.Choice
	for _, hc := range lanes.Calibration().Hashes {
		if hc.Hash == lanes.SHA256 {
			static = hc.Static
		}
	}
	wantLockstep, wantSmall := "sha256/neonx4", ""
	if hasSHA2 {
		wantLockstep, wantSmall = "sha256/armsha2x4", "sha256/armsha2x2"
	}
	if static.Lockstep != wantLockstep || static.Pairs != wantLockstep {
		t.Errorf("static Lockstep %s, Pairs %s; want %s for both (SHA2 present: %v)", static.Lockstep, static.Pairs, wantLockstep, hasSHA2)
	}
	if static.Narrow != wantSmall || static.TailThreshold > 1 {
		t.Errorf("static Pairs remainders on %q below %d; want %q below at most 1 (none)", static.Narrow, static.TailThreshold, wantSmall)
	}
	small, wantFor1 := static.Lockstep, wantLockstep
	if len(static.ForInstances) > 1 {
		small = static.ForInstances[1]
	}
	if wantSmall != "" {
		wantFor1 = wantSmall
	}
	if small != wantFor1 {
		t.Errorf("static ForInstances(1) = %q, want %q", small, wantFor1)
	}
}

// TestARM64KeccakStaticRule checks that the static table keeps the
// portable Keccak-256 kernel outside darwin even where the SHA3
// instructions exist (they are slower than scalar Keccak on some cores),
// and that Kernels lists keccak256/sha3x2 with its availability.
func TestARM64KeccakStaticRule(t *testing.T) {
	listed := false
	for _, info := range lanes.Kernels() {
		if info.Name != "keccak256/sha3x2" {
			continue
		}
		listed = true
		hidden := slices.Contains(lanes.Calibration().Hidden, "sha3")
		if want := cpu.ARM64.HasSHA3 && !hidden; info.Available != want {
			t.Errorf("keccak256/sha3x2: available %v, missing %q; want available %v", info.Available, info.Missing, want)
		}
	}
	if !listed {
		t.Fatal("Kernels does not list keccak256/sha3x2")
	}
	for _, hc := range lanes.Calibration().Hashes {
		if hc.Hash != lanes.Keccak256 {
			continue
		}
		want := "keccak256/genericx1"
		if runtime.GOOS == "darwin" && cpu.ARM64.HasSHA3 {
			want = "keccak256/sha3x2"
		}
		if hc.Static.Lockstep != want || hc.Static.Pairs != want {
			t.Errorf("static Keccak-256 Lockstep %s, Pairs %s; want %s", hc.Static.Lockstep, hc.Static.Pairs, want)
		}
	}
}
