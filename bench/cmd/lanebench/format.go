package main

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
)

// columns are the Markdown table's columns; csvColumns adds what a tool
// needs to use a row alone (its root and the CPU it ran on).
var columns = []string{
	"workload", "strategy", "hash", "kernel", "workers", "clock",
	"ns/object", "wall ns/object", "cpu ns/object", "Mpairs/s", "ns/pair", "lane fill",
	"speed-up vs sha256 one-at-a-time", "speed-up vs own one-at-a-time", "keccak÷sha256", "other cores",
}

var csvColumns = append(append([]string{}, columns...), "root", "cpu model")

// timeBase says in one sentence which clock the figures are on, for the
// notes under a table and the JSON document.
const timeBase = "ns/object, ns/pair, Mpairs/s and every ratio are on the row's clock: CPU time of the process (summed over its threads) for one worker, wall time for more workers, whose CPU time would hide what they gain; wall ns/object and cpu ns/object give both."

// wallOnly says that the OS gave no CPU time, so every row is on wall
// time.
const wallOnly = "every figure is wall time: this OS does not report the process's CPU time."

// timeBaseOf is timeBase, or wallOnly where no row is on CPU time.
func timeBaseOf(rs []result) string {
	if slices.ContainsFunc(rs, func(r result) bool { return r.Clock == clockCPU }) {
		return timeBase
	}
	return wallOnly
}

// ratioNotes say what each ratio column is relative to, under the
// Markdown table (CSV and JSON carry it in their column names).
func ratioNotes(rs []result) []string {
	return []string{
		timeBaseOf(rs),
		"speed-up vs sha256 one-at-a-time: that row's time (SHA-256, automatic kernel, same workload and workers) ÷ this row's.",
		"speed-up vs own one-at-a-time: that row's time (this row's hash and kernel, same workload and workers) ÷ this row's.",
		"keccak÷sha256: this Keccak-256 row's time ÷ the SHA-256 row's (same workload, strategy and workers, automatic kernels); above 1, Keccak-256 is slower.",
		"one-at-a-time is lanehash's own one-object-at-a-time path over the same plan, not another library: bench/compare measures the Go SSZ libraries.",
		"other cores: how many cores other processes kept busy while the row ran (/proc/stat).",
	}
}

func (r result) cells() []string {
	opt := func(v float64, prec int) string {
		if v == 0 {
			return "–"
		}
		return strconv.FormatFloat(v, 'f', prec, 64)
	}
	other := "–"
	if r.OtherCores != nil {
		other = strconv.FormatFloat(*r.OtherCores, 'f', 2, 64)
	}
	return []string{
		r.Workload, r.Strategy, r.Hash, r.Kernel, strconv.Itoa(r.Workers), r.Clock,
		strconv.FormatFloat(r.nsPerObject(), 'f', 1, 64),
		strconv.FormatFloat(r.wallNsPerObject(), 'f', 1, 64),
		opt(r.cpuNsPerObject(), 1),
		strconv.FormatFloat(r.pairsPerSecond()/1e6, 'f', 2, 64),
		strconv.FormatFloat(r.nsPerPair(), 'f', 1, 64),
		opt(r.LaneFill, 3),
		opt(r.Speedup, 2),
		opt(r.SpeedupOwnHash, 2),
		opt(r.KeccakOverSHA, 2),
		other,
	}
}

// document is the JSON output: the machine, the time base, the roots of
// the caller's files, the warnings and the rows, so that one json.load
// gets every figure with what it was measured on.
type document struct {
	Machine  machine    `json:"machine"`
	TimeBase string     `json:"time_base"`
	Files    []fileRoot `json:"files,omitempty"`
	Warnings []string   `json:"warnings,omitempty"`
	Results  []result   `json:"results"`
}

// writeCSV prints a header line and one line per row: data only, so
// that a CSV reader takes all of it.
func writeCSV(w io.Writer, m machine, rs []result) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(csvColumns); err != nil {
		return err
	}
	for _, r := range rs {
		if err := cw.Write(append(r.cells(), r.Root, m.CPU)); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// writeJSON prints doc as one indented JSON value.
func writeJSON(w io.Writer, doc document) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(doc)
}

// writeTable prints rows as an aligned Markdown table: the first `left`
// columns aligned left, the rest (numbers) right.
func writeTable(w io.Writer, head []string, body [][]string, left int) error {
	rows := append([][]string{head}, body...)
	width := make([]int, len(head))
	for _, row := range rows {
		for i, c := range row {
			width[i] = max(width[i], len([]rune(c)))
		}
	}
	line := func(row []string) error {
		s := "|"
		for i, c := range row {
			pad := width[i] - len([]rune(c))
			if i >= left {
				s += " " + spaces(pad) + c + " |"
			} else {
				s += " " + c + spaces(pad) + " |"
			}
		}
		_, err := fmt.Fprintln(w, s)
		return err
	}
	if err := line(rows[0]); err != nil {
		return err
	}
	sep := "|"
	for i := range head {
		if i >= left {
			sep += " " + dashes(width[i]) + ":|"
		} else {
			sep += " " + dashes(width[i]) + " |"
		}
	}
	if _, err := fmt.Fprintln(w, sep); err != nil {
		return err
	}
	for _, row := range rows[1:] {
		if err := line(row); err != nil {
			return err
		}
	}
	return nil
}

func writeMarkdown(w io.Writer, rs []result) error {
	body := make([][]string, 0, len(rs))
	for _, r := range rs {
		body = append(body, r.cells())
	}
	if err := writeTable(w, columns, body, 4); err != nil {
		return err
	}
	if _, err := fmt.Fprintln(w); err != nil {
		return err
	}
	for _, note := range ratioNotes(rs) {
		if _, err := fmt.Fprintln(w, note); err != nil {
			return err
		}
	}
	return nil
}

func spaces(n int) string { return strings.Repeat(" ", max(n, 0)) }
func dashes(n int) string { return strings.Repeat("-", max(n, 0)) }
