package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/golang/snappy"
)

// Input formats (-format). Auto sniffs: a snappy stream identifier at the
// start is the framed format (how the p2p req/resp layer stores
// payloads), a name ending in snappy is the block format (how the spec
// tests' serialized.ssz_snappy files and gossip messages are stored),
// anything else is raw SSZ, tried as a snappy block when it does not
// decode raw.
const (
	formatAuto   = "auto"
	formatSSZ    = "ssz"
	formatBlock  = "snappy"
	formatFramed = "framed"
)

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
// on e's stderr for large files when it is a terminal.
func (e *env) readFile(name string) ([]byte, error) {
	if name == "-" {
		b, err := io.ReadAll(e.stdin)
		if err != nil {
			return nil, fmt.Errorf("%w: stdin: %w", errInput, err)
		}
		return b, nil
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
	var r io.Reader = f
	p := e.progress(name, st.Size())
	if p != nil {
		r = io.TeeReader(f, p)
		defer p.finish()
	}
	// Read into one buffer of the file's size (plus room to see EOF), as
	// os.ReadFile does: a state is hundreds of megabytes, so no regrowth.
	b := make([]byte, 0, st.Size()+512)
	for {
		n, err := r.Read(b[len(b):cap(b)])
		b = b[:len(b)+n]
		if err == io.EOF {
			return b, nil
		}
		if err != nil {
			return nil, fmt.Errorf("%w: %s: %w", errInput, name, err)
		}
		if len(b) == cap(b) {
			b = append(b, 0)[:len(b)] // the file grew while being read
		}
	}
}

// payloads returns the ways of reading raw as SSZ under format, the most
// likely first: a command uses the first that decodes as its type.
func payloads(name string, raw []byte, format string) ([]payload, error) {
	switch format {
	case formatSSZ:
		return []payload{{raw, formatSSZ}}, nil
	case formatBlock:
		b, err := unsnappyBlock(raw)
		if err != nil {
			return nil, err
		}
		return []payload{{b, formatBlock}}, nil
	case formatFramed:
		b, err := unsnappyFramed(raw)
		if err != nil {
			return nil, err
		}
		return []payload{{b, formatFramed}}, nil
	case formatAuto:
	default:
		return nil, fmt.Errorf("%w: -format %q: want auto, ssz, snappy or framed", errUsage, format)
	}
	if bytes.HasPrefix(raw, framedMagic) {
		b, err := unsnappyFramed(raw)
		if err != nil {
			return nil, err
		}
		return []payload{{b, formatFramed}}, nil
	}
	if strings.HasSuffix(strings.ToLower(name), "snappy") {
		b, err := unsnappyBlock(raw)
		if err != nil {
			return nil, fmt.Errorf("%w (the name says snappy; -format ssz reads it raw)", err)
		}
		return []payload{{b, formatBlock}}, nil
	}
	out := []payload{{raw, formatSSZ}}
	if b, err := unsnappyBlock(raw); err == nil {
		out = append(out, payload{b, formatBlock})
	}
	return out, nil
}

// maxSnappyRatio bounds the decoded length a snappy block may claim per
// input byte: the format cannot expand further (a 3-byte copy writes at
// most 64 bytes), so a larger claim is a hostile header, refused before
// it allocates.
const maxSnappyRatio = 32

// unsnappyBlock decodes snappy block format.
func unsnappyBlock(raw []byte) ([]byte, error) {
	n, err := snappy.DecodedLen(raw)
	if err != nil {
		return nil, fmt.Errorf("%w: not snappy block data: %w", errInput, err)
	}
	if n > maxSnappyRatio*len(raw)+64 {
		return nil, fmt.Errorf("%w: not snappy block data: claims %d bytes from %d", errInput, n, len(raw))
	}
	b, err := snappy.Decode(nil, raw)
	if err != nil {
		return nil, fmt.Errorf("%w: not snappy block data: %w", errInput, err)
	}
	return b, nil
}

// unsnappyFramed decodes the snappy framing format (its chunks carry
// CRCs, which the reader checks).
func unsnappyFramed(raw []byte) ([]byte, error) {
	b, err := io.ReadAll(snappy.NewReader(bytes.NewReader(raw)))
	if err != nil {
		return nil, fmt.Errorf("%w: bad snappy framed data: %w", errInput, err)
	}
	return b, nil
}
