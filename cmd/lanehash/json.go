package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"reflect"
	"strconv"
	"strings"

	"github.com/lanehash/lanehash/internal/structfield"
	"github.com/lanehash/lanehash/proof"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/sszjson"
)

// formatJSON is -format json: the input is the JSON form of package
// sszjson (the beacon API's and the spec tests'), or a beacon-API
// response carrying it in "data". -format auto reads a file whose name
// ends in .json so.
const formatJSON = "json"

// isJSON reports whether file is read as JSON under format.
func isJSON(file, format string) bool {
	return format == formatJSON || format == formatAuto && nameFormat(file) == formatJSON
}

// jsonLimit is the most bytes a JSON input may hold: -max-input (JSON
// has no size a type bounds: white space is free).
func jsonLimit(maxInput int64) inputLimit {
	return inputLimit{ssz: maxInput, raw: maxInput, sszWhy: "-max-input", rawWhy: "-max-input"}
}

// fromJSON reads a JSON input as t: its SSZ serialization, which the
// commands then read as they read SSZ files. The document is read as t;
// only when that fails on a top-level key that names no field of t is it
// read as a beacon-API response (responseRule), and then its data must
// read as t. An error names the file, the byte and the field (an
// *inputError wrapping sszjson's sentinel): the data's, at its byte in
// the whole document, when the document is read as a response, else the
// document's own as t.
func fromJSON(t typeEntry, p preset, name string, doc []byte) (payload, error) {
	b, err := t.FromJSON(p, doc)
	if err == nil {
		return payload{data: b, how: formatJSON}, nil
	}
	var je *sszjson.Error
	if !errors.As(err, &je) || !errors.Is(err, sszjson.ErrUnknownField) || !topLevel(je.Path) {
		return payload{}, jsonInputError(t, name, doc, 0, err, "")
	}
	r, rerr := sszjson.ParseResponse(doc)
	switch {
	case errors.Is(rerr, sszjson.ErrNoEnvelope):
		// A key no response has: the document is t's, with a key too many.
		return payload{}, jsonInputError(t, name, doc, 0, err, "")
	case rerr != nil:
		return payload{}, jsonInputError(t, name, doc, 0, rerr, "")
	}
	st, serr := t.SSZType(p)
	if serr != nil {
		return payload{}, serr
	}
	for _, k := range r.Keys {
		if _, ferr := proof.FieldIndex(st, k); ferr == nil {
			// The key is t's own: the document is no response but a
			// value of t with a data key too many.
			return payload{}, jsonInputError(t, name, doc, 0, err,
				fmt.Sprintf("not read as a beacon-API response: its key %q is a field of %s", k, t.Name()))
		}
	}
	b, derr := t.FromJSON(p, r.Data)
	if derr == nil {
		return payload{data: b, how: formatJSON}, nil
	}
	hint := ""
	if fork, _, _ := strings.Cut(t.Name(), "."); r.Version != "" && !strings.EqualFold(r.Version, fork) {
		hint = fmt.Sprintf("the response's version is %q", r.Version)
	}
	return payload{}, jsonInputError(t, name, doc, r.Offset, derr, hint)
}

// responseRule is when a JSON input is read as a beacon-API response
// rather than as the type itself, for the commands' help.
const responseRule = `A JSON document is read as the type. Only when that fails on a key of the
top-level object that names no field of the type is it read as a beacon-API
response, {"version": "fulu", "execution_optimistic": false, "finalized":
true, "data": {…}}, whose data must then read as the type; and only when the
document is one: an object with a "data" key whose other keys are all the
response's metadata (version, execution_optimistic, finalized,
dependent_root, execution_payload_blinded, execution_payload_value,
consensus_block_value), none of them a field of the type (gloas.Builder's
version).`

// topLevel reports whether the path of an unknown key's error names a
// key of the top-level object: one step, a name or a quoted key.
func topLevel(path string) bool {
	return strings.HasPrefix(path, `"`) || !strings.ContainsAny(path, ".[")
}

// jsonInputError is the inputError of a JSON input that does not read as
// t: the byte (in the whole document) and the field sszjson names.
func jsonInputError(t typeEntry, name string, doc []byte, base int, err error, hint string) error {
	var je *sszjson.Error
	if !errors.As(err, &je) {
		return fmt.Errorf("%s: %w", name, err)
	}
	off := 0
	if je.Offset >= 0 {
		off = base + int(je.Offset)
	}
	return &inputError{File: name, How: formatJSON, Size: len(doc), Offset: off, Field: je.Path,
		Type: t.Name(), Hint: hint, Err: je.Err}
}

const showUsage = `Usage: lanehash show -type fork.Type [-path PATH] [-compact] [-preset mainnet|minimal] FILE

Prints the value in FILE, or the part of it at PATH, as JSON: the form of the
consensus spec tests and the beacon API (package sszjson). Containers are
objects keyed by the spec's field names, integers decimal strings, byte
strings, bitvectors and bitlists 0x hex, other lists and vectors arrays.
-compact prints one line without white space; the default is indented.

FILE may be SSZ (raw or snappy compressed), or JSON (a name ending in .json,
or -format json), which show then checks and prints in the canonical form.

` + responseRule + `

PATH is what prove takes: validators[7], validators[7].pubkey, balances[7],
latest_block_header, validators.__len__ (the length, as a decimal string).

Examples:
  lanehash show -type fulu.BeaconState -path 'validators[7]' state.ssz
  lanehash show -type electra.SignedBeaconBlock block.ssz_snappy > block.json
  lanehash show -type fulu.BeaconState -path finalized_checkpoint state.json
`

func (e *env) show(fs *flag.FlagSet, args []string) int {
	tf := addTypeFlags(fs)
	path := fs.String("path", "", "print only the value at this path, such as validators[7]")
	compact := fs.Bool("compact", false, "print the JSON on one line, without white space")
	if done, st := e.parse(fs, args); done {
		return st
	}
	t, p, err := tf.resolve()
	if err != nil {
		return e.fail("show", err)
	}
	if fs.NArg() != 1 {
		return e.fail("show", fmt.Errorf("%w: want one FILE, got %d", errUsage, fs.NArg()))
	}
	st, err := t.SSZType(p)
	if err != nil {
		return e.fail("show", err)
	}
	steps, err := proof.ParsePath(*path)
	if err == nil {
		_, _, err = proof.Walk(st, steps)
	}
	if err != nil {
		return e.fail("show", fmt.Errorf("%w: -path: %w", errUsage, err))
	}
	var v reflect.Value
	if _, err := e.decodeFile(t, p, fs.Arg(0), *tf.format, int64(*tf.maxInput), "decoding", func(b []byte) error {
		var err error
		v, err = t.Decode(p, b)
		return err
	}); err != nil {
		return e.fail("show", err)
	}
	vt, v, err := walkValue(st, v, steps)
	if err != nil {
		return e.fail("show", fmt.Errorf("%w: -path %s: %w", errInput, *path, err))
	}
	if err := writeJSON(e.stdout, vt, v, *compact); err != nil {
		return e.fail("show", err)
	}
	return exitOK
}

// writeJSON writes v, a value of t, as show prints it and convert -to
// json writes it: package sszjson's form, indented by two spaces or, with
// compact, on one line, and a newline. A nil t is what walkValue returns
// for no value of a type of its own (a length, a bit): printed as it is.
func writeJSON(w io.Writer, t *ssz.Type, v reflect.Value, compact bool) error {
	bw := bufio.NewWriterSize(w, 1<<16)
	enc := sszjson.NewEncoder(bw)
	if !compact {
		enc.SetIndent("", "  ")
	}
	var err error
	if t == nil {
		_, err = fmt.Fprintln(bw, v.Interface())
	} else {
		err = enc.EncodeValue(t, v)
	}
	if err != nil {
		return err
	}
	return bw.Flush()
}

// walkValue follows steps from v, a value of t, and returns the type and
// value there: a field of a container, an element of a vector or list (a
// zero vector's elements are zero), or, with a nil type, what is no
// value of a type of its own: a bit of a bitfield (true or false) or a
// list's length (a decimal string, as JSON writes integers). An index
// past a list's end is an error.
func walkValue(t *ssz.Type, v reflect.Value, steps []proof.Step) (*ssz.Type, reflect.Value, error) {
	for i, s := range steps {
		if v.Kind() == reflect.Pointer && t.Kind != ssz.KindUint128 && t.Kind != ssz.KindUint256 {
			if v.IsNil() {
				v = reflect.Zero(v.Type().Elem())
			} else {
				v = v.Elem()
			}
		}
		switch {
		case s.Field == proof.LengthStep && i == len(steps)-1:
			n := v.Len()
			if t.Kind == ssz.KindBitlist || t.Kind == ssz.KindProgressiveBitlist {
				n = bitlistLen(bytesOf(v))
			}
			return nil, reflect.ValueOf(strconv.Quote(strconv.Itoa(n))), nil
		case !s.IsIndex:
			f, err := proof.FieldIndex(t, s.Field)
			if err != nil {
				return nil, v, err
			}
			v, t = structfield.Get(v, t.Fields[f].Index), t.Fields[f].Type
		case t.Kind == ssz.KindBitvector || t.Kind == ssz.KindBitlist || t.Kind == ssz.KindProgressiveBitlist:
			b := bytesOf(v)
			n := t.Length
			if t.Kind != ssz.KindBitvector {
				n = uint64(bitlistLen(b))
			} else if len(b) == 0 {
				b = make([]byte, t.Size) // the zero bitvector
			}
			if s.Index >= n {
				return nil, v, fmt.Errorf("bit %d of %d", s.Index, n)
			}
			if i != len(steps)-1 {
				return nil, v, fmt.Errorf("a bit has no parts")
			}
			return nil, reflect.ValueOf(b[s.Index/8]>>(s.Index%8)&1 == 1), nil
		default:
			n := uint64(v.Len())
			if t.Kind == ssz.KindVector {
				if n == 0 { // the zero vector
					v, t = reflect.Zero(t.Elem.Go), t.Elem
					continue
				}
			}
			if s.Index >= n {
				return nil, v, fmt.Errorf("element %d of %d", s.Index, n)
			}
			v, t = v.Index(int(s.Index)), t.Elem
		}
	}
	return t, v, nil
}

// bytesOf returns the bytes of a bitfield held in a Go slice or array
// (one that is not addressable, the zero value behind a nil pointer,
// copied).
func bytesOf(v reflect.Value) []byte {
	if v.Kind() == reflect.Slice || v.CanAddr() {
		return v.Bytes()
	}
	b := make([]byte, v.Len())
	reflect.Copy(reflect.ValueOf(b), v)
	return b
}

// bitlistLen is the bit count of a bitlist's bytes (its delimiter bit
// not counted); the bytes were validated.
func bitlistLen(b []byte) int {
	if len(b) == 0 {
		return 0
	}
	last := b[len(b)-1]
	n := 0
	for last > 1 {
		last >>= 1
		n++
	}
	return 8*(len(b)-1) + n
}
