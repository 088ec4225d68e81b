package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/golang/snappy"
)

// vectorCase is one ssz_static case: its type, preset, snappy file and
// the root its roots.yaml gives.
type vectorCase struct {
	typ, preset, file, root string
}

// read returns the case's serialized.ssz_snappy and its snappy-decoded
// SSZ bytes.
func (c vectorCase) read(t testing.TB) (comp, data []byte) {
	t.Helper()
	comp, err := os.ReadFile(c.file)
	if err != nil {
		t.Fatal(err)
	}
	data, err = snappy.Decode(nil, comp)
	if err != nil {
		t.Fatal(err)
	}
	return comp, data
}

var rootYAML = regexp.MustCompile(`root: '(0x[0-9a-f]{64})'`)

// vectorCases returns, for every ssz_static type folder of the vectors,
// the cases named in suites (case_0 of each), so every type of every fork
// with vectors is rooted at least once.
func vectorCases(t *testing.T, suites ...string) []vectorCase {
	dir := vectorsDir(t)
	var out []vectorCase
	for _, suite := range suites {
		files, err := filepath.Glob(filepath.Join(dir, "*", "*", "ssz_static", "*", suite, "case_0", "roots.yaml"))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			rel, _ := filepath.Rel(dir, f)
			parts := strings.Split(filepath.ToSlash(rel), "/")
			raw, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			m := rootYAML.FindSubmatch(raw)
			if m == nil {
				t.Fatalf("%s: no root", rel)
			}
			out = append(out, vectorCase{typ: parts[1] + "." + parts[3], preset: parts[0],
				file: filepath.Join(filepath.Dir(f), "serialized.ssz_snappy"), root: string(m[1])})
		}
	}
	if len(out) == 0 {
		t.Fatalf("no ssz_static cases in %s", dir)
	}
	return out
}

// TestRootSpecVectors roots case_0 of two suites of every ssz_static type
// of every preset and fork in the vectors, as the spec stores them
// (snappy block), decompressed (raw), recompressed in the framing format,
// and from stdin, and compares each root with the case's roots.yaml.
func TestRootSpecVectors(t *testing.T) {
	cases := vectorCases(t, "ssz_random", "ssz_max")
	forks := map[string]int{}
	for _, c := range cases {
		forks[c.preset+"/"+strings.Split(c.typ, ".")[0]]++
		comp, data := c.read(t)
		rawFile := writeFile(t, "value.ssz", data)
		var framed bytes.Buffer
		w := snappy.NewBufferedWriter(&framed)
		w.Write(data)
		w.Close()
		framedFile := writeFile(t, "value.bin", framed.Bytes())

		out, errOut, code := runCmd(t, nil, "root", "-type", c.typ, "-preset", c.preset, c.file, rawFile, framedFile)
		if code != exitOK {
			t.Errorf("%s %s: status %d: %s", c.typ, c.file, code, errOut)
			continue
		}
		lines := strings.Split(strings.TrimSpace(out), "\n")
		if len(lines) != 3 {
			t.Fatalf("%s: %d lines: %q", c.typ, len(lines), out)
		}
		for _, l := range lines {
			if got, _, _ := strings.Cut(l, "  "); got != c.root {
				t.Errorf("%s %s: %s, roots.yaml %s", c.typ, l, got, c.root)
			}
		}
		// stdin, snappy block sniffed without a name: one root, nothing else.
		out, errOut, code = runCmd(t, comp, "root", "-type", c.typ, "-preset", c.preset, "-")
		if code != exitOK || out != c.root+"\n" {
			t.Errorf("%s stdin: status %d, %q (%s), want %s", c.typ, code, out, errOut, c.root)
		}
	}
	t.Logf("%d cases, by preset/fork: %v", len(cases), forks)
}

// TestRootExpect checks -expect and -v.
func TestRootExpect(t *testing.T) {
	c := vectorCases(t, "ssz_random")[0]
	out, _, code := runCmd(t, nil, "root", "-type", c.typ, "-preset", c.preset, "-expect", c.root, "-v", c.file)
	if code != exitOK || !strings.HasPrefix(out, c.root+"  "+c.file+"  ") || !strings.Contains(out, "bytes (snappy block)") {
		t.Errorf("-expect the right root: status %d, %q", code, out)
	}
	other := "0x" + strings.Repeat("ab", 32)
	_, errOut, code := runCmd(t, nil, "root", "-type", c.typ, "-preset", c.preset, "-expect", other, c.file)
	if code != exitNegative || !strings.Contains(errOut, "differs from -expect") {
		t.Errorf("-expect another root: status %d, %q", code, errOut)
	}
}
