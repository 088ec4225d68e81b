package main

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/lanehash/lanehash/lanes"
)

// prRows are the row names of libssz's Keccak-256 matrix, written out
// from its bench definitions (merkle.rs, hash_tree_root.rs) and the
// issue's list, independently of suiteRows.
func prRows() []string {
	var rows []string
	add := func(prefix string, names ...any) {
		for _, n := range names {
			rows = append(rows, fmt.Sprintf("%s/%v", prefix, n))
		}
	}
	add("merkle/hash_nodes", "single")
	add("merkle/mix_in_length", "single")
	add("merkle/merkleize", 1, 4, 16, 64, 256, 1024, 4096)
	add("merkle/merkleize_with_limit/chunks", "64_of_1024", "256_of_4096", "1024_of_1048576", "65536_of_262144", "65537_of_262144")
	add("merkle/pack", 32, 256, 1024, 32768)
	add("merkle/pack_bits", 64, 512, 2048, 8192)
	add("hash_tree_root/primitives", "bool", "u8", "u16", "u32", "u64", "u128", "bytes32")
	add("hash_tree_root/bitfields/bitlist", 64, 2048, 4096)
	add("hash_tree_root/bitfields/bitvector", 64, 512, 4096)
	add("hash_tree_root/containers", "validator", "beacon_block_header")
	add("hash_tree_root/consensus_containers", "checkpoint", "eth1_data", "fork", "attestation_data", "pending_attestation")
	add("hash_tree_root/list_u64", 100, 1000, 100000)
	add("hash_tree_root/vec_u64", 100, 1000, 100000)
	add("hash_tree_root/vector_bytes32", 100, 1000)
	add("hash_tree_root/list_validator", 100, 1000, 10000)
	add("hash_tree_root/nested_container", 10, 100, 1000)
	add("hash_tree_root/variable_container", 100, 1000, 10000)
	add("hash_tree_root/unions", 0, 1, 2, 3)
	add("hash_tree_root/beacon_state", 16384, 100000, 300000, 1000000)
	return rows
}

// TestSuiteHasEveryPRRow checks that the suite has every row of the PR's
// matrix under its name, and no other.
func TestSuiteHasEveryPRRow(t *testing.T) {
	var names []string
	for _, r := range suiteRows() {
		names = append(names, r.Name)
	}
	want := prRows()
	for _, n := range want {
		if !slices.Contains(names, n) {
			t.Errorf("row %s of the PR is missing", n)
		}
	}
	for _, n := range names {
		if !slices.Contains(want, n) {
			t.Errorf("row %s is not the PR's", n)
		}
	}
}

// TestSuiteRootsAgreeWithReference runs every row on every kernel class
// this CPU runs, both hashes and both strategies, checking each root
// against the reference (ssz.HashTreeRoot, or the standard library's
// SHA-256 and Keccak-256 for merkle/ rows): the check runSuite makes
// before any timing, here without the timing, states scaled to 64
// validators.
func TestSuiteRootsAgreeWithReference(t *testing.T) {
	sc := suiteConfig{maxValidators: 64, checkOnly: true}
	if testing.Short() {
		// The largest rows' reference roots dominate; -short keeps the
		// states small and every class.
		sc.maxValidators = 16
	}
	rs, classes, err := runSuite(sc, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := len(rs), len(prRows())*len(classes)*4; got != want {
		t.Errorf("%d results, want %d (rows × %d classes × 2 hashes × 2 strategies)", got, want, len(classes))
	}
	for _, r := range rs {
		if !r.NoHash && r.Pairs == 0 {
			t.Errorf("%s %s %s %s: no pairs counted", r.Row, r.Class, r.Strategy, r.Hash)
		}
	}
}

// offByOne is a row whose passes root one chunk more than the reference
// does: the kind of mistake a fast path makes.
type offByOne struct{ chunkCase }

func (c *offByOne) prepare(perLevel bool, h lanes.Hash, kernel string) (suitePass, error) {
	wrong := c.chunkCase
	wrong.data = append(append([]byte(nil), c.data...), filled(32, 1)...)
	return wrong.prepare(perLevel, h, kernel)
}

// TestSuiteCatchesAWrongRoot: a row whose pass computes another root
// fails, naming the row, before it is timed.
func TestSuiteCatchesAWrongRoot(t *testing.T) {
	row := suiteRow{Name: "merkle/wrong", build: func(int) (suiteCase, string) {
		return &offByOne{chunkCase{data: suiteChunks(5), depth: 3}}, ""
	}}
	start := time.Now()
	_, _, err := runSuiteRows(suiteConfig{target: time.Hour, samples: 1}, []suiteRow{row}, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "merkle/wrong") || !strings.Contains(err.Error(), "reference") {
		t.Errorf("a wrong root gave %v, want an error naming the row and the reference", err)
	}
	if time.Since(start) > time.Minute {
		t.Error("the wrong root was timed before it was refused")
	}
}

// TestSuiteOutputs runs a few rows quickly and reads every format back:
// the Markdown has the PR's columns and a table per class, JSON and CSV
// parse whole.
func TestSuiteOutputs(t *testing.T) {
	args := []string{"-suite", "libssz", "-quick", "-rows", "merkle/merkleize/", "-classes", "auto,generic", "-q"}
	md, _ := runData(t, "markdown", args...)
	for _, want := range []string{"| benchmark", "keccak ÷ sha2 · PR", "keccak ÷ sha2 · lanehash", "merkle/merkleize/4096", "## pure Go", "## automatic kernels"} {
		if !bytes.Contains(md, []byte(want)) {
			t.Errorf("markdown lacks %q:\n%s", want, md)
		}
	}
	js, _ := runData(t, "json", args...)
	var doc suiteDocument
	dec := json.NewDecoder(bytes.NewReader(js))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&doc); err != nil || dec.More() {
		t.Fatalf("json: %v\n%s", err, js)
	}
	if len(doc.Results) != 7*2*4 || doc.Machine.CPU == "" {
		t.Errorf("json: %d results, machine %q", len(doc.Results), doc.Machine.CPU)
	}
	for _, r := range doc.Results {
		if r.NsPerOp <= 0 {
			t.Errorf("%s %s %s: no time", r.Row, r.Class, r.Hash)
		}
	}
	cs, _ := runData(t, "csv", args...)
	recs, err := csv.NewReader(bytes.NewReader(cs)).ReadAll()
	if err != nil || len(recs) != 1+7*2*4 || !slices.Equal(recs[0], suiteCSVColumns) {
		t.Errorf("csv: %v, %d records", err, len(recs))
	}
}

// TestRatioText: bold where Keccak-256 wins, plain where SHA-256 does,
// marked where nothing is hashed.
func TestRatioText(t *testing.T) {
	for _, tc := range []struct {
		r      float64
		noHash bool
		want   string
	}{{0.5, false, "**0.50**"}, {2, false, "2.00"}, {0.5, true, "0.50 (no hash)"}} {
		if got := ratioText(tc.r, true, tc.noHash); got != tc.want {
			t.Errorf("ratioText(%v, %v) = %q, want %q", tc.r, tc.noHash, got, tc.want)
		}
	}
	if got := formatDuration(float64(1500 * time.Microsecond)); !strings.HasSuffix(got, "ms") {
		t.Errorf("formatDuration(1.5 ms) = %q", got)
	}
}

// TestSuiteChart draws made-up cells of one class and checks the chart
// parses and says which rows Keccak-256 wins: a ratio below 1 is drawn
// green, one above red, a row that hashes nothing grey.
func TestSuiteChart(t *testing.T) {
	cl := kernelClass{Name: "x", Title: "class x"}
	cell := func(row, strategy, hash string, ns float64, noHash bool) suiteResult {
		return suiteResult{Row: row, Class: "x", Strategy: strategy, Hash: hash, NsPerOp: ns, Pairs: 1, NoHash: noHash}
	}
	var rs []suiteResult
	for _, s := range []string{suitePR, suiteLanehash} {
		rs = append(rs,
			cell("wide", s, "sha256", 100, false), cell("wide", s, "keccak256", 50, false),
			cell("small", s, "sha256", 100, false), cell("small", s, "keccak256", 300, false),
			cell("pack", s, "sha256", 10, true), cell("pack", s, "keccak256", 10, true))
	}
	var buf bytes.Buffer
	if err := writeSuiteSVG(&buf, machine{CPU: "cpu"}, rs, cl); err != nil {
		t.Fatal(err)
	}
	texts := strings.Join(svgTexts(t, buf.Bytes()), "\n")
	for _, want := range []string{"class x", "wide", "small", "PR 0.50", "lanehash 3.00", "PR 1.00"} {
		if !strings.Contains(texts, want) {
			t.Errorf("chart lacks %q:\n%s", want, texts)
		}
	}
	for _, color := range []string{"#27ae60", "#c0392b", "#aaaaaa"} {
		if !bytes.Contains(buf.Bytes(), []byte(color)) {
			t.Errorf("chart has no bar of %s", color)
		}
	}
	if got := suiteSVGPath("out/chart.svg", kernelClass{Name: "avx2"}); got != "out/chart-avx2.svg" {
		t.Errorf("suiteSVGPath = %q", got)
	}
}
