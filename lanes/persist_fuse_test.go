//go:build linux

package lanes_test

// A regression test from the second adversarial review of issue #30;
// its harness is persist_blocking_test.go's.

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// TestPersistHungFUSEOpenNeverBlocks: docs/guarantees.md promises that
// with LANEHASH_CALIBRATE=persist "no file can make PlanFor or cache.New
// wait" more than the 200 ms read bound, naming "a hung network or FUSE
// file system" as what that bound is for. The bound covered the read
// only, and on a hung FUSE mount the open itself waits — for the path
// lookup, before any byte is read: a calibration path that is a symlink
// into a FUSE file system whose daemon never answers (here: a mount
// whose /dev/fuse descriptor nobody reads) made the child's first
// automatic-kernel Select wait until it was killed. The open, the
// checks and the store now run within the bound too.
//
// The test mounts such a file system itself under a temporary directory,
// so it needs root (CAP_SYS_ADMIN) and /dev/fuse; it skips naming the
// missing one. The child is killed at its deadline (FUSE waits are
// killable), and closing the descriptor aborts the connection before the
// mount is detached.
func TestPersistHungFUSEOpenNeverBlocks(t *testing.T) {
	if inSelectChild(t) {
		return
	}
	// Not t.TempDir: its cleanup would walk into the mount before the
	// deferred abort below has run.
	xdg, err := os.MkdirTemp("", "lanehash-fuse-review")
	if err != nil {
		t.Fatal(err)
	}
	run := func(d time.Duration) error { return runSelectChild(t, xdg, d) }
	if err := run(60 * time.Second); err != nil {
		os.RemoveAll(xdg)
		t.Fatalf("first child (stores the calibration): %v", err)
	}
	files, _ := filepath.Glob(filepath.Join(xdg, "lanehash", "calibration-*.json"))
	if len(files) == 0 {
		os.RemoveAll(xdg)
		t.Skip("host: no calibration file was stored (unknown CPU identity), nothing to plant")
	}
	mnt := filepath.Join(xdg, "mnt")
	if err := os.Mkdir(mnt, 0o755); err != nil {
		t.Fatal(err)
	}
	fd, err := syscall.Open("/dev/fuse", syscall.O_RDWR|syscall.O_CLOEXEC, 0)
	if err != nil {
		os.RemoveAll(xdg)
		t.Skipf("host: /dev/fuse cannot be opened: %v", err)
	}
	opts := fmt.Sprintf("fd=%d,rootmode=40000,user_id=0,group_id=0", fd)
	if err := syscall.Mount("lanehash-review", mnt, "fuse", syscall.MS_NOSUID|syscall.MS_NODEV, opts); err != nil {
		syscall.Close(fd)
		os.RemoveAll(xdg)
		t.Skipf("host: cannot mount a FUSE file system (needs CAP_SYS_ADMIN): %v", err)
	}
	defer func() {
		syscall.Close(fd) // aborts the connection: every waiting request fails
		syscall.Unmount(mnt, syscall.MNT_DETACH)
		os.RemoveAll(xdg)
	}()
	for _, p := range files {
		if err := os.Remove(p); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(filepath.Join(mnt, "calibration.json"), p); err != nil {
			t.Fatal(err)
		}
	}
	if err := run(20 * time.Second); errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Select with the calibration file a symlink into a hung FUSE file system did not return in 20 s: calibration blocks the caller (the open is not bounded)")
	}
}
