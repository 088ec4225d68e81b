package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"syscall"
	"testing"

	"github.com/lanehash/lanehash/internal/sszrand"
	"github.com/lanehash/lanehash/proof"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/fulu"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
	"github.com/lanehash/lanehash/ssz/sszjson"
)

// TestShowSpecVectors shows case_0 of every ssz_static type of every
// preset and fork as JSON, and roots that JSON with root: the root is
// the case's roots.yaml (so show wrote the value, and root read it,
// through the JSON alone). The JSON is also read as a beacon-API
// response (in "data"), from stdin with -format json, and compact.
func TestShowSpecVectors(t *testing.T) {
	cases := vectorCases(t, "ssz_random")
	for _, c := range cases {
		out, errOut, code := runCmd(t, nil, "show", "-type", c.typ, "-preset", c.preset, c.file)
		if code != exitOK || !json.Valid([]byte(out)) {
			t.Errorf("show %s: status %d, %s", c.typ, code, errOut)
			continue
		}
		file := writeFile(t, "value.json", []byte(out))
		// A type with a field called version (gloas.Builder) is never
		// read from a response that gives its version.
		version := `"version":"x",`
		if e, _ := lookupType(c.typ); e != nil {
			p, _ := presetNamed(c.preset)
			if st, err := e.SSZType(p); err == nil {
				if _, err := proof.FieldIndex(st, "version"); err == nil {
					version = ""
				}
			}
		}
		envelope := writeFile(t, "response.json", []byte(`{`+version+`"execution_optimistic":false,"data":`+out+`}`))
		got, errOut, code := runCmd(t, nil, "root", "-type", c.typ, "-preset", c.preset, file, envelope)
		if code != exitOK || got != c.root+"  "+file+"\n"+c.root+"  "+envelope+"\n" {
			t.Errorf("root of show's JSON of %s %s: status %d, %q %s, want %s", c.preset, c.typ, code, got, errOut, c.root)
		}
		if got, _, code := runCmd(t, []byte(out), "root", "-type", c.typ, "-preset", c.preset, "-format", "json", "-"); code != exitOK || got != c.root+"\n" {
			t.Errorf("root of stdin -format json %s: status %d, %q", c.typ, code, got)
		}
		compact, _, code := runCmd(t, nil, "show", "-compact", "-type", c.typ, "-preset", c.preset, file)
		var want bytes.Buffer
		json.Compact(&want, []byte(out))
		if code != exitOK || compact != want.String()+"\n" {
			t.Errorf("show -compact of the JSON of %s: status %d", c.typ, code)
		}
	}
}

// TestJSONInput runs prove and diff on JSON files and checks them
// against the same runs on SSZ, and show -path against the value.
func TestJSONInput(t *testing.T) {
	s := fulu.SyntheticBeaconState(64, 1)
	b, err := ssz.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	js, err := sszjson.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	sszFile, jsonFile := writeFile(t, "state.ssz", b), writeFile(t, "state.json", js)
	// prove: the same proof from either.
	path := "validators[7].effective_balance"
	p1, _, c1 := runCmd(t, nil, "prove", "-type", "fulu.BeaconState", "-path", path, sszFile)
	p2, e2, c2 := runCmd(t, nil, "prove", "-type", "fulu.BeaconState", "-path", path, jsonFile)
	if c1 != exitOK || c2 != exitOK || p1 != p2 {
		t.Errorf("prove from SSZ and from JSON: %d %d %s\n%s\n%s", c1, c2, e2, p1, p2)
	}
	// diff: none between the two; one where the JSON was edited.
	if out, errOut, code := runCmd(t, nil, "diff", "-type", "fulu.BeaconState", sszFile, jsonFile); code != exitOK || out != "" {
		t.Errorf("diff SSZ JSON: status %d, %q %s", code, out, errOut)
	}
	s.Validators[5].EffectiveBalance++
	js2, _ := sszjson.Marshal(s)
	edited := writeFile(t, "edited.json", js2)
	out, _, code := runCmd(t, nil, "diff", "-type", "fulu.BeaconState", jsonFile, edited)
	if code != exitNegative || !strings.HasPrefix(out, "validators[5].effective_balance: ") {
		t.Errorf("diff of an edited JSON: status %d, %q", code, out)
	}
	// show -path: a field, an element, a length, a bit.
	for p, want := range map[string]string{
		"slot":                              `"` + jsonNumber(uint64(s.Slot)) + `"`,
		"validators[5].slashed":             strings.ToLower(boolString(s.Validators[5].Slashed)),
		"validators.__len__":                `"64"`,
		"balances[3]":                       `"` + jsonNumber(uint64(s.Balances[3])) + `"`,
		"justification_bits[0]":             boolString(s.JustificationBits[0]&1 == 1),
		"finalized_checkpoint":              mustJSON(t, s.FinalizedCheckpoint),
		"randao_mixes[3]":                   `"0x` + hexOf(s.RANDAOMixes[3][:]) + `"`,
		"current_sync_committee.pubkeys[1]": `"0x` + hexOf(s.CurrentSyncCommittee.Pubkeys[1][:]) + `"`,
	} {
		for _, f := range []string{sszFile, jsonFile} {
			out, errOut, code := runCmd(t, nil, "show", "-compact", "-type", "fulu.BeaconState", "-path", p, f)
			if code != exitOK || out != want+"\n" {
				t.Errorf("show -path %s %s: status %d, %q %s, want %s", p, f, code, out, errOut, want)
			}
		}
	}
}

func jsonNumber(x uint64) string { b, _ := json.Marshal(x); return string(b) }
func boolString(b bool) string {
	if b {
		return "true"
	}
	return "false"
}
func hexOf(b []byte) string {
	var s strings.Builder
	for _, c := range b {
		s.WriteString(strings.ToLower(string("0123456789abcdef"[c>>4]) + string("0123456789abcdef"[c&15])))
	}
	return s.String()
}

func mustJSON(t *testing.T, v any) string {
	b, err := sszjson.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestJSONInputErrors checks the exit status and message of bad JSON
// inputs and show's bad paths.
func TestJSONInputErrors(t *testing.T) {
	s := fulu.SyntheticBeaconState(8, 1)
	js, err := sszjson.MarshalIndent(s, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	bad := bytes.Replace(js, []byte(`"effective_balance": "`), []byte(`"effective_balance": "-`), 1)
	off := bytes.Index(bad, []byte(`"-`))
	file := writeFile(t, "bad.json", bad)
	_, errOut, code := runCmd(t, nil, "root", "-type", "fulu.BeaconState", file)
	want := file + " (JSON, " + jsonNumber(uint64(len(bad))) + " bytes): byte " + jsonNumber(uint64(off)) + ", field validators[0].effective_balance of fulu.BeaconState: bad number: negative"
	if code != exitError || !strings.Contains(errOut, want) {
		t.Errorf("status %d, %q, want %q", code, errOut, want)
	}
	// In an envelope: the byte counts in the whole file, and the
	// response's version is a hint when it is not the type's fork.
	env := append(append([]byte(`{"version": "electra", "data": `), bad...), '}')
	envFile := writeFile(t, "response.json", env)
	_, errOut, code = runCmd(t, nil, "root", "-type", "fulu.BeaconState", envFile)
	if code != exitError || !strings.Contains(errOut, "byte "+jsonNumber(uint64(off+31))+", field validators[0].effective_balance") ||
		!strings.Contains(errOut, `(the response's version is "electra")`) {
		t.Errorf("in an envelope: status %d, %q", code, errOut)
	}
	for name, c := range map[string]struct {
		args []string
		in   string
		want string
	}{
		"not JSON":         {[]string{"root", "-type", "fulu.Checkpoint", "-format", "json", "-"}, "hello", "not JSON"},
		"unknown field":    {[]string{"root", "-type", "fulu.Checkpoint", "-format", "json", "-"}, `{"epoch":"1","root":"0x` + strings.Repeat("00", 32) + `","x":1}`, "field x of fulu.Checkpoint: unknown field"},
		"missing field":    {[]string{"root", "-type", "fulu.Checkpoint", "-format", "json", "-"}, `{"epoch":"1"}`, "field root of fulu.Checkpoint: missing field"},
		"envelope no data": {[]string{"root", "-type", "fulu.Checkpoint", "-format", "json", "-"}, `{"version":"fulu"}`, "field version of fulu.Checkpoint: unknown field"},
		"envelope twice":   {[]string{"root", "-type", "fulu.Checkpoint", "-format", "json", "-"}, `{"data":{},"data":{}}`, "duplicate field"},
		"show path":        {[]string{"show", "-type", "fulu.BeaconState", "-path", "validators[9]", "-format", "json", "-"}, string(js), "element 9 of 8"},
		"show bad path":    {[]string{"show", "-type", "fulu.BeaconState", "-path", "nope", "-format", "json", "-"}, string(js), "-path"},
		"show no file":     {[]string{"show", "-type", "fulu.BeaconState"}, "", "want one FILE"},
	} {
		_, errOut, code := runCmd(t, []byte(c.in), c.args...)
		if code != exitError || !strings.Contains(errOut, c.want) {
			t.Errorf("%s: status %d, %q, want %q", name, code, errOut, c.want)
		}
	}
	// The error is typed: sszjson's sentinel, the file's byte and field.
	e, _ := lookupType("fulu.BeaconState")
	p, _ := presetNamed("mainnet")
	_, err = fromJSON(e, p, "f", bad)
	var ie *inputError
	if !errors.As(err, &ie) || !errors.Is(err, sszjson.ErrNumber) || ie.Offset != off || ie.Field != "validators[0].effective_balance" {
		t.Errorf("fromJSON: %#v", err)
	}
}

// TestShowSnappyState checks show on a snappy-compressed spec state
// against the JSON package directly.
func TestShowSnappyState(t *testing.T) {
	c := vectorCases(t, "ssz_random")[0]
	_, raw := c.read(t)
	e, err := lookupType(c.typ)
	if err != nil {
		t.Fatal(err)
	}
	p, _ := presetNamed(c.preset)
	v, err := e.Decode(p, raw)
	if err != nil {
		t.Fatal(err)
	}
	st, _ := e.SSZType(p)
	want, err := sszjson.MarshalValue(st, v)
	if err != nil {
		t.Fatal(err)
	}
	out, _, code := runCmd(t, nil, "show", "-compact", "-type", c.typ, "-preset", c.preset, c.file)
	if code != exitOK || out != string(want)+"\n" {
		t.Errorf("show %s: status %d", c.typ, code)
	}
}

// randomJSON returns a random value of the registry's type name, its
// JSON and the root its SSZ file gets from root.
func randomJSON(t *testing.T, name string, seed uint64) (js []byte, root string) {
	t.Helper()
	e, err := lookupType(name)
	if err != nil {
		t.Fatal(err)
	}
	p, _ := presetNamed("mainnet")
	st, err := e.SSZType(p)
	if err != nil {
		t.Fatal(err)
	}
	v := reflect.New(st.Go).Elem()
	(&sszrand.Filler{Rand: sszrand.NewRand(seed), MaxList: 3}).Fill(st, v)
	b, err := ssz.MarshalValue(st, v)
	if err != nil {
		t.Fatal(err)
	}
	if js, err = sszjson.MarshalValue(st, v); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := runCmd(t, nil, "root", "-type", name, writeFile(t, "v.ssz", b))
	if code != exitOK {
		t.Fatalf("root of the SSZ file: %d %s", code, errOut)
	}
	return js, out
}

// TestJSONResponseRule checks when a JSON document is read as a
// beacon-API response: only when reading it as the type fails on a
// top-level key that names no field, the document is an object of data
// and response metadata alone, and no metadata key it gives is a field
// of the type. Documents that are the type's with a data key too many,
// whose own data field holds a value of the type, or a response around
// a type with a version field, exit 2; responses with each metadata key
// give the SSZ file's root.
func TestJSONResponseRule(t *testing.T) {
	att, attRoot := randomJSON(t, "phase0.Attestation", 1)
	dep, depRoot := randomJSON(t, "phase0.Deposit", 2)
	builder, builderRoot := randomJSON(t, "gloas.Builder", 3)
	builder2, _ := randomJSON(t, "gloas.Builder", 4)
	eatt, eattRoot := randomJSON(t, "electra.Attestation", 5)
	state := fulu.SyntheticBeaconState(16, 1)
	sb, _ := ssz.Marshal(state)
	stateJS, _ := sszjson.Marshal(state)
	stateRoot, _, _ := runCmd(t, nil, "root", "-type", "fulu.BeaconState", writeFile(t, "s.ssz", sb))
	roots := strings.Repeat(`"0x`+strings.Repeat("22", 32)+`",`, 33)
	for _, c := range []struct {
		name, typ, doc string
	}{
		{"an Attestation whose data is an Attestation", "phase0.Attestation",
			`{"aggregation_bits":"0x01","data":` + string(att) + `,"signature":"0x` + strings.Repeat("00", 96) + `"}`},
		{"a Deposit whose data is a Deposit", "phase0.Deposit", `{"proof":[` + roots[:len(roots)-1] + `],"data":` + string(dep) + `}`},
		{"a Builder with a data key holding a Builder", "gloas.Builder", string(builder[:len(builder)-1]) + `,"data":` + string(builder2) + `}`},
		{"a response around a type with a version field", "gloas.Builder", `{"version":"gloas","data":` + string(builder) + `}`},
		{"a response around it with every key", "gloas.Builder", `{"version":"gloas","execution_optimistic":false,"finalized":true,"data":` + string(builder) + `}`},
		{"data alone, for a type with a data field", "phase0.Attestation", `{"data":` + string(att) + `}`},
		{"a response with another key", "fulu.BeaconState", `{"version":"fulu","meta":{},"data":` + string(stateJS) + `}`},
		{"a response with a key twice", "fulu.BeaconState", `{"version":"fulu","version":"fulu","data":` + string(stateJS) + `}`},
		{"a response whose finalized is a string", "fulu.BeaconState", `{"finalized":"true","data":` + string(stateJS) + `}`},
		{"a state with a slot too many", "fulu.BeaconState", string(stateJS[:len(stateJS)-1]) + `,"Slot":"1"}`},
		{"a response with a state key", "fulu.BeaconState", `{"slot":"1","data":` + string(stateJS) + `}`},
	} {
		out, errOut, code := runCmd(t, nil, "root", "-type", c.typ, writeFile(t, "doc.json", []byte(c.doc)))
		if code != exitError || out != "" {
			t.Errorf("%s: status %d, %q %s; want 2", c.name, code, out, errOut)
		}
	}
	meta := map[string]string{
		"version": `"fulu"`, "execution_optimistic": "false", "finalized": "true", "dependent_root": `"0x` + strings.Repeat("ab", 32) + `"`,
		"execution_payload_blinded": "false", "execution_payload_value": `"12345"`, "consensus_block_value": `"678"`,
	}
	all := ""
	for k, v := range meta {
		all += `"` + k + `":` + v + `,`
		for _, r := range []struct {
			typ, root string
			js        []byte
		}{{"fulu.BeaconState", stateRoot, stateJS}, {"electra.Attestation", eattRoot, eatt}, {"phase0.Attestation", attRoot, att}, {"phase0.Deposit", depRoot, dep}, {"gloas.Builder", builderRoot, builder}} {
			doc := `{"` + k + `":` + v + `,"data":` + string(r.js) + `}`
			out, errOut, code := runCmd(t, nil, "root", "-type", r.typ, writeFile(t, "response.json", []byte(doc)))
			switch {
			case r.typ == "gloas.Builder" && k == "version":
				if code != exitError || !strings.Contains(errOut, `its key "version" is a field of gloas.Builder`) {
					t.Errorf("%s in a response with its version: status %d, %q %s", r.typ, code, out, errOut)
				}
			case code != exitOK || out != r.root:
				t.Errorf("%s in a response with %s: status %d, %q %s; want %s", r.typ, k, code, out, errOut, r.root)
			}
		}
	}
	for _, pos := range []string{"first", "last"} {
		doc := `{` + all + `"data":` + string(stateJS) + `}`
		if pos == "last" {
			doc = `{"data":` + string(stateJS) + `,` + all[:len(all)-1] + `}`
		}
		if out, errOut, code := runCmd(t, nil, "root", "-type", "fulu.BeaconState", writeFile(t, "response.json", []byte(doc))); code != exitOK || out != stateRoot {
			t.Errorf("a response with every key, data %s: status %d, %q %s", pos, code, out, errOut)
		}
	}
}

// TestJSONPeakMemory runs the command on a fulu.BeaconState whose
// balances are ten million 0s (25.8 MB of JSON), refused by a bad last
// balance and accepted with a good one, and checks its peak resident
// memory: at most the input, the decoded value's 80 MB of balances
// (sszjson.Unmarshal's promise: the value's own heap, its unions' option
// values once more, a state having none, and at most the input again,
// here nothing), for the accepted one also its serialization (what root
// then reads), above what the command takes for a small input, and 16
// MB of slack.
func TestJSONPeakMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: inputs of 26 and 83 MB")
	}
	bin := filepath.Join(t.TempDir(), "lanehash")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	// The command runs under a small process of its own (this test
	// binary, as TestPeakHelper): Linux counts into a process's peak the
	// memory of the process it was forked from, and this one holds the
	// inputs.
	peak := func(file string) (string, int, uint64) {
		cmd := exec.Command(os.Args[0], "-test.run=^TestPeakHelper$")
		cmd.Env = append(os.Environ(), "LANEHASH_PEAK_HELPER="+strings.Join([]string{bin, "root", "-type", "fulu.BeaconState", file}, "\n"))
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("helper: %v %s", err, out)
		}
		var root string
		var code int
		var rss uint64
		for line := range strings.Lines(string(out)) {
			if r, ok := strings.CutPrefix(line, "peak-helper: "); ok {
				if _, err := fmt.Sscanf(r, "%d %d %q", &code, &rss, &root); err != nil {
					t.Fatalf("helper's line %q: %v", line, err)
				}
				return root, code, rss
			}
		}
		t.Fatalf("no helper's line in %q", out)
		return "", 0, 0
	}
	js, err := sszjson.Marshal(&fulu.BeaconState{})
	if err != nil {
		t.Fatal(err)
	}
	_, _, base := peak(writeFile(t, "empty.json", js))
	const n = 10_000_000
	heap := uint64(8 * (n + 1)) // the balances, in Go
	state := &fulu.BeaconState{Balances: make([]phase0.Gwei, n+1)}
	enc, err := ssz.Marshal(state)
	if err != nil {
		t.Fatal(err)
	}
	sszFile := writeFile(t, "state.ssz", enc)
	want, code, sszPeak := peak(sszFile)
	if code != exitOK {
		t.Fatalf("root of the SSZ file: %d", code)
	}
	for _, last := range []string{"x", "0"} {
		doc := bytes.Replace(js, []byte(`"balances":[]`), []byte(`"balances":[`+strings.Repeat("0,", n)+last+`]`), 1)
		out, code, rss := peak(writeFile(t, "state.json", doc))
		limit := base + uint64(len(doc)) + heap + 16<<20
		if last == "0" {
			limit += uint64(len(enc))
		}
		t.Logf("balances of 10M 0s, last %s: %d bytes of JSON, exit %d, peak %d MB (limit %d MB; %d MB for a small input, %d MB for the SSZ file)",
			last, len(doc), code, rss>>20, limit>>20, base>>20, sszPeak>>20)
		switch {
		case last == "x" && code != exitError, last == "0" && (code != exitOK || out != want):
			t.Errorf("last %s: exit %d, %q (the SSZ file's root %q)", last, code, out, want)
		case rss > limit:
			t.Errorf("last %s: peak %d bytes resident, over %d", last, rss, limit)
		}
	}
}

// TestPeakHelper runs, when TestJSONPeakMemory starts the test binary
// with LANEHASH_PEAK_HELPER set (a command and its arguments, a line
// each), that command, and prints its exit status, peak resident bytes
// and output.
func TestPeakHelper(t *testing.T) {
	args := os.Getenv("LANEHASH_PEAK_HELPER")
	if args == "" {
		t.Skip("not a test of its own: the child TestJSONPeakMemory runs with LANEHASH_PEAK_HELPER set")
	}
	argv := strings.Split(args, "\n")
	cmd := exec.Command(argv[0], argv[1:]...)
	out, err := cmd.Output()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	fmt.Printf("peak-helper: %d %d %q\n", code, cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss*1024, out)
}
