package main

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"encoding/xml"
	"errors"
	"flag"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/fulu"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

func TestParseFlagsRejectsBadValues(t *testing.T) {
	for _, args := range [][]string{
		{"-n", "0"},
		{"-reps", "0"},
		{"-hash", "md5"},
		{"-workers", "zero"},
		{"-workers", "-1"},
		{"-workloads", "blocks"},
		{"-format", "xml"},
		{"-fork", "bellatrix"},
		{"extra"},
		{"-nosuchflag"},
	} {
		if _, err := parseFlags(args, io.Discard); err == nil {
			t.Errorf("parseFlags(%q) accepted bad input", args)
		}
	}
	if _, err := parseFlags([]string{"-h"}, io.Discard); !errors.Is(err, flag.ErrHelp) {
		t.Errorf("-h: got %v, want flag.ErrHelp", err)
	}
}

func TestParseFlagsDefaults(t *testing.T) {
	quick, err := parseFlags(nil, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if quick.all || quick.n <= 0 || len(quick.hashes) != 2 || quick.kernels != "auto" ||
		!slices.Equal(quick.workloads, []string{"registry", "state"}) || quick.format != "summary" {
		t.Errorf("unexpected quick defaults: %+v", quick)
	}
	all, err := parseFlags([]string{"-all"}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if !all.all || all.kernels != "all" || !slices.Equal(all.workloads, []string{"registry", "state", "small", "wide"}) || all.format != "markdown" {
		t.Errorf("unexpected -all defaults: %+v", all)
	}
	// Flags the caller sets win over -all's defaults.
	mixed, err := parseFlags([]string{"-all", "-kernels", "auto", "-format", "csv", "-workloads", "small"}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if mixed.kernels != "auto" || mixed.format != "csv" || !slices.Equal(mixed.workloads, []string{"small"}) {
		t.Errorf("explicit flags lost under -all: %+v", mixed)
	}
}

// TestPlanJobsQuickAndAll checks what each mode measures: the quick run
// takes every strategy on one worker and only lockstep on more, the full
// sweep every strategy on every worker count and every kernel.
func TestPlanJobsQuickAndAll(t *testing.T) {
	w := &containers[phase0.Validator]{label: "registry", items: phase0.RandomValidators(8, 1), limit: registryLimit}
	count := func(jobs []job, workers int, strategy string) int {
		n := 0
		for _, j := range jobs {
			if j.workers == workers && (strategy == "" || j.strategy == strategy) {
				n++
			}
		}
		return n
	}
	quick, err := parseFlags([]string{"-workers", "3,1"}, io.Discard) // the fewest need not come first
	if err != nil {
		t.Fatal(err)
	}
	jobs := planJobs(quick, []workload{w})
	if got := count(jobs, 1, ""); got != 6 { // 3 strategies × 2 hashes
		t.Errorf("quick: %d one-worker jobs, want 6", got)
	}
	if got, lock := count(jobs, 3, ""), count(jobs, 3, strategyLockstep); got != 2 || lock != 2 {
		t.Errorf("quick: %d three-worker jobs (%d lockstep), want 2 lockstep only", got, lock)
	}
	all, err := parseFlags([]string{"-all", "-workers", "1,3"}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	kernels := len(kernelNames(lanes.SHA256, "all")) + len(kernelNames(lanes.Keccak256, "all"))
	if got, want := len(planJobs(all, []workload{w})), 3*kernels*2; got != want {
		t.Errorf("-all: %d jobs, want %d (3 strategies × %d kernels × 2 worker counts)", got, want, kernels)
	}
}

// TestStrategiesAgreeWithReference runs every strategy on a small
// registry and checks each root against the reference implementation.
func TestStrategiesAgreeWithReference(t *testing.T) {
	vals := phase0.RandomValidators(37, 7)
	for _, h := range []lanes.Hash{lanes.SHA256, lanes.Keccak256} {
		want, err := ssz.HashTreeRoot(&registry{Validators: vals}, refHash(h))
		if err != nil {
			t.Fatal(err)
		}
		w := &containers[phase0.Validator]{label: "registry", items: vals, limit: registryLimit}
		for _, s := range w.strategies() {
			for _, k := range kernelNames(h, "all") {
				p, err := w.prepare(s, h, k, 2)
				if err != nil {
					t.Fatalf("%s %s: %v", s, k, err)
				}
				o, err := p()
				if err != nil {
					t.Fatalf("%s %s: %v", s, k, err)
				}
				if o.root != want {
					t.Errorf("%s %s: root %x, want %x", s, k, o.root, want)
				}
			}
		}
	}
}

// registry wraps a validator list so the reference hashes it as
// List[Validator, VALIDATOR_REGISTRY_LIMIT] (a container of one field
// has the root of that field, so the test compares the field's root).
type registry struct {
	Validators []phase0.Validator `ssz-max:"1099511627776"`
}

// TestLockstepFillsLanes is the scheduling regression guard: on a small
// registry the lockstep path must hash exactly the pairs the tree has
// (8 per validator, the list tree and the length) with its lanes at
// least 99% full. Timings are not tested.
func TestLockstepFillsLanes(t *testing.T) {
	const n = 4096
	w := &containers[phase0.Validator]{label: "registry", items: phase0.RandomValidators(n, 3), limit: registryLimit}
	for _, h := range []lanes.Hash{lanes.SHA256, lanes.Keccak256} {
		p, err := w.prepare(strategyLockstep, h, h.String()+"/auto", 1)
		if err != nil {
			t.Fatal(err)
		}
		o, err := p()
		if err != nil {
			t.Fatal(err)
		}
		want := uint64(8*n) + listTreePairs(n, 40) + 1
		if o.pairs != want {
			t.Errorf("%s: %d pairs hashed, want %d", h, o.pairs, want)
		}
		if o.laneFill < 0.99 {
			t.Errorf("%s: lane fill %.3f, want at least 0.99", h, o.laneFill)
		}
	}
}

// listTreePairs counts the pair hashes of a tree of n leaves padded to
// depth: every level halves its nodes, rounding up, down to one.
func listTreePairs(n, depth int) uint64 {
	var pairs uint64
	for d := 0; d < depth; d++ {
		n = (n + 1) / 2
		pairs += uint64(n)
	}
	return pairs
}

func TestRunPrintsEveryFormat(t *testing.T) {
	for _, format := range []string{"summary", "markdown"} {
		cfg, err := parseFlags([]string{"-n", "64", "-reps", "1", "-workloads", "registry", "-kernels", "auto", "-workers", "1", "-format", format, "-q"}, io.Discard)
		if err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		if err := run(cfg, &out, io.Discard); err != nil {
			t.Fatalf("%s: %v", format, err)
		}
		text := out.String()
		if !strings.Contains(text, "machine:") {
			t.Errorf("%s: machine line missing:\n%s", format, text)
		}
		for _, s := range []string{strategyOneAtATime, strategyPerLevel, strategyLockstep} {
			if format == "summary" {
				s = strategyLabels[s]
			}
			if !strings.Contains(text, s) {
				t.Errorf("%s: strategy %s missing:\n%s", format, s, text)
			}
		}
		if !strings.Contains(text, "bench/compare") {
			t.Errorf("%s: no pointer to bench/compare for the libraries:\n%s", format, text)
		}
	}
}

// runData runs lanebench's main logic with args and -format format and
// returns its stdout and stderr.
func runData(t *testing.T, format string, args ...string) (stdout, stderr []byte) {
	t.Helper()
	cfg, err := parseFlags(append(args, "-format", format), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	if err := run(cfg, &out, &errOut); err != nil {
		t.Fatalf("%s: %v", format, err)
	}
	return out.Bytes(), errOut.Bytes()
}

// TestJSONIsOnlyData runs -format json and decodes the whole of stdout
// as one JSON document, as json.load does: the machine is inside it,
// the header and progress on stderr.
func TestJSONIsOnlyData(t *testing.T) {
	stdout, stderr := runData(t, "json", "-n", "64", "-reps", "1", "-workloads", "registry", "-workers", "1,2")
	dec := json.NewDecoder(bytes.NewReader(stdout))
	dec.DisallowUnknownFields()
	var doc document
	if err := dec.Decode(&doc); err != nil {
		t.Fatalf("stdout is not one JSON document: %v\n%s", err, stdout)
	}
	if dec.More() {
		t.Fatalf("stdout holds more than one JSON value:\n%s", stdout)
	}
	if doc.Machine.CPU == "" || doc.Machine.GOMAXPROCS < 1 || len(doc.Machine.Kernels) == 0 || doc.Machine.Automatic["sha256"] == "" || doc.TimeBase == "" {
		t.Errorf("machine description incomplete: %+v, time base %q", doc.Machine, doc.TimeBase)
	}
	// 3 strategies × 2 hashes on one worker, lockstep × 2 hashes on two.
	if len(doc.Results) != 8 {
		t.Errorf("%d results, want 8", len(doc.Results))
	}
	for _, r := range doc.Results {
		want := clockWall
		if r.Workers == 1 && r.CPU > 0 {
			want = clockCPU
		}
		if r.Clock != want || r.Root == "" || r.Elapsed <= 0 {
			t.Errorf("row %s %s %s %d workers: clock %q (want %q), root %q, elapsed %v", r.Workload, r.Strategy, r.Hash, r.Workers, r.Clock, want, r.Root, r.Elapsed)
		}
	}
	if !bytes.Contains(stderr, []byte("machine:")) {
		t.Errorf("the header did not go to stderr:\n%s", stderr)
	}
}

// TestCSVIsOnlyData runs -format csv and reads the whole of stdout with
// encoding/csv: a header and one record per row, nothing else.
func TestCSVIsOnlyData(t *testing.T) {
	stdout, stderr := runData(t, "csv", "-n", "64", "-reps", "1", "-workloads", "registry", "-workers", "1")
	records, err := csv.NewReader(bytes.NewReader(stdout)).ReadAll()
	if err != nil {
		t.Fatalf("stdout is not CSV: %v\n%s", err, stdout)
	}
	if len(records) != 7 || !slices.Equal(records[0], csvColumns) {
		t.Fatalf("%d records, header %q; want 7 and %q", len(records), records[0], csvColumns)
	}
	model := cpuModel()
	for _, rec := range records[1:] {
		if rec[len(rec)-1] != model || !strings.HasPrefix(rec[len(rec)-2], "0x") || rec[5] != clockCPU && rec[5] != clockWall {
			t.Errorf("record %q: want the CPU model %q last, a root before it, and a clock", rec, model)
		}
	}
	if !bytes.Contains(stderr, []byte("machine:")) {
		t.Errorf("the header did not go to stderr:\n%s", stderr)
	}
}

// TestOneClock checks that the summary and the chart print the same
// figure for the same row and name its clock: CPU time for one worker,
// wall time for two (chartRows' wall time is ten times its CPU time, so
// a mix-up shows).
func TestOneClock(t *testing.T) {
	rs := chartRows()
	chosen := map[string]string{"sha256": "sha256/auto(x)", "keccak256": "keccak256/auto(y)"}
	compare(rs, chosen)
	var sum bytes.Buffer
	writeSummary(&sum, rs, chosen, nil)
	var svg bytes.Buffer
	if err := writeSVG(&svg, buildChart(rs, chosen, nil)); err != nil {
		t.Fatal(err)
	}
	texts := strings.Join(svgTexts(t, svg.Bytes()), "\n")
	// Lockstep SHA-256: 200 CPU ns per root on one worker, 2500 wall ns
	// on two.
	for _, want := range []string{"registry n=10: CPU ns per root, 1 worker", "lockstep on 2 workers, wall ns", "200.0", "2500.0"} {
		if !strings.Contains(sum.String(), want) {
			t.Errorf("summary lacks %q:\n%s", want, sum.String())
		}
	}
	for _, want := range []string{"CPU ns per object with 1 worker, wall ns with more", "1 worker · CPU ns", "2 workers · wall ns", "200 ns", "2500 ns"} {
		if !strings.Contains(texts, want) {
			t.Errorf("chart lacks %q:\n%s", want, texts)
		}
	}
}

// TestWorkerWarnings checks when the speed-up of more workers is
// explained: below 1.3× with other processes holding cores (busy), below
// 1.3× with the cores free (the workload), and not at all above it.
func TestWorkerWarnings(t *testing.T) {
	chosen := map[string]string{"sha256": "s", "keccak256": "k"}
	rows := func(gain, held float64) []result {
		var rs []result
		for _, h := range []string{"sha256", "keccak256"} {
			for _, wk := range []int{1, 2} {
				el := time.Duration(1000)
				if wk == 2 {
					el = time.Duration(1000 / gain)
				}
				rs = append(rs, result{Workload: "w", Strategy: strategyLockstep, Hash: h, Kernel: chosen[h], Workers: wk, Elapsed: el, OtherCores: &held})
			}
		}
		return rs
	}
	if w := workerWarnings(rows(0.99, 0.9), chosen); len(w) != 1 || !strings.Contains(w[0], "0.99×") || !strings.Contains(w[0], "other processes kept 0.9 cores busy") {
		t.Errorf("busy machine: %q", w)
	}
	if w := workerWarnings(rows(1.1, 0), chosen); len(w) != 1 || !strings.Contains(w[0], "with the cores free") {
		t.Errorf("quiet machine, low gain: %q", w)
	}
	if w := workerWarnings(rows(1.9, 1.5), chosen); len(w) != 0 {
		t.Errorf("a 1.9× speed-up was warned about: %q", w)
	}
}

// TestEveryFork roots each -fork's synthetic state with its plan and
// reads its serialized form as a -state file, both against the
// reference; and refuses a file of another fork by naming the forks.
func TestEveryFork(t *testing.T) {
	if !slices.Equal(slices.Sorted(maps.Keys(forks)), slices.Sorted(slices.Values(forkNames()))) {
		t.Fatalf("forkNames %v and forks disagree", forkNames())
	}
	for _, name := range forkNames() {
		w, err := forks[name].synthetic(6, 3)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		p, err := w.prepare(strategyLockstep, lanes.SHA256, "sha256/auto", 1)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		o, err := p()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		value := w.(interface{ subject() any }).subject()
		want, err := ssz.HashTreeRoot(value, ssz.SHA256)
		if err != nil {
			t.Fatal(err)
		}
		if o.root != want {
			t.Errorf("%s synthetic state: root %x, reference %x", name, o.root, want)
		}
		data, err := ssz.Marshal(value)
		if err != nil {
			t.Fatal(err)
		}
		_, f, err := forks[name].file("s.ssz", data)
		if err != nil {
			t.Fatalf("%s file: %v", name, err)
		}
		if f.Root != hexRoot(want) || f.Validators != 6 || !strings.HasPrefix(f.Type, name+".") {
			t.Errorf("%s file: %+v, want root %s of 6 validators", name, f, hexRoot(want))
		}
	}
	// A phase0 state read as gloas fails, naming the other forks.
	data, err := ssz.Marshal(phase0.SyntheticBeaconState(6, 3))
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := forks["gloas"].file("s.ssz", data); err == nil || !strings.Contains(err.Error(), "phase0, electra, fulu") {
		t.Errorf("a phase0 state read as gloas: %v", err)
	}
}

// chartRows are made-up results whose ratios are known: SHA-256 takes
// 800, 400 and 200 CPU ns per object one-at-a-time, per-level and
// lockstep, Keccak-256 three times that; wall time is ten times CPU time,
// so a ratio taken from wall time would show.
func chartRows() []result {
	const sha, kec = "sha256/auto(x)", "keccak256/auto(y)"
	row := func(workload, strategy, hash, kernel string, workers int, ns time.Duration) result {
		return result{Workload: workload, Unit: "root", Strategy: strategy, Hash: hash, Kernel: kernel,
			Workers: workers, Objects: 10, CPU: 10 * ns, Elapsed: 100 * ns}
	}
	var rs []result
	for _, w := range []string{"registry n=10", "Vector[Root, 8192] ×1"} {
		for i, s := range chartStrategies {
			ns := time.Duration(800 >> i)
			rs = append(rs, row(w, s, "sha256", sha, 1, ns), row(w, s, "keccak256", kec, 1, 3*ns))
		}
		rs = append(rs, row(w, strategyLockstep, "sha256", sha, 2, 250), row(w, strategyLockstep, "keccak256", kec, 2, 500))
	}
	rs = append(rs,
		row("registry n=10", strategyLockstep, "sha256", "sha256/genericx1", 1, 4000),
		row("registry n=10", strategyLockstep, "sha256", "sha256/k<&>", 1, 100),
		row("Vector[Root, 8192] ×1", strategyPerLevel, "sha256", "sha256/genericx1", 1, 2000),
		row("Vector[Root, 8192] ×1", strategyPerLevel, "sha256", "sha256/avx2x8", 1, 600),
		row("Vector[Root, 8192] ×1", strategyPerLevel, "keccak256", "keccak256/avx2x4", 1, 900))
	return rs
}

// svgTexts parses an SVG, failing the test where it is not well-formed
// XML, and returns its texts in order.
func svgTexts(t *testing.T, svg []byte) []string {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(svg))
	var texts []string
	inText := false
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("SVG does not parse: %v", err)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			inText = tok.Name.Local == "text"
			if inText {
				texts = append(texts, "")
			}
		case xml.CharData:
			if inText {
				texts[len(texts)-1] += string(tok)
			}
		case xml.EndElement:
			inText = false
		}
	}
	return texts
}

// TestChartAnswersTheQuestion draws made-up results and checks what the
// chart must show: a legend of both hashes and all three strategies, both
// workloads, a column per worker count, the ratios on the bars (taken
// from CPU time), the kernel panel with the portable kernel, and escaped
// names.
func TestChartAnswersTheQuestion(t *testing.T) {
	rs := chartRows()
	chosen := map[string]string{"sha256": "sha256/auto(x)", "keccak256": "keccak256/auto(y)"}
	compare(rs, chosen)
	var buf bytes.Buffer
	c := buildChart(rs, chosen, []kernelColumn{{"registry n=10", strategyLockstep}, {"Vector[Root, 8192] ×1", strategyPerLevel}})
	if err := writeSVG(&buf, c); err != nil {
		t.Fatal(err)
	}
	texts := svgTexts(t, buf.Bytes())
	has := func(want string) bool {
		return slices.ContainsFunc(texts, func(s string) bool { return strings.Contains(s, want) })
	}
	for _, want := range []string{
		"CPU ns per object with 1 worker, wall ns with more",
		// the legend
		"SHA-256 one-at-a-time", "SHA-256 per-level", "SHA-256 lockstep",
		"Keccak-256 one-at-a-time", "Keccak-256 per-level", "Keccak-256 lockstep",
		"×N: speed-up over one-at-a-time", "K÷S N: Keccak-256's time ÷ SHA-256's",
		// workloads and columns
		"registry n=10 · ns per root", "Vector[Root, 8192] ×1 · ns per root", "1 worker · CPU ns", "2 workers · wall ns",
		// bars and ratios: lockstep is 4× one-at-a-time, Keccak 3× SHA-256
		"200 ns   ×4.00", "600 ns   ×4.00  K÷S 3.00", "1200 ns   ×2.00  K÷S 3.00",
		"not measured", // per-level at 2 workers
		// the kernel panel
		"Every kernel this CPU runs", "sha256/genericx1", "sha256/k<&>", "×40.0 vs portable", "×20.0 vs portable",
		// the wide-tree answer in words
		"Wide tree Vector[Root, 8192] ×1, per-level, 1 worker: Keccak-256 ÷ SHA-256 = 3.00 on the automatic kernels; " +
			"fastest Keccak-256 kernel keccak256/avx2x4 ÷ slowest SIMD SHA-256 kernel sha256/avx2x8 = 1.50.",
	} {
		if !has(want) {
			t.Errorf("chart lacks %q; texts:\n%s", want, strings.Join(texts, "\n"))
		}
	}
	if bytes.Contains(buf.Bytes(), []byte("k<&>")) {
		t.Error("a kernel name is not escaped")
	}
	// Wall time only (an OS without CPU time): the chart says so.
	for i := range rs {
		rs[i].CPU = 0
	}
	compare(rs, chosen)
	buf.Reset()
	if err := writeSVG(&buf, buildChart(rs, chosen, nil)); err != nil {
		t.Fatal(err)
	}
	texts = svgTexts(t, buf.Bytes())
	if !has("lanebench: wall ns per object") || !has("every figure is wall time") || !has("2000 ns   ×4.00") || has("Every kernel") {
		t.Errorf("wall-time chart: texts:\n%s", strings.Join(texts, "\n"))
	}
}

// TestCompareRatios checks what each ratio is relative to, and that they
// come from CPU time when every row has it.
func TestCompareRatios(t *testing.T) {
	rs := chartRows()
	chosen := map[string]string{"sha256": "sha256/auto(x)", "keccak256": "keccak256/auto(y)"}
	compare(rs, chosen)
	r, _ := find(rs, "registry n=10", strategyLockstep, "keccak256", chosen["keccak256"], 1)
	// Keccak lockstep 600 ns: SHA one-at-a-time is 800, Keccak
	// one-at-a-time 2400, SHA lockstep 200.
	if r.Speedup != 800.0/600 || r.SpeedupOwnHash != 4 || r.KeccakOverSHA != 3 {
		t.Errorf("Keccak-256 lockstep: speed-ups %.3f (vs SHA-256), %.3f (vs own), Keccak÷SHA %.3f; want 1.333, 4, 3", r.Speedup, r.SpeedupOwnHash, r.KeccakOverSHA)
	}
	g, _ := find(rs, "registry n=10", strategyLockstep, "sha256", "sha256/genericx1", 1)
	if g.SpeedupOwnHash != 0 || g.KeccakOverSHA != 0 || g.Speedup != 0.2 {
		t.Errorf("generic kernel row: %.3f %.3f %.3f; want no own-kernel baseline, no Keccak ratio, 0.2 vs SHA-256", g.SpeedupOwnHash, g.KeccakOverSHA, g.Speedup)
	}
	var md bytes.Buffer
	if err := writeMarkdown(&md, rs); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"speed-up vs sha256 one-at-a-time", "speed-up vs own one-at-a-time", timeBase,
		"keccak÷sha256: this Keccak-256 row's time ÷ the SHA-256 row's (same workload, strategy and workers"} {
		if !strings.Contains(md.String(), want) {
			t.Errorf("markdown lacks %q:\n%s", want, md.String())
		}
	}
}

// TestRunDrawsWideTrees runs lanebench with -svg on the registry and the
// wide trees and checks that the chart shows the new workloads.
func TestRunDrawsWideTrees(t *testing.T) {
	path := filepath.Join(t.TempDir(), "chart.svg")
	cfg, err := parseFlags([]string{"-n", "64", "-reps", "1", "-workloads", "registry,wide", "-workers", "1", "-format", "csv", "-svg", path, "-q"}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := run(cfg, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	svg, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	texts := strings.Join(svgTexts(t, svg), "\n")
	for _, want := range []string{"registry n=64 · ", "List[uint64, 2^40] n=64 · ", "per uint64", "Vector[Root, 8192] ×1 · ", "per root", "K÷S", "×"} {
		if !strings.Contains(texts, want) {
			t.Errorf("chart lacks %q:\n%s", want, texts)
		}
	}
	for _, want := range []string{`"List[uint64, 2^40] n=64",per-level,keccak256`, `"Vector[Root, 8192] ×1",one-at-a-time,sha256`} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("csv lacks %q:\n%s", want, out.String())
		}
	}
}

// TestSummaryFigures feeds the summary made-up timings whose ratios are
// known and checks the figures it prints, line by line.
func TestSummaryFigures(t *testing.T) {
	const auto = "sha256/auto(x)"
	chosen := map[string]string{"sha256": auto, "keccak256": "keccak256/auto(y)"}
	row := func(strategy, hash, kernel string, workers int, ns time.Duration) result {
		return result{Workload: "registry n=100", Strategy: strategy, Hash: hash, Kernel: kernel,
			Workers: workers, Objects: 100, Elapsed: 100 * ns, LaneFill: laneFill(strategy, 0.5)}
	}
	rs := []result{
		row(strategyOneAtATime, "sha256", auto, 1, 800),
		row(strategyOneAtATime, "sha256", "sha256/other", 1, 1), // not the automatic kernel: not shown
		row(strategyPerLevel, "sha256", auto, 1, 500),
		row(strategyLockstep, "sha256", auto, 1, 400),
		row(strategyLockstep, "sha256", auto, 4, 100),
		row(strategyOneAtATime, "keccak256", chosen["keccak256"], 1, 2400),
		row(strategyPerLevel, "keccak256", chosen["keccak256"], 1, 1000),
		row(strategyLockstep, "keccak256", chosen["keccak256"], 1, 600),
		row(strategyLockstep, "keccak256", chosen["keccak256"], 4, 300),
	}
	var buf bytes.Buffer
	writeSummary(&buf, rs, chosen, nil)
	fields := map[string][]string{}
	for _, line := range strings.Split(buf.String(), "\n") {
		for label := range map[string]bool{
			"one at a time": true, "per-level": true, "lockstep (lanehash)": true,
			"speed-up, lockstep": true, "lane fill": true, "lockstep on 4": true, "speed-up, 4": true,
		} {
			if strings.HasPrefix(strings.TrimSpace(line), label) {
				f := strings.Fields(line)
				fields[label] = f[len(f)-3:]
			}
		}
	}
	want := map[string][]string{
		"one at a time":       {"800.0", "2400.0", "3.00"},
		"per-level":           {"500.0", "1000.0", "2.00"},
		"lockstep (lanehash)": {"400.0", "600.0", "1.50"},
		"speed-up, lockstep":  {"over", "2.00×", "4.00×"}, // "… over one at a time  2.00×  4.00×"
		"lane fill":           {"lockstep", "0.500", "0.500"},
		"lockstep on 4":       {"workers", "100.0", "300.0"},
		"speed-up, 4":         {"1", "4.00×", "2.00×"},
	}
	for label, w := range want {
		if got := fields[label]; !slices.Equal(got[len(got)-2:], w[len(w)-2:]) {
			t.Errorf("%s: got %q, want %q\n%s", label, got, w, buf.String())
		}
	}
	if !strings.Contains(buf.String(), "-all") {
		t.Errorf("summary does not point to the full sweep:\n%s", buf.String())
	}
	if strings.Contains(buf.String(), "busy") {
		t.Errorf("no CPU time was measured, yet the summary calls the machine busy:\n%s", buf.String())
	}

	// One-worker runs that got a quarter of a core: the summary says so.
	for i := range rs {
		rs[i].CPU = rs[i].Elapsed / 4
	}
	buf.Reset()
	writeSummary(&buf, rs, chosen, nil)
	if !strings.Contains(buf.String(), "busy: the one-worker runs got 25% of a core") ||
		!strings.Contains(buf.String(), "about 4.0×") {
		t.Errorf("busy machine not reported:\n%s", buf.String())
	}
}

// TestUsersOwnBytes runs the quick mode on a serialized state and a
// serialized registry, as a user passes them with -state and -registry,
// and checks the roots it reports against the reference.
func TestUsersOwnBytes(t *testing.T) {
	dir := t.TempDir()
	state := fulu.SyntheticBeaconState(40, 9)
	stateBytes, err := ssz.Marshal(state)
	if err != nil {
		t.Fatal(err)
	}
	vals := phase0.RandomValidators(33, 4)
	var registryBytes []byte
	for i := range vals {
		b, err := ssz.Marshal(&vals[i])
		if err != nil {
			t.Fatal(err)
		}
		registryBytes = append(registryBytes, b...)
	}
	statePath, registryPath := filepath.Join(dir, "state.ssz"), filepath.Join(dir, "validators.ssz")
	if err := os.WriteFile(statePath, stateBytes, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(registryPath, registryBytes, 0o600); err != nil {
		t.Fatal(err)
	}
	cfg, err := parseFlags([]string{"-n", "8", "-reps", "1", "-workloads", "registry", "-hash", "sha256",
		"-state", statePath, "-registry", registryPath, "-format", "json", "-q"}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := run(cfg, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	var doc document
	if err := json.Unmarshal(out.Bytes(), &doc); err != nil {
		t.Fatalf("json output does not parse: %v", err)
	}
	rs := doc.Results
	wantState, err := ssz.HashTreeRoot(state, ssz.SHA256)
	if err != nil {
		t.Fatal(err)
	}
	wantFirst, err := ssz.HashTreeRoot(&vals[0], ssz.SHA256)
	if err != nil {
		t.Fatal(err)
	}
	wantList, err := ssz.HashTreeRoot(&registryList{Validators: vals}, ssz.SHA256)
	if err != nil {
		t.Fatal(err)
	}
	// Every workload of the two files, with the root it must report.
	want := map[string][32]byte{
		statePath + " from bytes (RootBytes)":              wantState,
		statePath + " decoded, then Root":                  wantState,
		registryPath + " element roots (RootAllBytes)":     wantFirst,
		registryPath + " list root from bytes (RootBytes)": wantList,
		registryPath + " list root, decoded first":         wantList,
	}
	seen := map[string]bool{}
	for _, r := range rs {
		w, ok := want[r.Workload]
		if !ok {
			continue
		}
		seen[r.Workload] = true
		objects := 33
		if strings.HasPrefix(r.Workload, statePath) {
			objects = 40
		}
		if r.Root != hexRoot(w) || r.Objects != objects {
			t.Errorf("%s: root %s over %d validators, want %s over %d", r.Workload, r.Root, r.Objects, hexRoot(w), objects)
		}
	}
	if len(seen) != len(want) {
		t.Errorf("workloads measured: %v, want all of %v", seen, want)
	}
	// The files' roots come first, in the JSON document and in the summary.
	wantFiles := []fileRoot{
		{Path: statePath, Type: "fulu.BeaconState", Validators: 40, Root: hexRoot(wantState)},
		{Path: registryPath, Type: "List[phase0.Validator, 2^40]", Validators: 33, Root: hexRoot(wantList)},
	}
	if !slices.Equal(doc.Files, wantFiles) {
		t.Errorf("files %+v, want %+v", doc.Files, wantFiles)
	}
	summary, err := parseFlags([]string{"-n", "8", "-reps", "1", "-workloads", "registry", "-hash", "sha256", "-workers", "1",
		"-state", statePath, "-q"}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	out.Reset()
	if err := run(summary, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	if line := statePath + ": fulu.BeaconState, 40 validators, hash_tree_root (SHA-256) " + hexRoot(wantState); !strings.Contains(out.String(), line) {
		t.Errorf("summary lacks %q:\n%s", line, out.String())
	}

	// A registry file that is not whole validators is refused by name.
	if err := os.WriteFile(registryPath, registryBytes[:50], 0o600); err != nil {
		t.Fatal(err)
	}
	if err := run(cfg, io.Discard, io.Discard); err == nil || !strings.Contains(err.Error(), registryPath) {
		t.Errorf("truncated -registry file: got %v, want an error naming the file", err)
	}
}

// TestWideTreesAgreeWithReference runs every strategy and kernel on the
// wide trees, at one and two workers, and checks each value's root
// against the reference computed here; then it checks that a pass whose
// root differs from the reference fails instead of being timed.
func TestWideTreesAgreeWithReference(t *testing.T) {
	const n = 2*rootVectorLength + 37 // two vectors, a list of an odd chunk count
	ws := wideWorkloads(n, 5)
	if len(ws) != 2 {
		t.Fatalf("%d wide workloads, want 2", len(ws))
	}
	list, vectors := ws[0].(*wideTree[uint64List]), ws[1].(*wideTree[rootVector])
	if len(list.values) != 1 || len(list.values[0].Values) != n || len(vectors.values) != 2 {
		t.Fatalf("wide workloads: %d lists of %d, %d vectors; want 1 of %d and 2", len(list.values), len(list.values[0].Values), len(vectors.values), n)
	}
	for _, h := range []lanes.Hash{lanes.SHA256, lanes.Keccak256} {
		wantList, err := ssz.HashTreeRoot(&list.values[0], refHash(h))
		if err != nil {
			t.Fatal(err)
		}
		wantVector, err := ssz.HashTreeRoot(&vectors.values[0], refHash(h))
		if err != nil {
			t.Fatal(err)
		}
		for _, tc := range []struct {
			w    workload
			want [32]byte
		}{{list, wantList}, {vectors, wantVector}} {
			for _, s := range tc.w.strategies() {
				for _, k := range kernelNames(h, "all") {
					for _, workers := range []int{1, 2} {
						p, err := tc.w.prepare(s, h, k, workers)
						if err != nil {
							t.Fatalf("%s %s %s: %v", tc.w.name(), s, k, err)
						}
						o, err := p()
						if err != nil {
							t.Errorf("%s %s %s %d workers: %v", tc.w.name(), s, k, workers, err)
						} else if o.root != tc.want {
							t.Errorf("%s %s %s %d workers: root %x, want %x", tc.w.name(), s, k, workers, o.root, tc.want)
						}
						if o.pairs == 0 {
							t.Errorf("%s %s %s: no pairs counted", tc.w.name(), s, k)
						}
					}
				}
			}
		}
	}
	// A wrong reference root (as a wrong computed root would be) fails the pass.
	vectors.want[lanes.SHA256][1][0] ^= 1
	for _, s := range vectors.strategies() {
		p, err := vectors.prepare(s, lanes.SHA256, "sha256/auto", 1)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := p(); err == nil || !strings.Contains(err.Error(), "value 1") {
			t.Errorf("%s: a root that differs from the reference gave %v, want an error naming value 1", s, err)
		}
	}
}

// TestQuickRunIsShort runs the default workloads and checks that what a
// newcomer sees (stdout and the progress lines on stderr) stays within
// 60 lines, and that wide trees, which run no lockstep lanes, print no
// lane fill line.
func TestQuickRunIsShort(t *testing.T) {
	cfg, err := parseFlags([]string{"-n", "64", "-reps", "1"}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	var out, progress bytes.Buffer
	if err := run(cfg, &out, &progress); err != nil {
		t.Fatal(err)
	}
	// The busy-machine note and the worker warnings depend on the load;
	// count them in whether or not they show (two lines of note, one
	// warning per workload and a blank line).
	lines := strings.Count(out.String(), "\n") + strings.Count(progress.String(), "\n")
	lines -= strings.Count(out.String(), "warning:")
	if strings.Contains(out.String(), "busy") {
		lines -= 2
	}
	if strings.Contains(out.String(), "warning:") {
		lines--
	}
	lines += 2 + 2 + 1
	if lines > 60 {
		t.Errorf("the quick run prints %d lines, want at most 60:\n%s%s", lines, progress.String(), out.String())
	}
	if n := strings.Count(out.String(), "lane fill, lockstep"); n != 2 {
		t.Errorf("%d lane fill lines, want 2 (registry and state)", n)
	}

	cfg, err = parseFlags([]string{"-n", "64", "-reps", "1", "-workloads", "wide", "-q"}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	out.Reset()
	if err := run(cfg, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"List[uint64, 2^40] n=64: CPU ns per uint64", "Vector[Root, 8192] ×1: CPU ns per root", "speed-up, lockstep over one at a time"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("wide summary lacks %q:\n%s", want, out.String())
		}
	}
	if strings.Contains(out.String(), "lane fill, lockstep") {
		t.Errorf("wide trees print a lane fill line:\n%s", out.String())
	}
}

// TestChartOfNothing: no results draw a well-formed chart, not a panic.
func TestChartOfNothing(t *testing.T) {
	var buf bytes.Buffer
	if err := writeSVG(&buf, buildChart(nil, nil, nil)); err != nil {
		t.Fatal(err)
	}
	svgTexts(t, buf.Bytes())
}
