package main

import (
	"strconv"
	"strings"

	"github.com/lanehash/lanehash/internal/sszlayout"
	"github.com/lanehash/lanehash/ssz"
)

// This file turns a decoder's field path into a byte offset, reading
// the serialization by type without decoding it (internal/sszlayout: the
// span of each field of a container and of each element of a sequence,
// the reader package diff compares spans with). Every span is checked
// against its parent, so malformed bytes are an error here, never a
// panic (the commands validate their inputs first; this is the second
// line).

// errLayout is the sentinel of bytes whose offsets or sizes do not fit
// their type: the layout's own, so its errors and the validation's are
// one.
var errLayout = sszlayout.ErrLayout

// locate follows a decoder's error path ("BeaconState.Validators[3].Pubkey",
// Go names, the type's name first) through b and returns the byte offset
// where the deepest step it can follow starts, and that step's path in
// spec names ("validators[3].pubkey"). It stops, without error, where b
// no longer fits t: the decoder's error says why.
func locate(t *ssz.Type, b []byte, goPath string) (int, string) {
	steps := splitGoPath(goPath)
	if len(steps) > 0 && !strings.HasPrefix(steps[0], "[") {
		steps = steps[1:] // the type's own name
	}
	off, spec := 0, ""
	for _, st := range steps {
		switch {
		case strings.HasPrefix(st, "["):
			i, err := strconv.Atoi(strings.Trim(st, "[]"))
			if err != nil || !sszlayout.IsSequence(t) {
				return off, spec
			}
			n, offs, err := sszlayout.SeqLen(t, b)
			if err != nil || i < 0 || i >= n {
				return off, spec
			}
			s := sszlayout.ElemSpan(t, i, offs)
			off, b, t = off+s.Lo, b[s.Lo:s.Hi], t.Elem
			spec += "[" + strconv.Itoa(i) + "]"
		default:
			if t.Kind != ssz.KindContainer && t.Kind != ssz.KindProgressiveContainer {
				return off, spec
			}
			fi := -1
			for k := range t.Fields {
				if t.Fields[k].Name == st {
					fi = k
				}
			}
			if fi < 0 {
				return off, spec
			}
			spec = sszlayout.JoinPath(spec, sszlayout.FieldName(t, fi))
			spans, err := sszlayout.FieldSpans(t, b)
			if err != nil {
				// The field is named, its bytes are not where they should be:
				// the offset is the container's.
				return off, spec
			}
			s := spans[fi]
			off, b, t = off+s.Lo, b[s.Lo:s.Hi], t.Fields[fi].Type
		}
	}
	return off, spec
}

// splitGoPath splits "A.B[3].C" into "A", "B", "[3]", "C".
func splitGoPath(p string) []string {
	var out []string
	for _, part := range strings.Split(p, ".") {
		for part != "" {
			i := strings.IndexByte(part[1:], '[')
			if i < 0 {
				out = append(out, part)
				break
			}
			out = append(out, part[:i+1])
			part = part[i+1:]
		}
	}
	return out
}
