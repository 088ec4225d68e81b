package lanes_test

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"

	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/lanes/lanestest"
)

// childEnv marks a test binary that a test re-ran under another
// environment: LANEHASH_HIDE and LANEHASH_CALIBRATE are read once per
// process, so each setting needs a process of its own.
const childEnv = "LANES_TEST_CHILD"

// inChild reports whether this process is the re-run of test.
func inChild(test string) bool { return os.Getenv(childEnv) == test }

// runChild re-runs the test binary for the single test named test with
// the extra environment env, and fails t if the child fails.
func runChild(t *testing.T, test string, env ...string) {
	t.Helper()
	args := []string{"-test.run=^" + test + "$", "-test.v", "-test.count=1"}
	run := func(name string, args ...string) ([]byte, error) {
		cmd := exec.Command(name, args...)
		cmd.Env = append(os.Environ(), append(env, childEnv+"="+test, lanes.EnvKernel+"=")...)
		return cmd.CombinedOutput()
	}
	out, err := run(os.Args[0], args...)
	if errors.Is(err, syscall.ENOEXEC) && runtime.GOARCH == "arm64" {
		// Under user-mode emulation (go test -exec qemu-aarch64-static)
		// the kernel cannot exec an arm64 binary itself.
		qemu, lookErr := exec.LookPath("qemu-aarch64-static")
		if lookErr != nil {
			t.Fatalf("cannot re-run the test binary: %v, and no qemu-aarch64-static: %v", err, lookErr)
		}
		out, err = run(qemu, append([]string{os.Args[0]}, args...)...)
	}
	if err != nil || !strings.Contains(string(out), "--- PASS: "+test) {
		t.Fatalf("%s with %v: %v\n%s", test, env, err, out)
	}
}

// TestCalibrationOffUsesStaticTable: with LANEHASH_CALIBRATE=off the
// automatic kernel runs Lockstep on the widest available kernel, nothing
// is measured, and the report says so.
func TestCalibrationOffUsesStaticTable(t *testing.T) {
	if !inChild(t.Name()) {
		runChild(t, t.Name(), lanes.EnvCalibrate+"=off")
		return
	}
	r := lanes.Calibration()
	if r.Measured || r.CPUTime != 0 || r.WallTime != 0 {
		t.Errorf("calibration off, but the report says measured %v in %v", r.Measured, r.CPUTime)
	}
	if !strings.Contains(r.String(), "calibration: off") {
		t.Errorf("report does not say calibration is off:\n%s", r)
	}
	for _, hc := range r.Hashes {
		k, err := lanes.Select(hc.Hash, "")
		if err != nil {
			t.Fatal(err)
		}
		widest, static := 0, 0
		for _, info := range lanes.Kernels() {
			if info.Hash == hc.Hash && info.Available && !info.MeasuredOnly {
				widest = max(widest, info.Width)
			}
			if info.Name == hc.Static.Lockstep {
				static = info.Width
			}
		}
		// The static Lockstep kernel is the widest, except where the
		// streams rule puts four SHA-NI streams first
		// (TestStaticChoiceStreamsFirst).
		if static != widest && hc.Static.Lockstep != "sha256/shanix4" {
			t.Errorf("%v: static Lockstep on %s (width %d), want the widest (%d)", hc.Hash, hc.Static.Lockstep, static, widest)
		}
		if k.Width() != static || len(hc.Timings) != 0 || hc.Chosen.String() != hc.Static.String() {
			t.Errorf("%v: automatic %s width %d (static %d), %d timings, chosen %s, static %s",
				hc.Hash, k.Name(), k.Width(), static, len(hc.Timings), hc.Chosen, hc.Static)
		}
	}
}

// TestHideSHANI: LANEHASH_HIDE=shani makes the SHA-NI kernel unavailable,
// naming the hidden feature, and keeps it out of the automatic kernel.
func TestHideSHANI(t *testing.T) {
	if !inChild(t.Name()) {
		runChild(t, t.Name(), lanes.EnvHide+"=shani")
		return
	}
	checkHidden(t, "sha", "shani")
}

// TestHideAVX2AndAVX512: the AVX2 and AVX-512 kernels go, and what is
// left still passes the conformance suite through the automatic kernel.
func TestHideAVX2AndAVX512(t *testing.T) {
	if !inChild(t.Name()) {
		runChild(t, t.Name(), lanes.EnvHide+"=avx2, AVX512")
		return
	}
	checkHidden(t, "avx2", "avx2x")
	checkHidden(t, "avx512f", "avx512x")
}

// checkHidden checks every kernel whose ISA name contains isa is
// unavailable with feature reported missing (hidden, if the CPU has
// it), that Select refuses it, and that the automatic kernels and the
// report do not use it.
func checkHidden(t *testing.T, feature, isa string) {
	t.Helper()
	found := false
	for _, info := range lanes.Kernels() {
		if !strings.Contains(info.Name, "/"+isa) {
			continue
		}
		found = true
		if info.Available || !strings.Contains(info.Missing, feature) {
			t.Errorf("%s hidden: %s available %v, missing %q", feature, info.Name, info.Available, info.Missing)
		}
		if _, err := lanes.Select(info.Hash, info.Name); !errors.Is(err, lanes.ErrUnavailable) {
			t.Errorf("Select(%s) with %s hidden: %v, want ErrUnavailable", info.Name, feature, err)
		}
	}
	r := lanes.Calibration()
	for _, hc := range r.Hashes {
		if strings.Contains(hc.Kernel, isa) {
			t.Errorf("automatic kernel %s uses hidden %s", hc.Kernel, isa)
		}
		for _, tm := range hc.Timings {
			if strings.Contains(tm.Name, isa) {
				t.Errorf("calibration measured hidden kernel %s", tm.Name)
			}
		}
	}
	if !strings.Contains(strings.Join(r.Hidden, ","), feature) || !strings.Contains(r.String(), lanes.EnvHide) {
		t.Errorf("report does not list %s as hidden: %v\n%s", feature, r.Hidden, r)
	}
	if !found {
		t.Logf("no %s kernel on this GOARCH or build; only the report was checked", isa)
	}
}

// TestNothingHiddenByDefault: without LANEHASH_HIDE no kernel is
// reported hidden. Where the environment sets it (CI's hidden-feature
// runs), the check runs in a child process with it cleared.
func TestNothingHiddenByDefault(t *testing.T) {
	if os.Getenv(lanes.EnvHide) != "" && !inChild(t.Name()) {
		runChild(t, t.Name(), lanes.EnvHide+"=")
		return
	}
	for _, info := range lanes.Kernels() {
		if strings.Contains(info.Missing, "hidden") {
			t.Errorf("%s reported hidden without %s: %q", info.Name, lanes.EnvHide, info.Missing)
		}
	}
}

// TestHideUnknownFeatureFails: LANEHASH_HIDE with a misspelt name makes
// every Select fail with ErrUnknownFeature (it used to hide nothing and
// say nothing), and the report carries the error.
func TestHideUnknownFeatureFails(t *testing.T) {
	if !inChild(t.Name()) {
		runChild(t, t.Name(), lanes.EnvHide+"=avx2,avx-512")
		return
	}
	for _, name := range []string{"", "sha256/genericx1", "sha256/auto"} {
		k, err := lanes.Select(lanes.SHA256, name)
		var ee *lanes.EnvError
		if k != nil || !errors.Is(err, lanes.ErrUnknownFeature) || !errors.As(err, &ee) || ee.Var != lanes.EnvHide || !strings.Contains(err.Error(), "avx-512") {
			t.Errorf("Select(sha256, %q) with %s=avx2,avx-512: %v, %v; want an EnvError wrapping ErrUnknownFeature", name, lanes.EnvHide, k, err)
		}
	}
	if r := lanes.Calibration(); !errors.Is(r.Err, lanes.ErrUnknownFeature) || !strings.Contains(r.String(), "avx-512") {
		t.Errorf("report error %v, want ErrUnknownFeature:\n%s", r.Err, r)
	}
}

// TestCalibrateUnknownValueFails: LANEHASH_CALIBRATE=of (a typo of off)
// used to calibrate; now the automatic kernels are refused with
// ErrUnknownSetting, a forced kernel still works, and nothing is
// measured.
func TestCalibrateUnknownValueFails(t *testing.T) {
	if !inChild(t.Name()) {
		runChild(t, t.Name(), lanes.EnvCalibrate+"=of")
		return
	}
	for _, name := range []string{"", "sha256/auto"} {
		k, err := lanes.Select(lanes.SHA256, name)
		var ee *lanes.EnvError
		if k != nil || !errors.Is(err, lanes.ErrUnknownSetting) || !errors.As(err, &ee) || ee.Var != lanes.EnvCalibrate {
			t.Errorf("Select(sha256, %q) with %s=of: %v, %v; want an EnvError wrapping ErrUnknownSetting", name, lanes.EnvCalibrate, k, err)
		}
	}
	if k, err := lanes.Select(lanes.SHA256, "sha256/genericx1"); err != nil || k.Name() != "sha256/genericx1" {
		t.Errorf("a forced kernel with %s=of: %v, %v", lanes.EnvCalibrate, k, err)
	}
	if r := lanes.Calibration(); r.Measured || !errors.Is(r.Err, lanes.ErrUnknownSetting) {
		t.Errorf("report measured %v, error %v; want nothing measured and ErrUnknownSetting", r.Measured, r.Err)
	}
}

// TestCalibratePersist: with LANEHASH_CALIBRATE=persist the first
// process measures and stores, the second loads the file and chooses
// the same kernels, and one whose cache directory cannot be written
// still calibrates and hashes.
func TestCalibratePersist(t *testing.T) {
	const expect = "LANES_TEST_EXPECT"
	if !inChild(t.Name()) {
		cache := t.TempDir()
		runChild(t, t.Name(), lanes.EnvCalibrate+"=persist", "XDG_CACHE_HOME="+cache, expect+"=measured, stored in")
		runChild(t, t.Name(), lanes.EnvCalibrate+"=persist", "XDG_CACHE_HOME="+cache, expect+"=loaded")
		runChild(t, t.Name(), lanes.EnvCalibrate+"=persist", "XDG_CACHE_HOME="+os.Args[0], expect+"=not stored")
		return
	}
	// The first child leaves its choices beside the cache for the
	// second to compare.
	choices := filepath.Join(os.Getenv("XDG_CACHE_HOME"), "choices")
	var chosen []string
	unknownCPU := false
	for _, hc := range lanes.Calibration().Hashes {
		if len(hc.Timings) == 0 {
			continue // one kernel: nothing to choose, nothing stored
		}
		chosen = append(chosen, hc.Chosen.String())
		if strings.Contains(hc.Persist, "identity is unknown") {
			// arm64 without MIDR_EL1 in sysfs (qemu-user on an x86
			// host): nothing is ever stored, every process measures;
			// the store and load paths are covered by the unit tests
			// with an injected identity (persist_test.go).
			t.Logf("%v: %s", hc.Hash, hc.Persist)
			unknownCPU = true
		} else if !strings.Contains(hc.Persist, os.Getenv(expect)) {
			t.Errorf("%v: persisted calibration %q, want %q", hc.Hash, hc.Persist, os.Getenv(expect))
		}
		k, err := lanes.Select(hc.Hash, "")
		if err != nil || k.Name() != hc.Kernel {
			t.Errorf("%v: Select = %v, %v; want %s", hc.Hash, k, err, hc.Kernel)
		}
		lanestest.Run(t, k)
	}
	switch os.Getenv(expect) {
	case "measured, stored in":
		if err := os.WriteFile(choices, []byte(strings.Join(chosen, "\n")), 0o600); err != nil {
			t.Fatal(err)
		}
	case "loaded from":
		if unknownCPU {
			break
		}
		if b, err := os.ReadFile(choices); err != nil || string(b) != strings.Join(chosen, "\n") {
			t.Errorf("choices from the file:\n%s\nfrom the measurement:\n%s (%v)", strings.Join(chosen, "\n"), b, err)
		}
	}
}
