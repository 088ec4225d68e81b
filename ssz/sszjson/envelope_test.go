package sszjson_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/lanehash/lanehash/ssz/sszjson"
)

// TestParseResponse checks what is a beacon-API response: an object
// with a "data" key whose other keys are all response metadata, each of
// its kind, each once; anything else is refused with its sentinel, an
// unknown key named by the error's path and byte.
func TestParseResponse(t *testing.T) {
	for _, c := range []struct {
		doc, data, version string
		keys               []string
	}{
		{`{"version":"fulu","data":{"a":1}}`, `{"a":1}`, "fulu", []string{"version"}},
		{` {"data" : [1, 2] , "version":"x"} `, `[1, 2]`, "x", []string{"version"}},
		{`{"data":null}`, `null`, "", nil},
		{`{"d\u0061ta":1}`, `1`, "", nil},
		{`{"version":"\u0066ulu","data":1}`, `1`, "fulu", []string{"version"}},
		{`{"version":"fulu","execution_optimistic":false,"finalized":true,"data":{}}`, `{}`, "fulu", []string{"version", "execution_optimistic", "finalized"}},
		{`{"execution_optimistic":true,"finalized":false,"dependent_root":"0x01","data":[]}`, `[]`, "", []string{"execution_optimistic", "finalized", "dependent_root"}},
		{`{"version":"fulu","execution_payload_blinded":false,"execution_payload_value":"1","consensus_block_value":"2","data":{}}`, `{}`, "fulu",
			[]string{"version", "execution_payload_blinded", "execution_payload_value", "consensus_block_value"}},
	} {
		r, err := sszjson.ParseResponse([]byte(c.doc))
		if err != nil {
			t.Errorf("%s: %v", c.doc, err)
			continue
		}
		if string(r.Data) != c.data || r.Version != c.version || !slices.Equal(r.Keys, c.keys) || c.doc[r.Offset:r.Offset+len(r.Data)] != c.data {
			t.Errorf("%s: %+v", c.doc, r)
		}
		data, version, err := sszjson.Envelope([]byte(c.doc))
		if err != nil || string(data) != c.data || version != c.version {
			t.Errorf("Envelope %s: %q %q %v", c.doc, data, version, err)
		}
	}
	for _, c := range []struct {
		doc  string
		err  error
		path string
		at   string // where the error points, "" for byte 0
	}{
		{`[{"data":1}]`, sszjson.ErrNoEnvelope, "", ""},
		{`"data"`, sszjson.ErrNoEnvelope, "", ""},
		{`{"version":"fulu"}`, sszjson.ErrNoEnvelope, "", ""},
		{`{"Data":1}`, sszjson.ErrNoEnvelope, "Data", `"Data"`},
		{`{"data":1,"meta":{}}`, sszjson.ErrNoEnvelope, "meta", `"meta"`},
		{`{"version":"fulu","Version":"fulu","data":1}`, sszjson.ErrNoEnvelope, "Version", `"Version"`},
		{`{"slot":"1","data":{"slot":"2"}}`, sszjson.ErrNoEnvelope, "slot", `"slot"`},
		{`{"a b":1,"data":1}`, sszjson.ErrNoEnvelope, `"a b"`, `"a b"`},
		{`{"data":1,"data":2}`, sszjson.ErrDuplicateField, "data", `"data":2`},
		{`{"data":1,"d\u0061ta":2}`, sszjson.ErrDuplicateField, "data", `"d\u0061ta"`},
		{`{"data":1,"version":"a","version":"b"}`, sszjson.ErrDuplicateField, "version", `"version":"b"`},
		{`{"data":1,"version":1}`, sszjson.ErrType, "version", `1}`},
		{`{"data":1,"version":null}`, sszjson.ErrType, "version", `null`},
		{`{"data":1,"finalized":"true"}`, sszjson.ErrType, "finalized", `"true"`},
		{`{"data":1,"execution_optimistic":0}`, sszjson.ErrType, "execution_optimistic", `0}`},
		{`{"data":1,"dependent_root":false}`, sszjson.ErrType, "dependent_root", `false`},
		{`{"data":1,"finalized":tru}`, sszjson.ErrSyntax, "finalized", `tru`},
		// A token that is no JSON is ErrSyntax for the string keys too.
		{`{"version": tru, "data": {}}`, sszjson.ErrSyntax, "version", `tru`},
		{`{"version": 1x, "data": {}}`, sszjson.ErrSyntax, "version", `1x`},
		{`{"dependent_root": nul, "data": {}}`, sszjson.ErrSyntax, "dependent_root", `nul`},
		{`{"version": -, "data": {}}`, sszjson.ErrSyntax, "version", `-`},
		{`{"data":1,"consensus_block_value":12e}`, sszjson.ErrSyntax, "consensus_block_value", `12e`},
		{`{"data":1,"execution_payload_value":1e3}`, sszjson.ErrType, "execution_payload_value", `1e3`},
		{`{"data":1,"version":[]}`, sszjson.ErrType, "version", `[]`},
		{`{"data":1,"version":"x"`, sszjson.ErrSyntax, "", ""},
		{`{"data":[1,"version":"x"}`, sszjson.ErrSyntax, "", ""},
		{`{"data":1 "version":"x"}`, sszjson.ErrSyntax, "", ""},
		{`{"data":1}x`, sszjson.ErrSyntax, "", ""},
		{`{"data":1,}`, sszjson.ErrSyntax, "", ""},
		{``, sszjson.ErrSyntax, "", ""},
	} {
		_, err := sszjson.ParseResponse([]byte(c.doc))
		var je *sszjson.Error
		if !errors.As(err, &je) || !errors.Is(err, c.err) {
			t.Errorf("%s: %v, want %v", c.doc, err, c.err)
			continue
		}
		if c.at != "" && (je.Path != c.path || je.Offset != int64(strings.Index(c.doc, c.at))) {
			t.Errorf("%s: %v (path %q, byte %d), want %q at byte %d", c.doc, err, je.Path, je.Offset, c.path, strings.Index(c.doc, c.at))
		}
		if _, _, eerr := sszjson.Envelope([]byte(c.doc)); eerr == nil || eerr.Error() != err.Error() {
			t.Errorf("Envelope %s: %v, ParseResponse %v", c.doc, eerr, err)
		}
	}
}
