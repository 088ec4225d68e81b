package main

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
)

var columns = []string{
	"workload", "strategy", "hash", "kernel", "workers",
	"ns/object", "cpu ns/object", "Mpairs/s", "ns/pair", "lane fill",
	"speed-up vs sha256 one-at-a-time", "speed-up vs own one-at-a-time", "keccak÷sha256",
}

// ratioNotes say what each ratio column is relative to, under the
// Markdown table (CSV and JSON carry it in their column names).
func ratioNotes(cpu bool) []string {
	clock := clockName(cpu)
	return []string{
		fmt.Sprintf("Ratios are of %s (summed over a run's threads).", clock),
		"speed-up vs sha256 one-at-a-time: that row's time (SHA-256, automatic kernel, same workload and workers) ÷ this row's.",
		"speed-up vs own one-at-a-time: that row's time (this row's hash and kernel, same workload and workers) ÷ this row's.",
		"keccak÷sha256: this Keccak-256 row's time ÷ the SHA-256 row's (same workload, strategy and workers, automatic kernels); above 1, Keccak-256 is slower.",
	}
}

func (r result) cells() []string {
	opt := func(v float64, prec int) string {
		if v == 0 {
			return "–"
		}
		return strconv.FormatFloat(v, 'f', prec, 64)
	}
	return []string{
		r.Workload, r.Strategy, r.Hash, r.Kernel, strconv.Itoa(r.Workers),
		strconv.FormatFloat(r.nsPerObject(), 'f', 1, 64),
		opt(r.cpuNsPerObject(), 1),
		strconv.FormatFloat(r.pairsPerSecond()/1e6, 'f', 2, 64),
		strconv.FormatFloat(r.nsPerPair(), 'f', 1, 64),
		opt(r.LaneFill, 3),
		opt(r.Speedup, 2),
		opt(r.SpeedupOwnHash, 2),
		opt(r.KeccakOverSHA, 2),
	}
}

// writeResults prints rs in the named format: markdown, csv or json.
func writeResults(w io.Writer, format string, rs []result) error {
	switch format {
	case "markdown":
		return writeMarkdown(w, rs)
	case "csv":
		cw := csv.NewWriter(w)
		if err := cw.Write(columns); err != nil {
			return err
		}
		for _, r := range rs {
			if err := cw.Write(r.cells()); err != nil {
				return err
			}
		}
		cw.Flush()
		return cw.Error()
	case "json":
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(rs)
	}
	return fmt.Errorf("unknown format %q (want markdown, csv or json)", format)
}

func writeMarkdown(w io.Writer, rs []result) error {
	rows := make([][]string, 0, len(rs)+1)
	rows = append(rows, columns)
	for _, r := range rs {
		rows = append(rows, r.cells())
	}
	width := make([]int, len(columns))
	for _, row := range rows {
		for i, c := range row {
			width[i] = max(width[i], len([]rune(c)))
		}
	}
	line := func(row []string) error {
		s := "|"
		for i, c := range row {
			pad := width[i] - len([]rune(c))
			if i >= 4 { // numbers align right
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
	for i := range columns {
		if i >= 4 {
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
	if _, err := fmt.Fprintln(w); err != nil {
		return err
	}
	for _, note := range ratioNotes(cpuClock(rs)) {
		if _, err := fmt.Fprintln(w, note); err != nil {
			return err
		}
	}
	return nil
}

func spaces(n int) string { return strings.Repeat(" ", max(n, 0)) }
func dashes(n int) string { return strings.Repeat("-", max(n, 0)) }
