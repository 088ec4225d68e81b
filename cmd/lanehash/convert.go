package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"math"
	"reflect"

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

// encodingOf returns the encoding input format format reads, "" for
// none (auto, framed).
func encodingOf(format string) string {
	for _, x := range encodings {
		if x.format == format {
			return x.name
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

// outputNameError is an output right in its encoding that the other
// commands, reading OUT by its name (-format auto), would not read as
// the input's value: as another value (Err nil, Root that value's
// root), or not at all (Err). A usage error (exit status 2); nothing
// was written.
type outputNameError struct {
	Out, Encoding string
	Err           error
	Root          [32]byte
}

func (e *outputNameError) Error() string {
	fix := fmt.Sprintf("name it .%s", e.Encoding)
	if e.Err != nil {
		return fmt.Sprintf("this %s output, read by its name as the commands will: %v: %s", e.Encoding, e.Err, fix)
	}
	return fmt.Sprintf("-o %s: read by its name, this %s output would root to %s, another value: %s", e.Out, e.Encoding, hex0x(e.Root[:]), fix)
}

// Unwrap makes the error a usage error, and the reading's error when
// there is one.
func (e *outputNameError) Unwrap() []error {
	if e.Err == nil {
		return []error{errUsage}
	}
	return []error{errUsage, e.Err}
}

const convertUsage = `Usage: lanehash convert -type fork.Type -to ssz|ssz_snappy|json [-o OUT] [-compact] [-preset mainnet|minimal] FILE

Writes the value in FILE in another encoding: ssz (raw SSZ), ssz_snappy (the
snappy block format, unframed, as the consensus spec tests store
serialized.ssz_snappy) or json (what 'lanehash show' prints: indented, or one
line with -compact). FILE is read as the other commands read it: raw SSZ,
snappy (block or framed, sniffed), JSON (a name ending in .json, or -format
json; a beacon-API response's data too), or - for stdin. One FILE a run.

OUT's name must not say another encoding than -to: the other commands read a
name ending in .json as json, one ending in snappy (.ssz_snappy, .snappy) as
ssz_snappy, one ending in .ssz as ssz; -to may be left out for such a name.
json goes only to such a name or stdout. Without -o the output goes to
stdout, which must not be a terminal for ssz and ssz_snappy.

Nothing is written before the output has been read back as the type by the
commands' reader, as they will read it (OUT by its name under -format auto,
stdout in the encoding -to names), and its hash_tree_root found equal to
FILE's. An output they would read otherwise (under a name that says no
encoding, bytes that are also another value raw or as a snappy block) is a
usage error asking for a name that says it; a difference in the encoding
itself is an internal error (both roots named); both exit 2. OUT is written
to a new temporary file in its directory (mode 0666 less the umask, or the
mode of the OUT it replaces) and renamed over OUT, so a failed convert leaves
OUT as it was; a link is followed to its file, created if missing; OUT may
not be FILE. Interrupted (SIGINT, SIGTERM) while the temporary file exists,
convert removes it and exits 130 or 143.

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
	b, err := e.convertFile(t, p, in, *tf.format, int64(*tf.maxInput), enc, *out, *compact)
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
		st := e.fail("convert", err)
		var ie *interruptError
		if errors.As(err, &ie) {
			st = ie.status()
		}
		return st
	}
	return exitOK
}

// outputEncoding returns the encoding -to names, or the one OUT's name
// says (nameFormat: the other commands read the file so) when -to is
// not given. -to and a name that says another encoding are a usage
// error, and so is json under a name that says none: the commands read
// JSON only from a name ending in .json. A name that says nothing takes
// ssz or ssz_snappy; the check reads the output as the commands will.
func outputEncoding(to, out string) (string, error) {
	named := ""
	if out != "" {
		named = encodingOf(nameFormat(out))
	}
	if to == "" {
		if named == "" {
			return "", fmt.Errorf("%w: -to is required (ssz, ssz_snappy or json) unless -o's name ends in .ssz, .json or snappy", errUsage)
		}
		return named, nil
	}
	if readFormat(to) == "" {
		return "", fmt.Errorf("%w: -to %q: want ssz, ssz_snappy or json", errUsage, to)
	}
	if named != "" && named != to {
		return "", fmt.Errorf("%w: -to %s, but -o %s names %s: the other commands would read it as %s", errUsage, to, out, named, named)
	}
	if out != "" && named == "" && to == encJSON {
		return "", fmt.Errorf("%w: -to json, but the other commands read -o %s as SSZ: JSON only from a name ending in .json", errUsage, out)
	}
	return to, nil
}

// convertFile reads file as t and returns its value in encoding enc,
// read back and checked as the output called out ("" for stdout) will be
// read: it roots to the input's root (checkOutput).
func (e *env) convertFile(t typeEntry, p preset, file, format string, maxInput int64, enc, out string, compact bool) ([]byte, error) {
	st, err := t.SSZType(p)
	if err != nil {
		return nil, err
	}
	var v reflect.Value
	var root [32]byte
	pl, err := e.decodeFile(t, p, file, format, maxInput, "converting", func(data []byte) error {
		var err error
		if enc == encJSON {
			if v, err = t.Decode(p, data); err != nil {
				return err
			}
		}
		root, err = t.RootBytes(p, data)
		return err
	})
	if err != nil {
		return nil, err
	}
	name := file
	if file == "-" {
		name = "stdin"
	}
	var b []byte
	switch enc {
	case encSSZ:
		// The payload is the value's serialization: the input's bytes,
		// validated as strictly as ssz.Unmarshal, or ssz.Marshal's of the
		// value JSON was read into.
		b = pl.data
	case encSnappy:
		if snappy.MaxEncodedLen(len(pl.data)) < 0 {
			return nil, fmt.Errorf("%w: %s: %d bytes of SSZ, more than a snappy block holds", errInput, name, len(pl.data))
		}
		b = snappy.Encode(nil, pl.data)
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
		b = buf.Bytes()
	}
	if err := e.checkOutput(t, p, name, out, enc, b, root); err != nil {
		return nil, err
	}
	return b, nil
}

// checkOutput reads b, the input called name converted to encoding enc,
// back as t through decodeBytes, the reader of every command's input,
// as the commands will read it: the file out by its name under -format
// auto (nameFormat, sniffing, the check for two readings), stdout (out
// "") in enc's own format, which a reader of a stream has to name. Its
// root must be want, the input's. An output that reads right in enc but
// otherwise by out's name is an *outputNameError; one that does not
// read right even in enc is an internal error wrapping errOutputCheck.
func (e *env) checkOutput(t typeEntry, p preset, name, out, enc string, b []byte, want [32]byte) error {
	var named [32]byte
	var namedErr error
	if out != "" {
		if named, namedErr = e.readBack(t, p, out, formatAuto, b); namedErr == nil && named == want {
			return nil
		}
	}
	got, err := e.readBack(t, p, name+" converted to "+enc, readFormat(enc), b)
	switch {
	case err != nil:
		return fmt.Errorf("%w: %w", errOutputCheck, err)
	case got != want:
		return &rootMismatchError{File: name, Encoding: enc, Input: want, Output: got}
	case out != "":
		// Right in enc: the name is at fault.
		return &outputNameError{Out: out, Encoding: enc, Err: namedErr, Root: named}
	}
	return nil
}

// readBack returns the root of b, an output called name, read as t
// under format by decodeBytes.
func (e *env) readBack(t typeEntry, p preset, name, format string, b []byte) ([32]byte, error) {
	// The output is this command's own, bounded by the input: no limit.
	lim := inputLimit{ssz: math.MaxInt64, raw: math.MaxInt64, sszWhy: "the output", rawWhy: "the output"}
	var got [32]byte
	_, err := e.decodeBytes(t, p, name, b, format, lim, "checking", func(data []byte) error {
		var err error
		got, err = t.RootBytes(p, data)
		return err
	})
	return got, err
}

// byteCounter is a writer that counts what is written to it.
type byteCounter int64

func (c *byteCounter) Write(b []byte) (int, error) {
	*c += byteCounter(len(b))
	return len(b), nil
}
