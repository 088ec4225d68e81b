package cache

import (
	"runtime"
	"testing"

	"github.com/lanehash/lanehash/internal/longnames"
	"github.com/lanehash/lanehash/ssz"
)

// TestTreePathsBounded: a tree of a type whose name is long (every node's
// path starts with it) keeps memory in proportion to its nodes, not their
// count times the name's length (each path is bounded, internal/sszpath),
// and roots as the reference does.
func TestTreePathsBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: builds a tree of 40,000 nodes")
	}
	v := longnames.New(20000)
	want, err := ssz.HashTreeRoot(v, ssz.SHA256)
	if err != nil {
		t.Fatal(err)
	}
	before := longnames.LiveHeap()
	tr, got, err := TreeOf(v)
	if err != nil || got != want {
		t.Fatalf("TreeOf = %x, %v; the reference %x", got, err, want)
	}
	// Without the bound: 40,000 paths of about 3 KB, 120 MB.
	if held := int64(longnames.LiveHeap()) - int64(before); held > 40<<20 {
		t.Errorf("the tree holds %d MiB, want under 40", held>>20)
	}
	runtime.KeepAlive(tr)
}
