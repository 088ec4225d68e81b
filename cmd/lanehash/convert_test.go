package main

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/golang/snappy"

	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// rootOf roots file with the root command and returns the root printed.
func rootOf(t *testing.T, c vectorCase, file string) string {
	t.Helper()
	out, errOut, code := runCmd(t, nil, "root", "-type", c.typ, "-preset", c.preset, file)
	if code != exitOK {
		t.Errorf("root %s of %s: status %d: %s", file, c.typ, code, errOut)
	}
	return strings.TrimSpace(out)
}

// TestConvertSpecVectors converts case_0 of four suites of every
// ssz_static type of every preset and fork in the vectors: to ssz (the
// vector's decompressed bytes), to json and from that json back to ssz
// (the same bytes), to ssz_snappy (decoding to the same bytes), each
// output rooting to the case's roots.yaml.
func TestConvertSpecVectors(t *testing.T) {
	cases := vectorCases(t, "ssz_random", "ssz_max", "ssz_zero", "ssz_random_chaos")
	sameSnappy := 0
	for _, c := range cases {
		comp, data := c.read(t)
		dir := t.TempDir()
		conv := func(in, out string, extra ...string) []byte {
			t.Helper()
			args := append([]string{"convert", "-type", c.typ, "-preset", c.preset, "-o", out}, extra...)
			if _, errOut, code := runCmd(t, nil, append(args, in)...); code != exitOK {
				t.Fatalf("convert %s %s -o %s: status %d: %s", c.typ, in, out, code, errOut)
			}
			b, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			if got := rootOf(t, c, out); got != c.root {
				t.Errorf("%s %s: root of %s %s, roots.yaml %s", c.preset, c.typ, filepath.Base(out), got, c.root)
			}
			return b
		}
		sszOut := filepath.Join(dir, "v.ssz")
		if b := conv(c.file, sszOut); !bytes.Equal(b, data) {
			t.Errorf("%s %s: ssz_snappy -> ssz is not the vector's decompressed bytes", c.preset, c.typ)
		}
		jsonOut := filepath.Join(dir, "v.json")
		conv(c.file, jsonOut)
		if b := conv(jsonOut, filepath.Join(dir, "back.ssz")); !bytes.Equal(b, data) {
			t.Errorf("%s %s: ssz_snappy -> json -> ssz is not the vector's bytes", c.preset, c.typ)
		}
		b := conv(sszOut, filepath.Join(dir, "v.bin"), "-to", "ssz_snappy")
		if d, err := snappy.Decode(nil, b); err != nil || !bytes.Equal(d, data) {
			t.Errorf("%s %s: ssz -> ssz_snappy does not decode to the vector's bytes (%v)", c.preset, c.typ, err)
		}
		if bytes.Equal(b, comp) {
			sameSnappy++
		}
		// stdout, from stdin: the JSON as show prints it.
		out, errOut, code := runCmd(t, comp, "convert", "-type", c.typ, "-preset", c.preset, "-to", "json", "-")
		show, _, _ := runCmd(t, nil, "show", "-type", c.typ, "-preset", c.preset, c.file)
		if code != exitOK || out != show {
			t.Errorf("%s %s: convert -to json from stdin: status %d (%s), not show's output", c.preset, c.typ, code, errOut)
		}
	}
	t.Logf("%d cases; ssz_snappy byte-identical to the vector's file in %d", len(cases), sameSnappy)
}

// TestConvertCompact checks -compact against show -compact, stdout
// output of binary encodings when stdout is not a terminal, and a
// beacon-API response's data converted to SSZ.
func TestConvertCompact(t *testing.T) {
	c := vectorCases(t, "ssz_random")[0]
	args := []string{"-type", c.typ, "-preset", c.preset, c.file}
	got, errOut, code := runCmd(t, nil, append([]string{"convert", "-to", "json", "-compact"}, args...)...)
	want, _, _ := runCmd(t, nil, append([]string{"show", "-compact"}, args...)...)
	if code != exitOK || got != want || strings.Count(got, "\n") != 1 {
		t.Errorf("convert -compact: status %d (%s), %q, show -compact %q", code, errOut, got, want)
	}
	_, data := c.read(t)
	got, _, code = runCmd(t, nil, append([]string{"convert", "-to", "ssz"}, args...)...)
	if code != exitOK || got != string(data) {
		t.Errorf("convert -to ssz to stdout: status %d, %d bytes, want %d", code, len(got), len(data))
	}
	// A beacon-API response's data, from stdin.
	response := []byte(`{"execution_optimistic":false,"data":` + want + `}`)
	got, errOut, code = runCmd(t, response, "convert", "-type", c.typ, "-preset", c.preset, "-format", "json", "-to", "ssz", "-")
	if code != exitOK || got != string(data) {
		t.Errorf("convert of a response's data: status %d (%s), %d bytes, want %d", code, errOut, len(got), len(data))
	}
}

// TestConvertErrors checks the usage and input errors: each exits 2,
// names what is wrong, and writes nothing.
func TestConvertErrors(t *testing.T) {
	v := phase0.Checkpoint{Epoch: 7}
	b, err := ssz.Marshal(&v)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	in := filepath.Join(dir, "in.ssz")
	if err := os.WriteFile(in, b, 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.ssz")
	if err := os.Symlink(in, link); err != nil {
		t.Fatal(err)
	}
	notDir := filepath.Join(dir, "file")
	if err := os.WriteFile(notDir, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	ty := []string{"-type", "phase0.Checkpoint"}
	for _, c := range []struct {
		name string
		args []string
		want string
	}{
		{"unknown -to", append(ty, "-to", "yaml", in), `-to "yaml"`},
		{"no -to, no -o", append(ty, in), "-to is required"},
		{"no -to, -o of no known extension", append(ty, "-o", filepath.Join(dir, "x.bin"), in), "-to is required"},
		{"-to and -o disagree", append(ty, "-to", "json", "-o", filepath.Join(dir, "x.ssz_snappy"), in), "names ssz_snappy"},
		{"-compact with ssz", append(ty, "-to", "ssz", "-compact", in), "-compact"},
		{"missing -type", []string{"-to", "json", in}, "-type is required"},
		{"two files", append(ty, "-to", "json", in, in), "want one FILE, got 2"},
		{"no file", append(ty, "-to", "json"), "want one FILE, got 0"},
		{"unreadable input", append(ty, "-to", "json", filepath.Join(dir, "missing.ssz")), "missing.ssz"},
		{"input of the wrong type", []string{"-type", "phase0.Validator", "-to", "json", in}, in},
		{"output directory missing", append(ty, "-o", filepath.Join(dir, "none", "x.json"), in), filepath.Join(dir, "none", "x.json")},
		{"output directory a file", append(ty, "-o", filepath.Join(notDir, "x.json"), in), filepath.Join(notDir, "x.json")},
		{"-o the input", append(ty, "-to", "ssz", "-o", in, in), "is the input file"},
		{"-o a link to the input", append(ty, "-o", link, in), "is the input file"},
		{"-o a directory", append(ty, "-to", "ssz", "-o", dir, in), "not a regular file"},
	} {
		before := listDir(t, dir)
		out, errOut, code := runCmd(t, nil, append([]string{"convert"}, c.args...)...)
		if code != exitError || out != "" || !strings.Contains(errOut, c.want) || !strings.HasPrefix(errOut, "lanehash convert: ") {
			t.Errorf("%s: status %d, stdout %q, stderr %q, want it to name %q", c.name, code, out, errOut, c.want)
		}
		if after := listDir(t, dir); !slices.Equal(before, after) {
			t.Errorf("%s: the folder held %v, now %v", c.name, before, after)
		}
	}
	if got, _ := os.ReadFile(in); !bytes.Equal(got, b) {
		t.Errorf("the input changed")
	}
	// A folder the command may not write to: nothing left in it (root
	// writes anywhere, so only for another user).
	if os.Geteuid() != 0 {
		ro := filepath.Join(dir, "ro")
		if err := os.Mkdir(ro, 0o555); err != nil {
			t.Fatal(err)
		}
		_, errOut, code := runCmd(t, nil, "convert", "-type", "phase0.Checkpoint", "-o", filepath.Join(ro, "x.json"), in)
		if code != exitError || !strings.Contains(errOut, "x.json") || len(listDir(t, ro)) != 0 {
			t.Errorf("read-only folder: status %d, %q, left %v", code, errOut, listDir(t, ro))
		}
	}
}

// listDir lists the names in dir.
func listDir(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range es {
		names = append(names, e.Name())
	}
	return names
}

// TestWriteAtomic checks that a write that fails after its temporary file
// was created (a rename onto a non-empty folder) leaves the folder as it
// was, and that a write over a file replaces it whole, keeping its mode.
func TestWriteAtomic(t *testing.T) {
	dir := t.TempDir()
	busy := filepath.Join(dir, "busy")
	if err := os.MkdirAll(filepath.Join(busy, "x"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := writeAtomic(busy, []byte("data")); !errors.Is(err, errOutput) {
		t.Errorf("rename onto a folder: %v, want errOutput", err)
	}
	if got := listDir(t, dir); !slices.Equal(got, []string{"busy"}) {
		t.Errorf("after a failed write the folder holds %v", got)
	}
	f := filepath.Join(dir, "f")
	if err := os.WriteFile(f, []byte("a longer old content"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := writeAtomic(f, []byte("new")); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(f)
	st, _ := os.Stat(f)
	if string(got) != "new" || st.Mode().Perm() != 0o600 || !slices.Equal(listDir(t, dir), []string{"busy", "f"}) {
		t.Errorf("over a file: %q, mode %v, folder %v", got, st.Mode().Perm(), listDir(t, dir))
	}
}

// TestConvertTerminal checks that ssz and ssz_snappy are not written to
// a terminal stdout (json is), and the predicate the command asks.
func TestConvertTerminal(t *testing.T) {
	c := vectorCases(t, "ssz_random")[0]
	for _, to := range []string{"ssz", "ssz_snappy", "json"} {
		var out, errb bytes.Buffer
		e := &env{stdin: bytes.NewReader(nil), stdout: &out, stderr: &errb,
			isTerminal: func(w io.Writer) bool { return w == io.Writer(&out) }, progressMin: progressMin}
		code := e.run([]string{"convert", "-type", c.typ, "-preset", c.preset, "-to", to, c.file})
		refused := code == exitError && out.Len() == 0 && strings.Contains(errb.String(), "-o OUT")
		if refused != (to != "json") || (to == "json" && code != exitOK) {
			t.Errorf("-to %s on a terminal: status %d, %d bytes out, stderr %q", to, code, out.Len(), errb.String())
		}
	}
	// The predicate: a pipe, a regular file and the null device are not
	// terminals; a pseudo-terminal is.
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	reg, err := os.Create(filepath.Join(t.TempDir(), "f"))
	if err != nil {
		t.Fatal(err)
	}
	defer reg.Close()
	null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer null.Close()
	for _, f := range []*os.File{w, reg, null} {
		if isTerminal(f) {
			t.Errorf("isTerminal(%s) = true", f.Name())
		}
	}
	if pty, err := os.OpenFile("/dev/ptmx", os.O_RDWR, 0); err == nil {
		defer pty.Close()
		if !isTerminal(pty) {
			t.Errorf("isTerminal(/dev/ptmx) = false")
		}
	} else {
		t.Logf("no pseudo-terminal to check against: %v", err)
	}
}

// TestConvertCheck checks the check before writing: an output that roots
// elsewhere (a byte of the value changed) is a *rootMismatchError naming
// both roots, one that does not read back (cut short) wraps
// errOutputCheck, and both exit 2 from the command's error path.
func TestConvertCheck(t *testing.T) {
	v := phase0.Checkpoint{Epoch: 7}
	b, err := ssz.Marshal(&v)
	if err != nil {
		t.Fatal(err)
	}
	want, err := ssz.HashTreeRoot(&v, ssz.SHA256)
	if err != nil {
		t.Fatal(err)
	}
	te, err := lookupType("phase0.Checkpoint")
	if err != nil {
		t.Fatal(err)
	}
	p, _ := presetNamed("mainnet")
	var errb bytes.Buffer
	e := &env{stdin: bytes.NewReader(nil), stdout: io.Discard, stderr: &errb, progressMin: progressMin}
	if err := e.checkOutput(te, p, "in.ssz", "", encSSZ, b, want); err != nil {
		t.Fatalf("the value's own bytes: %v", err)
	}
	if err := e.checkOutput(te, p, "in.ssz", "", encSnappy, snappy.Encode(nil, b), want); err != nil {
		t.Fatalf("the value's snappy bytes: %v", err)
	}
	changed := slices.Clone(b)
	changed[0] ^= 1
	other, _ := ssz.HashTreeRoot(&phase0.Checkpoint{Epoch: 6}, ssz.SHA256)
	err = e.checkOutput(te, p, "in.ssz", "", encSSZ, changed, want)
	var rm *rootMismatchError
	if !errors.As(err, &rm) || !errors.Is(err, errOutputCheck) || rm.Output != other || rm.Input != want {
		t.Fatalf("a changed byte: %v, want a root mismatch %x -> %x", err, want, other)
	}
	if code := e.fail("convert", err); code != exitError || !strings.Contains(errb.String(), hex0x(want[:])) || !strings.Contains(errb.String(), hex0x(other[:])) {
		t.Errorf("root mismatch: status %d, %q", code, errb.String())
	}
	if err := e.checkOutput(te, p, "in.ssz", "", encSSZ, b[:10], want); !errors.Is(err, errOutputCheck) || errors.As(err, &rm) {
		t.Errorf("a short output: %v, want errOutputCheck", err)
	}
	if err := e.checkOutput(te, p, "in.ssz", "", encJSON, []byte(`{"epoch":"7"}`), want); !errors.Is(err, errOutputCheck) {
		t.Errorf("JSON missing a field: %v, want errOutputCheck", err)
	}
}
