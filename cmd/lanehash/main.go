// Command lanehash answers a consensus developer's daily questions about
// SSZ files: what is this file's hash_tree_root, prove a field of it,
// check a proof, and where do two states whose roots disagree differ.
//
//	go install github.com/lanehash/lanehash/cmd/lanehash@latest
//
//	lanehash root -type fulu.BeaconState state.ssz
//	lanehash root -type gloas.SignedBeaconBlock -preset minimal serialized.ssz_snappy
//	lanehash prove -type fulu.BeaconState -path 'validators[7].effective_balance' state.ssz > p.json
//	lanehash verify p.json
//	lanehash diff -type fulu.BeaconState ours.ssz theirs.ssz
//	lanehash show -type fulu.BeaconState -path 'validators[7]' state.ssz
//	lanehash convert -type fulu.BeaconState -o state.json state.ssz_snappy
//	lanehash root -type fulu.BeaconState state.json
//	lanehash types -fork gloas
//
// Types are named fork.Type after the packages ssz/consensus/<fork>
// (phase0 … gloas), and -preset mainnet|minimal picks the spec values
// their preset-dependent sizes take. A fork package declares the types
// that fork introduced or changed; `lanehash types` lists them all.
//
// Inputs are files or - for stdin, raw SSZ or snappy-compressed: the
// snappy framing format is recognised by its stream identifier, the
// block format (the spec tests' serialized.ssz_snappy) by a name ending
// in snappy, or by trying it when the bytes do not decode raw (bytes of
// the type both ways, two values, are an input error asking for -format,
// unless the name ends in .ssz); -format says which when guessing is not
// wanted. JSON inputs (package sszjson's
// form, the beacon API's: a name ending in .json, or -format json) are
// read strictly into the type and serialized, then go the SSZ way; a
// beacon-API response {"version": …, "data": …} is read for its data
// when the document fails as the type on an unknown top-level key, holds
// only a response's keys and none of them names a field of the type
// (docs/json.md). show prints a value, or the
// part of it at -path, as that JSON; convert writes a value as raw SSZ,
// as a snappy block (the spec tests' form) or as that JSON, after
// reading its own output back to the input's root.
//
// Roots are computed from the bytes by lanehash's plans (package plan),
// without decoding. Proofs come from the value's Merkle tree (package
// cache) and are checked by package proof. diff prints what package
// diff lists: every deepest path whose subtree root differs, and a
// list's __len__ when the lengths do; an element past the shorter
// list's end is compared with that list's zero padding (a 0 balance or
// a zero root there is no difference). It hashes nothing but such
// all-zero elements: a subtree's root differs exactly where its
// serialization does, so it validates both inputs as strictly as the
// decoder and compares their bytes type by type, descending only where
// they differ — two 1M-validator states in a tenth of one root's time.
//
// No input is read past what its type can hold: a fixed-size type's SSZ
// size, a bounded type's largest serialization, each with snappy's worst
// case on top for compressed input; nor past -max-input (4GiB by
// default), which bounds both the bytes read and the SSZ they hold
// (decompressed, or read from JSON); a longer file, stdin or device is
// an input error naming the file, its size and the limit.
//
// Paths use the spec's field names (validators[7].effective_balance;
// Go names work as well), element indices in brackets and __len__ for
// a list's length: what diff prints, prove takes.
//
// Exit status: 0 success; 1 a negative answer (diff found differences,
// verify rejected the proof, root differs from -expect); 2 a usage or
// input error, with the file, the byte offset and the field named;
// convert interrupted while it writes -o's temporary file removes it and
// exits 130 (SIGINT) or 143 (SIGTERM).
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
)

func main() {
	e := &env{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr,
		isTerminal: isTerminal, progressMin: progressMin}
	os.Exit(e.run(os.Args[1:]))
}

// Exit statuses.
const (
	exitOK       = 0
	exitNegative = 1 // differences found, proof invalid, root mismatch
	exitError    = 2 // usage or input error
)

// errUsage is the sentinel of a command line the command cannot follow.
var errUsage = errors.New("usage")

// env is one run of the command: its streams and how it decides to show
// progress. Tests run the command in process through run with buffers.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	// isTerminal reports whether w is a terminal (progress is shown only
	// there, never in a log or a pipe).
	isTerminal func(w io.Writer) bool
	// progressMin is the smallest file size progress is shown for.
	progressMin int64
}

// run runs the command with args (without the program name) on streams
// stdin, stdout and stderr and returns the exit status: the whole
// command, in process, for tests.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	e := &env{stdin: stdin, stdout: stdout, stderr: stderr,
		isTerminal: func(io.Writer) bool { return false }, progressMin: progressMin}
	return e.run(args)
}

// command is one subcommand.
type command struct {
	name, synopsis, usage string
	run                   func(e *env, fs *flag.FlagSet, args []string) int
}

func commands() []command {
	return []command{
		{"root", "print the hash_tree_root of SSZ files", rootUsage, (*env).root},
		{"prove", "print the Merkle proof of a field of an SSZ file as JSON", proveUsage, (*env).prove},
		{"verify", "check a proof that prove printed", verifyUsage, (*env).verify},
		{"diff", "name the paths where two SSZ files of one type differ", diffUsage, (*env).diff},
		{"show", "print a value of a file, or a part of it, as JSON", showUsage, (*env).show},
		{"convert", "write a file's value as raw SSZ, snappy SSZ or JSON", convertUsage, (*env).convert},
		{"types", "list the types -type takes", typesUsage, (*env).types},
	}
}

const mainUsage = `lanehash computes SSZ hash_tree_root of Ethereum consensus files, proves
and verifies fields, finds where two states differ, shows values as JSON and
converts files between SSZ, snappy SSZ and JSON.

Usage:
  lanehash <command> [flags] [files]

Commands:
%s
Files are raw SSZ or snappy compressed (block or framed, sniffed), - is stdin,
read no further than their type's size (or -max-input, default 4GiB); or
JSON, the beacon API's form (a name ending in .json, or -format json).
Types are fork.Type (fulu.BeaconState); -preset mainnet|minimal.
Exit status: 0 ok, 1 negative answer (differences, invalid proof, root
mismatch), 2 usage or input error.

Run 'lanehash <command> -h' for a command's flags and examples.
`

func (e *env) usage(w io.Writer) {
	var b strings.Builder
	for _, c := range commands() {
		fmt.Fprintf(&b, "  %-8s %s\n", c.name, c.synopsis)
	}
	fmt.Fprintf(w, mainUsage, b.String())
}

func (e *env) run(args []string) int {
	if len(args) == 0 {
		e.usage(e.stderr)
		return exitError
	}
	switch args[0] {
	case "-h", "-help", "--help", "help":
		if len(args) > 1 && args[0] == "help" {
			return e.run([]string{args[1], "-h"})
		}
		e.usage(e.stdout)
		return exitOK
	}
	for _, c := range commands() {
		if c.name != args[0] {
			continue
		}
		fs := flag.NewFlagSet("lanehash "+c.name, flag.ContinueOnError)
		fs.SetOutput(e.stderr)
		usage := c.usage
		fs.Usage = func() {
			fmt.Fprint(fs.Output(), usage)
			fmt.Fprintln(fs.Output(), "\nFlags:")
			fs.PrintDefaults()
		}
		return c.run(e, fs, args[1:])
	}
	fmt.Fprintf(e.stderr, "lanehash: unknown command %q\n\n", args[0])
	e.usage(e.stderr)
	return exitError
}

// parse parses the flags of a subcommand; -h prints its help to stdout
// (it was asked for) and is success.
func (e *env) parse(fs *flag.FlagSet, args []string) (done bool, status int) {
	fs.SetOutput(io.Discard) // the flag package's own messages: ours below
	err := fs.Parse(args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		fs.SetOutput(e.stdout)
		fs.Usage()
		return true, exitOK
	case err != nil:
		fmt.Fprintf(e.stderr, "%s: %v\nRun '%s -h' for its flags and examples.\n", fs.Name(), err, fs.Name())
		return true, exitError
	}
	return false, 0
}

// fail prints err as the command's error and returns the exit status.
func (e *env) fail(cmd string, err error) int {
	fmt.Fprintf(e.stderr, "lanehash %s: %v\n", cmd, err)
	return exitError
}
