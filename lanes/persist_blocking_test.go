//go:build linux

package lanes_test

// Regression tests from the adversarial reviews of issue #30, written
// from docs/guarantees.md and docs/kernels.md alone: a file at the
// calibration path that once hung every process's first automatic-kernel
// Select. Each runs Select in a child process (this test binary) with
// LANEHASH_CALIBRATE=persist, once to store the files and once after
// planting something in their place.

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/lanehash/lanehash/lanes"
)

// persistSelectChild names, in a child's environment, the test the child
// runs Select for.
const persistSelectChild = "LANEHASH_PERSIST_SELECT_CHILD"

// inSelectChild runs, in the child, Select for both hash functions, and
// reports whether this process is that child.
func inSelectChild(t *testing.T) bool {
	if os.Getenv(persistSelectChild) != t.Name() {
		return false
	}
	for _, h := range []lanes.Hash{lanes.SHA256, lanes.Keccak256} {
		if _, err := lanes.Select(h, ""); err != nil {
			t.Fatal(err)
		}
	}
	return true
}

// runSelectChild runs the calling test's child with its calibration
// cache under xdg, and returns context.DeadlineExceeded when it has not
// returned within d. It skips where the test binary cannot run itself
// (go test -exec qemu-…: the binary is not the host's).
func runSelectChild(t *testing.T, xdg string, d time.Duration) error {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	cmd := exec.CommandContext(ctx, exe, "-test.run=^"+t.Name()+"$")
	cmd.Env = append(os.Environ(), persistSelectChild+"="+t.Name(), "XDG_CACHE_HOME="+xdg, lanes.EnvCalibrate+"=persist")
	out, err := cmd.CombinedOutput()
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if errors.Is(err, syscall.ENOEXEC) {
		t.Skipf("host: the test binary cannot run itself as a child here (user-mode emulation): %v", err)
	}
	if err != nil {
		t.Fatalf("child: %v\n%s", err, out)
	}
	return nil
}

// TestPersistRegularFileThatBlocksNeverBlocks: docs/guarantees.md promises
// that with LANEHASH_CALIBRATE=persist "no file can make PlanFor or
// cache.New wait". /proc/kmsg stats as a regular file of size 0, but it
// is pollable and a read with no unread kernel message waits: opened
// O_NONBLOCK, Go parked the read in the netpoller, forever, and a symlink
// to it at the calibration path hung every process's first
// automatic-kernel Select. It is now refused unread (size 0, procfs), so
// the test takes no kernel messages from the host's log reader; any read
// that passes the checks is bounded by persistReadTimeout.
func TestPersistRegularFileThatBlocksNeverBlocks(t *testing.T) {
	if inSelectChild(t) {
		return
	}
	f, err := os.OpenFile("/proc/kmsg", os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		t.Skipf("host: /proc/kmsg cannot be opened (needs root or CAP_SYSLOG and procfs): %v", err)
	}
	f.Close()
	xdg := t.TempDir()
	run := func(d time.Duration) error { return runSelectChild(t, xdg, d) }
	if err := run(60 * time.Second); err != nil {
		t.Fatalf("first child (stores the calibration): %v", err)
	}
	files, _ := filepath.Glob(filepath.Join(xdg, "lanehash", "calibration-*.json"))
	if len(files) == 0 {
		t.Skip("host: no calibration file was stored (unknown CPU identity), nothing to plant")
	}
	for _, p := range files {
		if err := os.Remove(p); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink("/proc/kmsg", p); err != nil {
			t.Fatal(err)
		}
	}
	if err := run(30 * time.Second); errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Select with the calibration file a symlink to /proc/kmsg did not return in 30 s: calibration blocks the caller")
	}
}
