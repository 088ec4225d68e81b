package lanes

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/lanehash/lanehash/lanes/internal/cpufeat"
)

var testCPU = cpufeat.Identity{Vendor: "AuthenticAMD", Brand: "AMD EPYC", Family: 0x19, Model: 1, Stepping: 1}

// fakeMeasure returns the Zen 3 timings of the fake kernels and counts
// its calls.
func fakeMeasure(calls *int) func() []measured {
	return func() []measured {
		*calls++
		return zen3X4Timings()
	}
}

func timingsOf(ms []measured) []KernelTiming {
	var ts []KernelTiming
	for _, m := range ms {
		ts = append(ts, m.timing)
	}
	return ts
}

// TestPersistRoundTrip: what one process stores, the next loads, and
// it decides the same.
func TestPersistRoundTrip(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	entries := withoutAVX512()
	calls := 0
	first, note := persistedTimings(SHA256, entries, testCPU, fakeMeasure(&calls))
	if calls != 1 || !strings.Contains(note, "stored in") {
		t.Fatalf("first process: %d measurements, %q; want one, stored", calls, note)
	}
	second, note := persistedTimings(SHA256, entries, testCPU, fakeMeasure(&calls))
	if calls != 1 || !strings.HasPrefix(note, "loaded from") {
		t.Fatalf("second process: %d measurements, %q; want none, loaded", calls, note)
	}
	if !reflect.DeepEqual(timingsOf(first), timingsOf(second)) {
		t.Errorf("loaded %+v, stored %+v", timingsOf(second), timingsOf(first))
	}
	for i := range second {
		if second[i].kernel != entries[i+1].kernel || second[i].streams != entries[i+1].streams {
			t.Errorf("loaded timing %d is not tied to its registry entry", i)
		}
	}
	if a, b := decide(staticChoice(SHA256, entries, archZen3), first), decide(staticChoice(SHA256, entries, archZen3), second); !reflect.DeepEqual(a.describe(), b.describe()) {
		t.Errorf("choice from the file %s, from the measurement %s", b.describe(), a.describe())
	}
	// Another CPU behind the same brand string (a Zen 4 VM reporting
	// "AMD EPYC" too), or another kernel set, does not load it.
	zen4 := testCPU
	zen4.Model = 0x11
	if _, note := persistedTimings(SHA256, entries, zen4, fakeMeasure(&calls)); calls != 2 || strings.HasPrefix(note, "loaded") {
		t.Errorf("another model behind one brand: %d measurements, %q; want a measurement", calls, note)
	}
	if _, note := persistedTimings(SHA256, noX4(), testCPU, func() []measured { calls++; return zen3Timings() }); calls != 3 || strings.HasPrefix(note, "loaded") {
		t.Errorf("another kernel set: %d measurements, %q; want a measurement", calls, note)
	}
}

// TestPersistRejectsBadFiles: a file that is corrupt, oversized, keyed
// for something else, or holds timings no measurement could give, is
// not used; persistedTimings then measures and replaces it.
func TestPersistRejectsBadFiles(t *testing.T) {
	entries := withoutAVX512()
	key, _ := keyFor(SHA256, entries, testCPU)
	good := zen3X4Timings()
	path := filepath.Join(t.TempDir(), "c.json")
	if err := storePersisted(path, key, good); err != nil {
		t.Fatal(err)
	}
	valid, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := loadPersisted(path, key, entries); err != nil {
		t.Fatalf("the valid file: %v", err)
	}
	s := string(valid)
	for name, content := range map[string]string{
		"garbage":         "\x00\xff not json",
		"truncated":       s[:len(s)/2],
		"empty":           "",
		"oversized":       s + strings.Repeat(" ", persistMaxSize),
		"other format":    strings.Replace(s, `"Format": 2`, `"Format": 1`, 1),
		"other model":     strings.Replace(s, `"Model": 1`, `"Model": 17`, 1),
		"other version":   strings.Replace(s, `"Version": "`, `"Version": "x`, 1),
		"negative":        strings.Replace(s, `"LockstepPerPair": 45`, `"LockstepPerPair": -45`, 1),
		"zero":            strings.Replace(s, `"OnePair": 104`, `"OnePair": 0`, 1),
		"huge":            strings.Replace(s, `"PairsPerPair": 40`, `"PairsPerPair": 1e999`, 1),
		"renamed kernel":  strings.Replace(s, `"Name": "sha256/shanix4"`, `"Name": "sha256/shanix8"`, 1),
		"wrong width":     strings.Replace(s, `"Width": 4`, `"Width": 16`, 1),
		"one missing":     strings.Replace(s, `"Timings": [`, `"Timings": [], "X": [`, 1),
		"negative spread": strings.Replace(s, `"PairsSpread": 0.6`, `"PairsSpread": -0.6`, 1),
	} {
		if content == s {
			t.Fatalf("%s: the edit did not apply", name)
		}
		if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
		if _, err := loadPersisted(path, key, entries); !errors.Is(err, errPersist) {
			t.Errorf("%s: loaded without error (%v)", name, err)
		}
	}
	// Through persistedTimings: a corrupt file is measured over and
	// replaced by a valid one.
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	cached, err := persistPath(key)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(cached), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(cached, []byte("{corrupt"), 0o600); err != nil {
		t.Fatal(err)
	}
	calls := 0
	if _, note := persistedTimings(SHA256, entries, testCPU, fakeMeasure(&calls)); calls != 1 || !strings.Contains(note, "corrupt") || !strings.Contains(note, "stored in") {
		t.Errorf("corrupt file: %d measurements, %q; want one, saying corrupt, stored", calls, note)
	}
	if _, err := loadPersisted(cached, key, entries); err != nil {
		t.Errorf("the replaced file does not load: %v", err)
	}
}

// TestPersistFailuresMeasure: where nothing can be stored (the cache
// directory is under a regular file, as with a read-only or missing
// home; no cache directory at all; an unknown CPU identity) the
// timings are measured, the note says why nothing was stored, and
// nothing fails.
func TestPersistFailuresMeasure(t *testing.T) {
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	for name, tc := range map[string]struct {
		xdg, home string
		id        cpufeat.Identity
	}{
		"unwritable":       {xdg: file, id: testCPU},
		"no cache dir":     {xdg: "relative/dir", home: "", id: testCPU},
		"unknown identity": {xdg: t.TempDir(), id: cpufeat.Identity{}},
	} {
		t.Setenv("XDG_CACHE_HOME", tc.xdg)
		t.Setenv("HOME", tc.home)
		calls := 0
		ms, note := persistedTimings(SHA256, withoutAVX512(), tc.id, fakeMeasure(&calls))
		if calls != 1 || len(ms) != len(zen3X4Timings()) || !strings.Contains(note, "not stored") {
			t.Errorf("%s: %d measurements, %d timings, %q; want one measurement, not stored", name, calls, len(ms), note)
		}
	}
}
