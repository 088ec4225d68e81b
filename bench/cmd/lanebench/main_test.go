package main

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"errors"
	"flag"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/ssz"
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
	cfg, err := parseFlags(nil, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.n <= 0 || len(cfg.hashes) != 2 || len(cfg.workloads) != 3 || cfg.format != "markdown" {
		t.Errorf("unexpected defaults: %+v", cfg)
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

func refHash(h lanes.Hash) ssz.Hash {
	if h == lanes.Keccak256 {
		return ssz.Keccak256
	}
	return ssz.SHA256
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
	for _, format := range []string{"markdown", "csv", "json"} {
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
			if !strings.Contains(text, s) {
				t.Errorf("%s: strategy %s missing:\n%s", format, s, text)
			}
		}
		if format == "json" {
			var rs []result
			if err := json.Unmarshal([]byte(text[strings.Index(text, "["):]), &rs); err != nil {
				t.Errorf("json output does not parse: %v", err)
			} else if len(rs) != 6 {
				t.Errorf("json: %d results, want 6 (3 strategies × 2 hashes)", len(rs))
			}
		}
	}
}

func TestSVGIsWellFormed(t *testing.T) {
	rs := []result{
		{Workload: "w", Strategy: strategyLockstep, Hash: "sha256", Kernel: "k", Workers: 1, Objects: 10, Elapsed: 100 * time.Nanosecond},
		{Workload: "w", Strategy: strategyPerLevel, Hash: "keccak256", Kernel: "k<&>", Workers: 1, Objects: 10, Elapsed: 900 * time.Nanosecond},
	}
	var buf bytes.Buffer
	if err := writeSVG(&buf, "title & <more>", "ns", chartGroups(rs, "w", 1)); err != nil {
		t.Fatal(err)
	}
	dec := xml.NewDecoder(&buf)
	rects := 0
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("SVG does not parse: %v", err)
		}
		if se, ok := tok.(xml.StartElement); ok && se.Name.Local == "rect" {
			rects++
		}
	}
	if rects != 3 { // background and two bars
		t.Errorf("%d rects, want 3", rects)
	}
}
