package kernelcheck

import "testing"

func TestOpsCheckedOnce(t *testing.T) {
	words := []uint32{0, 1, 4, 4, 2, 3}
	o := NewOps("k.NewOps", words)
	if o.Len() != 2 || o.Nodes() != 5 {
		t.Fatalf("NewOps(%v): %d ops over %d nodes, want 2 over 5", words, o.Len(), o.Nodes())
	}
	// The list is a copy: changing the caller's words after the check
	// cannot smuggle an unchecked index in.
	words[1] = 1 << 30
	if got, n := LockstepOps("k.LockstepOps", make([]byte, 5*64), o, 64); n != 2 || got[1] != 1 {
		t.Fatalf("LockstepOps after the caller changed its words: %v (%d ops), want the checked copy", got, n)
	}
	if _, n := LockstepOps("k.LockstepOps", nil, nil, 64); n != 0 {
		t.Errorf("LockstepOps of a nil list: %d ops, want 0", n)
	}
	if _, n := LockstepOps("k.LockstepOps", nil, NewOps("k.NewOps", nil), 64); n != 0 {
		t.Errorf("LockstepOps of an empty list: %d ops, want 0", n)
	}
}

func TestOpsPanicNamingTheFunction(t *testing.T) {
	o := NewOps("k.NewOps", []uint32{0, 1, 2, 2, 1, 3})
	cases := []struct {
		name, want string
		f          func()
	}{
		{"new ops not triples", "k.NewOps: len(ops) = 4 is not a multiple of 3",
			func() { NewOps("k.NewOps", []uint32{0, 1, 2, 0}) }},
		{"arena one node short", "k.LockstepOps: op 1 names node 3 outside an arena of 3 nodes",
			func() { LockstepOps("k.LockstepOps", make([]byte, 3*64), o, 64) }},
		{"ragged arena", "k.LockstepOps: len(arena) = 255 is not a multiple of the node size 64",
			func() { LockstepOps("k.LockstepOps", make([]byte, 4*64-1), o, 64) }},
	}
	for _, c := range cases {
		if msg := panicMessage(c.f); msg != c.want {
			t.Errorf("%s: panic %q, want %q", c.name, msg, c.want)
		}
	}
}
