package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/lanehash/lanehash/cmd/lanehash/internal/gentypes"
	"github.com/lanehash/lanehash/internal/sszlayout"
	"github.com/lanehash/lanehash/ssz"
)

// TestRegistryGenerated fails when types_gen.go is not what go generate
// writes from the fork packages today (a type added to or removed from
// ssz/consensus/<fork> without regenerating).
func TestRegistryGenerated(t *testing.T) {
	entries, err := gentypes.Scan(filepath.Join("..", "..", "ssz", "consensus"))
	if err != nil {
		t.Fatal(err)
	}
	want, err := gentypes.Generate(entries)
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("types_gen.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatal("types_gen.go is stale: run go generate ./cmd/lanehash")
	}
	if len(registry) != len(entries) {
		t.Fatalf("registry has %d entries, the generator %d", len(registry), len(entries))
	}
}

// TestLaterForksListEarlierContainers checks that fulu and gloas name
// every container the earlier fork packages declare (their own or an
// alias of the fork that last changed it), so that `lanehash types -fork
// fulu` lists the whole fork, as its help says; gloas's state holds the
// payload bid instead of an ExecutionPayloadHeader, which gloas has not.
func TestLaterForksListEarlierContainers(t *testing.T) {
	entries, err := gentypes.Scan(filepath.Join("..", "..", "ssz", "consensus"))
	if err != nil {
		t.Fatal(err)
	}
	dropped := map[string]bool{"gloas.ExecutionPayloadHeader": true}
	for _, fork := range []string{"fulu", "gloas"} {
		has := map[string]bool{}
		for _, e := range entries {
			if e.Fork == fork {
				has[e.Name] = true
			}
		}
		for _, e := range entries {
			if e.Fork == fork {
				break // entries are in fork order: the rest are fork's or later
			}
			if !has[e.Name] && !dropped[fork+"."+e.Name] {
				t.Errorf("%s.%s has no %s.%s", e.Fork, e.Name, fork, e.Name)
			}
			if _, err := lookupType(fork + "." + e.Name); err != nil && has[e.Name] {
				t.Errorf("%s.%s: %v", fork, e.Name, err)
			}
		}
	}
}

// TestRegistryCoversVectors checks that every ssz_static type folder of the
// spec vectors is a registry type of its fork, and that every registry
// type is a container under both presets.
func TestRegistryCoversVectors(t *testing.T) {
	for _, e := range registry {
		for _, p := range presets {
			st, err := e.SSZType(p)
			if err != nil {
				t.Errorf("%s (%s): %v", e.Name(), p.name, err)
				continue
			}
			if st.Kind != ssz.KindContainer && st.Kind != ssz.KindProgressiveContainer {
				t.Errorf("%s is %s, not a container", e.Name(), st)
			}
		}
	}
	dir := vectorsDir(t)
	folders, err := filepath.Glob(filepath.Join(dir, "*", "*", "ssz_static", "*"))
	if err != nil || len(folders) == 0 {
		t.Fatalf("no ssz_static folders in %s (%v)", dir, err)
	}
	for _, f := range folders {
		rel, _ := filepath.Rel(dir, f)
		parts := strings.Split(filepath.ToSlash(rel), "/") // preset fork ssz_static Type
		name := parts[1] + "." + parts[3]
		if _, err := lookupType(name); err != nil {
			t.Errorf("vector folder %s: %v", rel, err)
		}
	}
}

// TestSpecNames checks the field names diff prints against the spec's:
// the keys of the vectors' value.yaml, container by container, for every
// type with vectors.
func TestSpecNames(t *testing.T) {
	dir := vectorsDir(t)
	files, err := filepath.Glob(filepath.Join(dir, "*", "*", "ssz_static", "*", "ssz_random", "case_0", "value.yaml"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no value.yaml in %s (%v)", dir, err)
	}
	for _, f := range files {
		rel, _ := filepath.Rel(dir, f)
		parts := strings.Split(filepath.ToSlash(rel), "/")
		e, err := lookupType(parts[1] + "." + parts[3])
		if err != nil {
			t.Fatal(err)
		}
		p, _ := presetNamed(parts[0])
		st, err := e.SSZType(p)
		if err != nil {
			t.Fatal(err)
		}
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var v any
		if err := yaml.Unmarshal(raw, &v); err != nil {
			t.Fatal(err)
		}
		checkNames(t, rel, st, v)
	}
}

// checkNames compares the field names of container t with the keys of its
// YAML value v, recursing into containers and the first element of lists.
func checkNames(t *testing.T, where string, st *ssz.Type, v any) {
	switch st.Kind {
	case ssz.KindContainer, ssz.KindProgressiveContainer:
		m, ok := v.(map[string]any)
		if !ok {
			t.Errorf("%s: %s is not a map in YAML", where, st)
			return
		}
		if len(m) != len(st.Fields) {
			t.Errorf("%s: %d YAML keys for %d fields", where, len(m), len(st.Fields))
		}
		for i := range st.Fields {
			name := sszlayout.FieldName(st, i)
			sub, ok := m[name]
			if !ok {
				t.Errorf("%s: field %s is %q, not a YAML key", where, st.Fields[i].Name, name)
				continue
			}
			checkNames(t, where+"."+name, st.Fields[i].Type, sub)
		}
	case ssz.KindVector, ssz.KindList, ssz.KindProgressiveList:
		if l, ok := v.([]any); ok && len(l) > 0 {
			checkNames(t, where+"[0]", st.Elem, l[0])
		}
	}
}

func TestLookupType(t *testing.T) {
	for _, name := range []string{"fulu.BeaconState", "FULU.beaconstate", "gloas.SignedBeaconBlock", "phase0.Validator", "electra.SignedBeaconBlock"} {
		if _, err := lookupType(name); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	for name, hint := range map[string]string{
		"BeaconState":       "name the fork",
		"electra.Validator": "phase0.Validator",
		"fulu.Nope":         "lanehash types -fork fulu",
		"nofork.Validator":  "unknown fork",
		"Nope":              "fork.Type",
	} {
		_, err := lookupType(name)
		if err == nil || !strings.Contains(err.Error(), hint) {
			t.Errorf("%s: error %v, want one saying %q", name, err, hint)
		}
	}
}
