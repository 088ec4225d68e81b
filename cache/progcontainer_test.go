package cache_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/lanehash/lanehash/cache"
	"github.com/lanehash/lanehash/plan"
	"github.com/lanehash/lanehash/proof"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/gloas"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// gappy is a progressive container whose ssz-index tags leave gaps (the
// positions 1, 3, 4 and 6 … 20 are zero chunks), so its fields spread over
// the first three progressive subtrees (1, 4 and 16 chunks) and its
// active-fields chunk has bits far apart.
type gappy struct {
	A     uint64              `ssz-index:"0"`
	Root  phase0.Root         `ssz-index:"2"`
	Inner *gappyInner         `ssz-index:"5"`
	List  []uint64            `ssz-index:"21" ssz-type:"progressive-list"`
	Vals  []*phase0.Validator `ssz-index:"22" ssz-max:"64"`
	Flag  bool                `ssz-index:"23"`
	Bits  []byte              `ssz-index:"40" ssz-type:"progressive-bitlist"`
	Check phase0.Checkpoint   `ssz-index:"41"`
}

// gappyInner is a progressive container held behind a pointer (nil is its
// zero value) inside another.
type gappyInner struct {
	X uint16   `ssz-index:"1"`
	Y []uint32 `ssz-index:"3" ssz-max:"100"`
}

func newGappy(r *rand.Rand) *gappy {
	g := &gappy{A: r.Uint64(), Flag: true, Bits: []byte{0b1011_0110, 0b1}}
	g.Root[3] = 9
	for range 1 + r.IntN(40) {
		g.List = append(g.List, r.Uint64())
	}
	for i := range 1 + r.IntN(20) {
		v := phase0.RandomValidators(1, uint64(i))[0]
		g.Vals = append(g.Vals, &v)
	}
	g.Check.Epoch = 3
	return g
}

// mutateGappy makes one random change and marks it.
func mutateGappy(t testing.TB, r *rand.Rand, g *gappy, m marker) {
	mark := func(field string, idx ...int) {
		if err := m.Mark(field, idx...); err != nil {
			t.Fatal(err)
		}
	}
	switch r.IntN(9) {
	case 0:
		g.A++
		mark("A")
	case 1:
		g.Root[r.IntN(32)] ^= 1
		mark("root")
	case 2: // nil ↔ a value
		if g.Inner == nil {
			g.Inner = &gappyInner{X: uint16(r.Uint32()), Y: []uint32{1, 2, 3}}
		} else {
			g.Inner = nil
		}
		mark("Inner")
	case 3: // append to, change and shrink a progressive list
		g.List = append(g.List, r.Uint64(), r.Uint64())
		i := r.IntN(len(g.List))
		g.List[i] ^= 0xff
		mark("List", i)
	case 4:
		g.List = g.List[:r.IntN(len(g.List)+1)]
	case 5:
		if len(g.Vals) > 0 {
			i := r.IntN(len(g.Vals))
			v := *g.Vals[i]
			v.EffectiveBalance += 1e9
			g.Vals[i] = &v
			mark("Vals", i)
		}
	case 6:
		g.Flag = !g.Flag
		g.Check.Root[0]++
		mark("Flag")
		mark("check")
	case 7: // a longer bitlist
		g.Bits = append(g.Bits[:len(g.Bits)-1:len(g.Bits)-1], 0xff, 0x80)
		mark("Bits")
	default:
		if g.Inner != nil {
			in := *g.Inner
			in.Y = append(append([]uint32(nil), in.Y...), r.Uint32())
			g.Inner = &in
			mark("Inner")
		}
	}
}

// TestProgressiveContainerGaps changes a progressive container with gaps
// in its ssz-index positions step by step, in Detect and Marked mode, and
// compares every root with the reference ssz.HashTreeRoot; proofs of
// every field (and into them) verify against the reference root.
func TestProgressiveContainerGaps(t *testing.T) {
	for name, mode := range map[string]cache.Mode{"detect": cache.Detect, "marked": cache.Marked} {
		t.Run(name, func(t *testing.T) {
			r := rand.New(rand.NewPCG(21, uint64(mode)))
			g := newGappy(r)
			tr, err := cache.New[gappy](cache.WithMode(mode))
			if err != nil {
				t.Fatal(err)
			}
			for step := range 60 {
				if step > 0 {
					mutateGappy(t, r, g, tr)
				}
				got, err := tr.Root(g)
				if err != nil {
					t.Fatal(err)
				}
				want := refRoot(t, g)
				if got != want {
					t.Fatalf("step %d: %x, reference %x", step, got, want)
				}
				paths := []string{"A", "Root", "Inner", "Inner.X", "Inner.Y", "List", "List.__len__",
					"Vals", "Flag", "Bits", "Check.Root", "check.epoch"}
				if len(g.List) > 0 {
					paths = append(paths, fmt.Sprintf("List[%d]", r.IntN(len(g.List))))
				}
				if len(g.Vals) > 0 {
					paths = append(paths, fmt.Sprintf("Vals[%d].ExitEpoch", r.IntN(len(g.Vals))))
				}
				for _, path := range paths {
					p, err := tr.Prove(path)
					if err != nil {
						t.Fatalf("step %d: %s: %v", step, path, err)
					}
					if !p.Verify(want) {
						t.Fatalf("step %d: %s (gindex %d) does not verify", step, path, p.Index)
					}
				}
				c, err := tr.ProveCompact(paths...)
				if err != nil || !c.Verify(want) {
					t.Fatalf("step %d: compact multiproof: %v", step, err)
				}
			}
		})
	}
}

// TestProgressiveContainerNodes checks the nodes of a progressive
// container one by one against gindices worked out by hand from EIP-7495
// and EIP-7916 (root = H(merkleize_progressive(chunks), active_fields)):
// node 2 is the data root and node 3 the active-fields chunk; the data
// root's left child (4) is subtree 0 (position 0) and the right child (5)
// the rest; 10 is subtree 1 (positions 1–4, depth 2), 11 the rest, 22
// subtree 2 (positions 5–20, depth 4), 23 the rest, 46 subtree 3
// (positions 21–84, depth 6).
func TestProgressiveContainerNodes(t *testing.T) {
	g := newGappy(rand.New(rand.NewPCG(1, 2)))
	g.Inner = &gappyInner{X: 7}
	tr, err := cache.New[gappy]()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tr.Root(g); err != nil {
		t.Fatal(err)
	}
	chunk := func(v any) [32]byte {
		r, err := ssz.HashTreeRoot(v, ssz.SHA256)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	var active [32]byte // positions 0 2 5 21 22 23 40 41
	for _, pos := range []int{0, 2, 5, 21, 22, 23, 40, 41} {
		active[pos/8] |= 1 << (pos % 8)
	}
	var zero [32]byte
	want := map[proof.GIndex][32]byte{
		3:          active,
		4:          chunk(&g.A),                   // position 0
		10*4 + 0:   zero,                          // position 1: a gap
		10*4 + 1:   g.Root,                        // position 2
		10*4 + 3:   zero,                          // position 4: a gap
		22*16 + 0:  chunk(g.Inner),                // position 5
		22*16 + 15: zero,                          // position 20: a gap
		46*64 + 0:  progressiveListRefU64(g.List), // position 21
		46*64 + 2:  {1},                           // position 23: Flag
		46*64 + 20: chunk(&g.Check),               // position 41
		46*64 + 63: zero,                          // position 84: past the last field, a zero chunk
	}
	for gi, w := range want {
		got, err := tr.Node(gi)
		if err != nil {
			t.Fatalf("node %d: %v", gi, err)
		}
		if got != w {
			t.Fatalf("node %d: %x, want %x", gi, got, w)
		}
	}
	for path, gi := range map[string]proof.GIndex{"A": 4, "Root": 41, "Inner": 352, "Flag": 46*64 + 2, "Check": 46*64 + 20, "Check.Root": 2*(46*64+20) + 1} {
		got, err := tr.GIndex(path)
		if err != nil || got != gi {
			t.Fatalf("gindex of %s: %d (%v), want %d", path, got, err, gi)
		}
	}
	// Below a gap or a one-chunk field there is nothing.
	for _, gi := range []proof.GIndex{2 * (10 * 4), 2 * (46*64 + 2), 4 * (22*16 + 15)} {
		if _, err := tr.Node(gi); !errors.Is(err, proof.ErrIndex) {
			t.Fatalf("node %d below a chunk: %v, want ErrIndex", gi, err)
		}
	}
}

// TestProgressiveContainerErrors checks that errors inside a progressive
// container are classified and name the field, and that the tree roots
// a valid value again afterwards.
func TestProgressiveContainerErrors(t *testing.T) {
	g := newGappy(rand.New(rand.NewPCG(5, 6)))
	tr, err := cache.New[gappy]()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tr.Root(g); err != nil {
		t.Fatal(err)
	}
	vals, list := g.Vals, g.List
	g.Vals = make([]*phase0.Validator, 65) // limit 64
	cases := []struct {
		change func()
		want   error
		path   string
	}{
		{func() {}, ssz.ErrListTooLong, "gappy.Vals"},
		{func() { g.Vals, g.Inner = vals, &gappyInner{Y: make([]uint32, 101)} }, ssz.ErrListTooLong, "gappy.Inner.Y"},
		{func() { g.Inner.Y = nil; g.Bits = []byte{1, 0} }, ssz.ErrBitlist, "gappy.Bits"},
	}
	for _, c := range cases {
		c.change()
		_, err := tr.Root(g)
		var se *plan.Error
		if !errors.Is(err, c.want) || !errors.As(err, &se) || se.Path != c.path {
			t.Fatalf("%v, want %v at %s", err, c.want, c.path)
		}
	}
	g.Bits, g.List = nil, append(list, 1)
	got, err := tr.Root(g)
	if err != nil || got != refRoot(t, g) {
		t.Fatalf("after errors: %x (%v), reference %x", got, err, refRoot(t, g))
	}
}

// fixedGappy is a fixed-size progressive container with gaps, the element
// of a list: its elements are rooted in batches by the element program
// (fields at their positions, zero chunks between, progressive tree,
// active-fields mix-in), or by a registered plan.
type fixedGappy struct {
	A uint64            `ssz-index:"0"`
	B phase0.Checkpoint `ssz-index:"3"`
	C [2]uint32         `ssz-index:"6"`
	D bool              `ssz-index:"9"`
}

// TestFixedProgressiveElements roots lists of fixed-size progressive
// containers (with gaps, and the Gloas PayloadAttestation) as they change,
// in Detect and Marked mode, and proves into elements.
func TestFixedProgressiveElements(t *testing.T) {
	for _, opts := range [][]cache.Option{nil, {cache.WithMode(cache.Marked)}} {
		r := rand.New(rand.NewPCG(41, uint64(len(opts))))
		gl, err := cache.NewList[fixedGappy](100, opts...)
		if err != nil {
			t.Fatal(err)
		}
		pl, err := cache.NewProgressiveList[gloas.PayloadAttestation](opts...)
		if err != nil {
			t.Fatal(err)
		}
		var gs []fixedGappy
		var ps []gloas.PayloadAttestation
		for step := range 12 {
			for range r.IntN(8) {
				gs = append(gs, fixedGappy{A: r.Uint64(), C: [2]uint32{r.Uint32(), 7}, D: r.IntN(2) == 0})
				p := gloas.PayloadAttestation{AggregationBits: make([]byte, 64), Data: &gloas.PayloadAttestationData{Slot: phase0.Slot(step)}}
				p.AggregationBits[r.IntN(64)] = 0x81
				ps = append(ps, p)
			}
			if len(gs) > 0 {
				i := r.IntN(len(gs))
				gs[i].B.Epoch++
				ps[i].Data = &gloas.PayloadAttestationData{Slot: 99, PayloadPresent: true}
				gl.Mark(i)
				pl.Mark(i)
			}
			got, err := gl.Root(gs)
			if err != nil {
				t.Fatal(err)
			}
			if want := refListRoot(t, gs, `ssz-max:"100"`); got != want {
				t.Fatalf("gappy step %d: %x, reference %x", step, got, want)
			}
			gotP, err := pl.Root(ps)
			if err != nil {
				t.Fatal(err)
			}
			wantP := refListRoot(t, ps, `ssz-type:"progressive-list"`)
			if gotP != wantP {
				t.Fatalf("payload attestations step %d: %x, reference %x", step, gotP, wantP)
			}
			if len(ps) > 0 {
				i := r.IntN(len(ps))
				for _, path := range []string{"", ".Data.Slot", ".AggregationBits", ".Signature"} {
					p, err := pl.Prove(fmt.Sprintf("[%d]%s", i, path))
					if err != nil || !p.Verify(wantP) {
						t.Fatalf("[%d]%s: %v", i, path, err)
					}
				}
			}
		}
	}
}
