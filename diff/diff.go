package diff

import (
	"encoding/binary"
	"errors"
	"fmt"
	"reflect"
	"strconv"

	"github.com/lanehash/lanehash/internal/options"
	"github.com/lanehash/lanehash/internal/sszvalidate"
	"github.com/lanehash/lanehash/plan"
	"github.com/lanehash/lanehash/ssz"
)

// Difference is one deepest node whose subtree root differs between the
// two values: a basic field or element, a byte string, a bitfield, a
// union, an element one value has past the other's end, or a list's
// length. Its ancestors differ too and are not listed.
type Difference struct {
	// Path names the node in spec names, in the path syntax of package
	// proof ("validators[513].effective_balance",
	// "inactivity_scores.__len__"): proof.GIndexOf, cache's Prove and the
	// command's prove -path take it.
	Path string
	// Type is the node's SSZ type; for a length (__len__), uint64.
	Type *ssz.Type
	// A and B are the node's serialization in each value: the field's or
	// element's bytes, or for a length the length as a little-endian
	// uint64. One of them is nil where the node is absent from that value
	// (an element past the shorter list's end). They are slices of the
	// serializations diffed (the caller's for Bytes and Serialized), not
	// copies.
	A, B []byte
}

// Option configures a diff. It is plan.Option, so that one list of
// options configures a plan, a cached tree and a diff alike:
// plan.WithSpec selects the preset Values and Bytes describe T with
// (mainnet by default); plan.WithWorkers(1) keeps a call on the calling
// goroutine (otherwise the two inputs are serialized or validated in
// parallel); the hash and kernel options are accepted and change
// nothing, since a diff hashes only to tell whether an all-zero element
// roots to the zero chunk, which no hash function changes. WithMax is
// the diff's own; PlanFor and cache.New refuse it by name.
type Option = plan.Option

// ErrOption reports options that cannot be followed: a negative WithMax,
// a WithSpec given to Serialized (its type already has its spec values),
// an option of another package (cache.WithMode), and every error of
// plan's options. It is plan.ErrOption, so errors.Is classifies an
// option error alike from any package.
var ErrOption = plan.ErrOption

// ErrWalk reports that the diff's own validation and the decoder
// disagree about an input, or that a validated input did not have the
// layout its type gives it: a defect of this package, never of the
// input. It is returned rather than a guess at the differences.
var ErrWalk = errors.New("diff: the validation and the decoder disagree")

// InputError reports an input that is not a value of the type: bytes the
// decoder rejects (Bytes, Serialized) or a value the encoder rejects
// (Values). Err is the decoder's or the encoder's own error, an
// *ssz.Error wrapping an ssz sentinel (errors.Is(err, ssz.ErrOffset)),
// naming the field it is in.
type InputError struct {
	Input int // 0 for a, 1 for b
	Err   error
}

// Error names the input ("a" or "b", as the parameters are named) and
// gives the decoder's or the encoder's message.
func (e *InputError) Error() string {
	return "diff: input " + string(rune('a'+e.Input)) + ": " + e.Err.Error()
}

// Unwrap returns the decoder's or the encoder's error.
func (e *InputError) Unwrap() error { return e.Err }

// WithMax keeps only the first n differences in tree order (0, the
// default, keeps them all); the count returned is still all of them, so
// a caller can say how many it does not show. A negative n is an
// ErrOption.
func WithMax(n int) Option {
	return ext("WithMax", n, func(c *config) { c.max = n })
}

// config is what the options say to a diff.
type config struct {
	max      int
	spec     ssz.SpecValues
	specSet  bool
	parallel bool // serialize or validate the two inputs in parallel
}

// diffOption is what a diff option sets: its type is how Exts tells the
// diff's extensions from another package's.
type diffOption func(*config)

// ext returns the Option that adds a diff option.
func ext(name string, value any, set func(*config)) Option {
	return options.Extension("diff."+name, value, diffOption(set))
}

// newConfig applies and checks opts.
func newConfig(opts []Option) (config, error) {
	oc, err := options.Apply("diff", opts)
	if err != nil {
		return config{}, err
	}
	cfg := config{spec: oc.Spec, specSet: oc.Spec != nil, parallel: oc.Workers != 1}
	sets, err := options.Exts[diffOption](oc, "diff", "diff")
	if err != nil {
		return config{}, err
	}
	for _, set := range sets {
		set(&cfg)
	}
	if cfg.max < 0 {
		return config{}, fmt.Errorf("diff: %w: WithMax(%d): keep 0 (all) or more", ErrOption, cfg.max)
	}
	return cfg, nil
}

// configFor applies opts and describes T with the spec values they give.
func configFor[T any](opts []Option) (config, *ssz.Type, error) {
	cfg, err := newConfig(opts)
	if err != nil {
		return cfg, nil, err
	}
	var so []ssz.Option
	if cfg.specSet {
		so = append(so, ssz.WithSpec(cfg.spec))
	}
	t, err := ssz.TypeFor[T](so...)
	if err != nil {
		return cfg, nil, fmt.Errorf("diff: %w", err)
	}
	return cfg, t, nil
}

// Values lists the differences between a and b: the deepest nodes whose
// subtree roots differ, in tree order, at most WithMax of them, and how
// many there are in all. Both are serialized with the ssz encoder, so a
// value it rejects (a list over its limit) is an *InputError wrapping
// its error. A nil pointer is the zero value of T, as for plan's roots.
func Values[T any](a, b *T, opts ...Option) ([]Difference, int, error) {
	cfg, t, err := configFor[T](opts)
	if err != nil {
		return nil, 0, err
	}
	var data [2][]byte
	errs := both(cfg.parallel, func(i int) error {
		v := [2]*T{a, b}[i]
		if v == nil {
			v = new(T)
		}
		var err error
		data[i], err = ssz.MarshalValue(t, reflect.ValueOf(v))
		return err
	})
	if err := inputErrors(errs); err != nil {
		return nil, 0, err
	}
	return walk(cfg, t, data[0], data[1])
}

// Bytes lists the differences between the values of T serialized in a
// and b, as Values does, without decoding them. Both are validated first,
// as strictly as ssz.Unmarshal (which plan's RootBytes matches); an input
// it rejects is an *InputError wrapping the decoder's own error.
func Bytes[T any](a, b []byte, opts ...Option) ([]Difference, int, error) {
	cfg, t, err := configFor[T](opts)
	if err != nil {
		return nil, 0, err
	}
	return serialized(cfg, t, a, b)
}

// Serialized is Bytes for a type known by its descriptor rather than as
// a type parameter (a command or a tool that picks the type at run time
// holds an *ssz.Type): t carries its spec values, so WithSpec is an
// ErrOption here. A descriptor that does not describe its Go type (nil,
// or one made by hand: ssz.CheckDescriptor) is refused with that error,
// wrapping ssz.ErrValue, before either input is read.
func Serialized(t *ssz.Type, a, b []byte, opts ...Option) ([]Difference, int, error) {
	cfg, err := newConfig(opts)
	if err != nil {
		return nil, 0, err
	}
	if cfg.specSet {
		return nil, 0, fmt.Errorf("diff: %w: WithSpec: Serialized's type has its spec values (ssz.TypeFor[T](ssz.WithSpec(s)))", ErrOption)
	}
	if err := ssz.CheckDescriptor(t); err != nil {
		return nil, 0, fmt.Errorf("diff: %w", err)
	}
	return serialized(cfg, t, a, b)
}

// serialized validates a and b, then walks them.
func serialized(cfg config, t *ssz.Type, a, b []byte) ([]Difference, int, error) {
	in := [2][]byte{a, b}
	errs := both(cfg.parallel && len(a)+len(b) >= parallelBytes, func(i int) error {
		if sszvalidate.Validate(t, in[i]) == nil {
			return nil
		}
		// The decoder's own error, with its sentinel and path: the
		// validation only says yes or no.
		if err := ssz.UnmarshalValue(t, in[i], reflect.New(t.Go).Elem()); err != nil {
			return err
		}
		return fmt.Errorf("%w: input %d rejected by the validation but not by the decoder", ErrWalk, i)
	})
	if err := inputErrors(errs); err != nil {
		return nil, 0, err
	}
	// Sub-slices of a nil input are nil, which a Difference reserves for
	// an absent node: an empty serialization (an empty list) is present.
	for i := range in {
		if in[i] == nil {
			in[i] = []byte{}
		}
	}
	return walk(cfg, t, in[0], in[1])
}

// parallelBytes is the input size from which two inputs are validated on
// two goroutines: below it a goroutine costs more than it saves.
const parallelBytes = 1 << 20

// both runs f(0) and f(1), in parallel when parallel is set.
func both(parallel bool, f func(i int) error) [2]error {
	var errs [2]error
	if !parallel {
		errs[0], errs[1] = f(0), f(1)
		return errs
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		errs[1] = f(1)
	}()
	errs[0] = f(0)
	<-done
	return errs
}

// inputErrors wraps the inputs' errors in InputErrors; an ErrWalk is
// returned as it is (the input is not at fault).
func inputErrors(errs [2]error) error {
	var out [2]error
	for i, err := range errs {
		switch {
		case err == nil:
		case errors.Is(err, ErrWalk):
			out[i] = err
		default:
			out[i] = &InputError{Input: i, Err: err}
		}
	}
	if out[0] != nil && out[1] != nil {
		return errors.Join(out[0], out[1])
	}
	if out[0] != nil {
		return out[0]
	}
	return out[1]
}

// walk lists the differences between a and b, valid serializations of t.
func walk(cfg config, t *ssz.Type, a, b []byte) ([]Difference, int, error) {
	d := &differ{max: cfg.max}
	if err := d.walk(t, a, b, ""); err != nil {
		// A validated input always has its type's layout.
		return nil, 0, fmt.Errorf("%w: %w", ErrWalk, err)
	}
	return d.out, d.total, nil
}

// lenType is the type of a list's length node, as a Difference gives it.
var lenType = func() *ssz.Type {
	t, err := ssz.TypeFor[uint64]()
	if err != nil {
		panic(err) // uint64 is an SSZ type
	}
	return t
}()

// lenBytes serializes a length as a Difference gives it.
func lenBytes(n int) []byte {
	return binary.LittleEndian.AppendUint64(nil, uint64(n))
}

// index appends an element index to path.
func index(path string, i int) string {
	return path + "[" + strconv.Itoa(i) + "]"
}
