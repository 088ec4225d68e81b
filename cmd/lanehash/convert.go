package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"

	"github.com/golang/snappy"
)

// Output encodings (convert -to), each the extension of a file that
// holds it.
const (
	encSSZ    = "ssz"        // raw SSZ
	encSnappy = "ssz_snappy" // the snappy block format, as the spec tests store values
	encJSON   = "json"       // package sszjson's form, as show prints it
)

// encodings are the encodings -to takes, in the order help names them,
// with the input format (-format) that reads each back.
var encodings = []struct{ name, format string }{
	{encSSZ, formatSSZ}, {encSnappy, formatBlock}, {encJSON, formatJSON},
}

// readFormat returns the input format that reads encoding enc.
func readFormat(enc string) string {
	for _, x := range encodings {
		if x.name == enc {
			return x.format
		}
	}
	return ""
}

// errOutputCheck is the sentinel of an output that does not read back as
// the input's value: a bug of the command, reported instead of a file
// written.
var errOutputCheck = errors.New("internal error: the output does not read back as the input")

// errOutput is the sentinel of an output file that could not be written.
var errOutput = errors.New("cannot write the output")

// rootMismatchError is an output that read back as the type but to
// another hash_tree_root than the input's: an internal error (exit
// status 2); nothing was written.
type rootMismatchError struct {
	File, Encoding string
	Input, Output  [32]byte
}

func (e *rootMismatchError) Error() string {
	return fmt.Sprintf("internal error: %s: the %s output's root %s is not the input's %s: nothing written",
		e.File, e.Encoding, hex0x(e.Output[:]), hex0x(e.Input[:]))
}

// Unwrap makes a root mismatch one of the outputs that do not read back.
func (e *rootMismatchError) Unwrap() error { return errOutputCheck }

const convertUsage = `Usage: lanehash convert -type fork.Type -to ssz|ssz_snappy|json [-o OUT] [-compact] [-preset mainnet|minimal] FILE

Writes the value in FILE in another encoding: ssz (raw SSZ), ssz_snappy (the
snappy block format, unframed, as the consensus spec tests store
serialized.ssz_snappy) or json (what 'lanehash show' prints: indented, or one
line with -compact). FILE is read as the other commands read it: raw SSZ,
snappy (block or framed, sniffed), JSON (a name ending in .json, or -format
json; a beacon-API response's data too), or - for stdin. One FILE a run.

-to may be left out when OUT's name ends in .ssz, .ssz_snappy or .json, and
must agree with such a name. Without -o the output goes to stdout, which
must not be a terminal for ssz and ssz_snappy.

Nothing is written before the output has been read back as the type by the
same reader and its hash_tree_root found equal to FILE's; a difference is an
internal error (exit status 2, both roots named). OUT is written to a
temporary file in its directory and renamed over OUT, so a failed convert
leaves OUT as it was; OUT may not be FILE.

The SSZ is the value's one serialization and the JSON show's canonical form;
the snappy bytes may differ from another encoder's (snappy leaves the choice
of matches to the encoder), decoding to the same SSZ.

Examples:
  lanehash convert -type fulu.BeaconState -o state.json state.ssz
  lanehash convert -type electra.SignedBeaconBlock -to ssz block.ssz_snappy > block.ssz
  lanehash convert -type fulu.BeaconState -o head.ssz_snappy head.json
  curl -s $BEACON/eth/v2/debug/beacon/states/head \
    | lanehash convert -type fulu.BeaconState -format json -o head.ssz -
`

func (e *env) convert(fs *flag.FlagSet, args []string) int {
	tf := addTypeFlags(fs)
	to := fs.String("to", "", "the output `encoding`: ssz, ssz_snappy or json (default: OUT's extension)")
	out := fs.String("o", "", "write to file `OUT` (a temporary file in its directory, renamed); none or -: stdout")
	compact := fs.Bool("compact", false, "with -to json, write the JSON on one line, without white space")
	if done, st := e.parse(fs, args); done {
		return st
	}
	t, p, err := tf.resolve()
	if err != nil {
		return e.fail("convert", err)
	}
	if fs.NArg() != 1 {
		return e.fail("convert", fmt.Errorf("%w: want one FILE, got %d", errUsage, fs.NArg()))
	}
	in := fs.Arg(0)
	if *out == "-" {
		*out = ""
	}
	enc, err := outputEncoding(*to, *out)
	if err != nil {
		return e.fail("convert", err)
	}
	if *compact && enc != encJSON {
		return e.fail("convert", fmt.Errorf("%w: -compact is for -to json, not %s", errUsage, enc))
	}
	if *out == "" && enc != encJSON && e.isTerminal != nil && e.isTerminal(e.stdout) {
		return e.fail("convert", fmt.Errorf("%w: not writing %s to a terminal: give -o OUT or redirect stdout", errUsage, enc))
	}
	target := ""
	if *out != "" {
		if target, err = outputPath(in, *out); err != nil {
			return e.fail("convert", err)
		}
	}
	b, err := e.convertFile(t, p, in, *tf.format, int64(*tf.maxInput), enc, *compact)
	if err != nil {
		return e.fail("convert", err)
	}
	if target == "" {
		if _, err := e.stdout.Write(b); err != nil {
			return e.fail("convert", fmt.Errorf("%w: stdout: %w", errOutput, err))
		}
		return exitOK
	}
	if err := writeAtomic(target, b); err != nil {
		return e.fail("convert", err)
	}
	return exitOK
}

// outputEncoding returns the encoding -to names, or OUT's extension names
// when -to is not given; -to and an extension that names another
// encoding are a usage error (the other commands would read the file as
// its name says).
func outputEncoding(to, out string) (string, error) {
	ext := ""
	lower := strings.ToLower(out)
	for _, x := range encodings {
		if strings.HasSuffix(lower, "."+x.name) {
			ext = x.name
		}
	}
	if to == "" {
		if ext == "" {
			return "", fmt.Errorf("%w: -to is required (ssz, ssz_snappy or json) unless -o's name ends in .ssz, .ssz_snappy or .json", errUsage)
		}
		return ext, nil
	}
	if readFormat(to) == "" {
		return "", fmt.Errorf("%w: -to %q: want ssz, ssz_snappy or json", errUsage, to)
	}
	if ext != "" && ext != to {
		return "", fmt.Errorf("%w: -to %s, but -o %s names %s", errUsage, to, out, ext)
	}
	return to, nil
}

// outputPath returns the file -o out writes: out, or the file it links
// to (renaming over a link would replace the link). It refuses an out
// that exists and is not a regular file (a device, a directory), and
// the input file in: a convert never writes over its input.
func outputPath(in, out string) (string, error) {
	target := out
	if r, err := filepath.EvalSymlinks(out); err == nil {
		target = r
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

// convertFile reads file as t and returns its value in encoding enc,
// read back and checked: the output, read by the reader the commands
// read files with, roots to the input's root (else an error wrapping
// errOutputCheck).
func (e *env) convertFile(t typeEntry, p preset, file, format string, maxInput int64, enc string, compact bool) ([]byte, error) {
	st, err := t.SSZType(p)
	if err != nil {
		return nil, err
	}
	var v reflect.Value
	var root [32]byte
	pl, err := e.decodeFile(t, p, file, format, maxInput, "converting", func(b []byte) error {
		var err error
		if enc == encJSON {
			if v, err = t.Decode(p, b); err != nil {
				return err
			}
		}
		root, err = t.RootBytes(p, b)
		return err
	})
	if err != nil {
		return nil, err
	}
	name := file
	if file == "-" {
		name = "stdin"
	}
	var out []byte
	switch enc {
	case encSSZ:
		// The payload is the value's serialization: the input's bytes,
		// validated as strictly as ssz.Unmarshal, or ssz.Marshal's of the
		// value JSON was read into.
		out = pl.data
	case encSnappy:
		if snappy.MaxEncodedLen(len(pl.data)) < 0 {
			return nil, fmt.Errorf("%w: %s: %d bytes of SSZ, more than a snappy block holds", errInput, name, len(pl.data))
		}
		out = snappy.Encode(nil, pl.data)
	case encJSON:
		// Written twice, counted first, then into a buffer of its size:
		// a state's JSON grown as it is written would be copied and
		// faulted in about twice over, which costs more (as sszjson's
		// Marshal does).
		var n byteCounter
		if err := writeJSON(&n, st, v, compact); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		if int64(n) > math.MaxInt {
			return nil, fmt.Errorf("%w: %s: %d bytes of JSON, more than a slice holds here", errInput, name, n)
		}
		buf := bytes.NewBuffer(make([]byte, 0, n))
		if err := writeJSON(buf, st, v, compact); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		out = buf.Bytes()
	}
	if err := e.checkOutput(t, p, name, enc, out, root); err != nil {
		return nil, err
	}
	return out, nil
}

// checkOutput reads out, the input called name in encoding enc, back as
// t through decodeBytes, the reader of every command's input, and
// compares its root with want, the input's: an output that does not
// read, or roots elsewhere, is an error wrapping errOutputCheck.
func (e *env) checkOutput(t typeEntry, p preset, name, enc string, out []byte, want [32]byte) error {
	// The output is this command's own, bounded by the input: no limit.
	lim := inputLimit{ssz: math.MaxInt64, raw: math.MaxInt64, sszWhy: "the output", rawWhy: "the output"}
	var got [32]byte
	_, err := e.decodeBytes(t, p, name+" converted to "+enc, out, readFormat(enc), lim, "checking", func(b []byte) error {
		var err error
		got, err = t.RootBytes(p, b)
		return err
	})
	if err != nil {
		return fmt.Errorf("%w: %w", errOutputCheck, err)
	}
	if got != want {
		return &rootMismatchError{File: name, Encoding: enc, Input: want, Output: got}
	}
	return nil
}

// writeAtomic writes b to path through a temporary file in path's
// directory, renamed over path once written and synced: path is either
// as it was or whole, never truncated. The file keeps the mode of the
// file it replaces, else has 0644. A failure removes the temporary file.
func writeAtomic(path string, b []byte) error {
	mode := os.FileMode(0o644)
	if st, err := os.Stat(path); err == nil {
		mode = st.Mode().Perm()
	}
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return fmt.Errorf("%w: %s: %w", errOutput, path, err)
	}
	tmp := f.Name()
	_, err = f.Write(b)
	if err == nil {
		err = f.Chmod(mode)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
		return fmt.Errorf("%w: %s: %w", errOutput, path, err)
	}
	return nil
}

// byteCounter is a writer that counts what is written to it.
type byteCounter int64

func (c *byteCounter) Write(b []byte) (int, error) {
	*c += byteCounter(len(b))
	return len(b), nil
}
