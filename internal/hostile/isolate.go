package hostile

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// Case is one check of the hostile suite. Run returns nil when the
// library behaved (planned and hashed correctly, or failed with the
// expected clear error) and a description of the defect otherwise.
type Case struct {
	Name string
	Run  func() error
}

// Limits bound a child process. A case that needs more memory than
// Memory, or more time than PerCase, is reported as a failure of that
// case instead of killing or hanging the test binary.
type Limits struct {
	Memory  uint64        // address-space cap (RLIMIT_AS) and soft heap limit
	PerCase time.Duration // watchdog per case
	Total   time.Duration // deadline of one child process
}

// DefaultLimits are generous for every legitimate case (the largest
// materialises a few MiB and runs in about a second natively, 20 times
// that under qemu) and small enough that a case that tries to allocate a
// huge value dies quickly.
var DefaultLimits = Limits{Memory: 3 << 30, PerCase: 30 * time.Second, Total: 10 * time.Minute}

// Environment variables of the parent/child protocol.
const (
	envChild = "LANEHASH_HOSTILE_CHILD" // test name the child runs
	envLog   = "LANEHASH_HOSTILE_LOG"   // file the child reports to
	envFrom  = "LANEHASH_HOSTILE_FROM"  // first case index to run
)

// Isolated runs cases in a child process (this test binary re-executed,
// running only the calling test) with a memory cap and a watchdog. The
// child logs "B i" before and "E i <verdict>" after each case; when it
// dies (a fault, a fatal out-of-memory, an unrecoverable panic in a
// goroutine, the watchdog), the parent reports the case that was running
// and starts a new child after it. So a crash is one failed case, never a
// dead run. Isolated must be called from a top-level test, with the same
// cases in parent and child (the case list must be deterministic).
func Isolated(t *testing.T, cases []Case, lim Limits) {
	t.Helper()
	if RaceEnabled {
		// The race detector slows code down 5-20 times.
		lim.PerCase, lim.Total = 10*lim.PerCase, 10*lim.Total
	}
	if os.Getenv(envChild) == t.Name() {
		runChild(cases, lim)
		return
	}
	for _, msg := range supervise(t, cases, lim) {
		t.Error(msg)
	}
}

// supervise runs children until every case has run, and returns one
// message per failed case.
func supervise(t *testing.T, cases []Case, lim Limits) (failures []string) {
	dir := t.TempDir()
	from := 0
	for children := 0; from < len(cases); children++ {
		logPath := filepath.Join(dir, fmt.Sprintf("child%d.log", children))
		stderr, exitErr := startChild(t, logPath, from, lim)
		events, done := readLog(logPath)
		next := from
		running := -1
		for _, ev := range events {
			if ev.index < from || ev.index >= len(cases) {
				return append(failures, fmt.Sprintf("child reported case %d of %d: the case list is not deterministic", ev.index, len(cases)))
			}
			switch ev.kind {
			case 'B':
				running = ev.index
			case 'E':
				running = -1
				next = ev.index + 1
				if ev.text != "ok" {
					failures = append(failures, fmt.Sprintf("%s: %s", cases[ev.index].Name, ev.text))
				}
			case 'T':
				failures = append(failures, fmt.Sprintf("%s: still running after %v (hang)", cases[ev.index].Name, lim.PerCase))
				running, next = -1, ev.index+1
			}
		}
		if done {
			return failures
		}
		if running >= 0 {
			failures = append(failures, fmt.Sprintf("%s: killed the process (%v)\n%s", cases[running].Name, exitErr, head(stderr, 1500)))
			next = running + 1
		} else if next == from {
			return append(failures, fmt.Sprintf("child process ran no case (%v)\n%s", exitErr, tail(stderr, 3000)))
		}
		from = next
	}
	return failures
}

// startChild re-executes the test binary for the calling test only.
func startChild(t *testing.T, logPath string, from int, lim Limits) ([]byte, error) {
	var pattern []string
	for _, part := range strings.Split(t.Name(), "/") {
		pattern = append(pattern, "^"+regexp.QuoteMeta(part)+"$")
	}
	ctx, cancel := context.WithTimeout(context.Background(), lim.Total)
	defer cancel()
	args := []string{"-test.run=" + strings.Join(pattern, "/"), "-test.count=1", "-test.timeout=0"}
	if testing.Short() {
		args = append(args, "-test.short") // the case list may depend on it
	}
	env := append(os.Environ(), envChild+"="+t.Name(), envLog+"="+logPath, envFrom+"="+strconv.Itoa(from))
	run := func(name string, args ...string) ([]byte, error) {
		cmd := exec.CommandContext(ctx, name, args...)
		cmd.Env = env
		var stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stderr, &stderr
		err := cmd.Run()
		return stderr.Bytes(), err
	}
	out, err := run(os.Args[0], args...)
	if errors.Is(err, syscall.ENOEXEC) {
		// A foreign-architecture test binary run by go test -exec
		// qemu-<arch>-static: the emulated process can start the host's
		// emulator, not the binary itself.
		if emu, lerr := exec.LookPath("qemu-" + qemuArch() + "-static"); lerr == nil {
			out, err = run(emu, append([]string{os.Args[0]}, args...)...)
		}
	}
	return out, err
}

// qemuArch is qemu's name for this GOARCH.
func qemuArch() string {
	if runtime.GOARCH == "arm64" {
		return "aarch64"
	}
	return runtime.GOARCH
}

type event struct {
	kind  byte
	index int
	text  string
}

// readLog parses the child's log; done reports a child that ran to the end.
func readLog(path string) (events []event, done bool) {
	f, err := os.Open(path)
	if err != nil {
		return nil, false
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if line == "DONE" {
			done = true
			continue
		}
		kind, rest, _ := strings.Cut(line, " ")
		idx, text, _ := strings.Cut(rest, " ")
		i, err := strconv.Atoi(idx)
		if err != nil || len(kind) != 1 {
			continue
		}
		text, _ = strconv.Unquote(text)
		events = append(events, event{kind: kind[0], index: i, text: text})
	}
	return events, done
}

// runChild is the child side: cap memory, then run the cases from the
// requested index, logging each before and after.
func runChild(cases []Case, lim Limits) {
	from, _ := strconv.Atoi(os.Getenv(envFrom))
	f, err := os.OpenFile(os.Getenv(envLog), os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o600)
	if err != nil {
		fmt.Fprintln(os.Stderr, "hostile child:", err)
		os.Exit(2)
	}
	debug.SetMemoryLimit(int64(lim.Memory / 2))
	if err := limitAddressSpace(lim.Memory); err != nil {
		fmt.Fprintln(os.Stderr, "hostile child: no address-space cap:", err)
	}
	logf := func(format string, args ...any) { fmt.Fprintf(f, format+"\n", args...) }
	for i := from; i < len(cases); i++ {
		logf("B %d", i)
		watchdog := time.AfterFunc(lim.PerCase, func() {
			logf("T %d", i)
			os.Exit(3)
		})
		verdict := "ok"
		if err := runCase(cases[i]); err != nil {
			verdict = err.Error()
		}
		watchdog.Stop()
		logf("E %d %s", i, strconv.Quote(verdict))
	}
	logf("DONE")
	f.Close()
}

// runCase runs one case, turning a panic on the calling goroutine into a
// failure of the case (a panic is a defect too, but one the child
// survives).
func runCase(c Case) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v\n%s", r, tail(debug.Stack(), 1500))
		}
	}()
	return c.Run()
}

// head is the start of a dead child's output: the fatal error and the
// crashing goroutine come first.
func head(b []byte, n int) string {
	return string(b[:min(len(b), n)])
}

func tail(b []byte, n int) string {
	if len(b) > n {
		b = b[len(b)-n:]
	}
	return string(b)
}
