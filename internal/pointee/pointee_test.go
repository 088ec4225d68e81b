package pointee

import (
	"reflect"
	"testing"
)

type (
	self   *self
	cycleA *cycleB
	cycleB *cycleA
	leaf   struct{ X int }
	// longer chains of named pointer types ending in a struct
	p1 *leaf
	p2 *p1
	p3 *p2
)

func TestType(t *testing.T) {
	for _, c := range []struct {
		t    reflect.Type
		want reflect.Type
		ok   bool
	}{
		{reflect.TypeFor[leaf](), reflect.TypeFor[leaf](), true},
		{reflect.TypeFor[*leaf](), reflect.TypeFor[leaf](), true},
		{reflect.TypeFor[***leaf](), reflect.TypeFor[leaf](), true},
		{reflect.TypeFor[*p3](), reflect.TypeFor[leaf](), true},
		{reflect.TypeFor[int](), reflect.TypeFor[int](), true},
		{reflect.TypeFor[self](), nil, false},
		{reflect.TypeFor[*self](), nil, false},
		{reflect.TypeFor[cycleA](), nil, false},
		{reflect.TypeFor[**cycleB](), nil, false},
	} {
		got, ok := Type(c.t)
		if ok != c.ok || (ok && got != c.want) {
			t.Errorf("Type(%v) = %v, %v; want %v, %v", c.t, got, ok, c.want, c.ok)
		}
		if !ok && got.Kind() != reflect.Pointer {
			t.Errorf("Type(%v) on a cycle returned %v, not a pointer type of the cycle", c.t, got)
		}
	}
}

// TestTypeLongChain builds a chain of 1,000 unnamed pointer types, which
// has an end however long it is.
func TestTypeLongChain(t *testing.T) {
	want := reflect.TypeFor[leaf]()
	typ := want
	for range 1000 {
		typ = reflect.PointerTo(typ)
	}
	if got, ok := Type(typ); !ok || got != want {
		t.Fatalf("Type(*^1000 leaf) = %v, %v", got, ok)
	}
}
