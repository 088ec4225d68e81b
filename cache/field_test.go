package cache_test

import (
	"errors"
	"math/rand/v2"
	"runtime"
	"sync"
	"testing"

	"github.com/lanehash/lanehash/cache"
	"github.com/lanehash/lanehash/internal/cputime"
	"github.com/lanehash/lanehash/proof"
	"github.com/lanehash/lanehash/ssz/consensus/fulu"
	"github.com/lanehash/lanehash/ssz/consensus/gloas"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// handleMarker marks through Field handles, resolved once per name: the
// random state tests' marks (mutateState) go through the handles instead
// of Tree.Mark's string form. A name's idx-less mark is MarkAll.
type handleMarker struct {
	t      testing.TB
	tree   *cache.Tree[fulu.BeaconState]
	fields map[string]cache.Field
}

func (h *handleMarker) Mark(field string, idx ...int) error {
	f, ok := h.fields[field]
	if !ok {
		var err error
		if f, err = h.tree.Field(field); err != nil {
			h.t.Fatal(err)
		}
		h.fields[field] = f
	}
	if len(idx) == 0 {
		f.MarkAll()
	} else {
		f.Mark(idx...)
	}
	return nil
}

// TestFieldStateRandom is TestStateRandom with every mark made through a
// handle: block- and epoch-like changes, deposits and truncations of a
// fulu state, every root compared with the reference, in each mode. The
// tree testStateRandom hands to the change is wrapped in a handleMarker
// (one per tree, so each name is resolved once).
func TestFieldStateRandom(t *testing.T) {
	handles := map[*cache.Tree[fulu.BeaconState]]*handleMarker{}
	testStateRandom(t, 11, func() *fulu.BeaconState { return fulu.SyntheticBeaconState(1000, 1) },
		func(tb testing.TB, r *rand.Rand, s *fulu.BeaconState, m marker, pool []phase0.Validator) {
			tr := m.(*cache.Tree[fulu.BeaconState])
			h := handles[tr]
			if h == nil {
				h = &handleMarker{t: tb, tree: tr, fields: map[string]cache.Field{}}
				handles[tr] = h
			}
			mutateState(tb, r, s, h, pool)
		})
}

// jsonNamed is a container whose spec names (json tags) differ from its
// Go names by more than case, as go-eth2-client's do.
type jsonNamed struct {
	Key   [4]byte  `json:"pubkey"`
	Bals  []uint64 `json:"balances" ssz-max:"64"`
	Inner struct {
		Epoch uint64
		Roots [4][32]byte
	}
}

// TestFieldResolve checks which names a handle resolves (Go, spec, json,
// nested) and which it refuses, with a *MarkError wrapping ErrMark.
func TestFieldResolve(t *testing.T) {
	st, err := cache.New[fulu.BeaconState](cache.WithMode(cache.Marked))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"Balances", "balances", "current_epoch_participation", "LatestBlockHeader.StateRoot", "latest_block_header.state_root", "Slot"} {
		if f, err := st.Field(name); err != nil || f.Name() != name {
			t.Errorf("Field(%q): %v, %v", name, f.Name(), err)
		}
	}
	jt, err := cache.New[jsonNamed](cache.WithMode(cache.Marked))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"pubkey", "balances", "Bals", "Inner.Roots", "inner.epoch"} {
		if _, err := jt.Field(name); err != nil {
			t.Errorf("Field(%q) on json tags: %v", name, err)
		}
	}
	for _, name := range []string{"", "NoSuchField", "Validators[3]", "Balances.__len__", "Balances.Foo", ".Slot", "Slot.", "LatestBlockHeader.Nope", "Validators[3].Slashed"} {
		_, err := st.Field(name)
		var me *cache.MarkError
		if !errors.As(err, &me) || !errors.Is(err, cache.ErrMark) {
			t.Errorf("Field(%q): %v, want a *MarkError wrapping ErrMark", name, err)
			continue
		}
		if me.Field != name || me.HasIndex {
			t.Errorf("Field(%q): error names field %q (index %v)", name, me.Field, me.HasIndex)
		}
	}
	// A name the path grammar rejects or the type lacks carries the
	// parser's *proof.PathError.
	if _, err := st.Field("NoSuchField"); !errors.Is(err, proof.ErrPath) {
		t.Errorf("Field(NoSuchField): %v, want proof.ErrPath too", err)
	}
	func() {
		defer func() {
			if recover() == nil {
				t.Error("MustField(NoSuchField) did not panic")
			}
		}()
		st.MustField("NoSuchField")
	}()
	if st.MustField("Balances").Name() != "Balances" {
		t.Error("MustField(Balances): wrong name")
	}
}

// TestFieldMarks marks a block's worth of changes through handles in
// Marked mode (several indices in one call, a nested field, a replaced
// field) and compares each root with the reference; without the marks
// the root would be stale, which the last step shows.
func TestFieldMarks(t *testing.T) {
	s := fulu.SyntheticBeaconState(300, 5)
	tr, err := cache.New[fulu.BeaconState](cache.WithMode(cache.Marked))
	if err != nil {
		t.Fatal(err)
	}
	bal := tr.MustField("Balances")
	part := tr.MustField("current_epoch_participation")
	hdr := tr.MustField("LatestBlockHeader.StateRoot")
	blockRoots := tr.MustField("BlockRoots")
	slot := tr.MustField("Slot")
	scores := tr.MustField("InactivityScores")
	check := func(step string) {
		t.Helper()
		got, err := tr.Root(s)
		if err != nil {
			t.Fatalf("%s: %v", step, err)
		}
		if want := refRoot(t, s); got != want {
			t.Fatalf("%s: root %x, reference %x", step, got, want)
		}
	}
	check("first")

	s.Balances[3] += 7
	s.Balances[299] -= 1
	s.Balances[150] ^= 1 << 40
	bal.Mark(3, 299, 150)
	s.CurrentEpochParticipation[10] = 7
	s.CurrentEpochParticipation[11] = 3
	part.Mark(10)
	part.Mark(11)
	h := *s.LatestBlockHeader
	h.StateRoot[0] ^= 0xff
	s.LatestBlockHeader = &h
	hdr.MarkAll()
	s.BlockRoots[17][5] ^= 1
	blockRoots.Mark(17)
	s.Slot++
	slot.MarkAll()
	check("block")

	s.InactivityScores = append([]uint64(nil), s.InactivityScores...)
	for i := range s.InactivityScores {
		s.InactivityScores[i] = uint64(i * 3)
	}
	scores.MarkAll() // replaced: a new slice of the same length
	check("replaced")

	// A nested field's element marks stand for its top-level field.
	h = *s.LatestBlockHeader
	h.StateRoot[9] ^= 0x10
	s.LatestBlockHeader = &h
	hdr.Mark(9)
	check("nested element")

	before, err := tr.Root(s)
	if err != nil {
		t.Fatal(err)
	}
	s.Balances[4]++
	bal.Mark()
	if got, _ := tr.Root(s); got != before {
		t.Fatal("Mark() with no index marked something")
	}
	bal.Mark(4)
	check("after the stale root")

	var zero cache.Field
	zero.Mark(1)
	zero.MarkAll() // the zero Field marks nothing and does not panic
	check("zero field")
}

// TestFieldGloas: handles on a progressive container (a Gloas state):
// spec names resolve, and each marked root equals the reference.
func TestFieldGloas(t *testing.T) {
	g := gloas.SyntheticBeaconState(500, 1)
	tr, err := cache.New[gloas.BeaconState](cache.WithMode(cache.Marked))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tr.Root(g); err != nil {
		t.Fatal(err)
	}
	bal, slot := tr.MustField("balances"), tr.MustField("slot")
	for step := range 3 {
		g.Balances[7+step]++
		g.Balances[400-step] += 3
		bal.Mark(7+step, 400-step)
		g.Slot++
		slot.MarkAll()
		got, err := tr.Root(g)
		if err != nil || got != refRoot(t, g) {
			t.Fatalf("step %d: %x, %v", step, got, err)
		}
	}
}

// TestFieldMarkErrorAtRoot: a mark a handle cannot honour is returned by
// the next Root as a *MarkError naming the field and the index, in both
// modes; that Root fails, and the next one (which hashes everything)
// equals the reference, so the change that came with the bad mark is not
// lost.
func TestFieldMarkErrorAtRoot(t *testing.T) {
	for _, mode := range []cache.Mode{cache.Marked, cache.Detect} {
		s := fulu.SyntheticBeaconState(100, 6)
		tr, err := cache.New[fulu.BeaconState](cache.WithMode(mode))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := tr.Root(s); err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct {
			field string
			idx   []int
			at    int
		}{
			{"Balances", []int{3, -1, 5}, -1},
			{"Balances", []int{-7}, -7},
			{"Slot", []int{2}, 2},
			{"LatestBlockHeader.ProposerIndex", []int{0}, 0}, // a nested uint64 has no elements
		} {
			f := tr.MustField(c.field)
			s.Balances[3]++
			f.Mark(c.idx...)
			tr.MustField("Balances").Mark(0) // a good mark after the bad one
			_, err := tr.Root(s)
			var me *cache.MarkError
			if !errors.As(err, &me) || !errors.Is(err, cache.ErrMark) {
				t.Fatalf("mode %d, %s.Mark(%v): Root error %v, want a *MarkError", mode, c.field, c.idx, err)
			}
			if me.Field != c.field || !me.HasIndex || me.Index != c.at {
				t.Errorf("mode %d: error %+v, want field %q index %d", mode, me, c.field, c.at)
			}
			got, err := tr.Root(s)
			if err != nil {
				t.Fatal(err)
			}
			if want := refRoot(t, s); got != want {
				t.Fatalf("mode %d: root after the error %x, reference %x", mode, got, want)
			}
		}
		// The string form reports the same error at the call.
		err = tr.Mark("Balances", 1, -2)
		var me *cache.MarkError
		if !errors.As(err, &me) || me.Index != -2 || me.Field != "Balances" {
			t.Errorf("Tree.Mark(Balances, 1, -2): %v", err)
		}
		if _, err := tr.Root(s); err != nil {
			t.Errorf("Root after a refused Tree.Mark: %v (the string form's errors are the caller's)", err)
		}
	}
}

// TestFieldConcurrent marks through shared handles from several
// goroutines at once (run with -race): every change must reach the next
// root, which is compared with the reference.
func TestFieldConcurrent(t *testing.T) {
	s := fulu.SyntheticBeaconState(2000, 7)
	tr, err := cache.New[fulu.BeaconState](cache.WithMode(cache.Marked))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tr.Root(s); err != nil {
		t.Fatal(err)
	}
	bal := tr.MustField("Balances")
	part := tr.MustField("CurrentEpochParticipation")
	const workers = 4
	for round := range 3 {
		var wg sync.WaitGroup
		for w := range workers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				// Each goroutine owns the indices ≡ w mod workers.
				for i := w; i < len(s.Balances); i += workers * (7 + round) {
					s.Balances[i] += phase0.Gwei(1 + round)
					s.CurrentEpochParticipation[i] ^= 1
					bal.Mark(i)
					part.Mark(i)
				}
			}()
		}
		wg.Wait()
		got, err := tr.Root(s)
		if err != nil {
			t.Fatal(err)
		}
		if want := refRoot(t, s); got != want {
			t.Fatalf("round %d: root %x, reference %x", round, got, want)
		}
	}
}

// TestListSymmetry: a cached list has what a cached tree has, the same
// way: an element handle (Mark with the error at the next Root, MarkAll),
// GIndex, Prove, ProveMulti and ProveCompact, each checked against the
// reference root.
func TestListSymmetry(t *testing.T) {
	vals := phase0.RandomValidators(300, 4)
	l, err := cache.NewList[phase0.Validator](registryLimit, cache.WithMode(cache.Marked))
	if err != nil {
		t.Fatal(err)
	}
	want := func() [32]byte { return refListRoot(t, vals, `ssz-max:"1099511627776"`) }
	if got, err := l.Root(vals); err != nil || got != want() {
		t.Fatalf("first root %x, %v", got, err)
	}
	el := l.Elements()
	vals[7].Slashed = !vals[7].Slashed
	vals[250].EffectiveBalance++
	el.Mark(7, 250)
	if got, err := l.Root(vals); err != nil || got != want() {
		t.Fatalf("after Elements().Mark: %x, %v", got, err)
	}
	for i := range vals {
		vals[i].ExitEpoch = phase0.Epoch(i)
	}
	el.MarkAll()
	root, err := l.Root(vals)
	if err != nil || root != want() {
		t.Fatalf("after MarkAll: %x, %v", root, err)
	}
	vals[3].Slashed = !vals[3].Slashed
	el.Mark(3, -4)
	var me *cache.MarkError
	if _, err := l.Root(vals); !errors.As(err, &me) || me.Index != -4 || !me.HasIndex {
		t.Fatalf("a negative element mark: %v, want a *MarkError at -4", err)
	}
	if root, err = l.Root(vals); err != nil || root != want() {
		t.Fatalf("after the failed root: %x, %v", root, err)
	}

	g, err := l.GIndex("[12].Slashed")
	if err != nil {
		t.Fatal(err)
	}
	p, err := l.Prove("[12].Slashed")
	if err != nil || p.Index != g || !p.Verify(root) {
		t.Fatalf("Prove: %v (index %d, GIndex %d)", err, p.Index, g)
	}
	paths := []string{"[12].Slashed", "[299].EffectiveBalance", "__len__"}
	m, err := l.ProveMulti(paths...)
	if err != nil || !m.Verify(root) {
		t.Fatalf("ProveMulti: %v", err)
	}
	c, err := l.ProveCompact(paths...)
	if err != nil || !c.Verify(root) {
		t.Fatalf("ProveCompact: %v", err)
	}
	if _, err := l.ProveCompact(); !errors.Is(err, proof.ErrIndex) {
		t.Errorf("ProveCompact(): %v, want proof.ErrIndex", err)
	}
}

// TestListMarkAllModes: a list's MarkAll re-roots every element in each
// mode (in Detect mode it changes nothing: everything is compared), and
// the root after it, and after it again with no marks, is the reference.
func TestListMarkAllModes(t *testing.T) {
	for _, opts := range [][]cache.Option{nil, {cache.WithMode(cache.Marked)}, {cache.WithUpperLevelsOnly()}} {
		vals := phase0.RandomValidators(300, 4)
		l, err := cache.NewList[phase0.Validator](registryLimit, opts...)
		if err != nil {
			t.Fatal(err)
		}
		want := func() [32]byte { return refListRoot(t, vals, `ssz-max:"1099511627776"`) }
		if got, err := l.Root(vals); err != nil || got != want() {
			t.Fatalf("first root: %x, %v", got, err)
		}
		for i := range vals {
			vals[i].ExitEpoch = phase0.Epoch(i * 7)
		}
		l.Elements().MarkAll()
		for _, step := range []string{"after MarkAll", "again, no marks"} {
			if got, err := l.Root(vals); err != nil || got != want() {
				t.Fatalf("%d options, %s: %x, %v", len(opts), step, got, err)
			}
		}
	}
}

// BenchmarkFieldMark is the cost of one mark through a handle and
// through the string form (which looks the name up on each call), the
// Roots that drain the marks every 4096 calls not timed. cpu-ns/op is the
// thread's CPU time (internal/cputime), which a loaded machine's
// descheduling does not inflate.
func BenchmarkFieldMark(b *testing.B) {
	s := fulu.SyntheticBeaconState(1000, 1)
	tr, err := cache.New[fulu.BeaconState](cache.WithMode(cache.Marked))
	if err != nil {
		b.Fatal(err)
	}
	if _, err := tr.Root(s); err != nil {
		b.Fatal(err)
	}
	f := tr.MustField("CurrentEpochParticipation")
	for _, c := range []struct {
		name string
		mark func(i int)
	}{
		{"handle", func(i int) { f.Mark(i) }},
		{"string", func(i int) { _ = tr.Mark("CurrentEpochParticipation", i) }},
	} {
		b.Run(c.name, func(b *testing.B) {
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			var cpu int64
			t0, ok := cputime.Thread()
			for i := range b.N {
				c.mark(i % 1000)
				if i&4095 == 4095 {
					t1, _ := cputime.Thread()
					cpu += t1 - t0
					b.StopTimer()
					_, _ = tr.Root(s)
					b.StartTimer()
					t0, _ = cputime.Thread()
				}
			}
			t1, _ := cputime.Thread()
			cpu += t1 - t0
			if ok {
				b.ReportMetric(float64(cpu)/float64(b.N), "cpu-ns/op")
			}
		})
	}
}
