package breaker22json

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/lanehash/lanehash/proof"

	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/sszjson"
)

func asError(t *testing.T, err error) *sszjson.Error {
	t.Helper()
	var e *sszjson.Error
	if !errors.As(err, &e) {
		t.Fatalf("want *sszjson.Error, got %v", err)
	}
	return e
}

// TestHexBadDigitOffsetAfterEscape: a bad hex digit's Offset is computed
// from its index in the unescaped string (decodeHex: lo+3+i), so after an
// escape earlier in the string it names another byte of the input than
// the one at fault. Here the 'g' is byte 14 of the document; the error
// says byte 9, the middle of the \u0030 escape.
func TestHexBadDigitOffsetAfterEscape(t *testing.T) {
	var v struct{ R [1]byte }
	doc := []byte(`{"r":"\u0030x0g"}`)
	e := asError(t, sszjson.Unmarshal(doc, &v))
	at := int64(len(`{"r":"\u0030x0`))
	if !errors.Is(e, sszjson.ErrHex) || e.Path != "r" {
		t.Fatalf("want ErrHex at r, got %v", e)
	}
	if e.Offset != at {
		t.Errorf("Offset %d (byte %q), want %d (the bad digit %q)", e.Offset, doc[e.Offset], at, doc[at])
	}
}

// TestResponseBadTokenForStringMetadata: ParseResponse documents
// "a metadata value of the wrong JSON kind ErrType, anything that is not
// JSON ErrSyntax", and does so for the boolean keys (`"finalized": tru`
// is ErrSyntax), but a token that is no JSON in a string key's place is
// called a boolean or a number of the wrong kind: ErrType.
func TestResponseBadTokenForStringMetadata(t *testing.T) {
	for _, doc := range []string{
		`{"version": tru, "data": {}}`,
		`{"version": 1x, "data": {}}`,
		`{"dependent_root": nul, "data": {}}`,
		`{"version": -, "data": {}}`,
	} {
		if json.Valid([]byte(doc)) {
			t.Fatalf("%s is JSON", doc)
		}
		_, err := sszjson.ParseResponse([]byte(doc))
		if !errors.Is(err, sszjson.ErrSyntax) {
			t.Errorf("%s: want ErrSyntax (not JSON), got %v", doc, err)
		}
	}
	// The boolean keys do it right:
	_, err := sszjson.ParseResponse([]byte(`{"finalized": tru, "data": {}}`))
	if !errors.Is(err, sszjson.ErrSyntax) {
		t.Errorf("finalized: tru: %v", err)
	}
}

type EmbInner struct {
	X uint64
	Y []byte `ssz-max:"8"`
}

type WithEmbeddedPointer struct {
	*EmbInner
	Z uint8
}

type WithPointer struct {
	P *EmbInner
	Z uint8
}

// TestPrefilledEmbeddedPointerObservation (logged, not failed): decoding into a value
// decoded before must not write into memory the caller may still hold.
// A pointer field gets a new pointee on every read (decoder.value), but
// an embedded pointer is reached by structfield.Settable, which reuses a
// non-nil one: the caller's old *EmbInner is overwritten by the new
// document.
func TestPrefilledEmbeddedPointerObservation(t *testing.T) {
	var v WithEmbeddedPointer
	if err := sszjson.Unmarshal([]byte(`{"x":"1","y":"0x01","z":1}`), &v); err != nil {
		t.Fatal(err)
	}
	old := v.EmbInner
	if err := sszjson.Unmarshal([]byte(`{"x":"2","y":"0x02","z":2}`), &v); err != nil {
		t.Fatal(err)
	}
	if old.X != 1 {
		// An observation, not a failure: package ssz does the same (below).
		t.Logf("embedded pointer: the caller's old pointee was written: X %d, want 1 (same pointer: %v)", old.X, old == v.EmbInner)
	}
	// The plain pointer field is not shared:
	var w WithPointer
	if err := sszjson.Unmarshal([]byte(`{"p":{"x":"1","y":"0x01"},"z":1}`), &w); err != nil {
		t.Fatal(err)
	}
	oldP := w.P
	if err := sszjson.Unmarshal([]byte(`{"p":{"x":"2","y":"0x02"},"z":2}`), &w); err != nil {
		t.Fatal(err)
	}
	if oldP.X != 1 {
		t.Errorf("pointer field written through")
	}
	// What package ssz does with the same embedded pointer:
	b, _ := ssz.Marshal(&WithEmbeddedPointer{EmbInner: &EmbInner{X: 3, Y: []byte{3}}, Z: 3})
	var s WithEmbeddedPointer
	_ = ssz.Unmarshal(mustMarshal(t, &WithEmbeddedPointer{EmbInner: &EmbInner{X: 1}, Z: 1}), &s)
	oldS := s.EmbInner
	_ = ssz.Unmarshal(b, &s)
	t.Logf("ssz.Unmarshal into the same kind of value: old pointee X=%d after (shared: %v)", oldS.X, oldS == s.EmbInner)
}

func mustMarshal(t *testing.T, v any) []byte {
	b, err := ssz.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestLoneSurrogateKey (observation): `"\ud800"` is valid JSON by RFC
// 8259's grammar (encoding/json reads it, as U+FFFD); the reader calls
// it ErrSyntax rather than a key that names no field.
func TestLoneSurrogateKey(t *testing.T) {
	doc := []byte(`{"x\ud800":1}`)
	var m map[string]any
	if err := json.Unmarshal(doc, &m); err != nil {
		t.Fatal(err)
	}
	var v struct{ X uint8 }
	err := sszjson.Unmarshal(doc, &v)
	t.Logf("lone surrogate key: %v (ErrSyntax: %v, ErrUnknownField: %v)", err, errors.Is(err, sszjson.ErrSyntax), errors.Is(err, sszjson.ErrUnknownField))
}

// TestLongFoldedKeyRefused: a key names a field "as a proof path's step
// does (proof.FieldIndex: ... either ignoring underscores and the case
// of ASCII letters)". A key longer than 256 bytes is refused as
// ErrUnknownField without asking (fieldKeys.index: "no field's name is
// that long"), though underscores make a key of any length name a
// field: proof.FieldIndex takes it, Unmarshal refuses it.
func TestLongFoldedKeyRefused(t *testing.T) {
	key := strings.Repeat("_", 256) + "a"
	typ, err := ssz.TypeFor[struct{ A uint64 }]()
	if err != nil {
		t.Fatal(err)
	}
	if i, err := proof.FieldIndex(typ, key); err != nil || i != 0 {
		t.Fatalf("proof.FieldIndex(%d underscores + a) = %d, %v", 256, i, err)
	}
	var v struct{ A uint64 }
	if err := sszjson.Unmarshal([]byte(`{"`+key+`":7}`), &v); err != nil || v.A != 7 {
		t.Errorf("a key of 256 underscores and a: %v (A=%d)", err, v.A)
	}
	// 255 underscores and a (256 bytes) is read:
	if err := sszjson.Unmarshal([]byte(`{"`+key[1:]+`":7}`), &v); err != nil {
		t.Errorf("255 underscores: %v", err)
	}
}
