package main

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/lanehash/lanehash/cache"
	"github.com/lanehash/lanehash/diff"
	"github.com/lanehash/lanehash/internal/sszvalidate"
	"github.com/lanehash/lanehash/plan"
	"github.com/lanehash/lanehash/proof"
	"github.com/lanehash/lanehash/ssz"
)

// typeFlags are the flags every command that reads SSZ takes.
type typeFlags struct {
	typ, preset, format *string
	maxInput            *byteSize
}

func addTypeFlags(fs *flag.FlagSet) typeFlags {
	tf := typeFlags{
		typ:    fs.String("type", "", "the SSZ type, `fork.Type` (fulu.BeaconState); 'lanehash types' lists them"),
		preset: fs.String("preset", "mainnet", "the consensus `preset`: mainnet or minimal"),
		format: fs.String("format", formatAuto, "input `format`: auto, ssz (raw), snappy (block), framed (snappy stream)\n"+
			"or json (the beacon API's and spec tests' JSON, or a beacon-API response\n"+
			"{\"version\": …, \"data\": …} that does not read as the type; 'lanehash show -h'\n"+
			"has the rule); auto reads a name ending in .json as json, one ending in snappy\n"+
			"as a snappy block, others raw, tried as a block when they do not decode raw\n"+
			"(bytes of the type both ways, two values, are an error unless named .ssz)"),
		maxInput: new(byteSize),
	}
	*tf.maxInput = defaultMaxInput
	fs.Var(tf.maxInput, "max-input", "the most bytes an input may hold (`size`: 512MiB, 4GiB, 300MB, bytes), both\n"+
		"read (the file or stream: raw, snappy or JSON) and as SSZ (decompressed, or\n"+
		"serialized from JSON, up to 4 times its length: a uint64 0 in a list\n"+
		"is 2 bytes of JSON, 8 of SSZ); a type with a smaller bound is held to it: a\n"+
		"fixed-size type's input is its size, a bounded type's at most the most it\n"+
		"serializes to (snappy input: the compressed worst case of that)")
	return tf
}

// byteSize is a -max-input size: bytes, or a number with a binary (KiB,
// MiB, GiB, TiB) or decimal (kB, MB, GB, TB) unit.
type byteSize int64

// byteUnits are the units byteSize parses, longest first so that MiB is
// not read as B.
var byteUnits = []struct {
	name string
	n    int64
}{
	{"KiB", 1 << 10}, {"MiB", 1 << 20}, {"GiB", 1 << 30}, {"TiB", 1 << 40},
	{"kB", 1e3}, {"KB", 1e3}, {"MB", 1e6}, {"GB", 1e9}, {"TB", 1e12},
	{"B", 1},
}

func (s *byteSize) String() string {
	n := int64(*s)
	for _, u := range byteUnits[:4] {
		if n >= u.n && n%u.n == 0 && (n/u.n < 1024 || u.name == "TiB") {
			return strconv.FormatInt(n/u.n, 10) + u.name
		}
	}
	return strconv.FormatInt(n, 10)
}

// Set parses a size; it must be positive and fit in an int64.
func (s *byteSize) Set(v string) error {
	num, mul := strings.TrimSpace(v), int64(1)
	for _, u := range byteUnits {
		if rest, ok := strings.CutSuffix(num, u.name); ok {
			num, mul = strings.TrimSpace(rest), u.n
			break
		}
	}
	n, err := strconv.ParseInt(num, 10, 64)
	if err != nil || n <= 0 || n > math.MaxInt64/mul {
		return fmt.Errorf("%q: want a positive size such as 512MiB, 4GiB or 300MB", v)
	}
	*s = byteSize(n * mul)
	return nil
}

// resolve returns the type and preset the flags name.
func (f typeFlags) resolve() (typeEntry, preset, error) {
	if *f.typ == "" {
		return nil, preset{}, fmt.Errorf("%w: -type is required (fulu.BeaconState; `lanehash types` lists them)", errUsage)
	}
	t, err := lookupType(*f.typ)
	if err != nil {
		return nil, preset{}, err
	}
	p, ok := presetNamed(*f.preset)
	if !ok {
		return nil, preset{}, fmt.Errorf("%w: -preset %q: want mainnet or minimal", errUsage, *f.preset)
	}
	return t, p, nil
}

// inputError is an input that does not decode as its type: where (file,
// byte offset, field) and why (Err, wrapping the ssz sentinel).
type inputError struct {
	File   string
	How    string // "ssz", "snappy", "framed"
	Size   int    // bytes of SSZ (after decompression)
	Offset int    // byte offset of Field in the SSZ bytes
	Field  string // the field's path in spec names, "" for the whole value
	Type   string
	Hint   string // what to try, "" when nothing is known
	Err    error
}

func (e *inputError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s", e.File)
	if e.How == formatJSON {
		fmt.Fprintf(&b, " (JSON, %d bytes)", e.Size)
	} else if e.How != formatSSZ {
		fmt.Fprintf(&b, " (%s, %d bytes decompressed)", howNames[e.How], e.Size)
	} else {
		fmt.Fprintf(&b, " (%d bytes)", e.Size)
	}
	fmt.Fprintf(&b, ": byte %d", e.Offset)
	if e.Field != "" {
		fmt.Fprintf(&b, ", field %s", e.Field)
	}
	fmt.Fprintf(&b, " of %s: %v", e.Type, e.Err)
	if e.Hint != "" {
		b.WriteString(" (" + e.Hint + ")")
	}
	return b.String()
}

func (e *inputError) Unwrap() error { return e.Err }

// howNames names the input formats in messages.
var howNames = map[string]string{formatSSZ: "raw SSZ", formatBlock: "snappy block", formatFramed: "snappy framed", formatJSON: "from JSON"}

// describe turns a decode or root error of t over pl into an inputError
// naming the byte offset and the field. The decoder's path (Go names) is
// followed through the bytes to the field's first byte.
func describe(t typeEntry, p preset, file string, pl payload, err error) error {
	var goPath string
	var cause error = err
	var se *ssz.Error
	var pe *plan.Error
	switch {
	case errors.As(err, &pe):
		goPath, cause = pe.Path, pe.Err
	case errors.As(err, &se):
		goPath, cause = se.Path, se.Err
	default:
		return fmt.Errorf("%s: %w", file, err)
	}
	ie := &inputError{File: file, How: pl.how, Size: len(pl.data), Type: t.Name(), Err: cause}
	if st, terr := t.SSZType(p); terr == nil {
		ie.Offset, ie.Field = locate(st, pl.data, goPath)
	}
	// A file of the other preset fails on a size: say so when it roots
	// under the other one.
	for _, other := range presets {
		if other.name != p.name {
			if _, oerr := t.RootBytes(other, pl.data); oerr == nil {
				ie.Hint = "it decodes with -preset " + other.name
			}
		}
	}
	return ie
}

// decodeFile reads file and returns its SSZ payload under f's format,
// the first of payloads that try accepts, and try's result; an error
// names the file, the byte and the field (an *inputError), the limit
// the file exceeds (a *tooLargeError: no input is read or decompressed
// past the most t can take, or maxInput), or the reading problem
// (errInput).
func (e *env) decodeFile(t typeEntry, p preset, file, format string, maxInput int64, verb string, try func([]byte) error) (payload, error) {
	st, err := t.SSZType(p)
	if err != nil {
		return payload{}, err
	}
	lim := limitFor(st, t.Name(), format, maxInput)
	if isJSON(file, format) {
		lim = jsonLimit(maxInput)
	}
	raw, err := e.readFile(file, lim)
	if err != nil {
		return payload{}, err
	}
	name := file
	if file == "-" {
		name = "stdin"
	}
	return e.decodeBytes(t, p, name, raw, format, lim, verb, try)
}

// decodeBytes is decodeFile's work after reading: raw, the bytes of the
// input called name, read under format within lim (JSON read into t and
// serialized, snappy unpacked), and the first payload try accepts; its
// errors are decodeFile's. convert reads its own output back through it.
func (e *env) decodeBytes(t typeEntry, p preset, name string, raw []byte, format string, lim inputLimit, verb string, try func([]byte) error) (payload, error) {
	var pls []payload
	var err error
	if isJSON(name, format) {
		// JSON: read into the type and serialized, then as any SSZ input.
		done := e.stage("reading JSON", name, int64(len(raw)))
		pl, err := fromJSON(t, p, name, raw)
		done()
		if err != nil {
			return payload{}, err
		}
		// -max-input bounds the SSZ a JSON input holds as well as its
		// bytes: JSON can be the shorter (a uint64 0 is 2 bytes of it).
		if int64(len(pl.data)) > lim.ssz {
			return payload{}, &tooLargeError{File: name, Size: int64(len(pl.data)), Limit: lim.ssz, FromJSON: true, Why: lim.sszWhy}
		}
		pls = []payload{pl}
	} else {
		pls, err = payloads(name, raw, format, lim)
		if err == nil && format == formatAuto {
			st, serr := t.SSZType(p)
			if serr != nil {
				return payload{}, serr
			}
			err = checkAmbiguous(st, t.Name(), name, pls)
		}
	}
	var tl *tooLargeError
	var ae *ambiguousError
	switch {
	case errors.As(err, &tl):
		tl.File = name
		return payload{}, tl
	case errors.As(err, &ae):
		return payload{}, ae // names the file
	}
	if err != nil {
		return payload{}, fmt.Errorf("%s: %w", name, err)
	}
	var first error
	for _, pl := range pls {
		done := e.stage(verb, name, int64(len(pl.data)))
		err := try(pl.data)
		done()
		if err == nil {
			return pl, nil
		}
		// A reading that is the type and has another root than the
		// one expected answers the question; another reading's failure
		// to parse (raw bytes of a snappy file) does not.
		if first == nil || errors.Is(err, cache.ErrUnexpectedRoot) {
			first = describe(t, p, name, pl, err)
		}
	}
	return payload{}, first
}

// hex0x formats a root as 0x hex.
func hex0x(b []byte) string { return "0x" + hex.EncodeToString(b) }

// parseRoot parses a 32-byte 0x hex value.
func parseRoot(s string) ([32]byte, error) {
	var r [32]byte
	b, err := hex.DecodeString(strings.TrimPrefix(s, "0x"))
	if err != nil || len(b) != 32 {
		return r, fmt.Errorf("%q is not a 32-byte 0x hex value", s)
	}
	copy(r[:], b)
	return r, nil
}

const rootUsage = `Usage: lanehash root -type fork.Type [-preset mainnet|minimal] [-v] [-expect 0xROOT] FILE...

Prints the SSZ hash_tree_root of each FILE as 0x hex: only the root for one
file, "ROOT  FILE" lines for several (as sha256sum does). FILE may be raw SSZ
or snappy compressed (block or framed format, sniffed), or - for stdin.
-v adds each file's SSZ size and the time to root it. With -expect, the exit
status is 1 when a root differs from it.

Examples:
  lanehash root -type fulu.BeaconState state.ssz
  lanehash root -type gloas.BeaconBlock -preset minimal case_*/serialized.ssz_snappy
  curl -s -H 'Accept: application/octet-stream' $BEACON/eth/v2/debug/beacon/states/head \
    | lanehash root -type fulu.BeaconState -
  lanehash root -type phase0.Validator -expect 0x5f2a… validator.ssz && echo same
`

func (e *env) root(fs *flag.FlagSet, args []string) int {
	tf := addTypeFlags(fs)
	verbose := fs.Bool("v", false, "also print each file's SSZ size and the time to root it")
	expect := fs.String("expect", "", "a 0x root: exit 1 when a file's root differs")
	if done, st := e.parse(fs, args); done {
		return st
	}
	t, p, err := tf.resolve()
	if err != nil {
		return e.fail("root", err)
	}
	files := fs.Args()
	if len(files) == 0 {
		return e.fail("root", fmt.Errorf("%w: no FILE (- reads stdin)", errUsage))
	}
	if err := oneStdin(files); err != nil {
		return e.fail("root", err)
	}
	var want [32]byte
	if *expect != "" {
		if want, err = parseRoot(*expect); err != nil {
			return e.fail("root", fmt.Errorf("%w: -expect: %w", errUsage, err))
		}
	}
	status := exitOK
	for _, file := range files {
		var root [32]byte
		var took time.Duration
		pl, err := e.decodeFile(t, p, file, *tf.format, int64(*tf.maxInput), "rooting", func(b []byte) error {
			start := time.Now()
			r, err := t.RootBytes(p, b)
			took, root = time.Since(start), r
			return err
		})
		if err != nil {
			fmt.Fprintf(e.stderr, "lanehash root: %v\n", err)
			status = exitError
			continue
		}
		line := hex0x(root[:])
		if len(files) > 1 || *verbose {
			line += "  " + file
		}
		if *verbose {
			line += fmt.Sprintf("  %d bytes (%s)  %s", len(pl.data), howNames[pl.how], took.Round(time.Microsecond))
		}
		fmt.Fprintln(e.stdout, line)
		if *expect != "" && root != want && status == exitOK {
			status = exitNegative
		}
	}
	if status == exitNegative {
		fmt.Fprintf(e.stderr, "lanehash root: a root differs from -expect %s\n", *expect)
	}
	return status
}

// oneStdin refuses - given twice: stdin can be read once.
func oneStdin(files []string) error {
	n := 0
	for _, f := range files {
		if f == "-" {
			n++
		}
	}
	if n > 1 {
		return fmt.Errorf("%w: - (stdin) given %d times", errUsage, n)
	}
	return nil
}

// proofJSON is the proof prove prints and verify reads: the spec's
// single Merkle proof (is_valid_merkle_branch with a generalized index),
// with what it proves.
type proofJSON struct {
	Type   string   `json:"type,omitempty"`
	Preset string   `json:"preset,omitempty"`
	Path   string   `json:"path,omitempty"`
	GIndex uint64   `json:"gindex"`
	Leaf   string   `json:"leaf"`
	Branch []string `json:"branch"`
	Root   string   `json:"root"`
}

const proveUsage = `Usage: lanehash prove -type fork.Type -path PATH [-preset mainnet|minimal] [-expect 0xROOT] FILE

Prints the Merkle proof of the value at PATH in FILE against FILE's
hash_tree_root, as JSON: the generalized index, the leaf (the 32-byte chunk
holding the value, or the root of the value's subtree), the branch (sibling
nodes, bottom up) and the root. 'lanehash verify' checks it.

-expect gives the root FILE must have (a block's state_root): the file is
then validated rather than rooted before the proof is walked, about half
the time, and a file of another root is a negative answer (exit 1).

PATH uses the spec's field names (Go names work too), [i] for an element and
__len__ for a list's length, as diff prints them:
  validators[7].effective_balance   balances[7]   validators.__len__
  latest_block_header.state_root    current_sync_committee.pubkeys[3]

Examples:
  lanehash prove -type fulu.BeaconState -path 'validators[7].effective_balance' state.ssz
  lanehash prove -type fulu.BeaconState -path finalized_checkpoint.root state.ssz_snappy > p.json
`

func (e *env) prove(fs *flag.FlagSet, args []string) int {
	tf := addTypeFlags(fs)
	path := fs.String("path", "", "the path of the value to prove, such as validators[7].effective_balance")
	expect := fs.String("expect", "", "a 0x root FILE must have: exit 1 when it has another")
	if done, st := e.parse(fs, args); done {
		return st
	}
	var want *[32]byte
	if *expect != "" {
		r, err := parseRoot(*expect)
		if err != nil {
			return e.fail("prove", fmt.Errorf("%w: -expect: %w", errUsage, err))
		}
		want = &r
	}
	t, p, err := tf.resolve()
	if err != nil {
		return e.fail("prove", err)
	}
	if fs.NArg() != 1 {
		return e.fail("prove", fmt.Errorf("%w: want one FILE, got %d", errUsage, fs.NArg()))
	}
	if *path == "" {
		return e.fail("prove", fmt.Errorf("%w: -path is required (validators[7].effective_balance)", errUsage))
	}
	// The path is checked first: a typo costs no decoding.
	st, err := t.SSZType(p)
	if err != nil {
		return e.fail("prove", err)
	}
	if _, err := proof.GIndexOf(st, *path); err != nil {
		return e.fail("prove", fmt.Errorf("%w: -path: %w", errUsage, err))
	}
	var pr *proof.Proof
	var root [32]byte
	if _, err := e.decodeFile(t, p, fs.Arg(0), *tf.format, int64(*tf.maxInput), "decoding and proving", func(b []byte) error {
		var err error
		pr, root, err = t.Prove(p, b, *path, want)
		return err
	}); err != nil {
		if errors.Is(err, cache.ErrUnexpectedRoot) {
			fmt.Fprintf(e.stderr, "lanehash prove: %s: the root differs from -expect %s\n", fs.Arg(0), *expect)
			return exitNegative
		}
		return e.fail("prove", err)
	}
	out := proofJSON{Type: t.Name(), Preset: p.name, Path: *path, GIndex: uint64(pr.Index),
		Leaf: hex0x(pr.Leaf[:]), Branch: make([]string, len(pr.Branch)), Root: hex0x(root[:])}
	for i := range pr.Branch {
		out.Branch[i] = hex0x(pr.Branch[i][:])
	}
	enc := json.NewEncoder(e.stdout)
	enc.SetIndent("", "  ")
	if err := enc.Encode(out); err != nil {
		return e.fail("prove", err)
	}
	return exitOK
}

const verifyUsage = `Usage: lanehash verify [-root 0xROOT] [-type fork.Type -path PATH] [PROOF.json | -]

Checks a proof as 'lanehash prove' prints it (read from PROOF.json, or stdin
when no file or - is given): that the leaf and the branch lead to the root
(the spec's is_valid_merkle_branch at the proof's generalized index), and,
when the proof names a type and a path, that the index is that path's.
-root checks against a root you trust (a block's state_root) instead of
the one in the proof; -type and -path check the index against them. A
path with no type to check it against (none in the proof, no -type) is
a usage error: the report never names a path it did not check.

Exit status: 0 valid, 1 invalid, 2 unreadable proof or bad flags.

Examples:
  lanehash prove -type fulu.BeaconState -path 'balances[7]' state.ssz | lanehash verify
  lanehash verify -root 0x6c1f… p.json
`

func (e *env) verify(fs *flag.FlagSet, args []string) int {
	rootFlag := fs.String("root", "", "the 0x root to verify against (default: the proof's own root)")
	typ := fs.String("type", "", "check the proof's index against -path of this type (default: the proof's type)")
	path := fs.String("path", "", "check the proof's index against this path (default: the proof's path)")
	presetFlag := fs.String("preset", "", "the preset of -type (default: the proof's, else mainnet)")
	if done, st := e.parse(fs, args); done {
		return st
	}
	if fs.NArg() > 1 {
		return e.fail("verify", fmt.Errorf("%w: want at most one PROOF file, got %d", errUsage, fs.NArg()))
	}
	file := "-"
	if fs.NArg() == 1 {
		file = fs.Arg(0)
	}
	raw, err := e.readFile(file, inputLimit{ssz: maxProofInput, raw: maxProofInput,
		sszWhy: "a proof is under 10 KB", rawWhy: "a proof is under 10 KB"})
	if err != nil {
		return e.fail("verify", err)
	}
	var pj proofJSON
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&pj); err != nil {
		return e.fail("verify", fmt.Errorf("%w: %s: not a proof: %w", errInput, file, err))
	}
	// One proof a file, as every JSON input is one value: a second
	// document after it would otherwise go unread and unremarked.
	if _, err := dec.Token(); err != io.EOF {
		return e.fail("verify", fmt.Errorf("%w: %s: not a proof: data after the proof", errInput, file))
	}
	pr := &proof.Proof{Index: proof.GIndex(pj.GIndex), Branch: make([][32]byte, len(pj.Branch))}
	if pr.Leaf, err = parseRoot(pj.Leaf); err != nil {
		return e.fail("verify", fmt.Errorf("%w: %s: leaf: %w", errInput, file, err))
	}
	for i, s := range pj.Branch {
		if pr.Branch[i], err = parseRoot(s); err != nil {
			return e.fail("verify", fmt.Errorf("%w: %s: branch[%d]: %w", errInput, file, i, err))
		}
	}
	want := pj.Root
	if *rootFlag != "" {
		want = *rootFlag
	}
	if want == "" {
		return e.fail("verify", fmt.Errorf("%w: the proof has no root: give -root", errUsage))
	}
	root, err := parseRoot(want)
	if err != nil {
		return e.fail("verify", fmt.Errorf("%w: root: %w", errUsage, err))
	}
	// The index must be the claimed path's: a valid branch for another
	// field is not a proof of this one.
	typeName, pathName, presetName := pick(*typ, pj.Type), pick(*path, pj.Path), pick(*presetFlag, pj.Preset)
	if typeName != "" && pathName != "" {
		t, err := lookupType(typeName)
		if err != nil {
			return e.fail("verify", err)
		}
		p, ok := presetNamed(pick(presetName, "mainnet"))
		if !ok {
			return e.fail("verify", fmt.Errorf("%w: preset %q: want mainnet or minimal", errUsage, presetName))
		}
		st, err := t.SSZType(p)
		if err != nil {
			return e.fail("verify", err)
		}
		g, err := proof.GIndexOf(st, pathName)
		if err != nil {
			return e.fail("verify", fmt.Errorf("%w: path: %w", errUsage, err))
		}
		if g != pr.Index {
			fmt.Fprintf(e.stdout, "invalid: gindex %d is not %s of %s (%s), which is %d\n", pr.Index, pathName, t.Name(), p.name, g)
			return exitNegative
		}
	} else if pathName != "" {
		// A path names what is proved; unchecked, the report would
		// vouch for a name the index may not be.
		return e.fail("verify", fmt.Errorf("%w: checking the index against path %q needs a type: give -type", errUsage, pathName))
	} else if *typ != "" {
		return e.fail("verify", fmt.Errorf("%w: checking the index needs both a type and a path", errUsage))
	}
	what := fmt.Sprintf("gindex %d", pr.Index)
	if pathName != "" {
		what = fmt.Sprintf("%s (gindex %d)", pathName, pr.Index)
	}
	got, err := pr.Root()
	if err != nil {
		fmt.Fprintf(e.stdout, "invalid: %s: %v\n", what, err)
		return exitNegative
	}
	if !pr.Verify(root) {
		fmt.Fprintf(e.stdout, "invalid: %s: the branch leads to %s, not %s\n", what, hex0x(got[:]), hex0x(root[:]))
		return exitNegative
	}
	fmt.Fprintf(e.stdout, "valid: %s in %s\n", what, hex0x(root[:]))
	return exitOK
}

// pick returns flag when set, else fallback.
func pick(flag, fallback string) string {
	if flag != "" {
		return flag
	}
	return fallback
}

const diffUsage = `Usage: lanehash diff -type fork.Type [-preset mainnet|minimal] [-max N] [-v] A B

Names every place where A and B, two SSZ files of one type, differ: the
deepest paths whose subtree roots differ (their ancestors differ too and are
not listed), one per line in tree order, with both values where they are
short:

  balances[513]: 32000000000 -> 31000000000
  validators[513].effective_balance: 32000000000 -> 31000000000
  validators[1000000]: (absent) -> (present)
  validators.__len__: 1000000 -> 1000001

Leaves are basic fields and elements, byte strings (roots, keys), bitfields
and list lengths. Paths are what 'lanehash prove -path' takes.

What is listed: every deepest path whose subtree root differs, and a list's
__len__ when the lengths do. A basic element is listed when its value
differs (elements packed into one chunk share its node: the ones that
differ are named). An element past the shorter list's end is compared with
that list's zero padding there: a basic element is listed when it is not 0,
a composite one when its root is not the zero chunk (a 0 balance or a zero
Bytes32 root gained or lost is no difference; only __len__ is). So every
printed path's node differs between the two files' trees.

A subtree's root differs exactly where its serialization does, so diff
hashes nothing but all-zero elements past a list's end: it validates both
files as strictly as the decoder (in parallel, at memory speed) and
compares their bytes type by type, descending only into spans that
differ. Two 1M-validator states diff in less time than one of them takes
to root. -v adds both roots (two roots' time) on stderr. Exit status: 0
identical, 1 different, 2 error.

Examples:
  lanehash diff -type fulu.BeaconState ours.ssz theirs.ssz
  lanehash diff -type electra.BeaconState -preset minimal -max 0 pre.ssz_snappy post.ssz_snappy
`

func (e *env) diff(fs *flag.FlagSet, args []string) int {
	tf := addTypeFlags(fs)
	maxOut := fs.Int("max", 100, "print at most N differences (0: all); the count of the rest goes to stderr")
	verbose := fs.Bool("v", false, "also compute and print both roots, and the time taken, on stderr")
	if done, st := e.parse(fs, args); done {
		return st
	}
	t, p, err := tf.resolve()
	if err != nil {
		return e.fail("diff", err)
	}
	if fs.NArg() != 2 {
		return e.fail("diff", fmt.Errorf("%w: want two files A B, got %d", errUsage, fs.NArg()))
	}
	if err := oneStdin(fs.Args()); err != nil {
		return e.fail("diff", err)
	}
	if *maxOut < 0 {
		return e.fail("diff", fmt.Errorf("%w: -max %d: want 0 (all) or more", errUsage, *maxOut))
	}
	start := time.Now()
	diffs, roots, total, err := e.diffFiles(t, p, fs.Arg(0), fs.Arg(1), *tf.format, int64(*tf.maxInput), *maxOut, *verbose)
	if err != nil {
		return e.fail("diff", err)
	}
	for _, d := range diffs {
		fmt.Fprintln(e.stdout, d)
	}
	if total > len(diffs) {
		fmt.Fprintf(e.stderr, "lanehash diff: %d more differences not shown (-max %d; -max 0 shows all)\n", total-len(diffs), *maxOut)
	}
	if *verbose {
		fmt.Fprintf(e.stderr, "A %s  %s\nB %s  %s\n%d differences in %s\n",
			hex0x(roots[0][:]), fs.Arg(0), hex0x(roots[1][:]), fs.Arg(1), total, time.Since(start).Round(time.Microsecond))
	}
	if total > 0 {
		return exitNegative
	}
	return exitOK
}

// diffFiles reads both files, validates them (in parallel, without
// hashing, as strictly as the decoder: the validation picks a file's
// raw or snappy reading, and a file it rejects gets the decoder's own
// message with its byte offset), and lists their differences (package
// diff, which validates its inputs itself: a second pass at memory speed,
// the price of one owner of the walk). With roots (-v) it also roots
// both, in parallel.
func (e *env) diffFiles(t typeEntry, p preset, fa, fb, format string, maxInput int64, maxOut int, roots bool) ([]diff.Difference, [2][32]byte, int, error) {
	var rs [2][32]byte
	st, err := t.SSZType(p)
	if err != nil {
		return nil, rs, 0, err
	}
	var data [2][]byte
	var errs [2]error
	var wg sync.WaitGroup
	for i, f := range []string{fa, fb} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			pl, err := e.decodeFile(t, p, f, format, maxInput, "validating", func(b []byte) error {
				if sszvalidate.Validate(st, b) == nil {
					return nil
				}
				_, err := t.RootBytes(p, b) // the decoder's message and path
				if err == nil {
					err = fmt.Errorf("%w: rejected by the diff's validation but not by the decoder", errLayout)
				}
				return err
			})
			data[i], errs[i] = pl.data, err
			if err == nil && roots {
				rs[i], errs[i] = t.RootBytes(p, pl.data)
			}
		}()
	}
	wg.Wait()
	if err := errors.Join(errs[0], errs[1]); err != nil {
		return nil, rs, 0, err
	}
	diffs, total, err := diff.Serialized(st, data[0], data[1], diff.WithMax(maxOut))
	return diffs, rs, total, err
}

const typesUsage = `Usage: lanehash types [-fork FORK] [-v] [-preset mainnet|minimal]

Lists the types -type takes, fork.Type, one per line in fork order. Each
package ssz/consensus/<fork> declares the containers its fork introduced or
changed; fulu and gloas also re-export every earlier fork's container they
keep unchanged, so each lists every container of its fork (gloas has no
ExecutionPayloadHeader: its state holds the payload bid instead). -v adds
each type's SSZ kind and serialized size under -preset.

Examples:
  lanehash types -fork gloas
  lanehash types -v | grep BeaconState
`

func (e *env) types(fs *flag.FlagSet, args []string) int {
	fork := fs.String("fork", "", "list only this fork's types")
	verbose := fs.Bool("v", false, "add each type's SSZ kind and size")
	presetName := fs.String("preset", "mainnet", "the preset sizes are given for (with -v)")
	if done, st := e.parse(fs, args); done {
		return st
	}
	if fs.NArg() != 0 {
		return e.fail("types", fmt.Errorf("%w: types takes no arguments", errUsage))
	}
	p, ok := presetNamed(*presetName)
	if !ok {
		return e.fail("types", fmt.Errorf("%w: -preset %q: want mainnet or minimal", errUsage, *presetName))
	}
	n := 0
	for _, t := range registry {
		f, _, _ := strings.Cut(t.Name(), ".")
		if *fork != "" && !strings.EqualFold(f, *fork) {
			continue
		}
		n++
		if !*verbose {
			fmt.Fprintln(e.stdout, t.Name())
			continue
		}
		st, err := t.SSZType(p)
		if err != nil {
			fmt.Fprintf(e.stdout, "%-42s %v\n", t.Name(), err)
			continue
		}
		kind := "Container"
		if st.Kind == ssz.KindProgressiveContainer {
			kind = "ProgressiveContainer"
		}
		size := "variable size"
		if st.Fixed {
			size = fmt.Sprintf("%d bytes", st.Size)
		}
		fmt.Fprintf(e.stdout, "%-42s %s, %d fields, %s\n", t.Name(), kind, len(st.Fields), size)
	}
	if n == 0 {
		return e.fail("types", fmt.Errorf("%w: unknown fork %q (forks: %s)", errUsage, *fork, strings.Join(forkNames(), ", ")))
	}
	return exitOK
}
