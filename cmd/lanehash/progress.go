package main

import (
	"fmt"
	"io"
	"os"
)

// progressMin is the file size from which reading shows progress (when
// stderr is a terminal): below it a read takes too little time to watch.
const progressMin = 64 << 20

// progressWriter counts the bytes of one file as they are read and
// redraws a percentage on a terminal line each time it moves.
type progressWriter struct {
	w          io.Writer
	name       string
	size, done int64
	shown      int64
}

// progress returns the progress of reading name (size bytes), or nil when
// none is shown: a small file, or stderr not a terminal.
func (e *env) progress(name string, size int64) *progressWriter {
	if size < e.progressMin || e.isTerminal == nil || !e.isTerminal(e.stderr) {
		return nil
	}
	return &progressWriter{w: e.stderr, name: name, size: size, shown: -1}
}

func (p *progressWriter) Write(b []byte) (int, error) {
	p.done += int64(len(b))
	if pct := 100 * p.done / p.size; pct != p.shown {
		p.shown = pct
		fmt.Fprintf(p.w, "\rreading %s: %d%% of %d MB", p.name, pct, p.size>>20)
	}
	return len(b), nil
}

// stage shows "verb name…" on a terminal line while a large input is
// worked on (the work after reading: rooting, proving, validating), and
// returns the function that clears it.
func (e *env) stage(verb, name string, size int64) func() {
	if size < e.progressMin || e.isTerminal == nil || !e.isTerminal(e.stderr) {
		return func() {}
	}
	fmt.Fprintf(e.stderr, "\r\033[K%s %s (%d MB)…", verb, name, size>>20)
	return func() { fmt.Fprint(e.stderr, "\r\033[K") }
}

// finish clears the progress line.
func (p *progressWriter) finish() {
	fmt.Fprint(p.w, "\r\033[K")
}

// isTerminal reports whether w is a terminal: a character device other
// than the null device (which is one too).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	if err != nil || st.Mode()&os.ModeCharDevice == 0 {
		return false
	}
	if null, err := os.Stat(os.DevNull); err == nil && os.SameFile(st, null) {
		return false
	}
	return true
}
