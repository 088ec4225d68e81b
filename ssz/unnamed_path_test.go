package ssz

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// TestUnnamedTypePath checks the root of an unnamed type's field paths:
// the type's literal when short, its kind with the literal elided when
// long, so a reflect.StructOf type of many fields does not copy its
// whole literal into every field's path (which made building it
// quadratic in its fields).
func TestUnnamedTypePath(t *testing.T) {
	bad := reflect.StructField{Name: "Bad", Type: reflect.TypeFor[[]byte](), Tag: `ssz-max:"x"`}
	short := reflect.StructOf([]reflect.StructField{bad})
	var fields []reflect.StructField
	for i := range 200 {
		fields = append(fields, reflect.StructField{Name: fmt.Sprintf("F%d", i), Type: reflect.TypeFor[uint64]()})
	}
	long := reflect.StructOf(append(fields, bad))
	for _, c := range []struct {
		t    reflect.Type
		want string
	}{
		{short, short.String() + ".Bad"},
		{reflect.PointerTo(short), reflect.PointerTo(short).String() + ".Bad"},
		{long, "struct {…}.Bad"},
		{reflect.PointerTo(long), "*struct {…}.Bad"},
	} {
		_, err := TypeOf(c.t)
		var e *Error
		if !errors.As(err, &e) || !errors.Is(err, ErrTag) {
			t.Fatalf("%.40s: error %v, want an *Error wrapping ErrTag", c.t, err)
		}
		if e.Path != c.want {
			t.Errorf("%.40s: path %q, want %q", c.t, e.Path, c.want)
		}
		if len(e.Path) > maxUnnamedPath+len("*struct {…}.Bad") {
			t.Errorf("path of %d bytes", len(e.Path))
		}
		if strings.Contains(e.Path, "F199") {
			t.Errorf("path %q holds the type's literal", e.Path)
		}
	}
	// Building a wide unnamed type succeeds.
	wide := reflect.StructOf(fields)
	if _, err := TypeOf(wide); err != nil {
		t.Fatal(err)
	}
}
