package cache_test

import (
	"errors"
	"testing"

	"github.com/lanehash/lanehash/cache"
	"github.com/lanehash/lanehash/proof"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// TestZeroValues: the zero Tree, List and Sparse (declared, not made by
// their constructors) answer ErrZero from every method that can fail,
// zero counters and the zero Hash from the others, and proofs read from
// them through package proof fail with ErrZero too: no method
// dereferences the tree they do not have.
func TestZeroValues(t *testing.T) {
	var tr cache.Tree[phase0.Checkpoint]
	var l cache.List[phase0.Validator]
	var sp cache.Sparse
	zero := func(what string, err error) {
		t.Helper()
		if !errors.Is(err, cache.ErrZero) {
			t.Errorf("%s: %v, want ErrZero", what, err)
		}
	}
	_, err := tr.Root(&phase0.Checkpoint{})
	zero("Tree.Root", err)
	zero("Tree.Mark", tr.Mark("Epoch"))
	_, err = tr.Node(1)
	zero("Tree.Node", err)
	zero("Tree.ReadNodes", tr.ReadNodes(func(proof.NodeSource) error { return nil }))
	_, err = tr.GIndex("Epoch")
	zero("Tree.GIndex", err)
	_, err = tr.Prove("Epoch")
	zero("Tree.Prove", err)
	_, err = tr.ProveMulti("Epoch")
	zero("Tree.ProveMulti", err)
	_, err = tr.ProveCompact("Epoch")
	zero("Tree.ProveCompact", err)
	_, err = tr.Field("Epoch")
	zero("Tree.Field", err)
	tr.ResetStats()
	if s := tr.Stats(); s != (cache.Stats{}) || tr.Hash() != 0 {
		t.Errorf("zero Tree: Stats %+v, Hash %v; want zero", s, tr.Hash())
	}

	_, err = l.Root(nil)
	zero("List.Root", err)
	zero("List.Mark", l.Mark(0))
	_, err = l.Node(1)
	zero("List.Node", err)
	zero("List.ReadNodes", l.ReadNodes(func(proof.NodeSource) error { return nil }))
	_, err = l.GIndex("[0]")
	zero("List.GIndex", err)
	_, err = l.Prove("[0]")
	zero("List.Prove", err)
	_, err = l.ProveMulti("[0]")
	zero("List.ProveMulti", err)
	_, err = l.ProveCompact("[0]")
	zero("List.ProveCompact", err)
	l.Elements().Mark(1) // a handle of nothing marks nothing
	l.ResetStats()
	if s := l.Stats(); s != (cache.Stats{}) {
		t.Errorf("zero List: Stats %+v; want zero", s)
	}

	_, err = sp.Node(1)
	zero("Sparse.Node", err)
	_, err = sp.GIndex("Epoch")
	zero("Sparse.GIndex", err)
	_, err = sp.Prove("Epoch")
	zero("Sparse.Prove", err)
	_, err = sp.ProveMulti("Epoch")
	zero("Sparse.ProveMulti", err)
	_, err = sp.ProveCompact("Epoch")
	zero("Sparse.ProveCompact", err)

	for name, src := range map[string]proof.NodeSource{"Tree": &tr, "List": &l, "Sparse": &sp} {
		_, err := proof.Prove(src, 2)
		zero("proof.Prove of a zero "+name, err)
		_, err = proof.ProveMulti(src, []proof.GIndex{2, 3})
		zero("proof.ProveMulti of a zero "+name, err)
		_, err = proof.ProveCompact(src, []proof.GIndex{2, 3})
		zero("proof.ProveCompact of a zero "+name, err)
	}
}
