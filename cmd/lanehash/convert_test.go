package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

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
	var errb bytes.Buffer
	te, p, e := inProcess(t, "phase0.Checkpoint", &errb)
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

// dualCheckpoint returns 40 bytes that are a phase0.Checkpoint raw (any
// 40 bytes are) and also a snappy block of another 40-byte Checkpoint:
// the varint 40, a 36-byte literal, then a copy of 4 bytes at offset 1.
func dualCheckpoint(t *testing.T) []byte {
	t.Helper()
	b := []byte{40, (36 - 1) << 2}
	for i := range 36 {
		b = append(b, byte(0xa0+i))
	}
	b = append(b, 0x01, 0x01) // copy with 1-byte offset: length 4, offset 1
	if d, err := snappy.Decode(nil, b); err != nil || len(d) != 40 || bytes.Equal(d, b) {
		t.Fatalf("not two Checkpoints: %v, %d bytes", err, len(d))
	}
	return b
}

// blockIsCheckpoint returns a Checkpoint whose snappy block encoding is
// 40 bytes, so also a Checkpoint raw: a run of one byte at the start of
// bytes that do not compress, its length searched for.
func blockIsCheckpoint(t *testing.T) []byte {
	t.Helper()
	for run := 4; run < 40; run++ {
		v := make([]byte, 40)
		for i := range v {
			s := sha256.Sum256([]byte{byte(i), byte(run)})
			v[i] = s[0]
		}
		for i := range run {
			v[i] = 7
		}
		if len(snappy.Encode(nil, v)) == 40 {
			return v
		}
	}
	t.Fatal("no Checkpoint has a 40-byte snappy block")
	return nil
}

// checkpointRoot is ssz.HashTreeRoot of the Checkpoint serialized as b,
// in 0x hex.
func checkpointRoot(t *testing.T, b []byte) string {
	t.Helper()
	var c phase0.Checkpoint
	if err := ssz.Unmarshal(b, &c); err != nil {
		t.Fatal(err)
	}
	r, err := ssz.HashTreeRoot(&c, ssz.SHA256)
	if err != nil {
		t.Fatal(err)
	}
	return hex0x(r[:])
}

// TestConvertOutputRootsByName converts Checkpoints built to be read two
// ways (dualCheckpoint's raw bytes, blockIsCheckpoint's value, and a
// plain one) to every encoding, under names that say each encoding, a
// name ending in snappy that is not .ssz_snappy, names that say none,
// and stdout. A convert that succeeds leaves a file that 'lanehash root'
// reads by its name (-format auto; stdout with -format of the encoding)
// to the input's root, ssz.HashTreeRoot's; the others are the outputs
// the commands would read otherwise, refused with exit status 2 and
// nothing written. Which are refused is worked out here from the bytes
// (snappy.Decode) and the reading rule.
func TestConvertOutputRootsByName(t *testing.T) {
	plain := make([]byte, 40)
	plain[0] = 7
	inputs := map[string][]byte{"dual": dualCheckpoint(t), "block40": blockIsCheckpoint(t), "plain": plain}
	// twoWays: 40 bytes that also decode as a snappy block of 40 others.
	twoWays := func(b []byte) bool {
		d, err := snappy.Decode(nil, b)
		return len(b) == 40 && err == nil && len(d) == 40 && !bytes.Equal(d, b)
	}
	names := []struct{ name, says string }{
		{"out.ssz", "ssz"}, {"out.ssz_snappy", "ssz_snappy"}, {"out.snappy", "ssz_snappy"}, {"out.SSZ_SNAPPY", "ssz_snappy"},
		{"out.json", "json"}, {"out.bin", ""}, {"out", ""}, {"", ""}, // "" is stdout
	}
	refusedSeen := 0
	for what, in := range inputs {
		dir := t.TempDir()
		inFile := filepath.Join(dir, "in.ssz")
		if err := os.WriteFile(inFile, in, 0o644); err != nil {
			t.Fatal(err)
		}
		want := checkpointRoot(t, in)
		for _, to := range []string{"ssz", "ssz_snappy", "json"} {
			var bytesOut []byte
			switch to {
			case "ssz":
				bytesOut = in
			case "ssz_snappy":
				bytesOut = snappy.Encode(nil, in)
			}
			for _, n := range names {
				out := ""
				if n.name != "" {
					out = filepath.Join(t.TempDir(), n.name)
				}
				accept := out == "" || n.says == to || n.says == "" && to != "json" && !twoWays(bytesOut)
				args := []string{"convert", "-type", "phase0.Checkpoint", "-format", "ssz", "-to", to}
				if out != "" {
					args = append(args, "-o", out)
				}
				stdout, errOut, code := runCmd(t, nil, append(args, inFile)...)
				label := fmt.Sprintf("%s -to %s -o %q", what, to, n.name)
				if !accept {
					refusedSeen++
					if code != exitError || stdout != "" {
						t.Errorf("%s: status %d, want 2 (the commands would read it otherwise)", label, code)
					}
					if _, err := os.Stat(out); !errors.Is(err, os.ErrNotExist) {
						t.Errorf("%s: refused but %s is there (%v)", label, n.name, err)
					}
					continue
				}
				if code != exitOK {
					t.Errorf("%s: status %d: %s", label, code, errOut)
					continue
				}
				var got string
				if out == "" {
					got, errOut, code = runCmd(t, []byte(stdout), "root", "-type", "phase0.Checkpoint", "-format", readFormat(to), "-")
				} else {
					got, errOut, code = runCmd(t, nil, "root", "-type", "phase0.Checkpoint", out)
				}
				if code != exitOK || strings.TrimSpace(got) != want {
					t.Errorf("%s: root of the output: status %d, %q %s, want the input's %s", label, code, got, errOut, want)
				}
			}
		}
	}
	if refusedSeen == 0 {
		t.Errorf("no output was refused: the inputs do not test the check")
	}
}

// TestConvertNameErrors checks how an output the commands would read
// otherwise is refused: a name that says another encoding before
// anything is read (a usage error naming it), and a name that says none
// over bytes the commands would find two values in after the check (an
// *outputNameError, a usage error wrapping the *ambiguousError), or, by
// a name ending in snappy, another value (its root named).
func TestConvertNameErrors(t *testing.T) {
	dual := dualCheckpoint(t)
	in := writeFile(t, "in.ssz", dual)
	dir := t.TempDir()
	ty := []string{"convert", "-type", "phase0.Checkpoint"}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-to", "ssz", "-o", filepath.Join(dir, "cp.snappy")}, "names ssz_snappy"},
		{[]string{"-to", "json", "-o", filepath.Join(dir, "blocksnappy")}, "names ssz_snappy"},
		{[]string{"-to", "ssz_snappy", "-o", filepath.Join(dir, "cp.ssz")}, "names ssz"},
		{[]string{"-to", "json", "-o", filepath.Join(dir, "cp.txt")}, "JSON only from a name ending in .json"},
		{[]string{"-to", "ssz", "-o", filepath.Join(dir, "cp.bin")}, "both as raw SSZ (40 bytes) and as a snappy block (40 bytes decompressed)"},
	} {
		_, errOut, code := runCmd(t, nil, append(append(ty, c.args...), in)...)
		if code != exitError || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: status %d, %q, want 2 naming %q", c.args, code, errOut, c.want)
		}
	}
	if got := listDir(t, dir); len(got) != 0 {
		t.Errorf("refused outputs left %v", got)
	}
	// -to inferred from a name ending in snappy.
	if _, errOut, code := runCmd(t, nil, append(ty, "-o", filepath.Join(dir, "cp.snappy"), in)...); code != exitOK {
		t.Errorf("-o cp.snappy without -to: status %d, %s", code, errOut)
	}

	te, p, e := inProcess(t, "phase0.Checkpoint", io.Discard)
	var want [32]byte
	if _, err := hex.Decode(want[:], []byte(checkpointRoot(t, dual)[2:])); err != nil {
		t.Fatal(err)
	}
	err := e.checkOutput(te, p, "in.ssz", "cp.bin", encSSZ, dual, want)
	var ne *outputNameError
	var ae *ambiguousError
	if !errors.As(err, &ne) || !errors.Is(err, errUsage) || !errors.As(err, &ae) || !errors.Is(err, errInput) || errors.Is(err, errOutputCheck) {
		t.Errorf("-to ssz -o cp.bin of two-way bytes: %v, want an *outputNameError wrapping an *ambiguousError", err)
	}
	other, _ := snappy.Decode(nil, dual)
	err = e.checkOutput(te, p, "in.ssz", "cp.snappy", encSSZ, dual, want)
	if !errors.As(err, &ne) || ne.Err != nil || hex0x(ne.Root[:]) != checkpointRoot(t, other) {
		t.Errorf("-to ssz -o cp.snappy read as a block: %v, want an *outputNameError naming the block's root", err)
	}
	if err := e.checkOutput(te, p, "in.ssz", "cp.ssz", encSSZ, dual, want); err != nil {
		t.Errorf("-to ssz -o cp.ssz (a .ssz name reads raw): %v", err)
	}
}

// TestAutoFormatTwoValues reads bytes that are a Checkpoint raw and
// another as a snappy block: under a name that says neither (and from
// stdin) -format auto refuses them naming both readings (an
// *ambiguousError, exit status 2); a name or -format that says one
// reads that one.
func TestAutoFormatTwoValues(t *testing.T) {
	dual := dualCheckpoint(t)
	block, _ := snappy.Decode(nil, dual)
	rawRoot, blockRoot := checkpointRoot(t, dual), checkpointRoot(t, block)
	ty := []string{"-type", "phase0.Checkpoint"}
	for _, c := range []struct {
		name   string
		stdin  []byte
		args   []string
		want   string // the root, "" for the error
		reason string
	}{
		{"cp.bin", nil, nil, "", "no name"},
		{"cp", nil, nil, "", "no extension"},
		{"-", dual, nil, "", "stdin"},
		{"cp.ssz", nil, nil, rawRoot, ".ssz reads raw"},
		{"cp.ssz_snappy", nil, nil, blockRoot, "snappy name"},
		{"cp.bin", nil, []string{"-format", "ssz"}, rawRoot, "-format ssz"},
		{"cp.bin", nil, []string{"-format", "snappy"}, blockRoot, "-format snappy"},
	} {
		file := c.name
		if file != "-" {
			file = writeFile(t, c.name, dual)
		}
		out, errOut, code := runCmd(t, c.stdin, append(append(append([]string{"root"}, ty...), c.args...), file)...)
		if c.want != "" {
			if code != exitOK || strings.TrimSpace(out) != c.want {
				t.Errorf("%s: status %d, %q %s, want %s", c.reason, code, out, errOut, c.want)
			}
			continue
		}
		if code != exitError || !strings.Contains(errOut, "raw SSZ") || !strings.Contains(errOut, "snappy block") || !strings.Contains(errOut, "-format") {
			t.Errorf("%s: status %d, %q %q, want 2 naming both readings and -format", c.reason, code, out, errOut)
		}
	}
	// Every command that reads SSZ refuses them.
	f := writeFile(t, "cp.bin", dual)
	for _, args := range [][]string{{"show", f}, {"prove", "-path", "epoch", f}, {"diff", f, f}, {"convert", "-to", "json", f}} {
		if _, errOut, code := runCmd(t, nil, append(append(args[:1:1], ty...), args[1:]...)...); code != exitError || !strings.Contains(errOut, "snappy block") {
			t.Errorf("%s: status %d, %q", args[0], code, errOut)
		}
	}
	st, err := ssz.TypeFor[phase0.Checkpoint]()
	if err != nil {
		t.Fatal(err)
	}
	pls, err := payloads("cp.bin", dual, formatAuto, limitFor(st, "phase0.Checkpoint", formatAuto, defaultMaxInput))
	if err != nil {
		t.Fatal(err)
	}
	var ae *ambiguousError
	if err := checkAmbiguous(st, "phase0.Checkpoint", "cp.bin", pls); !errors.As(err, &ae) || !errors.Is(err, errInput) || ae.Raw != 40 || ae.Block != 40 {
		t.Errorf("checkAmbiguous: %v", err)
	}
	// One reading that is not the type is no ambiguity: a Validator's
	// 121 bytes are not a Checkpoint's 40.
	if err := checkAmbiguous(st, "phase0.Checkpoint", "cp.bin", []payload{{dual, formatSSZ}, {make([]byte, 121), formatBlock}}); err != nil {
		t.Errorf("a block of the wrong size: %v", err)
	}
}

// helperArgsEnv names the variable that makes TestConvertHelperProcess
// run the command: its arguments, separated by \x1f.
const helperArgsEnv = "LANEHASH_TEST_COMMAND"

// TestConvertHelperProcess is the command run as a process of its own
// by the tests that signal it or set its umask, not a test itself. With
// LANEHASH_TEST_HOLD_WRITE set it holds the output's write open after
// the first chunk until it is interrupted (or 20 s pass).
func TestConvertHelperProcess(t *testing.T) {
	args := os.Getenv(helperArgsEnv)
	if args == "" {
		t.Skip("run by other tests as the command")
	}
	if os.Getenv("LANEHASH_TEST_HOLD_WRITE") != "" {
		afterChunk = func(interrupted <-chan struct{}) {
			select {
			case <-interrupted:
			case <-time.After(20 * time.Second):
			}
		}
	}
	os.Exit(run(strings.Split(args, "\x1f"), os.Stdin, os.Stdout, os.Stderr))
}

// commandProcess returns the command with args as a process of its own
// (the test binary running TestConvertHelperProcess), run by sh -c
// script first when script is not "" ("$@" is the command).
func commandProcess(t *testing.T, script string, env []string, args ...string) *exec.Cmd {
	t.Helper()
	self := []string{os.Args[0], "-test.run=^TestConvertHelperProcess$"}
	var cmd *exec.Cmd
	if script == "" {
		cmd = exec.Command(self[0], self[1:]...)
	} else {
		sh, err := exec.LookPath("sh")
		if err != nil {
			t.Skipf("no sh to set the umask with: %v", err)
		}
		cmd = exec.Command(sh, append([]string{"-c", script + ` && exec "$@"`, "sh"}, self...)...)
	}
	cmd.Env = append(append(os.Environ(), helperArgsEnv+"="+strings.Join(args, "\x1f")), env...)
	return cmd
}

// TestConvertInterruptRemovesTemp signals a convert (SIGINT, SIGTERM)
// while its temporary file exists, held open after its first chunk: the
// command removes the file, leaves OUT as it was and exits 128 plus the
// signal's number.
func TestConvertInterruptRemovesTemp(t *testing.T) {
	in := writeFile(t, "in.ssz", make([]byte, 40))
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		dir := t.TempDir()
		out := filepath.Join(dir, "out.json")
		if err := os.WriteFile(out, []byte("old"), 0o644); err != nil {
			t.Fatal(err)
		}
		cmd := commandProcess(t, "", []string{"LANEHASH_TEST_HOLD_WRITE=1"}, "convert", "-type", "phase0.Checkpoint", "-o", out, in)
		var errb bytes.Buffer
		cmd.Stderr = &errb
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		seen := false
		for deadline := time.Now().Add(20 * time.Second); !seen && time.Now().Before(deadline); {
			m, _ := filepath.Glob(filepath.Join(dir, ".out.json.*.tmp"))
			if seen = len(m) == 1; !seen {
				time.Sleep(time.Millisecond)
			}
		}
		if !seen {
			cmd.Process.Kill()
			cmd.Wait()
			t.Fatalf("%v: no temporary file appeared: %s", sig, errb.String())
		}
		if err := cmd.Process.Signal(sig); err != nil {
			t.Fatal(err)
		}
		err := cmd.Wait()
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.ExitCode() != 128+int(sig) {
			t.Errorf("%v: %v, want exit status %d: %s", sig, err, 128+int(sig), errb.String())
		}
		if !strings.Contains(errb.String(), "nothing written") {
			t.Errorf("%v: stderr %q", sig, errb.String())
		}
		if got := listDir(t, dir); !slices.Equal(got, []string{"out.json"}) {
			t.Errorf("%v: the folder holds %v", sig, got)
		}
		if b, _ := os.ReadFile(out); string(b) != "old" {
			t.Errorf("%v: OUT is %q, want it as it was", sig, b)
		}
	}
}

// TestConvertUmask runs convert under umasks 077 and 002: a new -o file
// gets 0666 less the umask, as os.Create's files do; a file replaced
// keeps its own mode.
func TestConvertUmask(t *testing.T) {
	in := writeFile(t, "in.ssz", make([]byte, 40))
	for _, umask := range []os.FileMode{0o077, 0o002} {
		dir := t.TempDir()
		out := filepath.Join(dir, "new.json")
		kept := filepath.Join(dir, "kept.json")
		if err := os.WriteFile(kept, nil, 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(kept, 0o640); err != nil {
			t.Fatal(err)
		}
		for _, o := range []string{out, kept} {
			cmd := commandProcess(t, fmt.Sprintf("umask %03o", umask), nil, "convert", "-type", "phase0.Checkpoint", "-o", o, in)
			if b, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("umask %03o: %v: %s", umask, err, b)
			}
		}
		if st, err := os.Stat(out); err != nil || st.Mode().Perm() != 0o666&^umask {
			t.Errorf("umask %03o: new file %v, want %v", umask, st.Mode().Perm(), 0o666&^umask)
		}
		if st, err := os.Stat(kept); err != nil || st.Mode().Perm() != 0o640 {
			t.Errorf("umask %03o: replaced file %v, want 0640 kept", umask, st.Mode().Perm())
		}
	}
}

// TestConvertLinks writes -o through symbolic links: a link (relative,
// absolute, or a chain) to a file not made yet creates that file and
// stays a link; a loop of links is a usage error, exit status 2, and
// leaves the links as they were.
func TestConvertLinks(t *testing.T) {
	in := writeFile(t, "in.ssz", make([]byte, 40))
	want, _, code := runCmd(t, nil, "convert", "-type", "phase0.Checkpoint", "-to", "json", in)
	if code != exitOK {
		t.Fatal("convert to stdout failed")
	}
	dir := t.TempDir()
	sub := filepath.Join(dir, "sub")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		links  [][2]string // name, its destination, made in order
		out    string      // the -o name
		target string      // the file written
	}{
		{[][2]string{{"rel.json", "rel-target.json"}}, "rel.json", "rel-target.json"},
		{[][2]string{{"abs.json", filepath.Join(dir, "abs-target.json")}}, "abs.json", "abs-target.json"},
		{[][2]string{{"sub/up.json", "../up-target.json"}}, "sub/up.json", "up-target.json"},
		{[][2]string{{"chain2.json", "chain-target.json"}, {"chain1.json", "chain2.json"}}, "chain1.json", "chain-target.json"},
	} {
		for _, l := range c.links {
			if err := os.Symlink(l[1], filepath.Join(dir, l[0])); err != nil {
				t.Fatal(err)
			}
		}
		out := filepath.Join(dir, c.out)
		if _, errOut, code := runCmd(t, nil, "convert", "-type", "phase0.Checkpoint", "-o", out, in); code != exitOK {
			t.Errorf("-o %s: status %d: %s", c.out, code, errOut)
			continue
		}
		if fi, err := os.Lstat(out); err != nil || fi.Mode()&os.ModeSymlink == 0 {
			t.Errorf("-o %s: no longer a link (%v)", c.out, err)
		}
		if b, err := os.ReadFile(filepath.Join(dir, c.target)); err != nil || string(b) != want {
			t.Errorf("-o %s: %s holds %q (%v), want the JSON", c.out, c.target, b, err)
		}
	}
	for _, loop := range [][][2]string{{{"self.json", "self.json"}}, {{"a.json", "b.json"}, {"b.json", "a.json"}}} {
		for _, l := range loop {
			if err := os.Symlink(l[1], filepath.Join(dir, l[0])); err != nil {
				t.Fatal(err)
			}
		}
		before := listDir(t, dir)
		_, errOut, code := runCmd(t, nil, "convert", "-type", "phase0.Checkpoint", "-o", filepath.Join(dir, loop[0][0]), in)
		if code != exitError || !strings.Contains(errOut, "loop of symbolic links") {
			t.Errorf("-o a loop %v: status %d, %q", loop, code, errOut)
		}
		for _, l := range loop {
			if dest, err := os.Readlink(filepath.Join(dir, l[0])); err != nil || dest != l[1] {
				t.Errorf("-o a loop: %s is now %q (%v)", l[0], dest, err)
			}
		}
		if after := listDir(t, dir); !slices.Equal(before, after) {
			t.Errorf("-o a loop: the folder held %v, now %v", before, after)
		}
	}
	var err error
	if _, err = outputPath("in", filepath.Join(dir, "self.json")); !errors.Is(err, errLinkLoop) || !errors.Is(err, errUsage) {
		t.Errorf("outputPath of a loop: %v", err)
	}
}

// TestMaxInputBoundsJSONSSZ gives a JSON input under -max-input that
// holds more SSZ than it (an IndexedAttestation of 2048 indices written
// 0: 2 bytes of JSON each, 8 of SSZ): refused by root and convert with
// exit status 2 naming the SSZ size (a *tooLargeError counting SSZ read
// from JSON), read at -max-input its SSZ size. And -max-input bounds the
// bytes read of a snappy file too, below snappy's worst case of the
// type's size: a Checkpoint's 42-byte block under -max-input 41.
func TestMaxInputBoundsJSONSSZ(t *testing.T) {
	v := phase0.IndexedAttestation{AttestingIndices: make([]phase0.ValidatorIndex, 2048), Data: &phase0.AttestationData{}}
	sszBytes, err := ssz.Marshal(&v)
	if err != nil {
		t.Fatal(err)
	}
	shown, _, code := runCmd(t, sszBytes, "show", "-compact", "-type", "phase0.IndexedAttestation", "-format", "ssz", "-")
	if code != exitOK {
		t.Fatal("show failed")
	}
	var doc bytes.Buffer
	i := strings.Index(shown, `"attesting_indices":[`) + len(`"attesting_indices":[`)
	j := i + strings.IndexByte(shown[i:], ']')
	doc.WriteString(shown[:i] + "0" + strings.Repeat(",0", 2047) + shown[j:])
	file := writeFile(t, "att.json", doc.Bytes())
	limit := strconv.Itoa(doc.Len())
	if doc.Len() >= len(sszBytes) {
		t.Fatalf("the JSON (%d bytes) is not shorter than its SSZ (%d)", doc.Len(), len(sszBytes))
	}
	want := fmt.Sprintf("%s: %d bytes of SSZ read from its JSON, over the limit of %s (-max-input)", file, len(sszBytes), limit)
	for _, args := range [][]string{
		{"root", "-type", "phase0.IndexedAttestation", "-max-input", limit, file},
		{"convert", "-type", "phase0.IndexedAttestation", "-to", "ssz", "-max-input", limit, file},
	} {
		if out, errOut, code := runCmd(t, nil, args...); code != exitError || out != "" || !strings.Contains(errOut, want) {
			t.Errorf("%s: status %d, %q, want 2 and %q", args[0], code, errOut, want)
		}
	}
	out, errOut, code := runCmd(t, nil, "convert", "-type", "phase0.IndexedAttestation", "-to", "ssz", "-max-input", strconv.Itoa(len(sszBytes)), file)
	if code != exitOK || out != string(sszBytes) {
		t.Errorf("-max-input the SSZ size: status %d, %s", code, errOut)
	}
	te, p, e := inProcess(t, "phase0.IndexedAttestation", io.Discard)
	_, err = e.decodeBytes(te, p, file, doc.Bytes(), formatAuto, jsonLimit(int64(doc.Len())), "rooting", func([]byte) error { return nil })
	var tl *tooLargeError
	if !errors.As(err, &tl) || !tl.FromJSON || tl.Size != int64(len(sszBytes)) || !errors.Is(err, errInput) || errors.Is(err, ssz.ErrSize) {
		t.Errorf("decodeBytes: %v, want a *tooLargeError of SSZ from JSON", err)
	}

	cp := make([]byte, 40)
	for i := range cp {
		cp[i] = byte(i*37 + 11) // no byte repeats: the block is a 42-byte literal
	}
	block := snappy.Encode(nil, cp)
	if len(block) != 42 {
		t.Fatalf("block of %d bytes", len(block))
	}
	bf := writeFile(t, "cp.ssz_snappy", block)
	runLimited(t, nil, bf+": 42 bytes, over the limit of 41 (-max-input)", "root", "-type", "phase0.Checkpoint", "-max-input", "41", bf)
	if out, errOut, code := runCmd(t, nil, "root", "-type", "phase0.Checkpoint", "-max-input", "42", bf); code != exitOK || strings.TrimSpace(out) != checkpointRoot(t, cp) {
		t.Errorf("-max-input the block's size: status %d, %q %s", code, out, errOut)
	}
}

// inProcess returns the registry's type called name, the mainnet preset
// and a run of the command writing its errors to stderr, for tests that
// call the command's functions.
func inProcess(t *testing.T, name string, stderr io.Writer) (typeEntry, preset, *env) {
	t.Helper()
	te, err := lookupType(name)
	if err != nil {
		t.Fatal(err)
	}
	p, _ := presetNamed("mainnet")
	return te, p, &env{stdin: bytes.NewReader(nil), stdout: io.Discard, stderr: stderr, progressMin: progressMin}
}
