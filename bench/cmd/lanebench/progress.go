package main

import (
	"fmt"
	"io"
	"os"
	"time"
)

// progress tells a waiting person how far the measurements are. On a
// terminal it is one line, rewritten in place, with the time left; on a
// pipe or in CI (where rewritten lines become noise in a log) it is one
// line per workload; with -q it is nothing.
type progress struct {
	w        io.Writer
	live     bool // rewrite one line in place
	total    int  // measurements in the run
	start    time.Time
	workload string // the workload of the last line per workload
	now      func() time.Time
}

// newProgress reports to w, in place when w is a terminal.
func newProgress(w io.Writer, quiet bool) *progress {
	if quiet {
		w = io.Discard
	}
	return &progress{w: w, live: !quiet && isTerminal(w), now: time.Now}
}

// isTerminal reports whether w is a character device that is not a CI
// runner's captured log (CI systems set CI, and some of them attach a
// pseudo-terminal).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok || os.Getenv("CI") != "" || os.Getenv("TERM") == "dumb" {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// begin starts the clock for total measurements.
func (p *progress) begin(total int) {
	p.total = total
	p.start = p.now()
}

// step reports that measurement i (0-based) of workload is starting.
func (p *progress) step(i int, workload, what string) {
	if !p.live {
		if workload != p.workload {
			p.workload = workload
			fmt.Fprintf(p.w, "measuring %s\n", workload)
		}
		return
	}
	elapsed := p.now().Sub(p.start)
	eta := "ETA …"
	if i > 0 {
		// Measurements differ in cost (Keccak-256 one at a time is the
		// slowest), so this is a rough guess that improves as it goes.
		left := time.Duration(float64(elapsed) / float64(i) * float64(p.total-i))
		eta = "ETA " + left.Round(time.Second).String()
	}
	line := fmt.Sprintf("[%d/%d %s, %s] %s: %s", i+1, p.total, elapsed.Round(time.Second), eta, workload, what)
	if r := []rune(line); len(r) > 79 {
		line = string(r[:78]) + "…"
	}
	fmt.Fprintf(p.w, "\r\x1b[K%s", line)
}

// note prints a line of its own (building workloads, writing a chart).
func (p *progress) note(format string, args ...any) {
	if p.live {
		fmt.Fprint(p.w, "\r\x1b[K")
	}
	fmt.Fprintf(p.w, format+"\n", args...)
}

// end clears the live line and says how long the run took.
func (p *progress) end() {
	p.note("measured in %s", p.now().Sub(p.start).Round(100*time.Millisecond))
}
