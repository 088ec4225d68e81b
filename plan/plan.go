package plan

import (
	"fmt"
	"os"
	"reflect"
	"runtime"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/sched"
	"github.com/lanehash/lanehash/ssz"
)

// Plan is the compiled hashing plan of the Go type T: build it once with
// PlanFor and reuse it. A Plan is safe for concurrent use.
type Plan[T any] struct {
	typ      *ssz.Type
	kernel   sched.Kernel
	tree     *sched.Tree
	stats    sched.Stats
	root     rooter
	workers  int
	serial   rooter              // roots from serialized elements (fixed-size T only)
	fixedRun *run                // the context for a fixed worker count
	procsRun atomic.Pointer[run] // the context for GOMAXPROCS workers
	packed   bool                // T is a basic type: lists of T are packed
	outs     sync.Pool           // *[1][32]byte for Root, which would escape
}

// PlanFor compiles the hashing plan of T, which may be any type the ssz
// package describes (a container, a vector, a basic type, ...). The
// error names the field when T or one of its fields is not supported,
// or when the kernel asked for does not exist or cannot run here.
func PlanFor[T any](opts ...Option) (*Plan[T], error) {
	var c config
	for _, o := range opts {
		o(&c)
	}
	var sopts []ssz.Option
	if c.spec != nil {
		sopts = append(sopts, ssz.WithSpec(c.spec))
	}
	typ, err := ssz.TypeFor[T](sopts...)
	if err != nil {
		return nil, err
	}
	var k sched.Kernel = c.impl
	if k == nil {
		lk, err := lanes.Select(c.hash, c.kernel)
		if err != nil {
			return nil, fmt.Errorf("plan: %w", err)
		}
		k = lk
	}
	p := &Plan[T]{typ: typ, kernel: k, workers: c.workers}
	p.outs.New = func() any { return new([1][32]byte) }
	p.tree = sched.NewTree(k, &p.stats)
	p.fixedRun = &run{tree: p.tree, workers: c.workers}
	comp := compiler{tree: p.tree}
	if c.impl == nil && c.kernel == "" {
		if nk := narrowKernel(c.hash, k.Width()); nk != nil {
			comp.narrow = sched.NewTree(nk, &p.stats)
		}
	}
	// Paths start with the type's name, as the ssz package's field
	// paths do ("Validator.Pubkey").
	name := typ.Go.Name()
	if name == "" {
		name = typ.Go.String()
	}
	if p.root, err = comp.compile(typ, name); err != nil {
		return nil, err
	}
	p.packed = isBasic(typ) && typ.Go.Kind() != reflect.Pointer
	if typ.Fixed {
		if p.serial, err = comp.serial(typ, name); err != nil {
			return nil, err
		}
	}
	return p, nil
}

// narrowKernel returns the narrowest SIMD or SHA-NI kernel of h (two
// lanes or more, fewer than wide) this CPU runs, or nil. It is only used
// when the kernel is chosen automatically: a forced kernel (by option or
// by LANEHASH_KERNEL) is used alone.
func narrowKernel(h lanes.Hash, wide int) *lanes.Kernel {
	if os.Getenv(lanes.EnvKernel) != "" {
		return nil
	}
	var best *lanes.Kernel
	for _, info := range lanes.Kernels() {
		if info.Hash != h || !info.Available || info.Width < 2 || info.Width >= wide {
			continue
		}
		if best != nil && best.Width() <= info.Width {
			continue
		}
		if k, err := lanes.Select(h, info.Name); err == nil {
			best = k
		}
	}
	return best
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

// Stats returns the plan's counters since it was built or last reset:
// pairs hashed, kernel calls, lane fill.
func (p *Plan[T]) Stats() sched.Snapshot { return p.stats.Snapshot() }

// ResetStats sets the plan's counters to zero.
func (p *Plan[T]) ResetStats() { p.stats.Reset() }

// run returns the context of a call; it is shared (read-only) so that
// calls allocate nothing.
func (p *Plan[T]) run() *run {
	if p.workers > 0 {
		return p.fixedRun
	}
	w := runtime.GOMAXPROCS(0)
	if x := p.procsRun.Load(); x != nil && x.workers == w {
		return x
	}
	x := &run{tree: p.tree, workers: w}
	p.procsRun.Store(x)
	return x
}

// Root returns hash_tree_root(*v). A nil v is an error.
func (p *Plan[T]) Root(v *T) ([32]byte, error) {
	if v == nil {
		return [32]byte{}, valueError(-1, "", ssz.ErrValue, "nil value")
	}
	x := p.procsRun.Load()
	if p.workers > 0 || x == nil {
		// Reading GOMAXPROCS takes a lock; a single value reuses the
		// count the last call saw.
		x = p.run()
	}
	out := p.outs.Get().(*[1][32]byte)
	err := p.root.roots(x, out[:], sched.Input{Base: unsafe.Pointer(v), N: 1})
	root := out[0]
	p.outs.Put(out)
	return root, single(err)
}

// single drops the index of an error about the only value.
func single(err error) error {
	if pe, ok := err.(*Error); ok {
		pe.Index = -1
	}
	return err
}

// RootAll sets dst[i] to hash_tree_root(src[i]) for every element of
// src, hashing W elements side by side and splitting the work across
// the plan's workers. dst must hold at least len(src) roots. On error
// (naming the element and field) dst is incomplete.
func (p *Plan[T]) RootAll(dst [][32]byte, src []T) error {
	if len(dst) < len(src) {
		return fmt.Errorf("plan: dst holds %d roots, src has %d elements", len(dst), len(src))
	}
	if len(src) == 0 {
		return nil
	}
	in := sched.Input{Base: unsafe.Pointer(unsafe.SliceData(src)), Stride: unsafe.Sizeof(src[0]), N: len(src)}
	return p.root.roots(p.run(), dst, in)
}

// RootAllPtr is RootAll for a slice of pointers, the way the ecosystem's
// beacon client types hold registries ([]*phase0.Validator). A nil
// element is an error naming its index (a nil element is not the same
// thing as a zero-valued one, and hashing it as zero would hide a bug).
func (p *Plan[T]) RootAllPtr(dst [][32]byte, src []*T) error {
	if len(dst) < len(src) {
		return fmt.Errorf("plan: dst holds %d roots, src has %d elements", len(dst), len(src))
	}
	if len(src) == 0 {
		return nil
	}
	in := sched.Input{Base: unsafe.Pointer(unsafe.SliceData(src)), Stride: unsafe.Sizeof(src[0]), Indirect: true, N: len(src)}
	return p.root.roots(p.run(), dst, in)
}

// Roots returns the roots of src in a new slice; see RootAll.
func (p *Plan[T]) Roots(src []T) ([][32]byte, error) {
	dst := make([][32]byte, len(src))
	if err := p.RootAll(dst, src); err != nil {
		return nil, err
	}
	return dst, nil
}

// reflectValueOf returns the addressable value *v.
func reflectValueOf[T any](v *T) reflect.Value { return reflect.ValueOf(v).Elem() }
