package main

import (
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"syscall"
)

// outputPath returns the file -o out writes: out, or the file its
// symbolic links lead to, created if it is not there yet, as a shell's
// > does (renaming over a link would replace the link). It refuses a
// loop of links, an out that exists and is not a regular file (a
// device, a directory), and the input file in: a convert never writes
// over its input.
func outputPath(in, out string) (string, error) {
	target, err := followLinks(out)
	if err != nil {
		return "", fmt.Errorf("%w: -o %s: %w", errUsage, out, err)
	}
	ost, err := os.Stat(target)
	if err != nil {
		return target, nil // a new file; creating it says what is wrong
	}
	if !ost.Mode().IsRegular() {
		return "", fmt.Errorf("%w: -o %s is not a regular file (leave -o out to write to stdout)", errUsage, out)
	}
	if in != "-" {
		if ist, err := os.Stat(in); err == nil && os.SameFile(ist, ost) {
			return "", fmt.Errorf("%w: -o %s is the input file: write elsewhere, then rename", errUsage, out)
		}
	}
	return target, nil
}

// maxLinks is the most symbolic links followLinks follows in a row,
// Linux's own limit (MAXSYMLINKS).
const maxLinks = 40

// errLinkLoop is the sentinel of a name whose symbolic links lead to
// each other, or on for more than maxLinks links.
var errLinkLoop = errors.New("a loop of symbolic links")

// followLinks returns the path name's symbolic links lead to, whether a
// file is there or not (filepath.EvalSymlinks fails on a link to a file
// not made yet): name itself when it is not a link. A relative link is
// read from its own directory.
func followLinks(name string) (string, error) {
	p := name
	for range maxLinks {
		fi, err := os.Lstat(p)
		if err != nil || fi.Mode()&os.ModeSymlink == 0 {
			return p, nil // the file, or no file yet: creating it says what is wrong
		}
		dest, err := os.Readlink(p)
		if err != nil {
			return "", err
		}
		if !filepath.IsAbs(dest) {
			dir := filepath.Dir(p)
			if real, err := filepath.EvalSymlinks(dir); err == nil {
				dir = real // so that .. in dest leaves the directory the link is in
			}
			dest = filepath.Join(dir, dest)
		}
		p = dest
	}
	return "", errLinkLoop
}

// writeAtomic writes b to path through a new temporary file in path's
// directory, renamed over path once written and synced, and the
// directory synced after: path is either as it was or whole, never
// truncated. A new file gets 0666 less the
// umask (as os.Create gives), a replaced file's mode is kept. Any
// failure removes the temporary file, and so does SIGINT or SIGTERM
// while it exists: caught then, it is an *interruptError.
func writeAtomic(path string, b []byte) error {
	mode, replacing := os.FileMode(0), false
	if st, err := os.Stat(path); err == nil {
		mode, replacing = st.Mode().Perm(), true
	}
	in := catchInterrupts()
	defer in.stop()
	f, err := createTemp(filepath.Dir(path), filepath.Base(path))
	if err != nil {
		return fmt.Errorf("%w: %s: %w", errOutput, path, err)
	}
	tmp := f.Name()
	err = writeChunks(f, path, b, in)
	if err == nil && replacing {
		err = f.Chmod(mode)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = in.caught(path) // while syncing
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
		var ie *interruptError
		if errors.As(err, &ie) {
			return err
		}
		return fmt.Errorf("%w: %s: %w", errOutput, path, err)
	}
	syncDir(filepath.Dir(path))
	if in.caught(path) != nil {
		// Caught as the file was renamed: path is whole.
		return &interruptError{File: path, Signal: in.sig, Written: true}
	}
	return nil
}

// syncDir makes a rename in dir durable: until the directory is synced,
// a power loss may bring back the old name's file though the new one's
// bytes were synced. It is best-effort: the output is whole and in place
// already, and some file systems and systems refuse to sync a directory.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}

// createTemp creates a new file in dir named .base.N.tmp (N random) with
// mode 0666, which the umask reduces as it does os.Create's:
// os.CreateTemp's 0600 would make every new output private, a chmod to
// a fixed mode public whatever the umask.
func createTemp(dir, base string) (*os.File, error) {
	for range 100 {
		name := filepath.Join(dir, "."+base+"."+strconv.FormatUint(rand.Uint64(), 36)+".tmp")
		f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o666)
		if !errors.Is(err, fs.ErrExist) {
			return f, err
		}
	}
	return nil, fmt.Errorf("no unused temporary file name in %s", dir)
}

// writeChunk is how much writeChunks writes between looks for an
// interrupt: a state's JSON is hundreds of megabytes, a chunk a few
// milliseconds of writing.
const writeChunk = 4 << 20

// afterChunk, when not nil, runs after each chunk writeChunks writes,
// with the channel closed on an interrupt: tests hold a write open with
// it until they have signalled the command.
var afterChunk func(interrupted <-chan struct{})

// writeChunks writes b to f, the temporary file of path, a chunk at a
// time, stopping at an interrupt (an *interruptError naming path).
func writeChunks(f *os.File, path string, b []byte, in *interrupts) error {
	for len(b) > 0 {
		if err := in.caught(path); err != nil {
			return err
		}
		n := min(len(b), writeChunk)
		if _, err := f.Write(b[:n]); err != nil {
			return err
		}
		b = b[n:]
		if afterChunk != nil {
			afterChunk(in.done)
		}
	}
	return in.caught(path)
}

// interrupts catches SIGINT and SIGTERM while a temporary file exists,
// so that the command removes it before it exits.
type interrupts struct {
	ch   chan os.Signal
	done chan struct{} // closed on the first signal, sig set before
	sig  os.Signal
}

// catchInterrupts starts catching SIGINT and SIGTERM, until stop.
func catchInterrupts() *interrupts {
	in := &interrupts{ch: make(chan os.Signal, 1), done: make(chan struct{})}
	signal.Notify(in.ch, os.Interrupt, syscall.SIGTERM)
	go func() {
		if s, ok := <-in.ch; ok {
			in.sig = s
			close(in.done)
		}
	}()
	return in
}

// stop restores the signals' default action (the process ends).
func (in *interrupts) stop() {
	signal.Stop(in.ch)
	close(in.ch) // no send after Stop: ends the goroutine
}

// caught returns an *interruptError naming file once a signal was
// caught, else nil.
func (in *interrupts) caught(file string) error {
	select {
	case <-in.done:
		return &interruptError{File: file, Signal: in.sig}
	default:
		return nil
	}
}

// interruptError is a convert stopped by a signal while it wrote File:
// the temporary file was removed, OUT left as it was unless Written
// (the signal came as it was renamed). The command exits with status().
type interruptError struct {
	File    string
	Signal  os.Signal
	Written bool
}

func (e *interruptError) Error() string {
	if e.Written {
		return fmt.Sprintf("%s: interrupted (%v) once written", e.File, e.Signal)
	}
	return fmt.Sprintf("%s: interrupted (%v): the temporary file removed, nothing written", e.File, e.Signal)
}

// status is the exit status of a run the signal stopped: 128 plus its
// number, as a shell reports a process the signal killed (130 for
// SIGINT, 143 for SIGTERM).
func (e *interruptError) status() int {
	if s, ok := e.Signal.(syscall.Signal); ok {
		return 128 + int(s)
	}
	return exitError
}
