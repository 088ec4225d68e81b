package plan

import (
	"fmt"
	"github.com/lanehash/lanehash/internal/options"
	"reflect"
	"unsafe"

	"github.com/lanehash/lanehash/internal/graph"
	"github.com/lanehash/lanehash/sched"
	"github.com/lanehash/lanehash/ssz"
)

// Plan is the compiled hashing plan of the Go type T: build it once with
// PlanFor and reuse it. A Plan is safe for concurrent use.
type Plan[T any] struct {
	core
}

// core is everything of a Plan that does not depend on T at compile
// time, so that types known only at run time (the hostile-types suite
// builds them with reflect.StructOf) are compiled by the same code.
type core struct {
	typ     *ssz.Type
	kernel  sched.Kernel
	stats   sched.Stats
	graph   graph.Node           // the plan graph of T
	run     *sched.Prepared      // graph, ready on the plan's executor
	bytes   *sched.BytesPrepared // the graph that reads serialized T
	name    string               // the type's name in the bytes path's errors
	workers int
}

// PlanFor compiles the hashing plan of T, which may be any type the ssz
// package describes (a container, a vector, a basic type, ...). The
// error names the field when T or one of its fields is not supported,
// or when the kernel asked for does not exist or cannot run here; an
// option it cannot honour is an ErrOption. On a big-endian host it
// returns ErrBigEndian.
//
// Warning: go-eth2-client's versioned values (spec.VersionedBeaconState,
// spec.VersionedSignedBeaconBlock and the other spec.Versioned* and
// api.Versioned* types) are wrappers, not SSZ objects of the spec:
// PlanFor of one compiles, and its plan hashes the wrapper as a
// container of a version number and one pointer per fork, a root no
// chain has, with no error. Root them with the adapter module
// github.com/lanehash/lanehash/eth2 (eth2.HashTreeRoot picks the fork's
// value by its Version), or take the fork's value out (v.Fulu) and plan
// its type; lanehash.HashTreeRoot refuses a wrapper with
// lanehash.ErrVersioned.
func PlanFor[T any](opts ...Option) (*Plan[T], error) {
	p := &Plan[T]{}
	if err := p.core.init(reflect.TypeFor[T](), opts); err != nil {
		return nil, err
	}
	return p, nil
}

// init compiles the plan of Go type t into c, in place (the executor
// keeps a pointer to c.stats).
func (c *core) init(t reflect.Type, opts []Option) error {
	if hostBigEndian {
		return ErrBigEndian
	}
	conf, err := configure(opts)
	if err != nil {
		return err
	}
	var sopts []ssz.Option
	if conf.Spec != nil {
		sopts = append(sopts, ssz.WithSpec(conf.Spec))
	}
	typ, err := ssz.TypeOf(t, sopts...)
	if err != nil {
		return err
	}
	return c.initType(typ, conf)
}

// initType is init for the SSZ type typ (its Go type typ.Go), described
// already: the cache's element and field types, tags and spec values
// applied.
func (c *core) initType(typ *ssz.Type, conf options.Config) error {
	if err := c.initGraph(typ, conf); err != nil {
		return err
	}
	if err := c.prepareRun(); err != nil {
		return err
	}
	return c.prepareBytes()
}

// initGraph is initType without preparing the graph to run (prepareRun)
// or the bytes path (prepareBytes), which the plans the cache compiles
// for its element types do only when they first root a value, or a walk
// of serialized values first asks: a block's tree plans every element
// type of its operations, and most of its lists are empty.
func (c *core) initGraph(typ *ssz.Type, conf options.Config) error {
	var err error
	var k sched.Kernel = conf.Impl
	if k == nil {
		lk, err := conf.SelectKernel("plan")
		if err != nil {
			return err
		}
		k = lk
	}
	c.typ, c.kernel, c.workers = typ, k, conf.Workers
	// Paths start with the type's name, as the ssz package's field
	// paths do ("Validator.Pubkey").
	name := typeName(typ.Go)
	if c.graph, err = compile(typ, name); err != nil {
		return err
	}
	c.name = bytesName(typ)
	return nil
}

// prepareRun prepares the plan graph to root Go values (c.run).
func (c *core) prepareRun() error {
	var err error
	c.run, err = sched.NewExec(c.kernel, &c.stats).Prepare(c.graph, c.typ.Go)
	return err
}

// prepareBytes compiles and prepares the graph that reads serialized
// values of the plan's type (c.bytes).
func (c *core) prepareBytes() error {
	bg, err := compileBytes(c.typ)
	if err != nil {
		return err
	}
	c.bytes, err = sched.NewExec(c.kernel, &c.stats).PrepareBytes(bg)
	return err
}

// Kernel returns the name of the kernel the plan hashes with.
func (p *Plan[T]) Kernel() string {
	if n, ok := p.kernel.(interface{ Name() string }); ok {
		return n.Name()
	}
	return fmt.Sprintf("%s/x%d", p.kernel.Hash(), p.kernel.Width())
}

// Width returns the lane width W: instances hashed side by side.
func (p *Plan[T]) Width() int { return p.kernel.Width() }

// Root returns hash_tree_root(*v). A nil v is the zero value of T, as
// a nil pointer is everywhere (see the package documentation).
func (p *Plan[T]) Root(v *T) (root [32]byte, err error) {
	// The root is written straight into the result (RootAt); on error
	// it stays zero: a caller that ignores the error must not get the
	// raw bytes of a value that has none.
	if err = p.run.RootAt(&root, reflect.TypeFor[T](), unsafe.Pointer(v), p.workers); err != nil {
		return root, p.valueDefect(err, valueOf(v))
	}
	return root, nil
}

// RootAll sets dst[i] to hash_tree_root(src[i]) for every element of
// src, hashing W elements side by side and splitting the work across
// the plan's workers. dst must hold at least len(src) roots. On error
// (naming the element and field) dst is incomplete.
func (p *Plan[T]) RootAll(dst [][32]byte, src []T) error {
	if len(dst) < len(src) {
		return fmt.Errorf("plan: dst holds %d roots, src has %d elements", len(dst), len(src))
	}
	return p.firstDefect(p.run.Run(dst, sched.SliceOf(src), p.workers),
		elemOf(src))
}

// RootAllPtr is RootAll for a slice of pointers, the way the ecosystem's
// beacon client types hold registries ([]*phase0.Validator). A nil
// element is the zero value of T, as a nil pointer is everywhere (see
// the package documentation).
func (p *Plan[T]) RootAllPtr(dst [][32]byte, src []*T) error {
	if len(dst) < len(src) {
		return fmt.Errorf("plan: dst holds %d roots, src has %d elements", len(dst), len(src))
	}
	return p.firstDefect(p.run.Run(dst, sched.PtrsOf(src), p.workers),
		ptrElemOf(src))
}

// Roots returns the roots of src in a new slice; see RootAll.
func (p *Plan[T]) Roots(src []T) ([][32]byte, error) {
	dst := make([][32]byte, len(src))
	if err := p.RootAll(dst, src); err != nil {
		return nil, err
	}
	return dst, nil
}

// valueOf is *v as a reflect.Value, or T's zero value for a nil v (a nil
// pointer is the zero value everywhere).
func valueOf[T any](v *T) reflect.Value {
	if v == nil {
		return reflect.Zero(reflect.TypeFor[T]())
	}
	return reflect.ValueOf(v).Elem()
}

// elemOf and ptrElemOf give element i of a slice or a pointer slice as
// the reflect.Value firstDefect walks (a nil pointer is the zero value).
func elemOf[T any](src []T) func(int) reflect.Value {
	return func(i int) reflect.Value { return reflect.ValueOf(&src[i]).Elem() }
}

func ptrElemOf[T any](src []*T) func(int) reflect.Value {
	return func(i int) reflect.Value { return valueOf(src[i]) }
}
