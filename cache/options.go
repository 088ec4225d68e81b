package cache

import (
	"fmt"
	"reflect"
	"unsafe"

	"github.com/lanehash/lanehash/internal/options"
	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/plan"
	"github.com/lanehash/lanehash/ssz"
)

// Option configures New and NewList. It is plan.Option: the hashing
// options are plan's (plan.WithHash, plan.WithKernel, plan.WithSpec,
// plan.WithWorkers), defined once, so a kernel name infers its hash
// function here as in PlanFor and a bad option is the same error; one
// list of options can configure a plan and a tree. WithMode,
// WithUpperLevelsOnly and WithPlan are the cache's own (PlanFor refuses
// them). A nil Option, one given twice with different values, or
// options that contradict each other or the type are an ErrOption at
// New, never a surprise at the first Root.
type Option = plan.Option

// ErrOption reports options of New or NewList that contradict each other
// or the type: a Mode that is not defined, WithUpperLevelsOnly with Detect
// or on a type it cannot cache, a WithPlan plan whose roots differ from
// the tree's (another hash function or spec), and every error of plan's
// options (it is plan.ErrOption, so errors.Is classifies an option error
// alike from either package).
var ErrOption = plan.ErrOption

type config struct {
	mode    Mode
	modeSet bool // WithMode was given (WithUpperLevelsOnly contradicts Detect)
	upper   bool
	hash    lanes.Hash
	kernel  string
	spec    ssz.SpecValues
	rooters map[reflect.Type]elemRooter
	noCopy  bool // keep no serializations even in Detect mode (Prove's one-shot tree)
	err     error
}

// cacheOption is the extension a cache option adds to the shared
// options: its name and value (to find it given twice with another
// value) and what it sets.
type cacheOption struct {
	value any
	set   func(*config)
}

// ext returns the Option that adds a cache option.
func ext(name string, value any, set func(*config)) Option {
	return func(c *options.Config) {
		c.Ext = append(c.Ext, options.Ext{Name: "cache." + name, Apply: cacheOption{value, set}})
	}
}

// newConfig applies opts; their error waits in cfg.err for check.
func newConfig(opts []Option) config {
	var cfg config
	oc, err := options.Apply("cache", opts)
	if err != nil {
		cfg.err = err
		return cfg
	}
	cfg.hash, cfg.kernel, cfg.spec = oc.Hash, oc.Kernel, oc.Spec
	// oc.Workers is a bound the tree keeps: it hashes on the calling
	// goroutine. oc.Impl is plan's test hook, which no cache option sets.
	seen := map[string]any{}
	for _, e := range oc.Ext {
		co, ok := e.Apply.(cacheOption)
		if !ok {
			cfg.err = fmt.Errorf("cache: %w: %s is not an option of cache.New", ErrOption, e.Name)
			return cfg
		}
		if v, ok := seen[e.Name]; ok && v != co.value {
			cfg.err = fmt.Errorf("cache: %w: %s given twice with different values", ErrOption, e.Name)
			return cfg
		}
		seen[e.Name] = co.value
		co.set(&cfg)
	}
	return cfg
}

// check rejects option combinations that contradict each other, so that
// no tree runs a mixture of modes or a mode its options make impossible.
// It settles the mode WithUpperLevelsOnly implies.
func (cfg *config) check() error {
	if cfg.err != nil {
		return cfg.err
	}
	if cfg.mode > Marked {
		return fmt.Errorf("%w: mode %d is neither Detect nor Marked", ErrOption, cfg.mode)
	}
	if cfg.upper {
		if cfg.modeSet && cfg.mode != Marked {
			// Detect needs the element roots and copies the option drops.
			return fmt.Errorf("%w: WithUpperLevelsOnly keeps nothing to compare with: it needs Marked mode, not Detect", ErrOption)
		}
		cfg.mode = Marked
	}
	return nil
}

// WithMode selects how changes are found; see Mode. A value that is not
// Detect or Marked is an ErrOption at New.
func WithMode(m Mode) Option {
	return ext("WithMode", m, func(c *config) { c.mode, c.modeSet = m, true })
}

// WithUpperLevelsOnly keeps only the levels above the element roots (and
// above the chunks of basic lists): half the memory of a registry's tree
// and no copies of the elements. It implies Marked, since there is nothing
// to compare with (WithMode(Detect) with it is an ErrOption), and a change
// re-roots the changed elements and their siblings (the sibling roots are
// no longer stored). A type with a list of variable-size elements at any
// depth (a block body's attestations) cannot be cached so, since such
// elements are cached nodes whose roots the list must keep: New returns
// an error wrapping ErrOption and ssz.ErrUnsupported.
func WithUpperLevelsOnly() Option {
	return ext("WithUpperLevelsOnly", true, func(c *config) { c.upper = true })
}

// WithPlan hashes the changed elements of every list or vector of E (or
// *E) in lockstep through p (RootAllPtr over pointers to the changed
// elements, W elements per kernel call), instead of the cache's own
// level-by-level program. E must be a fixed-size type. The plan's roots go
// into the tree, so New checks that p hashes like the tree: a nil plan, a
// variable-size E, or a plan whose roots of two probe elements (the zero
// element and one whose serialization is all 0x01 bytes) differ from the
// tree's own program's (another hash function, or other spec values) is an
// ErrOption. For a fixed-size type the probe is complete for spec values:
// they change only sizes, and a plan of other sizes fails on the probe.
func WithPlan[E any](p *plan.Plan[E]) Option {
	return ext("WithPlan["+reflect.TypeFor[E]().String()+"]", p, func(c *config) {
		if c.rooters == nil {
			c.rooters = map[reflect.Type]elemRooter{}
		}
		c.rooters[reflect.TypeFor[E]()] = &planRooter[E]{p: p}
	})
}

// planRooter hands the changed elements to RootAllPtr as pointers into
// the caller's value: nothing is copied, and W elements are hashed per
// kernel call.
type planRooter[E any] struct {
	p *plan.Plan[E]
}

// check rejects a plan the tree cannot use at all; probe (at the node
// that uses it) compares its roots with the tree's.
func (r *planRooter[E]) check(sopts []ssz.Option) error {
	name := reflect.TypeFor[E]().String()
	if r.p == nil {
		return fmt.Errorf("%w: WithPlan[%s]: nil plan", ErrOption, name)
	}
	t, err := ssz.TypeFor[E](sopts...)
	if err != nil {
		return fmt.Errorf("%w: WithPlan[%s]: %w", ErrOption, name, err)
	}
	if !t.Fixed {
		return fmt.Errorf("%w: WithPlan[%s]: %s is not fixed-size (only fixed-size elements are rooted in batches)", ErrOption, name, name)
	}
	return nil
}

func (r *planRooter[E]) roots(ptrs []unsafe.Pointer, dst []byte) error {
	if len(ptrs) == 0 {
		return nil
	}
	// []unsafe.Pointer and []*E have the same layout; every pointer is
	// non-nil (a nil element was replaced by the zero element).
	elems := unsafe.Slice((**E)(unsafe.Pointer(unsafe.SliceData(ptrs))), len(ptrs))
	out := unsafe.Slice((*[32]byte)(unsafe.Pointer(unsafe.SliceData(dst))), len(ptrs))
	return r.p.RootAllPtr(out, elems)
}

// probeRooter checks, when seq s is built, that its registered rooter
// roots its elements as s's own program does: the zero element and the
// element whose serialization is all 0x01 bytes (valid for every
// fixed-size type: booleans are 1, bitvector padding is in the high bits).
// A plan of another hash function differs on both; one of other spec
// values has other sizes and fails to root or differs.
func probeRooter(c *ctx, s *seq) error {
	ser := make([]byte, 2*s.size)
	for i := s.size; i < len(ser); i++ {
		ser[i] = 1
	}
	want := make([]byte, 64)
	s.prog.run(c.hasher, &s.run, ser, s.size, 2, want)
	ptrs := make([]unsafe.Pointer, 2)
	for j := range ptrs {
		v := reflect.New(s.t.Elem.Go)
		if err := ssz.UnmarshalValue(s.t.Elem, ser[j*s.size:(j+1)*s.size], v.Elem()); err != nil {
			return fmt.Errorf("cache: %s: probe element: %w", s.path, err)
		}
		ptrs[j] = s.value(v.UnsafePointer(), false, 0)
	}
	got := make([]byte, 64)
	err := s.rooter.roots(ptrs, got)
	if err == nil && string(got) == string(want) {
		return nil
	}
	if err == nil {
		err = fmt.Errorf("its roots of probe elements differ from the tree's (another hash function or spec values)")
	}
	return fmt.Errorf("%w: WithPlan[%s] for %s: %w", ErrOption, s.t.Elem.Go, s.path, err)
}

// upperLevelsOK reports whether WithUpperLevelsOnly can cache t: every
// list at every depth has fixed-size elements (variable-size elements are
// cached nodes whose roots the list must keep). It walks the type, not the
// nodes, since the nodes of list and vector elements are built only when
// elements arrive. seen stops at recursive types.
func upperLevelsOK(t *ssz.Type, path string) error {
	return upperLevelsWalk(t, path, map[*ssz.Type]bool{})
}

func upperLevelsWalk(t *ssz.Type, path string, seen map[*ssz.Type]bool) error {
	if t == nil || t.Fixed || seen[t] {
		return nil // a fixed-size value has no lists
	}
	seen[t] = true
	switch t.Kind {
	case ssz.KindList:
		if !t.Elem.Fixed || !t.Elem.IsBasic() && littleEndian && compileLayout(t.Elem, path) == nil {
			return fmt.Errorf("%w: WithUpperLevelsOnly: %s is a list of elements cached as nodes (variable-size ones), whose roots the tree must keep: %w", ErrOption, path, ssz.ErrUnsupported)
		}
	case ssz.KindVector, ssz.KindProgressiveList:
		return upperLevelsWalk(t.Elem, path+"[]", seen)
	case ssz.KindContainer, ssz.KindProgressiveContainer:
		for _, f := range t.Fields {
			if err := upperLevelsWalk(f.Type, path+"."+f.Name, seen); err != nil {
				return err
			}
		}
	}
	return nil
}
