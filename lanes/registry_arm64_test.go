//go:build !purego

package lanes_test

import (
	"testing"

	"golang.org/x/sys/cpu"

	"github.com/lanehash/lanehash/lanes"
)

// TestARM64ChoiceRule checks the arm64 choice rule: the SHA2 kernel
// where the CPU has the SHA2 instructions, else the ASIMD kernel, and
// that Kernels lists every arm64 kernel with the features it lacks. Run
// under qemu with the default CPU and with GODEBUG=cpu.sha2=off to see
// both branches.
func TestARM64ChoiceRule(t *testing.T) {
	t.Setenv(lanes.EnvKernel, "")
	want := map[string]string{ // name -> missing features on this CPU
		"sha256/armsha2x4": "",
		"sha256/armsha2x2": "",
		"sha256/neonx4":    "",
	}
	if !cpu.ARM64.HasSHA2 {
		want["sha256/armsha2x4"] = "sha2"
		want["sha256/armsha2x2"] = "sha2"
	}
	for _, info := range lanes.Kernels() {
		missing, ok := want[info.Name]
		if !ok {
			continue
		}
		delete(want, info.Name)
		if info.Missing != missing || info.Available != (missing == "") {
			t.Errorf("%s: available %v, missing %q; want missing %q", info.Name, info.Available, info.Missing, missing)
		}
	}
	for name := range want {
		t.Errorf("Kernels does not list %s", name)
	}

	k, err := lanes.Select(lanes.SHA256, "")
	if err != nil {
		t.Fatal(err)
	}
	wantAuto := "sha256/auto(neonx4)"
	if cpu.ARM64.HasSHA2 {
		wantAuto = "sha256/auto(armsha2x4)"
	}
	if k.Name() != wantAuto {
		t.Errorf("automatic kernel %s, want %s (HasSHA2 = %v)", k.Name(), wantAuto, cpu.ARM64.HasSHA2)
	}
}
