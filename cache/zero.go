package cache

import (
	"errors"

	"github.com/lanehash/lanehash/lanes"
)

// ErrZero reports a Tree, List or Sparse that its constructor did not
// make (a declared zero value, new(cache.Tree[T])): it has no type, no
// options and no nodes, so each method that can fail returns this error
// rather than dereference what is not there. Make a Tree with New or
// TreeOf, a List with NewList or NewProgressiveList, a Sparse with
// SparseOf or SparseOfBytes.
var ErrZero = errors.New("cache: a zero Tree, List or Sparse: make it with its constructor")

// zeroTree is the one check every method of a Tree or List makes before
// it reaches the tree: nil for a tree the constructor made.
func zeroTree(tr *tree) error {
	if tr == nil {
		return ErrZero
	}
	return nil
}

// hashOf is the hash function of tr: a zero Tree's or List's is the
// zero Hash (SHA-256), as it has no options.
func hashOf(tr *tree) lanes.Hash {
	if tr == nil {
		return lanes.SHA256
	}
	return tr.c.hash
}

// statsOf is the counters of tr: a zero Tree's or List's are zero.
func statsOf(tr *tree) Stats {
	if tr == nil {
		return Stats{}
	}
	return tr.stats()
}
