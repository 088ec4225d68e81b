//go:build linux

package lanes_test

// A regression test from an adversarial review of issue #30, written from
// docs/guarantees.md and docs/kernels.md alone.

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

const persistBlockingChild = "LANEHASH_ADV_PERSIST_CHILD"

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
	if os.Getenv(persistBlockingChild) != "" {
		for _, h := range []lanes.Hash{lanes.SHA256, lanes.Keccak256} {
			if _, err := lanes.Select(h, ""); err != nil {
				t.Fatal(err)
			}
		}
		return
	}
	f, err := os.OpenFile("/proc/kmsg", os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		t.Skipf("host: /proc/kmsg cannot be opened (needs root or CAP_SYSLOG and procfs): %v", err)
	}
	f.Close()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	xdg := t.TempDir()
	run := func(d time.Duration) error {
		ctx, cancel := context.WithTimeout(context.Background(), d)
		defer cancel()
		cmd := exec.CommandContext(ctx, exe, "-test.run=^TestPersistRegularFileThatBlocksNeverBlocks$")
		cmd.Env = append(os.Environ(), persistBlockingChild+"=1", "XDG_CACHE_HOME="+xdg, lanes.EnvCalibrate+"=persist")
		out, err := cmd.CombinedOutput()
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if errors.Is(err, syscall.ENOEXEC) {
			// go test -exec qemu-…: the binary is not the host's.
			t.Skipf("host: the test binary cannot run itself as a child here (user-mode emulation): %v", err)
		}
		if err != nil {
			t.Fatalf("child: %v\n%s", err, out)
		}
		return nil
	}
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
