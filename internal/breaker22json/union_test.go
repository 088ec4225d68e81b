package breaker22json

import (
	"errors"
	"reflect"
	"testing"

	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/sszjson"
)

type Shape = ssz.Union[struct {
	Nothing ssz.None
	Small   uint16
	Big     []uint64 `ssz-max:"3"`
	Pair    *Inner
}]

type Compat = ssz.CompatibleUnion[struct {
	A uint8    `ssz-index:"1"`
	B []uint16 `ssz-index:"5" ssz-max:"2"`
}]

type HasUnions struct {
	S  Shape
	C  Compat
	SS []Shape `ssz-max:"4"`
}

// TestUnions: the documented union forms, accepted and refused, with the
// path and byte of each fault.
func TestUnions(t *testing.T) {
	const tail = `,"c":{"selector":1,"data":7},"ss":[]}`
	ok := []struct {
		doc  string
		want Shape
	}{
		{`{"s":{"selector":0,"value":null}` + tail, Shape{Selector: 0}},
		{`{"s":{"value":null,"selector":0}` + tail, Shape{Selector: 0}},
		{`{"s":{"selector":1,"value":"65535"}` + tail, Shape{Selector: 1, Value: uint16(65535)}},
		{`{"s":{"value":65535 ,"selector":1}` + tail, Shape{Selector: 1, Value: uint16(65535)}},
		{`{"s":{"sel\u0065ctor":2,"v\u0061lue":[1,"2",3]}` + tail, Shape{Selector: 2, Value: []uint64{1, 2, 3}}},
		{`{"s":{"selector":3,"value":{"x":1,"y":2,"z":"0x000000"}}` + tail, Shape{Selector: 3, Value: &Inner{X: 1, Y: 2}}},
	}
	for _, c := range ok {
		var v HasUnions
		if err := sszjson.Unmarshal([]byte(c.doc), &v); err != nil {
			t.Errorf("%s: %v", c.doc, err)
			continue
		}
		if !reflect.DeepEqual(v.S, c.want) || v.C.Variant != 1 || v.C.Data != uint8(7) {
			t.Errorf("%s: WRONG VALUE %+v %+v", c.doc, v.S, v.C)
		}
	}
	bad := []struct {
		doc      string
		sentinel error
		path     string
		off      int
	}{
		{`{"s":{"selector":0}` + tail, sszjson.ErrMissingField, "s.value", 5},
		{`{"s":{"value":null}` + tail, sszjson.ErrMissingField, "s.selector", 5},
		{`{"s":{"selector":"0","value":null}` + tail, sszjson.ErrType, "s.selector", 17},
		{`{"s":{"selector":4,"value":null}` + tail, ssz.ErrUnion, "s.selector", 17},
		{`{"s":{"selector":1,"value":null}` + tail, sszjson.ErrType, "s.value", 27},
		{`{"s":{"selector":0,"value":0}` + tail, sszjson.ErrType, "s.value", 27},
		{`{"s":{"selector":1,"value":1,"selector":1}` + tail, sszjson.ErrDuplicateField, "s.selector", 29},
		{`{"s":{"selector":1,"value":1,"x":1}` + tail, sszjson.ErrUnknownField, "s.x", 29},
		{`{"s":{"selector":1,"data":1}` + tail, sszjson.ErrUnknownField, "s.data", 19},
		{`{"s":{"selector":1,"value":65536}` + tail, sszjson.ErrNumber, "s.value", 27},
		{`{"s":{"selector":2,"value":[1,2,3,4]}` + tail, ssz.ErrListTooLong, "s.value", -1},
		{`{"s":{"selector":-0,"value":null}` + tail, sszjson.ErrNumber, "s.selector", 17},
		{`{"s":{"selector":1e0,"value":null}` + tail, sszjson.ErrNumber, "s.selector", 17},
		{`{"s":{"selector":0,"value":null},"c":{"selector":0,"data":7},"ss":[]}`, ssz.ErrUnion, "c.selector", 49},
		{`{"s":{"selector":0,"value":null},"c":{"selector":2,"data":7},"ss":[]}`, ssz.ErrUnion, "c.selector", 49},
		{`{"s":{"selector":0,"value":null},"c":{"selector":1,"value":7},"ss":[]}`, sszjson.ErrUnknownField, "c.value", 51},
		{`{"s":{"selector":0,"value":null},"c":{"selector":1,"data":7},"ss":[{"selector":1,"value":1},{"selector":1}]}`, sszjson.ErrMissingField, "ss[1].value", 92},
	}
	for _, c := range bad {
		var v HasUnions
		err := sszjson.Unmarshal([]byte(c.doc), &v)
		var e *sszjson.Error
		if !errors.As(err, &e) || !errors.Is(err, c.sentinel) || e.Path != c.path || (c.off >= 0 && e.Offset != int64(c.off)) {
			t.Errorf("%s: want %v at %s byte %d, got %v", c.doc, c.sentinel, c.path, c.off, err)
		}
	}
}

// TestUnionNoneBadTokenIsSyntax: where the None option's null belongs,
// a token that is no JSON (nul, nullx, tru) is called ErrType ("the None
// option has no value: want null", decoder.union compares the skipped
// token with "null"), where the docs say anything that is not JSON is
// ErrSyntax (as it is for a bad token in any other place: a boolean's,
// an integer's, a selector's).
func TestUnionNoneBadTokenIsSyntax(t *testing.T) {
	const tail = `,"c":{"selector":1,"data":7},"ss":[]}`
	for _, tok := range []string{"nul", "nullx", "tru", "1x"} {
		doc := `{"s":{"selector":0,"value":` + tok + `}` + tail
		var v HasUnions
		err := sszjson.Unmarshal([]byte(doc), &v)
		var e *sszjson.Error
		if !errors.As(err, &e) || !errors.Is(err, sszjson.ErrSyntax) || e.Path != "s.value" || e.Offset != 27 {
			t.Errorf("%s: want ErrSyntax at s.value byte 27, got %v", doc, err)
		}
	}
	// The same token where a uint16 option's value belongs is ErrSyntax:
	var v HasUnions
	if err := sszjson.Unmarshal([]byte(`{"s":{"selector":1,"value":nul}`+tail), &v); !errors.Is(err, sszjson.ErrSyntax) {
		t.Errorf("uint16 option: %v", err)
	}
}
