// Package pointee finds the type behind a chain of pointer types. Go
// allows a pointer type that is its own element (type P *P) or a cycle
// of them (type A *B; type B *A), and a value of one may point to
// itself, so a loop that strips pointers "until the type is not a
// pointer" never ends on them; ssz refuses such types (a pointer to a
// non-struct), and the code that strips pointers before it asks ssz
// (to find a versioned wrapper, a type's name) goes through here.
package pointee

import "reflect"

// Type returns the first type of t's pointer chain that is not a
// pointer (t itself when it is not one), and false, with t, when the
// chain returns to a type it has passed and so has no end.
func Type(t reflect.Type) (reflect.Type, bool) {
	// Brent's cycle finding: a chain of n distinct pointer types costs
	// O(n) steps and no memory beyond two types.
	slow, steps, power := t, 0, 1
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
		if t == slow {
			return t, false
		}
		if steps++; steps == power {
			slow, steps, power = t, 0, 2*power
		}
	}
	return t, true
}
