package cache_test

import (
	"errors"
	"testing"

	"github.com/lanehash/lanehash/cache"
	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/plan"
	"github.com/lanehash/lanehash/proof"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// nestedInner is a list element with a list of its own (an attestation's
// aggregation bits, in small).
type nestedInner struct {
	A    uint16
	Bits []byte              `ssz:"bitlist" ssz-max:"20"`
	L    []uint32            `ssz-max:"5"`
	Cps  []phase0.Checkpoint `ssz-max:"4"`
}

// nestedBody is a container field with a list inside (an execution
// payload header's extra data).
type nestedBody struct {
	Slot  uint64
	Extra []byte `ssz-max:"6"`
}

type nestedOuter struct {
	Head  uint64
	Body  nestedBody
	PBody *nestedBody
	Elems []nestedInner `ssz-max:"4"`
	Prog  []nestedInner `ssz-type:"progressive-list"`
	Vec   [2]nestedInner
}

func newNestedOuter() *nestedOuter {
	return &nestedOuter{
		Body:  nestedBody{Slot: 1, Extra: []byte{1, 2}},
		PBody: &nestedBody{Slot: 2, Extra: []byte{3}},
		Elems: []nestedInner{{A: 1, Bits: []byte{0b101}, L: []uint32{1}}, {A: 2, L: []uint32{2, 3}, Cps: []phase0.Checkpoint{{Epoch: 7, Root: phase0.Root{1}}}}},
		Prog:  []nestedInner{{A: 3, L: []uint32{4}}},
		Vec:   [2]nestedInner{{A: 4, L: []uint32{5}}, {A: 5}},
	}
}

// TestMarkedNestedLengths (issue #20, class 1): in Marked mode, lists
// nested in fields and in list elements grow, shrink and pass their limit
// without a mark; every root equals the reference, and a list past its
// limit is ssz.ErrListTooLong naming it.
func TestMarkedNestedLengths(t *testing.T) {
	changes := []struct {
		name    string
		change  func(v *nestedOuter)
		tooLong string // the path of the list past its limit, if any
	}{
		{"field list grows", func(v *nestedOuter) { v.Body.Extra = append(v.Body.Extra, 9) }, ""},
		{"field list shrinks", func(v *nestedOuter) { v.Body.Extra = v.Body.Extra[:1] }, ""},
		{"field list nil", func(v *nestedOuter) { v.Body.Extra = nil }, ""},
		{"pointer field list grows", func(v *nestedOuter) { v.PBody.Extra = append(v.PBody.Extra, 7, 7) }, ""},
		{"element list grows", func(v *nestedOuter) { v.Elems[0].L = append(v.Elems[0].L, 8) }, ""},
		{"element list shrinks", func(v *nestedOuter) { v.Elems[1].L = v.Elems[1].L[:0] }, ""},
		{"element bitlist grows", func(v *nestedOuter) { v.Elems[0].Bits = []byte{0b101, 0b11} }, ""},
		{"progressive element list grows", func(v *nestedOuter) { v.Prog[0].L = append(v.Prog[0].L, 1, 2) }, ""},
		{"vector element list grows", func(v *nestedOuter) { v.Vec[1].L = append(v.Vec[1].L, 6) }, ""},
		{"field list past its limit", func(v *nestedOuter) { v.Body.Extra = make([]byte, 7) }, "Body.Extra"},
		{"element list past its limit", func(v *nestedOuter) { v.Elems[1].L = make([]uint32, 6) }, "Elems[1].L"},
		{"element bitlist past its limit", func(v *nestedOuter) { v.Elems[0].Bits = []byte{0, 0, 0x20} }, "Elems[0].Bits"},
		{"vector element list past its limit", func(v *nestedOuter) { v.Vec[0].L = make([]uint32, 6) }, "Vec[0].L"},
	}
	for _, c := range changes {
		t.Run(c.name, func(t *testing.T) {
			tr, err := cache.New[nestedOuter](cache.WithMode(cache.Marked))
			if err != nil {
				t.Fatal(err)
			}
			v := newNestedOuter()
			if got, err := tr.Root(v); err != nil || got != refRoot(t, v) {
				t.Fatalf("first root: %x, %v", got, err)
			}
			c.change(v) // no mark: Marked mode reads every length
			got, err := tr.Root(v)
			if c.tooLong != "" {
				var se *plan.Error
				if !errors.Is(err, ssz.ErrListTooLong) || !errors.As(err, &se) {
					t.Fatalf("root %x, error %v: want ssz.ErrListTooLong in a *plan.Error", got, err)
				}
				if !contains(se.Path, c.tooLong) && !contains(err.Error(), c.tooLong) {
					t.Fatalf("error %v does not name %s", err, c.tooLong)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if want := refRoot(t, v); got != want {
				t.Fatalf("unmarked nested length change: %x, reference %x", got, want)
			}
		})
	}
}

func contains(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return true
		}
	}
	return false
}

// TestOptionsValidated (class 2): a Mode that is not defined, an upper
// levels only tree in Detect mode and plan options that contradict each
// other are cache.ErrOption at New.
func TestOptionsValidated(t *testing.T) {
	bad := map[string][]cache.Option{
		"mode 2":                     {cache.WithMode(2)},
		"mode 255":                   {cache.WithMode(255)},
		"upper levels in Detect":     {cache.WithUpperLevelsOnly(), cache.WithMode(cache.Detect)},
		"Detect then upper levels":   {cache.WithMode(cache.Detect), cache.WithUpperLevelsOnly()},
		"unknown hash":               {plan.WithHash(77)},
		"keccak kernel, sha256 hash": {plan.WithHash(lanes.SHA256), plan.WithKernel("keccak256/genericx1")},
		"unknown kernel":             {plan.WithKernel("sha256/nosuch")},
	}
	for name, opts := range bad {
		if _, err := cache.New[phase0.BeaconState](opts...); !errors.Is(err, cache.ErrOption) {
			t.Errorf("%s: New: %v, want cache.ErrOption", name, err)
		}
		if _, err := cache.NewList[phase0.Validator](1<<40, opts...); !errors.Is(err, cache.ErrOption) {
			t.Errorf("%s: NewList: %v, want cache.ErrOption", name, err)
		}
	}
	// The consistent combinations still build.
	for name, opts := range map[string][]cache.Option{
		"keccak tree":          {plan.WithHash(lanes.Keccak256)},
		"upper levels, Marked": {cache.WithUpperLevelsOnly(), cache.WithMode(cache.Marked)},
		"Marked":               {cache.WithMode(cache.Marked)},
	} {
		if _, err := cache.NewList[phase0.Validator](1<<40, opts...); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// TestKeccakPlanRoot: a keccak tree, whose changed elements its own
// keccak element plan hashes, gives the reference's keccak root.
func TestKeccakPlanRoot(t *testing.T) {
	l, err := cache.NewList[phase0.Validator](1<<40, plan.WithHash(lanes.Keccak256))
	if err != nil {
		t.Fatal(err)
	}
	vals := []phase0.Validator{{EffectiveBalance: 32e9}, {Slashed: true}}
	got, err := l.Root(vals)
	if err != nil {
		t.Fatal(err)
	}
	type reg struct {
		V []phase0.Validator `ssz-max:"1099511627776"`
	}
	want, err := ssz.HashTreeRoot(&reg{vals}, ssz.Keccak256)
	if err != nil {
		t.Fatal(err)
	}
	// The registry is reg's only field: reg's root is the list's root.
	if got != want {
		t.Fatalf("keccak registry %x, reference %x", got, want)
	}
}

// TestHugeGIndices (class 3): Node and proofs at gindices of every depth
// up to 63 bits, into plain and progressive lists and containers, return
// in bounded time; every node returned proves against the root, every
// error is proof.ErrIndex.
func TestHugeGIndices(t *testing.T) {
	tr, err := cache.New[nestedOuter]()
	if err != nil {
		t.Fatal(err)
	}
	v := newNestedOuter()
	v.Prog = make([]nestedInner, 30)
	root, err := tr.Root(v)
	if err != nil {
		t.Fatal(err)
	}
	checkGIndices(t, tr, root)
	l, err := cache.NewProgressiveList[uint64]()
	if err != nil {
		t.Fatal(err)
	}
	if root, err = l.Root(make([]uint64, 100)); err != nil {
		t.Fatal(err)
	}
	checkGIndices(t, l, root)
}

func checkGIndices(t *testing.T, src proof.NodeSource, root [32]byte) {
	t.Helper()
	var gs []proof.GIndex
	for d := 0; d < 64; d++ {
		for _, low := range []uint64{0, 1, 2, 3, 5, 1<<d - 1, 0x5555555555555555, 0xaaaaaaaaaaaaaaaa, 1 << (d / 2)} {
			if d < 64 {
				low &= 1<<d - 1
			}
			gs = append(gs, proof.GIndex(1<<d|low))
		}
	}
	gs = append(gs, 0, 1<<63, 1<<64-1, 1<<63|1, 2<<62-2)
	for _, g := range gs {
		n, err := src.Node(g)
		if err != nil {
			if !errors.Is(err, proof.ErrIndex) && !errors.Is(err, proof.ErrPath) {
				t.Errorf("Node(%d): %v, want proof.ErrIndex", g, err)
			}
			continue
		}
		p, err := proof.Prove(src, g)
		if err != nil {
			t.Errorf("Node(%d) = %x, but Prove: %v", g, n, err)
			continue
		}
		if p.Leaf != n || !p.Verify(root) {
			t.Errorf("Node(%d) = %x does not prove against the root", g, n)
		}
	}
}

// TestStaleValue (class 4): after the caller shortens, replaces or nils
// lists the last root had, Node and the proofs read no memory the value no
// longer holds: each node is the last root's (it proves against it) or an
// error wrapping cache.ErrChanged.
func TestStaleValue(t *testing.T) {
	changes := map[string]func(v *nestedOuter){
		"element list shortened": func(v *nestedOuter) { v.Elems = v.Elems[:0] },
		"element list nil":       func(v *nestedOuter) { v.Elems, v.Prog = nil, nil },
		"element list replaced":  func(v *nestedOuter) { v.Elems = []nestedInner{{}} },
		"element list replaced, then the old one overwritten": func(v *nestedOuter) {
			old := v.Elems
			v.Elems = []nestedInner{{}}
			clear(old) // what a reused block body does
		},
		"nested list replaced": func(v *nestedOuter) { v.Elems[1].Cps = []phase0.Checkpoint{{Epoch: 9}} },
		"nested list nil":      func(v *nestedOuter) { v.Elems[0].L, v.Elems[0].Bits, v.Vec[0].L = nil, nil, nil },
		"pointer field nil":    func(v *nestedOuter) { v.PBody = nil },
		"registry shortened":   nil, // the registry case below
	}
	paths := []string{"Elems[1].Cps[0].Epoch", "Elems[1].Cps[0]", "Elems[0].L[0]", "Elems[1].L[1]", "Elems[1].A", "Prog[0].L[0]", "Vec[0].L[0]", "PBody.Extra", "Elems[0].Bits", "Body.Extra"}
	for _, mode := range []cache.Mode{cache.Detect, cache.Marked} {
		for name, change := range changes {
			if change == nil {
				continue
			}
			tr, err := cache.New[nestedOuter](cache.WithMode(mode))
			if err != nil {
				t.Fatal(err)
			}
			v := newNestedOuter()
			v.Prog = append(v.Prog, make([]nestedInner, 20)...)
			root, err := tr.Root(v)
			if err != nil {
				t.Fatal(err)
			}
			change(v)
			for _, path := range paths {
				p, err := tr.Prove(path)
				if err != nil {
					if !errors.Is(err, cache.ErrChanged) {
						t.Errorf("mode %d, %s: Prove(%s): %v, want cache.ErrChanged", mode, name, path, err)
					}
					continue
				}
				if !p.Verify(root) {
					t.Errorf("mode %d, %s: Prove(%s) does not verify against the last root", mode, name, path)
				}
			}
			checkGIndices(t, tr, root)
		}
	}
	// A registry of validators shortened after the root, in the modes
	// that read a validator's fields from the value.
	for _, opts := range [][]cache.Option{{cache.WithMode(cache.Marked)}, {cache.WithUpperLevelsOnly()}, {}} {
		type reg struct {
			Validators []phase0.Validator `ssz-max:"1099511627776"`
		}
		tr, err := cache.New[reg](opts...)
		if err != nil {
			t.Fatal(err)
		}
		v := &reg{Validators: make([]phase0.Validator, 40)}
		for i := range v.Validators {
			v.Validators[i].EffectiveBalance = phase0.Gwei(i + 1)
		}
		root, err := tr.Root(v)
		if err != nil {
			t.Fatal(err)
		}
		old := v.Validators
		v.Validators = []phase0.Validator{{}} // the next block's registry
		clear(old)
		for _, path := range []string{"Validators[30].EffectiveBalance", "Validators[31]", "Validators[0].Slashed"} {
			p, err := tr.Prove(path)
			if err != nil {
				if !errors.Is(err, cache.ErrChanged) {
					t.Errorf("registry %v: Prove(%s): %v, want cache.ErrChanged", opts, path, err)
				}
				continue
			}
			if !p.Verify(root) {
				t.Errorf("registry: Prove(%s) does not verify against the last root", path)
			}
		}
	}
}

// TestProveNil (class 4): cache.TreeOf of a nil value is ssz.ErrValue, as
// Tree.Root(nil) is.
func TestProveNil(t *testing.T) {
	if _, _, err := cache.TreeOf[nestedOuter](nil); !errors.Is(err, ssz.ErrValue) {
		t.Errorf("cache.TreeOf(nil): %v, want ssz.ErrValue", err)
	}
}

// TestEmptyRequests (class 6): proofs of no paths, an upper levels only
// tree of a type with a list of variable-size elements, and negative
// marks are errors where they are asked for.
func TestEmptyRequests(t *testing.T) {
	tr, err := cache.New[nestedOuter]()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tr.Root(newNestedOuter()); err != nil {
		t.Fatal(err)
	}
	if _, err := tr.ProveMulti(); !errors.Is(err, proof.ErrIndex) {
		t.Errorf("ProveMulti(): %v, want proof.ErrIndex", err)
	}
	if _, err := tr.ProveCompact(); !errors.Is(err, proof.ErrIndex) {
		t.Errorf("ProveCompact(): %v, want proof.ErrIndex", err)
	}
	l, err := cache.NewList[uint64](100)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := l.Root([]uint64{1}); err != nil {
		t.Fatal(err)
	}
	if _, err := l.ProveMulti(); !errors.Is(err, proof.ErrIndex) {
		t.Errorf("List.ProveMulti(): %v, want proof.ErrIndex", err)
	}
	if _, err := cache.New[nestedOuter](cache.WithUpperLevelsOnly()); !errors.Is(err, ssz.ErrUnsupported) || !errors.Is(err, cache.ErrOption) {
		t.Errorf("WithUpperLevelsOnly on a list of variable-size elements: New: %v, want ErrOption and ssz.ErrUnsupported", err)
	}
	if _, err := cache.NewList[nestedInner](10, cache.WithUpperLevelsOnly()); !errors.Is(err, cache.ErrOption) {
		t.Errorf("WithUpperLevelsOnly list of variable-size elements: NewList: %v, want ErrOption", err)
	}
	ml, err := cache.NewList[uint64](100, cache.WithMode(cache.Marked))
	if err != nil {
		t.Fatal(err)
	}
	if err := ml.Mark(-1); !errors.Is(err, cache.ErrMark) {
		t.Errorf("List.Mark(-1): %v, want cache.ErrMark", err)
	}
	if err := tr.Mark("Elems", -3); !errors.Is(err, cache.ErrMark) {
		t.Errorf("Tree.Mark(Elems, -3): %v, want cache.ErrMark", err)
	}
}

// shortVector has a vector short enough to be serialized into its chunk.
type shortVector struct {
	V [9]uint16
	L []uint64 `ssz-max:"9"`
}

// TestMarkShortVector: an element mark of a vector serialized into its
// chunk is accepted (it marks the field), as Mark's doc allows for every
// vector field; it was an ErrMark (found by the mutation suite).
func TestMarkShortVector(t *testing.T) {
	tr, err := cache.New[shortVector](cache.WithMode(cache.Marked))
	if err != nil {
		t.Fatal(err)
	}
	v := &shortVector{L: []uint64{1}}
	if _, err := tr.Root(v); err != nil {
		t.Fatal(err)
	}
	v.V[7] = 5
	if err := tr.Mark("V", 7); err != nil {
		t.Fatalf("Mark(V, 7): %v", err)
	}
	got, err := tr.Root(v)
	if err != nil {
		t.Fatal(err)
	}
	if want := refRoot(t, v); got != want {
		t.Fatalf("after a marked element of a short vector: %x, reference %x", got, want)
	}
}

// FuzzCacheNode asks cached trees (a container with plain, progressive
// and nested lists; a progressive list; a registry in Marked mode, whose
// validators' fields are read from the value) for the node at any
// generalized index: each answer proves against the root, each refusal is
// proof.ErrIndex.
func FuzzCacheNode(f *testing.F) {
	tr, err := cache.New[nestedOuter]()
	if err != nil {
		f.Fatal(err)
	}
	v := newNestedOuter()
	v.Prog = make([]nestedInner, 30)
	root, err := tr.Root(v)
	if err != nil {
		f.Fatal(err)
	}
	pl, err := cache.NewProgressiveList[uint64]()
	if err != nil {
		f.Fatal(err)
	}
	plRoot, err := pl.Root(make([]uint64, 100))
	if err != nil {
		f.Fatal(err)
	}
	reg, err := cache.NewList[phase0.Validator](1<<40, cache.WithMode(cache.Marked))
	if err != nil {
		f.Fatal(err)
	}
	regRoot, err := reg.Root(make([]phase0.Validator, 5))
	if err != nil {
		f.Fatal(err)
	}
	for _, g := range []uint64{1, 2, 3, 1 << 62, 1<<63 | 1, 1<<64 - 1, 0x2aaaaaaaaaaaaaaa, 2<<40 | 3} {
		f.Add(g)
	}
	f.Fuzz(func(t *testing.T, g uint64) {
		for _, c := range []struct {
			src  proof.NodeSource
			root [32]byte
		}{{tr, root}, {pl, plRoot}, {reg, regRoot}} {
			n, err := c.src.Node(proof.GIndex(g))
			if err != nil {
				if !errors.Is(err, proof.ErrIndex) {
					t.Fatalf("Node(%d): %v, want proof.ErrIndex", g, err)
				}
				continue
			}
			p, err := proof.Prove(c.src, proof.GIndex(g))
			if err != nil || p.Leaf != n || !p.Verify(c.root) {
				t.Fatalf("Node(%d) = %x does not prove against the root (%v)", g, n, err)
			}
		}
	})
}
