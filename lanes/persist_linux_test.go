//go:build linux

package lanes

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestPersistPseudoFileRefusedUnread (issue #30, class 5, review): a
// calibration path leading into procfs or sysfs is refused before a
// byte is read — procfs files by their size of 0, sysfs files (which
// stat as 4096 bytes) by their file system — since reading such a file
// can wait for an event (/proc/kmsg) or take data from another reader.
func TestPersistPseudoFileRefusedUnread(t *testing.T) {
	entries := withoutAVX512()
	key, _ := keyFor(SHA256, entries, testCPU)
	read := 0
	defer func(r func(*os.File) ([]byte, error)) { persistRead = r }(persistRead)
	persistRead = func(f *os.File) ([]byte, error) { read++; return nil, errors.New("read") }
	tried := 0
	if fi, err := os.Stat("/proc/self/status"); err == nil && fi.Mode().IsRegular() {
		tried++
		if _, err := loadPersisted("/proc/self/status", key, entries); !errors.Is(err, errPersist) {
			t.Errorf("/proc/self/status: %v, want errPersist", err)
		}
	}
	for _, p := range []string{"/sys/kernel/mm/transparent_hugepage/enabled", "/sys/kernel/profiling", "/sys/power/state", "/sys/kernel/kexec_loaded"} {
		fi, err := os.Stat(p)
		if err != nil || !fi.Mode().IsRegular() || fi.Size() == 0 || fi.Size() > persistMaxSize {
			continue
		}
		tried++
		if _, err := loadPersisted(p, key, entries); !errors.Is(err, errPersist) || !errors.Is(err, errPseudoFS) {
			t.Errorf("%s: %v, want errPersist and errPseudoFS", p, err)
		}
		break
	}
	if tried == 0 {
		t.Skip("host: neither procfs nor sysfs is mounted")
	}
	if read != 0 {
		t.Errorf("%d pseudo-files read, want none", read)
	}
}

// TestPersistHungReadGivenUp (issue #30, class 5, review): a stored
// file that passes every check and whose read then never returns (a
// hung file system) costs the caller persistReadTimeout, not forever:
// loadPersisted gives up with errPersistTimeout, and persistedTimings
// measures instead.
func TestPersistHungReadGivenUp(t *testing.T) {
	entries := withoutAVX512()
	key, _ := keyFor(SHA256, entries, testCPU)
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	path, err := persistPath(key)
	if err != nil {
		t.Fatal(err)
	}
	calls := 0
	persistedTimings(SHA256, entries, testCPU, fakeMeasure(&calls)) // stores a valid file
	if _, err := loadPersisted(path, key, entries); err != nil {
		t.Fatalf("the stored file does not load: %v", err)
	}
	release := make(chan struct{})
	defer close(release)
	defer func(r func(*os.File) ([]byte, error)) { persistRead = r }(persistRead)
	persistRead = func(f *os.File) ([]byte, error) { <-release; return nil, errors.New("released") }
	start := time.Now()
	if _, err := loadPersisted(path, key, entries); !errors.Is(err, errPersist) || !errors.Is(err, errPersistTimeout) {
		t.Errorf("hung read: %v, want errPersist and errPersistTimeout", err)
	}
	if d := time.Since(start); d > 20*time.Second {
		t.Errorf("hung read returned after %v", d)
	}
	calls = 0
	if _, note := persistedTimings(SHA256, entries, testCPU, fakeMeasure(&calls)); calls != 1 {
		t.Errorf("hung read through persistedTimings: %d measurements (%q), want one", calls, note)
	}
	if _, err := os.Stat(filepath.Dir(path)); err != nil {
		t.Fatal(err)
	}
}
