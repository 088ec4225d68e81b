package main

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

// fakeClock returns a clock that advances by step at every reading.
func fakeClock(step time.Duration) func() time.Time {
	t := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	return func() time.Time {
		t = t.Add(step)
		return t
	}
}

// On a pipe (a log), progress is one line per workload, no rewriting.
func TestProgressOnAPipe(t *testing.T) {
	var buf bytes.Buffer
	p := newProgress(&buf, false)
	if p.live {
		t.Fatal("a buffer is not a terminal")
	}
	p.begin(4)
	p.step(0, "registry", "a")
	p.step(1, "registry", "b")
	p.step(2, "state", "c")
	p.step(3, "state", "d")
	p.end()
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if len(lines) != 3 || lines[0] != "measuring registry" || lines[1] != "measuring state" ||
		!strings.HasPrefix(lines[2], "measured in ") || strings.Contains(buf.String(), "\r") {
		t.Errorf("pipe progress:\n%q", buf.String())
	}
}

// On a terminal, progress rewrites one line with the time left, which
// is the average time per measurement so far times the measurements left.
func TestProgressOnATerminal(t *testing.T) {
	var buf bytes.Buffer
	p := &progress{w: &buf, live: true, now: fakeClock(time.Second)}
	p.begin(5) // clock reads 1s
	p.step(0, "registry", "first")
	buf.Reset()
	p.step(2, "registry", "third") // clock reads 3s: 2s for 2 done, 3 left
	line := buf.String()
	if !strings.HasPrefix(line, "\r\x1b[K[3/5 2s, ETA 3s] registry: third") || strings.Contains(line, "\n") {
		t.Errorf("live line %q", line)
	}
	buf.Reset()
	p.step(3, "registry", strings.Repeat("x", 200))
	if n := len([]rune(strings.TrimPrefix(buf.String(), "\r\x1b[K"))); n > 79 {
		t.Errorf("live line of %d characters overflows the terminal", n)
	}
	buf.Reset()
	p.end()
	if !strings.HasPrefix(buf.String(), "\r\x1b[Kmeasured in ") || !strings.HasSuffix(buf.String(), "\n") {
		t.Errorf("end %q", buf.String())
	}
}

func TestProgressQuiet(t *testing.T) {
	var buf bytes.Buffer
	p := newProgress(&buf, true)
	p.begin(1)
	p.step(0, "registry", "a")
	p.note("x")
	p.end()
	if buf.Len() != 0 {
		t.Errorf("-q printed %q", buf.String())
	}
}
