package breaker22json

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/lanehash/lanehash/ssz/sszjson"
)

// TestParseResponse: the documented envelope rules.
func TestParseResponse(t *testing.T) {
	doc := ` {"version" : "fu\u006cu", "execution_optimistic":false,"finalized":true, "d\u0061ta" : {"a":1} , "dependent_root":"0x00"} `
	r, err := sszjson.ParseResponse([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	if string(r.Data) != `{"a":1}` || doc[r.Offset:r.Offset+len(r.Data)] != `{"a":1}` || r.Version != "fulu" ||
		strings.Join(r.Keys, ",") != "version,execution_optimistic,finalized,dependent_root" {
		t.Errorf("got %+v", r)
	}
	bad := []struct {
		doc      string
		sentinel error
		path     string
		off      int
	}{
		{`[]`, sszjson.ErrNoEnvelope, "", 0},
		{`{"version":"x"}`, sszjson.ErrNoEnvelope, "", 0},
		{`{"data":1,"foo":2}`, sszjson.ErrNoEnvelope, "foo", 10},
		{`{"data":1,"Version":"x"}`, sszjson.ErrNoEnvelope, "Version", 10},
		{`{"data":1,"data":2}`, sszjson.ErrDuplicateField, "data", 10},
		{`{"data":1,"version":"a","version":"a"}`, sszjson.ErrDuplicateField, "version", 24},
		{`{"data":1,"version":1}`, sszjson.ErrType, "version", 20},
		{`{"data":1,"finalized":"true"}`, sszjson.ErrType, "finalized", 22},
		{`{"data":1}x`, sszjson.ErrSyntax, "", 10},
		{`{"data":1,}`, sszjson.ErrSyntax, "", 10},
		{`{"data" 1}`, sszjson.ErrSyntax, "", 8},
		{``, sszjson.ErrSyntax, "", 0},
	}
	for _, c := range bad {
		_, err := sszjson.ParseResponse([]byte(c.doc))
		var e *sszjson.Error
		if !errors.As(err, &e) || !errors.Is(err, c.sentinel) || e.Path != c.path || e.Offset != int64(c.off) {
			t.Errorf("%s: want %v at %q byte %d, got %v", c.doc, c.sentinel, c.path, c.off, err)
		}
	}
}

// TestHostileShapes: deep nesting, huge white space, long strings and
// numbers are refused (or read) fast, with the documented error.
func TestHostileShapes(t *testing.T) {
	cases := []struct {
		name     string
		doc      string
		v        any
		sentinel error
	}{
		{"1M [ for an object", strings.Repeat("[", 1<<20), new(Flat), sszjson.ErrType},
		{"1M [ for a list of lists", `{"l":` + strings.Repeat("[", 1<<20), new(struct {
			L [][]uint64 `ssz-max:"4,4"`
		}), sszjson.ErrSyntax},
		{"1M nested, closed", `{"l":[` + strings.Repeat("[", 1<<19) + strings.Repeat("]", 1<<19) + `]}`, new(struct {
			L [][]uint64 `ssz-max:"4,4"`
		}), sszjson.ErrType},
		{"100k-digit number", `{"a":` + strings.Repeat("9", 100000) + `}`, new(struct{ A uint64 }), sszjson.ErrNumber},
		{"100k-digit string number", `{"a":"` + strings.Repeat("9", 100000) + `"}`, new(struct{ A uint64 }), sszjson.ErrNumber},
		{"1M spaces", "\n" + strings.Repeat(" \t\r\n", 1<<18) + `{"a":1}` + strings.Repeat(" ", 1<<20), new(struct{ A uint64 }), nil},
		{"1M escaped string", `{"a":"` + strings.Repeat(`\u0030`, 1<<18) + `"}`, new(struct{ A uint64 }), sszjson.ErrNumber},
		{"1M-char key", `{"` + strings.Repeat("a", 1<<20) + `":1}`, new(struct{ A uint64 }), sszjson.ErrUnknownField},
		{"unterminated after backslash", `{"a":"\`, new(struct{ A uint64 }), sszjson.ErrSyntax},
	}
	for _, c := range cases {
		start := time.Now()
		err := sszjson.Unmarshal([]byte(c.doc), c.v)
		d := time.Since(start)
		if c.sentinel == nil && err != nil || c.sentinel != nil && !errors.Is(err, c.sentinel) {
			t.Errorf("%s: want %v, got %v", c.name, c.sentinel, err)
		}
		if d > 2*time.Second {
			t.Errorf("%s: %v", c.name, d)
		}
		t.Logf("%s: %v in %v", c.name, err, d)
	}
}
