package lanes

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"time"

	"github.com/lanehash/lanehash/lanes/internal/cpufeat"
)

// A persisted calibration (LANEHASH_CALIBRATE=persist) is the timings
// one process measured, stored for the next ones on the same machine so
// that they choose alike without measuring, like FFTW's wisdom. Only
// timings are stored, never a choice: decide runs on them in every
// process, so a change of the rules applies to old files too. A file is
// used only when its key equals this process's exactly; anything else —
// no file, an unreadable, corrupt, foreign or stale one, a cache
// directory that cannot be written — falls back to measuring, and is
// said in the report (HashCalibration.Persist), never an error: a file
// of timings can make the choice slower, never a root wrong, since
// every kernel computes the same hashes.

// persistFormat is the version of the file's layout and of what its
// timings mean (KernelTiming's definitions); a change of either bumps
// it, so old files are measured anew instead of misread.
const persistFormat = 2

// persistMaxSize bounds what is read of a file: a real one is about
// 2 KB, and a corrupt or planted one must not cost memory.
const persistMaxSize = 64 << 10

// persistReadTimeout bounds how long calibration waits on the file
// system: the whole of loading a stored file (open, stat, read) and of
// storing one. An ordinary 2 KB file loads in microseconds; a path that
// still waits (a hung network or FUSE file system, reached directly or
// through a symlink, or a pseudo-file this package does not know) is
// given up on, and calibration measures instead.
const persistReadTimeout = 200 * time.Millisecond

// errPersistTimeout is the cause when a stored file's read did not
// finish within persistReadTimeout.
var errPersistTimeout = errors.New("read did not finish in time")

// withinTimeout runs fn, the file-system work of loading or storing a
// calibration, in its own goroutine and waits for it at most timeout.
// Every step of that work can wait on a file system that hangs (a FUSE
// or network mount that never answers blocks the open's lookup, the
// stat, the read, the rename), so none of it runs on the caller's
// goroutine. Where fn never returns, its goroutine and any descriptor it
// holds are left behind (one per process and hash): the price of never
// blocking a PlanFor on a file system.
func withinTimeout[T any](timeout time.Duration, fn func() (T, error)) (T, error) {
	type result struct {
		v   T
		err error
	}
	done := make(chan result, 1) // buffered: a late fn never blocks
	go func() {
		v, err := fn()
		done <- result{v, err}
	}()
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	select {
	case r := <-done:
		return r.v, r.err
	case <-timer.C:
		var zero T
		return zero, errPersistTimeout
	}
}

// readPersisted opens, checks and reads the stored calibration at path;
// loadPersisted runs it within persistReadTimeout. The bytes are used
// only if exactly the stat's size of them were read.
func readPersisted(path string, read func(*os.File) ([]byte, error)) ([]byte, error) {
	// Non-blocking, and a regular file only: whatever sits at the path
	// (a FIFO, reached directly or through a symlink, blocks its reader
	// until a writer comes; a device may never end) is looked at through
	// the open descriptor before a byte is read.
	f, err := os.OpenFile(path, os.O_RDONLY|openNonblock, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("not a regular file (%s)", fi.Mode().Type())
	}
	// A stored file is never empty; a pseudo-file (procfs, and much
	// else the kernel makes up on read) stats as regular of size 0, and
	// some of them wait for data on read (/proc/kmsg): refused unread.
	if fi.Size() == 0 {
		return nil, errors.New("empty (a stored calibration never is; a pseudo-file stats so)")
	}
	if fi.Size() > persistMaxSize {
		return nil, fmt.Errorf("larger than %d bytes", persistMaxSize)
	}
	if err := ordinaryFS(f); err != nil {
		return nil, err
	}
	// An error means the descriptor has no deadlines (a regular file on
	// an ordinary file system): withinTimeout still bounds the wait.
	_ = f.SetReadDeadline(time.Now().Add(persistReadTimeout))
	b, err := read(f)
	if err != nil {
		if errors.Is(err, os.ErrDeadlineExceeded) {
			return nil, errPersistTimeout
		}
		return nil, err
	}
	if int64(len(b)) != fi.Size() {
		return nil, fmt.Errorf("read %d bytes of a file that stats as %d", len(b), fi.Size())
	}
	return b, nil
}

// persistRead reads a stored calibration, at most one byte past the
// largest accepted; a variable so that tests can stand in a read that
// never returns.
var persistRead = func(f *os.File) ([]byte, error) {
	return io.ReadAll(io.LimitReader(f, persistMaxSize+1))
}

// persistKey is what a stored calibration is valid for: one CPU model,
// one set of available kernels (the features lanes uses, after
// LANEHASH_HIDE and build tags: none of them changes with microcode,
// unlike bits such as TSX that lanes does not read), one build of
// lanehash and one hash function.
type persistKey struct {
	Format int
	GOARCH string
	// CPU is the vendor, brand string, family, model and stepping: two
	// CPUs behind one brand string ("AMD EPYC" on a cloud VM, the Zen 3
	// of this machine and a Zen 4 alike) differ in family or model, and
	// a Zen 4 also in its kernels.
	CPU cpufeat.Identity
	// Kernels are the available kernels of Hash, in registry order.
	Kernels []string
	// Version is lanehash's module version, or for a development build
	// its VCS revision, or the executable's path and modification time.
	Version string
	Hash    string
}

// persistFile is the file's content.
type persistFile struct {
	Key     persistKey
	Timings []KernelTiming
}

// errPersist classifies every reason a stored calibration is not used,
// for tests; the report gives the detail.
var errPersist = errors.New("stored calibration not usable")

// keyFor is the persisted key of h's measurement over entries; ok is
// false when the CPU's identity is unknown (no vendor: arm64 outside
// Linux), where a file could only be keyed by feature bits, which do not
// tell Neoverse from Apple cores.
func keyFor(h Hash, entries []entry, id cpufeat.Identity) (persistKey, bool) {
	k := persistKey{Format: persistFormat, GOARCH: runtime.GOARCH, CPU: id, Version: buildVersion(), Hash: h.String()}
	for _, e := range entries {
		if e.kernel.hash == h && e.missing == "" {
			k.Kernels = append(k.Kernels, e.kernel.name)
		}
	}
	return k, id.Vendor != ""
}

// buildVersion identifies the lanehash code in this binary: the module
// version when lanehash is a dependency or a tagged main module; for a
// development build the VCS revision (with "+dirty" for local changes,
// whose kernels may differ from the revision's), or failing that (go
// test binaries are not stamped) the executable's path and modification
// time, so that every rebuild measures anew.
func buildVersion() string {
	const module = "github.com/lanehash/lanehash"
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, d := range bi.Deps {
			if d.Path == module {
				return d.Version + " " + d.Sum
			}
		}
		if bi.Main.Path == module && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
			return bi.Main.Version
		}
		var rev, dirty string
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.modified":
				if s.Value == "true" {
					dirty = "+dirty"
				}
			}
		}
		if rev != "" && dirty == "" {
			return "devel " + rev
		}
	}
	exe, err := os.Executable()
	if err != nil {
		return "unknown"
	}
	fi, err := os.Stat(exe)
	if err != nil {
		return "unknown"
	}
	return "build " + exe + " " + strconv.FormatInt(fi.ModTime().UnixNano(), 10)
}

// persistPath is where the calibration of key is stored: a file named
// by a digest of the whole key under os.UserCacheDir()/lanehash, so
// processes with different keys (builds, hidden features) do not
// overwrite each other's files.
func persistPath(key persistKey) (string, error) {
	dir, err := os.UserCacheDir()
	if err != nil {
		return "", err
	}
	b, err := json.Marshal(key)
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(b)
	return filepath.Join(dir, "lanehash", "calibration-"+key.Hash+"-"+hex.EncodeToString(sum[:8])+".json"), nil
}

// loadPersisted returns the timings stored at path for key, as
// candidates from entries. The error wraps errPersist (and the cause)
// when the file is missing, not a regular file (a FIFO, a device, a
// directory: refused without reading, never waited on), empty, on a
// pseudo file system (procfs, sysfs and the like on Linux: refused
// without reading), unreadable or not read within persistReadTimeout,
// too large, not JSON of the
// expected shape, stored for another key, or has timings that are not
// finite positive numbers for exactly key's kernels.
func loadPersisted(path string, key persistKey, entries []entry) ([]measured, error) {
	// The whole of the file's access, open included, runs within
	// persistReadTimeout, so calibration never waits on whatever is at the
	// path and every PlanFor in the process goes on.
	read := persistRead // read here: a test may swap it back while a late read runs
	b, err := withinTimeout(persistReadTimeout, func() ([]byte, error) { return readPersisted(path, read) })
	if err != nil {
		return nil, fmt.Errorf("%w: %w", errPersist, err)
	}
	var pf persistFile
	if err := json.Unmarshal(b, &pf); err != nil {
		return nil, fmt.Errorf("%w: corrupt: %w", errPersist, err)
	}
	if !equalKeys(pf.Key, key) {
		return nil, fmt.Errorf("%w: stored for another CPU, kernel set or build", errPersist)
	}
	if len(pf.Timings) != len(key.Kernels) {
		return nil, fmt.Errorf("%w: %d timings for %d kernels", errPersist, len(pf.Timings), len(key.Kernels))
	}
	ms := make([]measured, 0, len(pf.Timings))
	for i, t := range pf.Timings {
		var e *entry
		for j := range entries {
			if entries[j].kernel.name == key.Kernels[i] && entries[j].missing == "" {
				e = &entries[j]
			}
		}
		if e == nil || t.Name != key.Kernels[i] || t.Width != e.kernel.width || !validTiming(t) {
			return nil, fmt.Errorf("%w: timing %d (%q) does not fit kernel %q", errPersist, i, t.Name, key.Kernels[i])
		}
		ms = append(ms, measured{entry: *e, timing: t})
	}
	return ms, nil
}

// equalKeys compares two keys field by field.
func equalKeys(a, b persistKey) bool {
	return a.Format == b.Format && a.GOARCH == b.GOARCH && a.CPU == b.CPU && a.Version == b.Version &&
		a.Hash == b.Hash && slices.Equal(a.Kernels, b.Kernels)
}

// validTiming reports whether every number of t could have been
// measured: finite, times positive, spreads not negative.
func validTiming(t KernelTiming) bool {
	for _, v := range []float64{t.LockstepPerPair, t.PairsPerPair, t.OnePair} {
		if !(v > 0) || math.IsInf(v, 0) {
			return false
		}
	}
	for _, v := range []float64{t.LockstepSpread, t.PairsSpread, t.OnePairSpread} {
		if !(v >= 0) || math.IsInf(v, 0) {
			return false
		}
	}
	return true
}

// storePersisted writes the timings of ms for key to path, atomically: a
// temporary file in the same directory renamed over path, so a reader in
// another process sees the old file or the new one, never half of one.
func storePersisted(path string, key persistKey, ms []measured) error {
	pf := persistFile{Key: key}
	for _, m := range ms {
		pf.Timings = append(pf.Timings, m.timing)
	}
	b, err := json.MarshalIndent(pf, "", "\t")
	if err != nil {
		return err
	}
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(dir, ".calibration-*")
	if err != nil {
		return err
	}
	_, werr := tmp.Write(b)
	cerr := tmp.Close()
	if err := errors.Join(werr, cerr); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return nil
}

// persistedTimings is what LANEHASH_CALIBRATE=persist does for h: the
// stored timings if a usable file exists, else a measurement (by
// measure), stored for the next process when it can be. It never fails;
// note says what happened, for the report.
func persistedTimings(h Hash, entries []entry, id cpufeat.Identity, measure func() []measured) (ms []measured, note string) {
	key, ok := keyFor(h, entries, id)
	if len(key.Kernels) < 2 {
		return measure(), "" // nothing to choose, nothing measured
	}
	if !ok {
		return measure(), "not stored: this CPU's identity is unknown"
	}
	path, err := persistPath(key)
	if err != nil {
		return measure(), "not stored: " + err.Error()
	}
	ms, err = loadPersisted(path, key, entries)
	if err == nil {
		return ms, "loaded from " + path
	}
	reason := "measured"
	if !errors.Is(err, os.ErrNotExist) {
		reason = "measured (" + err.Error() + ")"
	}
	ms = measure()
	// Storing touches the file system too (a directory, a temporary
	// file, a rename): bounded alike, and a store that has not finished
	// in time may still finish behind the caller.
	if _, err := withinTimeout(persistReadTimeout, func() (struct{}, error) {
		return struct{}{}, storePersisted(path, key, ms)
	}); err != nil {
		return ms, reason + ", not stored: " + err.Error()
	}
	return ms, reason + ", stored in " + path
}
