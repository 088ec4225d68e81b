package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/bits"
	"os"
	"strings"

	"github.com/golang/snappy"

	"github.com/lanehash/lanehash/internal/sszvalidate"
	"github.com/lanehash/lanehash/ssz"
)

// Input formats (-format). Auto sniffs: a snappy stream identifier at the
// start is the framed format (how the p2p req/resp layer stores
// payloads), a name ending in snappy is the block format (how the spec
// tests' serialized.ssz_snappy files and gossip messages are stored),
// anything else is raw SSZ, tried as a snappy block when it does not
// decode raw; bytes that are the type both ways, two values, are an
// input error (an *ambiguousError) unless the name ends in .ssz.
const (
	formatAuto   = "auto"
	formatSSZ    = "ssz"
	formatBlock  = "snappy"
	formatFramed = "framed"
)

// nameFormat returns the format a file's name says under -format auto:
// formatJSON for a name ending in .json, formatBlock for one ending in
// snappy (.ssz_snappy, .snappy), formatSSZ for one ending in .ssz, ""
// for any other name (stdin's too). It is the one owner of the rule:
// the commands read inputs by it and convert names its outputs by it.
func nameFormat(name string) string {
	lower := strings.ToLower(name)
	switch {
	case strings.HasSuffix(lower, ".json"):
		return formatJSON
	case strings.HasSuffix(lower, "snappy"):
		return formatBlock
	case strings.HasSuffix(lower, ".ssz"):
		return formatSSZ
	}
	return ""
}

// framedMagic is the snappy framing format's stream identifier chunk.
var framedMagic = []byte("\xff\x06\x00\x00sNaPpY")

// errInput is the sentinel of an input that cannot be read or unpacked
// (exit status 2 with the other input errors).
var errInput = errors.New("bad input")

// payload is one way of reading an input: its SSZ bytes and how they
// were found ("ssz", "snappy", "framed").
type payload struct {
	data []byte
	how  string
}

// readFile reads the named file, or stdin for "-", reporting progress
// on e's stderr for large files when it is a terminal. It never reads
// more than lim.raw bytes: a regular file larger than that is refused
// from its size, before anything is allocated, and anything else
// (stdin, a device, a FIFO) is read through a limit, so /dev/zero or an
// endless pipe is an error, not an exhausted memory.
func (e *env) readFile(name string, lim inputLimit) ([]byte, error) {
	if name == "-" {
		return readLimited(e.stdin, "stdin", -1, lim)
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", errInput, err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("%w: %w", errInput, err)
	}
	if st.IsDir() {
		return nil, fmt.Errorf("%w: %s is a directory", errInput, name)
	}
	if !st.Mode().IsRegular() {
		return readLimited(f, name, -1, lim)
	}
	if st.Size() > lim.raw {
		return nil, lim.rawTooLarge(name, st.Size())
	}
	var r io.Reader = f
	p := e.progress(name, st.Size())
	if p != nil {
		r = io.TeeReader(f, p)
		defer p.finish()
	}
	return readLimited(r, name, st.Size(), lim)
}

// readLimited reads r to its end, or to one byte past lim.raw, which is
// an error (a *tooLargeError). size is what a regular file's size says
// it holds (read into one buffer of that size, as os.ReadFile does: a
// state is hundreds of megabytes, so no regrowth), -1 when unknown.
func readLimited(r io.Reader, name string, size int64, lim inputLimit) ([]byte, error) {
	r = io.LimitReader(r, lim.raw+1)
	// Room to see EOF; never more than the limit lets through.
	capacity := min(lim.raw+1, 64<<10)
	if size >= 0 {
		capacity = min(lim.raw+1, size+512)
	}
	b := make([]byte, 0, capacity)
	for {
		n, err := r.Read(b[len(b):cap(b)])
		b = b[:len(b)+n]
		if int64(len(b)) > lim.raw {
			return nil, lim.rawTooLarge(name, -1)
		}
		if err == io.EOF {
			return b, nil
		}
		if err != nil {
			return nil, fmt.Errorf("%w: %s: %w", errInput, name, err)
		}
		if len(b) == cap(b) {
			b = append(b, 0)[:len(b)] // a stream, or a file that grew while being read
		}
	}
}

// defaultMaxInput is -max-input's default: more than any state a
// mainnet node holds (about 250 MB in 2026), small enough that a
// mistaken input fails instead of exhausting a machine's memory.
const defaultMaxInput = 4 << 30

// maxProofInput bounds a proof file verify reads: a proof has at most
// 64 siblings of 32 bytes, under 10 KB of JSON.
const maxProofInput = 1 << 20

// inputLimit bounds what one input may hold: at most ssz bytes of SSZ,
// from at most raw bytes of file (the compressed worst case of ssz bytes
// when the input may be snappy). The whys say where the bounds come
// from, for the error.
type inputLimit struct {
	ssz, raw       int64
	sszWhy, rawWhy string
	// typeBound is set when the bounds are the type's own (not
	// -max-input): an input over them cannot be of the type.
	typeBound bool
	// rawCapped is set when raw is -max-input, below snappy's worst
	// case of ssz: a file longer than raw may still be of the type.
	rawCapped bool
}

// rawTooLarge is the error of the input called file, size bytes long
// (-1 when only known to pass lim.raw), read past lim.raw.
func (lim inputLimit) rawTooLarge(file string, size int64) *tooLargeError {
	return &tooLargeError{File: file, Size: size, Limit: lim.raw, Why: lim.rawWhy, TypeBound: lim.typeBound && !lim.rawCapped}
}

// tooLargeError is an input longer than its limit (an input error, exit
// status 2): the file, its size when known and the limit.
type tooLargeError struct {
	File    string
	Size    int64 // bytes, -1 when only known to exceed Limit (a stream)
	Limit   int64
	Decoded bool // Size and Limit count decompressed bytes
	// FromJSON is set when Size and Limit count the SSZ bytes a JSON
	// input was read into.
	FromJSON bool
	Why      string // where the limit comes from
	// TypeBound is set when the limit is the type's own bound: the input
	// is then also of the wrong size for it (ssz.ErrSize).
	TypeBound bool
}

func (e *tooLargeError) Error() string {
	what := "bytes"
	switch {
	case e.Decoded:
		what = "bytes decompressed"
	case e.FromJSON:
		what = "bytes of SSZ read from its JSON"
	}
	if e.Size < 0 {
		return fmt.Sprintf("%s: more %s than the limit of %d (%s)", e.File, what, e.Limit, e.Why)
	}
	return fmt.Sprintf("%s: %d %s, over the limit of %d (%s)", e.File, e.Size, what, e.Limit, e.Why)
}

// Unwrap makes a too-large input one of the input errors, and, over
// the type's own bound, one of the wrong size.
func (e *tooLargeError) Unwrap() []error {
	if e.TypeBound {
		return []error{errInput, ssz.ErrSize}
	}
	return []error{errInput}
}

// limitFor returns the limit of an input of type st (named name) under
// format: the most st serializes to, or maxInput when that is larger or
// unbounded; compressed, snappy's worst case of it, but never more than
// maxInput bytes read (-max-input bounds both the bytes read and the
// SSZ they hold).
func limitFor(st *ssz.Type, name string, format string, maxInput int64) inputLimit {
	lim := inputLimit{ssz: maxInput, sszWhy: "-max-input"}
	if m, ok := maxSize(st); ok && m <= uint64(maxInput) {
		lim.ssz, lim.typeBound = int64(m), true
		lim.sszWhy = fmt.Sprintf("the most %s serializes to", name)
		if st.Fixed {
			lim.sszWhy = fmt.Sprintf("the SSZ size of %s", name)
		}
	}
	lim.raw, lim.rawWhy = lim.ssz, lim.sszWhy
	switch format {
	case formatBlock:
		lim.raw = blockMaxLen(lim.ssz)
		lim.rawWhy = fmt.Sprintf("%d bytes snappy compressed at worst, %s", lim.ssz, lim.sszWhy)
	case formatFramed, formatAuto:
		lim.raw = framedMaxLen(lim.ssz)
		lim.rawWhy = fmt.Sprintf("%d bytes snappy compressed at worst, %s", lim.ssz, lim.sszWhy)
	}
	if lim.raw > maxInput {
		lim.raw, lim.rawWhy, lim.rawCapped = maxInput, "-max-input", true
	}
	return lim
}

// blockMaxLen is the longest snappy block encoding of n bytes
// (snappy.MaxEncodedLen, which refuses n over 4 GiB, in int64).
func blockMaxLen(n int64) int64 { return 32 + n + n/6 }

// framedMaxLen is the longest snappy framed encoding of n bytes: the
// stream identifier, then per chunk of at most 64 KiB a 4-byte header, a
// 4-byte CRC and the chunk's block encoding.
func framedMaxLen(n int64) int64 {
	chunks := n/framedChunk + 1
	return int64(len(framedMagic)) + chunks*(8+32) + n + n/6
}

// framedChunk is the most data one chunk of the snappy framing format
// holds.
const framedChunk = 1 << 16

// maxSize returns the most bytes a value of t serializes to, and false
// when that is unbounded (a progressive list) or beyond uint64.
func maxSize(t *ssz.Type) (uint64, bool) {
	if t.Fixed {
		return t.Size, true
	}
	// elems is the most n elements of et take, with their offsets when et
	// is variable-size.
	elems := func(n uint64, et *ssz.Type) (uint64, bool) {
		m, ok := maxSize(et)
		if !et.Fixed {
			m, ok = addSize(m, ok, 4, true)
		}
		if !ok {
			return 0, false
		}
		hi, lo := bits.Mul64(n, m)
		return lo, hi == 0
	}
	switch t.Kind {
	case ssz.KindList:
		return elems(t.Limit, t.Elem)
	case ssz.KindVector:
		return elems(t.Length, t.Elem)
	case ssz.KindBitlist:
		return t.Limit/8 + 1, true
	case ssz.KindContainer, ssz.KindProgressiveContainer:
		var sum uint64
		ok := true
		for i := range t.Fields {
			ft := t.Fields[i].Type
			m, fok := maxSize(ft)
			if !ft.Fixed {
				m, fok = addSize(m, fok, 4, true)
			}
			sum, ok = addSize(sum, ok, m, fok)
		}
		return sum, ok
	case ssz.KindUnion, ssz.KindCompatibleUnion:
		var most uint64
		for _, o := range t.Options {
			if o == nil {
				continue
			}
			m, ok := maxSize(o)
			if !ok {
				return 0, false
			}
			most = max(most, m)
		}
		return addSize(most, true, 1, true) // the selector
	}
	return 0, false // progressive lists and bitlists have no limit
}

// addSize adds two sizes, each with whether it is bounded, saturating to
// unbounded on overflow.
func addSize(a uint64, aok bool, b uint64, bok bool) (uint64, bool) {
	s, carry := bits.Add64(a, b, 0)
	return s, aok && bok && carry == 0
}

// payloads returns the ways of reading raw as SSZ under format, the most
// likely first: a command uses the first that decodes as its type. None
// is longer than lim.ssz: a snappy input decoding to more is refused
// before its decoded bytes are allocated (a *tooLargeError).
func payloads(name string, raw []byte, format string, lim inputLimit) ([]payload, error) {
	switch format {
	case formatSSZ:
		return []payload{{raw, formatSSZ}}, nil
	case formatBlock:
		b, err := unsnappyBlock(raw, lim)
		if err != nil {
			return nil, err
		}
		return []payload{{b, formatBlock}}, nil
	case formatFramed:
		b, err := unsnappyFramed(raw, lim)
		if err != nil {
			return nil, err
		}
		return []payload{{b, formatFramed}}, nil
	case formatAuto:
	default:
		return nil, fmt.Errorf("%w: -format %q: want auto, ssz, snappy or framed", errUsage, format)
	}
	if nameFormat(name) == formatSSZ {
		// The name says raw: read so even bytes that begin as a snappy
		// stream does (a value whose first bytes are its own to choose).
		if int64(len(raw)) > lim.ssz {
			return nil, &tooLargeError{Size: int64(len(raw)), Limit: lim.ssz, Why: lim.sszWhy, TypeBound: lim.typeBound}
		}
		return []payload{{raw, formatSSZ}}, nil
	}
	if bytes.HasPrefix(raw, framedMagic) {
		b, err := unsnappyFramed(raw, lim)
		if err != nil {
			return nil, err
		}
		return []payload{{b, formatFramed}}, nil
	}
	if nameFormat(name) == formatBlock {
		b, err := unsnappyBlock(raw, lim)
		if err != nil {
			return nil, fmt.Errorf("%w (the name says snappy; -format ssz reads it raw)", err)
		}
		return []payload{{b, formatBlock}}, nil
	}
	// Read raw only within the SSZ limit: the file may be as long as
	// the limit's snappy encoding at worst, which is longer.
	var out []payload
	if int64(len(raw)) <= lim.ssz {
		out = append(out, payload{raw, formatSSZ})
	}
	if b, err := unsnappyBlock(raw, lim); err == nil {
		out = append(out, payload{b, formatBlock})
	}
	if len(out) == 0 {
		return nil, &tooLargeError{Size: int64(len(raw)), Limit: lim.ssz, Why: lim.sszWhy, TypeBound: lim.typeBound}
	}
	return out, nil
}

// ambiguousError is an input that -format auto cannot read for its
// name: its bytes are a value of the type as raw SSZ and another as a
// snappy block, and the name does not say which (an input error, exit
// status 2). The sizes tell the two readings apart.
type ambiguousError struct {
	File, Type string
	Raw, Block int // bytes of SSZ of each reading
}

func (e *ambiguousError) Error() string {
	return fmt.Sprintf("%s: reads as %s both as raw SSZ (%d bytes) and as a snappy block (%d bytes decompressed), two values: "+
		"give -format ssz or -format snappy (or name the file .ssz or .ssz_snappy)", e.File, e.Type, e.Raw, e.Block)
}

// Unwrap makes an ambiguous input one of the input errors.
func (e *ambiguousError) Unwrap() error { return errInput }

// checkAmbiguous returns an *ambiguousError when pls, the readings
// payloads found for the input called name under -format auto, are a
// raw and a snappy block reading, both valid serializations of st and
// not the same bytes, and name does not pick the raw one (.ssz). Only
// an input that decodes as a snappy block gets two readings, so this
// validation runs for almost no real file.
func checkAmbiguous(st *ssz.Type, typeName, name string, pls []payload) error {
	if len(pls) != 2 || nameFormat(name) == formatSSZ || bytes.Equal(pls[0].data, pls[1].data) {
		return nil
	}
	if sszvalidate.Validate(st, pls[0].data) != nil || sszvalidate.Validate(st, pls[1].data) != nil {
		return nil
	}
	return &ambiguousError{File: name, Type: typeName, Raw: len(pls[0].data), Block: len(pls[1].data)}
}

// maxSnappyRatio bounds the decoded length a snappy block may claim per
// input byte: the format cannot expand further (a 3-byte copy writes at
// most 64 bytes), so a larger claim is a hostile header, refused before
// it allocates.
const maxSnappyRatio = 32

// unsnappyBlock decodes snappy block format, refusing a decoded length
// over lim.ssz from the block's header, before allocating it.
func unsnappyBlock(raw []byte, lim inputLimit) ([]byte, error) {
	n, err := snappy.DecodedLen(raw)
	if err != nil {
		return nil, fmt.Errorf("%w: not snappy block data: %w", errInput, err)
	}
	if n > maxSnappyRatio*len(raw)+64 {
		return nil, fmt.Errorf("%w: not snappy block data: claims %d bytes from %d", errInput, n, len(raw))
	}
	if int64(n) > lim.ssz {
		return nil, &tooLargeError{Size: int64(n), Limit: lim.ssz, Decoded: true, Why: lim.sszWhy, TypeBound: lim.typeBound}
	}
	b, err := snappy.Decode(nil, raw)
	if err != nil {
		return nil, fmt.Errorf("%w: not snappy block data: %w", errInput, err)
	}
	return b, nil
}

// unsnappyFramed decodes the snappy framing format (its chunks carry
// CRCs, which the reader checks), through a limit of lim.ssz decoded
// bytes: the format carries no total length to check first.
func unsnappyFramed(raw []byte, lim inputLimit) ([]byte, error) {
	b, err := io.ReadAll(io.LimitReader(snappy.NewReader(bytes.NewReader(raw)), lim.ssz+1))
	if err != nil {
		return nil, fmt.Errorf("%w: bad snappy framed data: %w", errInput, err)
	}
	if int64(len(b)) > lim.ssz {
		return nil, &tooLargeError{Size: -1, Limit: lim.ssz, Decoded: true, Why: lim.sszWhy, TypeBound: lim.typeBound}
	}
	return b, nil
}
