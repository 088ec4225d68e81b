//go:build unix

package lanes

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestPersistNonRegularFileNeverBlocks (issue #30, class 5): whatever
// sits at the calibration file's path — a FIFO with no writer, reached
// directly or through a symlink, a directory, a character device — is
// refused without blocking, and persistedTimings measures instead and
// replaces it. Before the fix, opening the FIFO blocked forever, and
// with it every PlanFor in the process.
func TestPersistNonRegularFileNeverBlocks(t *testing.T) {
	probe := filepath.Join(t.TempDir(), "probe")
	if err := syscall.Mkfifo(probe, 0o600); err != nil {
		t.Skipf("this file system cannot make a FIFO (mkfifo: %v)", err)
	}
	entries := withoutAVX512()
	key, _ := keyFor(SHA256, entries, testCPU)
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link")
	if err := os.Symlink(fifo, link); err != nil {
		t.Fatal(err)
	}
	sub := filepath.Join(dir, "dir")
	if err := os.Mkdir(sub, 0o700); err != nil {
		t.Fatal(err)
	}
	cases := map[string]string{"fifo": fifo, "symlink to a fifo": link, "directory": sub}
	if _, err := os.Stat("/dev/zero"); err == nil {
		cases["character device"] = "/dev/zero"
	}
	// within runs f, failing the test if it does not return in time (a
	// blocked open never does: the goroutine is left behind).
	within := func(name string, f func()) {
		t.Helper()
		done := make(chan struct{})
		go func() { defer close(done); f() }()
		select {
		case <-done:
		case <-time.After(20 * time.Second):
			t.Fatalf("%s: still blocked after 20 s", name)
		}
	}
	for name, path := range cases {
		within(name, func() {
			if _, err := loadPersisted(path, key, entries); !errors.Is(err, errPersist) {
				t.Errorf("%s: loaded without error (%v)", name, err)
			} else if !strings.Contains(err.Error(), "regular") {
				t.Errorf("%s: %v, want a refusal of a file that is not regular", name, err)
			}
		})
	}
	// Through persistedTimings, with a FIFO behind a symlink at the very
	// path it reads: measured, and replaced by a valid file.
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	cached, err := persistPath(key)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(cached), 0o755); err != nil {
		t.Fatal(err)
	}
	target := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(target, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, cached); err != nil {
		t.Fatal(err)
	}
	within("persistedTimings", func() {
		calls := 0
		if _, note := persistedTimings(SHA256, entries, testCPU, fakeMeasure(&calls)); calls != 1 || !strings.Contains(note, "regular") || !strings.Contains(note, "stored in") {
			t.Errorf("FIFO at the path: %d measurements, %q; want one, saying not regular, stored", calls, note)
		}
		if _, err := loadPersisted(cached, key, entries); err != nil {
			t.Errorf("the replaced file does not load: %v", err)
		}
	})
}
