package main

import (
	"fmt"
	"os"
	"runtime"
	"slices"
	"strings"
)

// What the chart shows: the research question's answer in one picture.
// The main panel has a group of bars per workload, a bar per hash
// function and strategy on the automatic kernels, and a column per worker
// count; the kernel panel has a bar per kernel (the portable ones too,
// whose long bars would otherwise squeeze the rest) on the workloads run
// run picks. The axis is logarithmic, the time each row's clock (CPU
// time for one worker, wall time for more: assignClocks), named in the
// title and the column headings, and each bar carries its ratios.

// chart is a whole picture, ready to draw.
type chart struct {
	Title    string
	Subtitle string
	Legend   []legendEntry
	Notes    []string // what the ratios on the bars are relative to
	Panels   []panel
}

// legendEntry is one swatch of the legend.
type legendEntry struct {
	Label string
	Style barStyle
}

// barStyle is how a bar is filled: its strategy's colour, solid for
// SHA-256 and light with an outline for Keccak-256.
type barStyle struct {
	Color string
	Light bool
}

// panel is a block of bar groups sharing column headings.
type panel struct {
	Title   string
	Columns []string
	Groups  []barGroup
}

// barGroup is one workload's rows (in the kernel panel, one hash's).
type barGroup struct {
	Title string
	Rows  []barRow
}

// barRow is one bar per column, under one label. Style is the row's
// bars' style where they share one (the main panel).
type barRow struct {
	Label string
	Style barStyle
	Cells []barCell
}

// barCell is one bar: its value (ns per object) and the ratios written
// after it. OK is false where the run did not measure this bar.
type barCell struct {
	OK    bool
	Value float64
	Notes string
	Style barStyle
}

var strategyColors = map[string]string{
	strategyOneAtATime: "#8c8c8c",
	strategyPerLevel:   "#3b73b9",
	strategyLockstep:   "#e0701f",
}

// chartStrategies are the strategies in the order each group lists them.
var chartStrategies = []string{strategyOneAtATime, strategyPerLevel, strategyLockstep}

// kernelColumn is one column of the kernel panel: a workload and the
// strategy its kernels are compared on.
type kernelColumn struct {
	Workload string
	Strategy string
}

// buildChart turns the results of a run into a chart: chosen maps each
// hash to its automatic kernel, kernels are the kernel panel's columns.
func buildChart(rs []result, chosen map[string]string, kernels []kernelColumn) chart {
	var workers []int
	for _, r := range rs {
		if !slices.Contains(workers, r.Workers) {
			workers = append(workers, r.Workers)
		}
	}
	slices.Sort(workers)
	if len(workers) == 0 {
		return chart{Title: "lanebench: nothing was measured"}
	}
	one := workers[0] // the kernel panel and the wide-tree answer use the fewest
	clockOf := func(wk int) string {
		for _, r := range rs {
			if r.Workers == wk {
				return clockTitle(r.Clock)
			}
		}
		return clockTitle(clockWall)
	}
	title := "lanebench: wall ns per object, log scale (shorter is faster)"
	if clockOf(one) == clockTitle(clockCPU) {
		title = fmt.Sprintf("lanebench: CPU ns per object with %d worker%s, wall ns with more; log scale (shorter is faster)", one, plural(one))
	}
	c := chart{
		Title:    title,
		Subtitle: machineLine(),
	}
	for _, s := range chartStrategies {
		for _, h := range summaryHashes {
			c.Legend = append(c.Legend, legendEntry{h.title + " " + s, styleOf(s, h.name)})
		}
	}
	c.Notes = []string{
		"×N: speed-up over one-at-a-time with the same hash function, kernel and workers (its time ÷ this bar's).",
		"K÷S N: Keccak-256's time ÷ SHA-256's for the same workload, strategy and workers (above 1, Keccak-256 is slower).",
		"Time: " + timeBaseOf(rs),
		fmt.Sprintf("Automatic kernels: %s and %s. On wide trees lockstep is lanehash's plan, which hashes them level by level.", chosen["sha256"], chosen["keccak256"]),
	}

	c.Notes = append(c.Notes, wideAnswer(rs, chosen, kernels, one)...)

	all := panel{Title: "Automatic kernels: every workload, strategy and worker count"}
	for _, wk := range workers {
		all.Columns = append(all.Columns, fmt.Sprintf("%d worker%s · %s ns", wk, plural(wk), clockOf(wk)))
	}
	for _, name := range workloadOrder(rs) {
		g := barGroup{}
		for _, s := range chartStrategies {
			for _, h := range summaryHashes {
				row := barRow{Label: h.title + " · " + s, Style: styleOf(s, h.name)}
				measured := false
				for _, wk := range workers {
					r, ok := find(rs, name, s, h.name, chosen[h.name], wk)
					if ok {
						measured = true
						if g.Title == "" {
							g.Title = fmt.Sprintf("%s · ns per %s", name, r.Unit)
						}
					}
					row.Cells = append(row.Cells, cell(r, ok, barNotes(r, s), row.Style))
				}
				if measured {
					g.Rows = append(g.Rows, row)
				}
			}
		}
		if len(g.Rows) > 0 {
			all.Groups = append(all.Groups, g)
		}
	}
	c.Panels = append(c.Panels, all)
	if kp, ok := kernelPanel(rs, chosen, kernels, one); ok {
		c.Panels = append(c.Panels, kp)
	}
	return c
}

// kernelPanel is every kernel measured on the columns' workloads with
// one worker (the fewest the run measured), portable kernels included, each with its speed-up over the
// portable kernel of its hash. ok is false when the run measured only the
// automatic kernels.
func kernelPanel(rs []result, chosen map[string]string, cols []kernelColumn, one int) (panel, bool) {
	clock := clockTitle(clockWall)
	for _, r := range rs {
		if r.Workers == one {
			clock = clockTitle(r.Clock)
		}
	}
	p := panel{Title: fmt.Sprintf("Every kernel this CPU runs, %d worker%s, %s ns (genericx1 is the portable kernel)", one, plural(one), clock)}
	var present []kernelColumn
	for _, col := range cols {
		if slices.ContainsFunc(rs, func(r result) bool { return r.Workload == col.Workload && r.Strategy == col.Strategy }) {
			present = append(present, col)
			p.Columns = append(p.Columns, fmt.Sprintf("%s · %s", col.Workload, col.Strategy))
		}
	}
	for _, h := range summaryHashes {
		var names []string
		for _, r := range rs {
			if r.Hash == h.name && r.Kernel != chosen[h.name] && !slices.Contains(names, r.Kernel) {
				names = append(names, r.Kernel)
			}
		}
		if len(names) == 0 {
			continue
		}
		names = append([]string{chosen[h.name]}, names...)
		portable := ""
		for _, k := range names {
			if strings.HasSuffix(k, "/genericx1") {
				portable = k
			}
		}
		g := barGroup{Title: h.title}
		for _, k := range names {
			row := barRow{Label: k}
			for _, col := range present {
				r, ok := find(rs, col.Workload, col.Strategy, h.name, k, one)
				notes := ""
				if base, okBase := find(rs, col.Workload, col.Strategy, h.name, portable, one); ok && okBase && k != portable && r.baseTime() > 0 {
					notes = fmt.Sprintf("×%.1f vs portable", float64(base.baseTime())/float64(r.baseTime()))
				}
				row.Cells = append(row.Cells, cell(r, ok, notes, styleOf(col.Strategy, h.name)))
			}
			g.Rows = append(g.Rows, row)
		}
		p.Groups = append(p.Groups, g)
	}
	return p, len(p.Groups) > 0 && len(present) > 0
}

// wideAnswer is the research question's wide-tree case in words: for
// each per-level column of the kernel panel (the root vectors), Keccak-256
// ÷ SHA-256 on the automatic kernels with the fewest workers (one), and, where
// every kernel was measured, the fastest Keccak-256 kernel against the
// slowest SIMD SHA-256 one (on a CPU without SHA-NI, the SHA-256 a
// Keccak-256 x8 hasher was compared with).
func wideAnswer(rs []result, chosen map[string]string, cols []kernelColumn, one int) []string {
	var lines []string
	for _, col := range cols {
		if col.Strategy != strategyPerLevel {
			continue
		}
		kec, ok := find(rs, col.Workload, col.Strategy, "keccak256", chosen["keccak256"], one)
		if !ok || kec.KeccakOverSHA == 0 {
			continue
		}
		line := fmt.Sprintf("Wide tree %s, per-level, %d worker%s: Keccak-256 ÷ SHA-256 = %.2f on the automatic kernels",
			col.Workload, one, plural(one), kec.KeccakOverSHA)
		var fastKec, slowSHA result
		for _, r := range rs {
			if r.Workload != col.Workload || r.Strategy != col.Strategy || r.Workers != one || r.baseTime() <= 0 ||
				strings.HasSuffix(r.Kernel, "/genericx1") || r.Kernel == chosen[r.Hash] {
				continue
			}
			if r.Hash == "keccak256" && (fastKec.Kernel == "" || r.baseTime() < fastKec.baseTime()) {
				fastKec = r
			}
			if r.Hash == "sha256" && (slowSHA.Kernel == "" || r.baseTime() > slowSHA.baseTime()) {
				slowSHA = r
			}
		}
		if fastKec.Kernel != "" && slowSHA.Kernel != "" {
			line += fmt.Sprintf("; fastest Keccak-256 kernel %s ÷ slowest SIMD SHA-256 kernel %s = %.2f",
				fastKec.Kernel, slowSHA.Kernel, float64(fastKec.baseTime())/float64(slowSHA.baseTime()))
		}
		lines = append(lines, line+".")
	}
	return lines
}

// barNotes are the ratios written after a bar of the main panel.
func barNotes(r result, strategy string) string {
	var notes []string
	if strategy != strategyOneAtATime && r.SpeedupOwnHash > 0 {
		notes = append(notes, fmt.Sprintf("×%.2f", r.SpeedupOwnHash))
	}
	if r.KeccakOverSHA > 0 {
		notes = append(notes, fmt.Sprintf("K÷S %.2f", r.KeccakOverSHA))
	}
	return strings.Join(notes, "  ")
}

// cell is the bar of r (not measured unless ok) drawn in style st.
func cell(r result, ok bool, notes string, st barStyle) barCell {
	if !ok || r.nsPerObject() <= 0 {
		return barCell{}
	}
	return barCell{OK: true, Value: r.nsPerObject(), Notes: notes, Style: st}
}

// find returns the row of rs with the given workload, strategy, hash,
// kernel and workers.
func find(rs []result, workload, strategy, hash, kernel string, workers int) (result, bool) {
	for _, r := range rs {
		if r.Workload == workload && r.Strategy == strategy && r.Hash == hash && r.Kernel == kernel && r.Workers == workers {
			return r, true
		}
	}
	return result{}, false
}

func styleOf(strategy, hash string) barStyle {
	return barStyle{Color: strategyColors[strategy], Light: hash == "keccak256"}
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// machineLine is the chart's subtitle: the CPU, its cores and the load
// when the run ended, which a reader needs next to any figure.
func machineLine() string {
	s := fmt.Sprintf("%s, %s/%s, GOMAXPROCS=%d, %s", cpuModel(), runtime.GOOS, runtime.GOARCH, runtime.GOMAXPROCS(0), runtime.Version())
	if load, ok := loadAverage(); ok {
		s += ", load average " + load
	}
	return s
}

// loadAverage is the 1-, 5- and 15-minute load average where the OS
// tells it (/proc/loadavg).
func loadAverage() (string, bool) {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "", false
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "", false
	}
	return strings.Join(f[:3], " "), true
}

// writeChart writes the chart of rs to path as SVG.
func writeChart(path string, rs []result, chosen map[string]string, kernels []kernelColumn) error {
	if len(rs) == 0 {
		return nil
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := writeSVG(f, buildChart(rs, chosen, kernels)); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
