package hostile

import (
	"errors"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"
)

// TestIsolatedReportsEveryWayToDie checks the harness itself: a case that
// fails, panics, exhausts memory, panics in another goroutine or hangs is
// reported by name, and the cases after it still run.
func TestIsolatedReportsEveryWayToDie(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: starts several child processes")
	}
	if RaceEnabled || runtime.GOOS != "linux" || os.Getenv("LANEHASH_HOSTILE_NO_RLIMIT") != "" {
		t.Skip("without an address-space cap the memory case would take the machine's memory")
	}
	var sink []byte
	cases := []Case{
		{"ok", func() error { return nil }},
		{"fails", func() error { return errors.New("wrong root") }},
		{"panics", func() error { panic("boom") }},
		{"ok-after-panic", func() error { return nil }},
		{"exhausts-memory", func() error {
			for i := 0; i < 64; i++ {
				b := make([]byte, 1<<30)
				for j := 0; j < len(b); j += 4096 {
					b[j] = 1
				}
				sink = append(sink, b[0])
				keep = append(keep, b)
			}
			return nil
		}},
		{"ok-after-oom", func() error { return nil }},
		{"goroutine-panic", func() error {
			go func() { panic("in a worker") }()
			time.Sleep(2 * time.Second) // the process dies meanwhile
			return nil
		}},
		{"hangs", func() error { time.Sleep(time.Hour); return nil }},
		{"ok-at-end", func() error { return nil }},
	}
	lim := Limits{Memory: 2 << 30, PerCase: 3 * time.Second, Total: time.Minute}
	if os.Getenv(envChild) == t.Name() {
		runChild(cases, lim)
		return
	}
	got := supervise(t, cases, lim)
	want := []string{"fails: wrong root", "panics: panic: boom", "exhausts-memory: killed", "goroutine-panic: killed", "hangs: still running"}
	if len(got) != len(want) {
		t.Fatalf("%d failures reported, want %d:\n%s", len(got), len(want), strings.Join(got, "\n---\n"))
	}
	for i, w := range want {
		if !strings.HasPrefix(got[i], w) {
			t.Errorf("failure %d = %.200q, want prefix %q", i, got[i], w)
		}
	}
	_ = sink
}

var keep [][]byte
