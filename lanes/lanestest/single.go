package lanestest

import (
	"testing"

	"github.com/lanehash/lanehash/lanes"
)

// SingleKernel is a Kernel with a Single entry, as *lanes.Kernel has:
// one instance's op list over a flat buffer of 32-byte chunks, which is
// Lockstep of width 1 in chunk layout. The suite runs every Lockstep
// case through it on a kernel of width 1 (singleView), so the same op
// lists (every aliasing of two consecutive ops, dependent pairs, odd
// counts) check it.
type SingleKernel interface {
	Kernel
	Single(buf []byte, ops lanes.Ops)
}

// singleEntries returns the ways of running a kernel's Single: through
// lanes.Kernel.Single, or a package's raw SingleFunc and SingleOpsFunc.
func singleEntries(k Kernel) []lockstepEntry {
	var es []lockstepEntry
	switch k := k.(type) {
	case SingleKernel:
		es = append(es, lockstepEntry{"Single", func(buf []byte, ops []lanes.Op) {
			k.Single(buf, lanes.NewOps(ops))
		}})
	case *Funcs:
		if k.SingleFunc != nil {
			es = append(es, lockstepEntry{"Single", func(buf []byte, ops []lanes.Op) {
				k.SingleFunc(buf, opWords(ops))
			}})
		}
		if k.SingleOpsFunc != nil {
			es = append(es, lockstepEntry{"SingleOps", func(buf []byte, ops []lanes.Op) {
				k.SingleOpsFunc(buf, checkedOps(ops))
			}})
		}
	}
	return es
}

// singleView is k seen as a kernel of width 1 in chunk layout: a node
// is one 32-byte chunk, Pack and Unpack are copies. Its Lockstep is
// never called: the cases run the entry under test.
type singleView struct{ k Kernel }

func (v singleView) Name() string          { return v.k.Name() + " Single" }
func (v singleView) Hash() lanes.Hash      { return v.k.Hash() }
func (v singleView) Width() int            { return 1 }
func (v singleView) Layout() lanes.Layout  { return lanes.ChunkLayout }
func (v singleView) NodeSize() int         { return 32 }
func (v singleView) Pairs(dst, src []byte) { v.k.Pairs(dst, src) }
func (v singleView) Pack(dst, src []byte)  { copy(dst, src) }
func (v singleView) Unpack(dst, src []byte) {
	copy(dst, src)
}
func (v singleView) Lockstep([]byte, []lanes.Op) {
	panic("lanestest: singleView.Lockstep is not an entry under test")
}

// testSingle runs every Lockstep case through each Single entry of k,
// and its misuse cases.
func testSingle(t *testing.T, k Kernel) {
	es := singleEntries(k)
	if len(es) == 0 {
		t.Skipf("%s has no Single entry", k.Name())
	}
	v := singleView{k}
	for _, e := range es {
		t.Run(e.name, func(t *testing.T) {
			lockstepCases(t, v, e.run)
			t.Run("Misuse", func(t *testing.T) { testSingleMisuse(t, k, e) })
		})
	}
}

// testSingleMisuse checks that Single panics with an error value from
// its checks, before writing, on a ragged buffer and on an index past
// it (for a checked list, a buffer one chunk short of it).
func testSingleMisuse(t *testing.T, k Kernel, e lockstepEntry) {
	buf := randomBytes(78, 4*32+8)
	cases := []struct {
		name string
		f    func()
	}{
		{"ragged buffer", func() { e.run(buf[:2*32+1], []lanes.Op{{Left: 0, Right: 1, Out: 0}}) }},
		{"index past the buffer", func() { e.run(buf[:3*32], []lanes.Op{{Left: 0, Right: 1, Out: 2}, {Left: 0, Right: 1, Out: 3}}) }},
		{"huge index", func() { e.run(buf[:3*32], []lanes.Op{{Left: ^uint32(0), Right: 1, Out: 0}}) }},
	}
	for _, c := range cases {
		before := append([]byte(nil), buf...)
		if msg := panicOf(c.f); msg != "" {
			t.Errorf("%s %s: %s %s", k.Name(), e.name, c.name, msg)
		}
		if string(buf) != string(before) {
			t.Errorf("%s %s: %s changed memory before it panicked", k.Name(), e.name, c.name)
		}
	}
}
