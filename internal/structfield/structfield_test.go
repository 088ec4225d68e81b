package structfield

import (
	"reflect"
	"testing"
)

type Inner struct{ A, B uint16 }

type Middle struct {
	*Inner
	C uint8
}

type Outer struct {
	X uint64
	*Middle
}

// TestThroughNilEmbeddedPointers: Get reads B of Outer.Middle.Inner as
// zero while both embedded pointers are nil (and allocates nothing);
// Settable allocates both, and its result writes into the value.
func TestThroughNilEmbeddedPointers(t *testing.T) {
	f, ok := reflect.TypeFor[Outer]().FieldByName("B")
	if !ok || len(f.Index) != 3 {
		t.Fatalf("index of B: %v", f.Index)
	}
	var o Outer
	v := reflect.ValueOf(&o).Elem()
	if g := Get(v, f.Index); g.Uint() != 0 || g.CanSet() || o.Middle != nil {
		t.Fatalf("Get through nil pointers: %v, settable %v, Middle %v", g, g.CanSet(), o.Middle)
	}
	Settable(v, f.Index).SetUint(7)
	if o.Middle == nil || o.Inner == nil || o.B != 7 {
		t.Fatalf("after Settable: %+v", o)
	}
	if g := Get(v, f.Index); g.Uint() != 7 {
		t.Errorf("Get after Settable: %v", g)
	}
	x, _ := reflect.TypeFor[Outer]().FieldByName("X")
	Settable(v, x.Index).SetUint(3)
	if o.X != 3 || Get(v, x.Index).Uint() != 3 {
		t.Errorf("direct field: %+v", o)
	}
}
