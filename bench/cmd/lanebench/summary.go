package main

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"unicode/utf8"
)

// strategyLabels names the strategies the way a reader of the summary
// knows them.
var strategyLabels = map[string]string{
	strategyOneAtATime: "one at a time (lanehash's own path)",
	strategyPerLevel:   "per-level batching",
	strategyLockstep:   "lockstep (lanehash)",
}

// summaryHashes are the summary's columns, in order.
var summaryHashes = []struct{ name, title string }{
	{"sha256", "SHA-256"},
	{"keccak256", "Keccak-256"},
}

// writeSummary prints the quick answer: per workload, a few lines a
// person reads at a glance — ns per object of each strategy with one
// worker on the automatic kernels of both hash functions (CPU time),
// Keccak-256 ÷ SHA-256, the speed-up of lockstep over one at a time,
// lockstep's lane fill and lockstep on every worker (wall time) — then
// the warnings, what the rows are, and where the full sweep is.
func writeSummary(w io.Writer, rs []result, chosen map[string]string, warnings []string) {
	for _, name := range workloadOrder(rs) {
		writeWorkloadSummary(w, rs, name, chosen)
		fmt.Fprintln(w)
	}
	for _, line := range warnings {
		fmt.Fprintln(w, line)
	}
	if share, ok := coreShare(rs); ok && share < busyShare {
		fmt.Fprintf(w, "This machine is busy: the one-worker runs got %.0f%% of a core. Their figures are CPU time and hold;\n", 100*share)
		fmt.Fprintf(w, "wall times (the worker rows) are about %.1f× a quiet machine's.\n", 1/share)
	}
	if len(warnings) > 0 {
		fmt.Fprintln(w)
	}
	fmt.Fprintln(w, "One worker: CPU time of the process; more workers: wall time (CPU time summed over threads")
	fmt.Fprintln(w, "would hide what they gain). Lane fill is the share of SIMD lanes that carried a real object.")
	fmt.Fprintln(w, "Every strategy computed the same root for each workload and hash.")
	fmt.Fprintln(w, "\"One at a time\" is lanehash's own one-object-at-a-time path, not another library; the Go SSZ")
	fmt.Fprintln(w, "libraries (fastssz, dynamic-ssz, karalabe/ssz, go-eth2-client) are measured in bench/compare.")
	fmt.Fprintln(w, "Full sweep (every kernel, small containers, wide trees; -format csv|json, -svg chart.svg):")
	fmt.Fprintln(w, "  go run ./bench/cmd/lanebench -all       (your data: -state state.ssz, -registry validators.ssz)")
}

// busyShare is the share of a core below which the summary warns that
// the machine is busy: a quiet one gives a single worker about all of a
// core (the garbage collector can even add a little).
const busyShare = 0.8

// coreShare is the CPU time the one-worker runs used over their wall
// time: how much of a core they got. ok is false when the OS does not
// report CPU time or there are no one-worker runs.
func coreShare(rs []result) (share float64, ok bool) {
	var cpu, wall float64
	for _, r := range rs {
		if r.Workers == 1 && r.CPU > 0 {
			cpu += float64(r.CPU)
			wall += float64(r.Elapsed)
		}
	}
	if cpu == 0 || wall == 0 {
		return 0, false
	}
	return cpu / wall, true
}

// workloadOrder lists the workloads of rs in the order they were measured.
func workloadOrder(rs []result) []string {
	var names []string
	seen := map[string]bool{}
	for _, r := range rs {
		if !seen[r.Workload] {
			seen[r.Workload] = true
			names = append(names, r.Workload)
		}
	}
	return names
}

// summaryCell is one workload's rows, looked up by strategy, hash and
// workers on the kernel the summary shows for that hash.
type summaryCell map[string]result

func cellKey(strategy, hash string, workers int) string {
	return fmt.Sprintf("%s|%s|%d", strategy, hash, workers)
}

func (c summaryCell) get(strategy, hash string, workers int) (result, bool) {
	r, ok := c[cellKey(strategy, hash, workers)]
	return r, ok
}

func writeWorkloadSummary(w io.Writer, rs []result, name string, chosen map[string]string) {
	// The kernel shown per hash is the automatic one where it was
	// measured, else the first one measured (a run forced to one kernel).
	kernel := map[string]string{}
	one, most := 0, 0
	for _, r := range rs {
		if r.Workload != name {
			continue
		}
		if k, ok := kernel[r.Hash]; !ok || (k != chosen[r.Hash] && r.Kernel == chosen[r.Hash]) {
			kernel[r.Hash] = r.Kernel
		}
		if one == 0 || r.Workers < one {
			one = r.Workers
		}
		most = max(most, r.Workers)
	}
	cell := summaryCell{}
	var strategies []string
	for _, r := range rs {
		if r.Workload != name || r.Kernel != kernel[r.Hash] {
			continue
		}
		cell[cellKey(r.Strategy, r.Hash, r.Workers)] = r
		if r.Workers == one && !slices.Contains(strategies, r.Strategy) {
			strategies = append(strategies, r.Strategy)
		}
	}

	unit := "object"
	for _, r := range cell {
		unit = r.Unit
		break
	}
	clock := clockWall
	for _, r := range cell {
		if r.Workers == one {
			clock = r.Clock
			break
		}
	}
	fmt.Fprintf(w, "%s: %s ns per %s, %d worker%s (lower is faster)\n", name, clockTitle(clock), unit, one, plural(one))
	row := func(label string, cells ...string) {
		s := "  " + label + spaces(42-utf8.RuneCountInString(label))
		for _, c := range cells {
			s += spaces(12-utf8.RuneCountInString(c)) + c
		}
		fmt.Fprintln(w, strings.TrimRight(s, " "))
	}
	head := []string{}
	for _, h := range summaryHashes {
		head = append(head, h.title)
	}
	row("", append(head, "Keccak÷SHA")...)
	for _, s := range strategies {
		var cells []string
		for _, h := range summaryHashes {
			cells = append(cells, nsCell(cell, s, h.name, one))
		}
		cells = append(cells, ratioCell(cell, s, one))
		row(strategyLabels[s], cells...)
	}
	if slices.Contains(strategies, strategyOneAtATime) && slices.Contains(strategies, strategyLockstep) {
		var cells []string
		for _, h := range summaryHashes {
			base, ok1 := cell.get(strategyOneAtATime, h.name, one)
			lock, ok2 := cell.get(strategyLockstep, h.name, one)
			cells = append(cells, timesCell(base, lock, ok1 && ok2))
		}
		row("speed-up, lockstep over one at a time", cells...)
	}
	// Wide trees run no lockstep lanes: no lane fill line for them.
	var fills []string
	filled := false
	for _, h := range summaryHashes {
		if r, ok := cell.get(strategyLockstep, h.name, one); ok && r.LaneFill > 0 {
			fills = append(fills, fmt.Sprintf("%.3f", r.LaneFill))
			filled = true
		} else {
			fills = append(fills, "–")
		}
	}
	if filled {
		row("lane fill, lockstep", fills...)
	}
	if most > one {
		var cells, gains []string
		for _, h := range summaryHashes {
			cells = append(cells, nsCell(cell, strategyLockstep, h.name, most))
			base, ok1 := cell.get(strategyLockstep, h.name, one)
			wide, ok2 := cell.get(strategyLockstep, h.name, most)
			gains = append(gains, wallTimesCell(base, wide, ok1 && ok2))
		}
		row(fmt.Sprintf("lockstep on %d workers, wall ns", most), cells...)
		row(fmt.Sprintf("speed-up, %d workers over %d (wall)", most, one), gains...)
	}
}

// nsCell is the ns per object of one row, or a dash where it was not
// measured.
func nsCell(c summaryCell, strategy, hash string, workers int) string {
	r, ok := c.get(strategy, hash, workers)
	if !ok {
		return "–"
	}
	return fmt.Sprintf("%.1f", r.nsPerObject())
}

// ratioCell is Keccak-256's time over SHA-256's for one strategy.
func ratioCell(c summaryCell, strategy string, workers int) string {
	sha, ok1 := c.get(strategy, "sha256", workers)
	kec, ok2 := c.get(strategy, "keccak256", workers)
	if !ok1 || !ok2 || sha.baseTime() <= 0 {
		return "–"
	}
	return fmt.Sprintf("%.2f", float64(kec.baseTime())/float64(sha.baseTime()))
}

// timesCell is how many times faster than base the row fast is.
func timesCell(base, fast result, ok bool) string {
	if !ok || fast.nsPerObject() <= 0 {
		return "–"
	}
	return fmt.Sprintf("%.2f×", base.nsPerObject()/fast.nsPerObject())
}

// wallTimesCell is how many times faster than base the row fast is in
// wall time: what more workers gain, which CPU time summed over their
// threads cannot show.
func wallTimesCell(base, fast result, ok bool) string {
	if !ok || fast.Elapsed <= 0 {
		return "–"
	}
	return fmt.Sprintf("%.2f×", float64(base.Elapsed)/float64(fast.Elapsed))
}
