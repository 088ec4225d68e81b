package cache

import (
	"testing"

	"github.com/lanehash/lanehash/ssz"
)

// TestPlanShelvesBounded: a program describing ever new types does not
// grow the shelves past maxPlanShelves, and a type's shelf is one shelf
// while the table keeps it.
func TestPlanShelvesBounded(t *testing.T) {
	kept := &ssz.Type{}
	first := shelfOf(kept, nil)
	if again := shelfOf(kept, nil); again != first {
		t.Fatal("one type, two shelves")
	}
	for range 3 * maxPlanShelves {
		shelfOf(&ssz.Type{}, nil)
		planShelves.Lock()
		n := len(planShelves.m)
		planShelves.Unlock()
		if n > maxPlanShelves {
			t.Fatalf("%d shelves, at most %d", n, maxPlanShelves)
		}
	}
}
