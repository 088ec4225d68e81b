package cache

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/lanehash/lanehash/internal/hostile"
	"github.com/lanehash/lanehash/internal/sszrand"
	"github.com/lanehash/lanehash/plan"
	"github.com/lanehash/lanehash/proof"
	"github.com/lanehash/lanehash/ssz"
)

// The hostile mutation suite (issue #20): random container types of
// random shapes (hostile.RandomShape: lists with extreme limits,
// progressive lists and containers, bitfields, pointers, unions, at every
// depth), a random valid value, and a script of random changes at every
// depth (hostile.Mutate: append, truncate, nil, replace, swap, across a
// power of two, past the limit), applied to one cached tree per mode. A
// Marked tree is told what the docs say it must be told (the changed
// element of a top-level list or vector, or the whole top-level field, for
// every change of contents) and nothing for changes of lengths only. After
// every change the tree's root is compared with a fresh ssz.HashTreeRoot
// of the value, and an error with the reference's sentinel (a list past
// its limit also with its path); then random nodes are proved against the
// root. The types are built at run time (reflect.StructOf), so the suite
// drives the untyped tree under Tree[T] and List[E].

// mutationModes are the configurations every script runs in.
var mutationModes = []struct {
	name string
	opts []Option
}{
	{"detect", nil},
	{"marked", []Option{WithMode(Marked)}},
	{"upper", []Option{WithUpperLevelsOnly()}},
}

// refSentinels are the ssz errors a cache error must share with the
// reference's.
var refSentinels = []error{ssz.ErrListTooLong, ssz.ErrSize, ssz.ErrBitlist, ssz.ErrBitvector, ssz.ErrBool, ssz.ErrUnion, ssz.ErrValue}

// randomRoot returns a random container type of one to four random
// fields.
func randomRoot(rng *rand.Rand) *hostile.Shape {
	fields := make([]*hostile.Shape, 1+rng.IntN(4))
	for i := range fields {
		fields[i] = hostile.RandomShape(rng, 3)
	}
	return hostile.ContainerOf(fields...)
}

// runMutationScript runs steps random changes of a random type and value
// drawn from rng in every mode, and describes the first defect.
func runMutationScript(rng *rand.Rand, steps int) error {
	shape := randomRoot(rng)
	typ, err := ssz.TypeOf(shape.Go)
	if err != nil {
		return fmt.Errorf("%s: the generator's type does not describe: %v", shape.Name, err)
	}
	seed := rng.Uint64()
	for _, mode := range mutationModes {
		if err := runMode(shape, typ, mode.opts, seed, steps); err != nil {
			return fmt.Errorf("%s, mode %s: %w", shape.Name, mode.name, err)
		}
	}
	return nil
}

func runMode(shape *hostile.Shape, typ *ssz.Type, opts []Option, seed uint64, steps int) error {
	cfg := newConfig(opts)
	tr, err := newTreeOf(cfg, func(o ...ssz.Option) (*ssz.Type, error) { return ssz.TypeOf(shape.Go, o...) })
	if err != nil {
		if cfg.upper && errors.Is(err, ErrOption) && errors.Is(err, ssz.ErrUnsupported) && hasNodeList(typ) {
			return nil // refused at New, as documented
		}
		return fmt.Errorf("New: %v", err)
	}
	if cfg.upper && hasNodeList(typ) {
		return errors.New("New accepted WithUpperLevelsOnly for a list of variable-size elements")
	}
	rng := rand.New(rand.NewPCG(seed, 7))
	f := &sszrand.Filler{Rand: rng, MaxList: 12, MaxBits: 300}
	pv := reflect.New(shape.Go)
	valid := fillValid(f, typ, pv)
	if err := check(tr, pv, "first root", nil); err != nil {
		return err
	}
	marked := tr.mode == Marked
	for step := range steps {
		m, ok := hostile.Mutate(rng, f, typ, pv.Elem())
		if !ok {
			return nil
		}
		what := fmt.Sprintf("step %d: %s at %s", step, m.Op, m.Path)
		if marked && m.NeedsMark {
			if err := tr.mark(typ.Fields[m.Field].Name, m.Marks); err != nil {
				return fmt.Errorf("%s: Mark: %v", what, err)
			}
		}
		if !valid {
			m.Undo = nil // the value had an error before this change
		}
		if err := check(tr, pv, what, &m); err != nil {
			return err
		}
		if m.Undo != nil {
			m.Undo()
			if marked && (m.Op == hostile.BadBool || m.Op == hostile.BadPadding) {
				// Putting the byte back changes contents: a Marked tree
				// is told, as of any change.
				if err := tr.mark(typ.Fields[m.Field].Name, m.Marks); err != nil {
					return fmt.Errorf("%s: Mark: %v", what, err)
				}
			}
			if err := check(tr, pv, what+", undone", nil); err != nil {
				return err
			}
		}
		if _, err := ssz.HashTreeRoot(pv.Interface(), ssz.SHA256); err != nil {
			// The change made the value invalid (a nil pointer to a
			// union without a None option): a fresh valid value, every
			// field marked, so that the next change is checked alone.
			valid = fillValid(f, typ, pv)
			if marked {
				for _, fd := range typ.Fields {
					if err := tr.mark(fd.Name, nil); err != nil {
						return fmt.Errorf("%s: Mark(%s): %v", what, fd.Name, err)
					}
				}
			}
			if err := check(tr, pv, what+", refilled", nil); err != nil {
				return err
			}
		}
		if err := checkNodes(tr, rng); err != nil {
			return fmt.Errorf("%s: %w", what, err)
		}
	}
	return nil
}

// fillValid fills the value at pv with a random value the reference roots
// (a few tries: the filler leaves some pointers nil, and the zero value
// of a union without a None option is invalid) and reports whether it
// found one.
func fillValid(f *sszrand.Filler, typ *ssz.Type, pv reflect.Value) bool {
	for range 8 {
		f.Fill(typ, pv.Elem())
		if _, err := ssz.HashTreeRoot(pv.Interface(), ssz.SHA256); err == nil {
			return true
		}
	}
	return false
}

// check roots the value at pv in tr and compares it with the reference:
// the same root, or an error wrapping the reference's sentinels (and, for
// a list past its limit, naming the list).
func check(tr *tree, pv reflect.Value, what string, m *hostile.Mutation) error {
	want, werr := ssz.HashTreeRoot(pv.Interface(), ssz.SHA256)
	got, gerr := tr.update(pv.UnsafePointer(), pv.Interface())
	switch {
	case werr == nil && gerr != nil:
		return fmt.Errorf("%s: %v, reference root %x", what, gerr, want)
	case werr == nil && got != want:
		return fmt.Errorf("%s: root %x, reference %x", what, got, want)
	case werr != nil && gerr == nil:
		return fmt.Errorf("%s: root %x, reference error %v", what, got, werr)
	case werr != nil:
		for _, s := range refSentinels {
			if errors.Is(werr, s) && !errors.Is(gerr, s) {
				return fmt.Errorf("%s: error %v, reference %v", what, gerr, werr)
			}
		}
		var se *plan.Error
		if m != nil && (m.Op == hostile.PastLimit || m.Op == hostile.BadBool || m.Op == hostile.BadPadding) && m.Undo != nil && (!errors.As(gerr, &se) || !strings.HasSuffix(se.Path, m.Path)) {
			path := "none"
			if se != nil {
				path = se.Path[max(0, len(se.Path)-60):]
			}
			return fmt.Errorf("%s: error path ...%s does not name the list (%v)", what, path, errors.Unwrap(gerr))
		}
	}
	return nil
}

// checkNodes proves a few random nodes of the last root: every node the
// tree returns must prove against it, every refusal must be
// proof.ErrIndex.
func checkNodes(tr *tree, rng *rand.Rand) error {
	if !tr.built {
		return nil
	}
	for k := range 6 {
		d := rng.IntN(14)
		if k >= 4 {
			d = rng.IntN(64) // deep into huge limits and progressive trees
		}
		g := proof.GIndex(1<<d | rng.Uint64N(1<<d))
		p, err := proof.Prove(lockedNodes{tr}, g)
		if err != nil {
			if !errors.Is(err, proof.ErrIndex) {
				return fmt.Errorf("node %d: %v, want proof.ErrIndex", g, err)
			}
			continue
		}
		if !p.Verify(tr.value) {
			return fmt.Errorf("node %d does not prove against the root", g)
		}
	}
	return nil
}

// lockedNodes is the tree as a proof.NodeSource, taking its lock per node.
type lockedNodes struct{ tr *tree }

func (s lockedNodes) Node(g proof.GIndex) ([32]byte, error) { return s.tr.node(g) }

// hasNodeList reports whether t has, at any depth, a list whose elements
// are variable-size: what WithUpperLevelsOnly refuses. It reads the type
// as the spec defines it, not the cache's nodes.
func hasNodeList(t *ssz.Type) bool {
	seen := map[*ssz.Type]bool{}
	var walk func(t *ssz.Type) bool
	walk = func(t *ssz.Type) bool {
		if t == nil || seen[t] {
			return false
		}
		seen[t] = true
		if t.Kind == ssz.KindList && !t.Elem.Fixed {
			return true
		}
		if walk(t.Elem) {
			return true
		}
		for _, f := range t.Fields {
			if walk(f.Type) {
				return true
			}
		}
		return false
	}
	return walk(t)
}

// TestHostileMutations runs the mutation scripts of many random types in
// hostile.Isolated children: a crash or a hang is a reported case.
func TestHostileMutations(t *testing.T) {
	n := 300
	if testing.Short() {
		n = 60
	}
	cases := make([]hostile.Case, n)
	for i := range cases {
		seed := uint64(i)
		cases[i] = hostile.Case{
			Name: fmt.Sprintf("seed %d", seed),
			Run:  func() error { return runMutationScript(rand.New(rand.NewPCG(seed, 20)), 24) },
		}
	}
	hostile.Isolated(t, cases, hostile.DefaultLimits)
}

// scriptSource draws from the fuzzer's bytes first, then from a PCG: the
// fuzzer's changes to the bytes change the type, the value and the
// script's choices.
type scriptSource struct {
	b   []byte
	pcg *rand.PCG
}

func (s *scriptSource) Uint64() uint64 {
	if len(s.b) == 0 {
		return s.pcg.Uint64()
	}
	var w [8]byte
	n := copy(w[:], s.b)
	s.b = s.b[n:]
	return binary.LittleEndian.Uint64(w[:])
}

// FuzzCacheMutations runs one mutation script per input: a random type,
// value and script drawn from the input bytes, in every mode.
func FuzzCacheMutations(f *testing.F) {
	f.Add(uint64(1), []byte{})
	f.Add(uint64(2), []byte{3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3})
	f.Fuzz(func(t *testing.T, seed uint64, script []byte) {
		rng := rand.New(&scriptSource{b: script, pcg: rand.NewPCG(seed, 20)})
		if err := runMutationScript(rng, 12); err != nil {
			t.Fatal(err)
		}
	})
}
