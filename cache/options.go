package cache

import (
	"fmt"

	"github.com/lanehash/lanehash/internal/options"
	"github.com/lanehash/lanehash/internal/sszpath"
	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/plan"
	"github.com/lanehash/lanehash/ssz"
)

// Option configures New and NewList. It is plan.Option: the hashing
// options are plan's (plan.WithHash, plan.WithKernel, plan.WithSpec,
// plan.WithWorkers), defined once, so a kernel name infers its hash
// function here as in PlanFor and a bad option is the same error; one
// list of options can configure a plan and a tree. WithMode and
// WithUpperLevelsOnly are the cache's own (PlanFor refuses them). A nil
// Option, one given twice with different values, or options that
// contradict each other or the type are an ErrOption at New, never a
// surprise at the first Root.
type Option = plan.Option

// ErrOption reports options of New or NewList that contradict each other
// or the type: a Mode that is not defined, WithUpperLevelsOnly with Detect
// or on a type it cannot cache, and every error of plan's
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
	noCopy  bool // keep no serializations even in Detect mode (Prove's one-shot tree)
	// expect is WithRoot's root, nil without it; sparse is set by the
	// sparse walks, the only functions that take it.
	expect *[32]byte
	sparse bool
	err    error
}

// cacheOption is what a cache option sets: its type is how Exts tells
// the cache's extensions from another package's.
type cacheOption func(*config)

// ext returns the Option that adds a cache option.
func ext(name string, value any, set func(*config)) Option {
	return options.Extension("cache."+name, value, cacheOption(set))
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
	sets, err := options.Exts[cacheOption](oc, "cache", "cache.New")
	if err != nil {
		cfg.err = err
		return cfg
	}
	for _, set := range sets {
		set(&cfg)
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
	if cfg.expect != nil && !cfg.sparse {
		return fmt.Errorf("%w: WithRoot checks the root of SparseOf and SparseOfBytes only", ErrOption)
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

// WithRoot gives SparseOf and SparseOfBytes the root the value must
// have, one the caller trusts (a block header's state_root, a checkpoint
// root): a value or serialization that roots otherwise is an error
// wrapping ErrUnexpectedRoot, and no tree. SparseOfBytes then validates
// the bytes at memory speed (as strictly as ssz.Unmarshal) instead of
// rooting them whole before its walk, so a proof costs about one root,
// not two: the walk's nodes folding into the trusted root is the check
// the first root made. Any other function refuses it (ErrOption).
func WithRoot(root [32]byte) Option {
	return ext("WithRoot", root, func(c *config) { c.expect = &root })
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
		if !t.Elem.Fixed || !t.Elem.IsBasic() && littleEndian && !planLayout(t.Elem) {
			return fmt.Errorf("%w: WithUpperLevelsOnly: %s is a list of elements cached as nodes (variable-size ones), whose roots the tree must keep: %w", ErrOption, path, ssz.ErrUnsupported)
		}
	case ssz.KindVector, ssz.KindProgressiveList:
		return upperLevelsWalk(t.Elem, path+"[]", seen)
	case ssz.KindContainer, ssz.KindProgressiveContainer:
		for _, f := range t.Fields {
			if err := upperLevelsWalk(f.Type, sszpath.Field(path, f.Name), seen); err != nil {
				return err
			}
		}
	}
	return nil
}
