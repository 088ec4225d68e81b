package sched

import (
	"fmt"
	"math/bits"
	"reflect"
	"runtime"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/lanehash/lanehash/internal/graph"
)

// Exec runs plan graphs with one kernel: it owns the kernel's Tree
// (zero hashes, counters), the lockstep runners of every program, their
// scratch pools and the split of work across workers. It is safe for
// concurrent use.
type Exec struct {
	tree  *Tree
	stats *Stats
	// alt holds the trees of the other kernels the kernel's
	// ForInstances answers with, created on first use.
	alt kernelCache[*Tree]
}

// NewExec returns an executor hashing with k and counting into stats
// (which may be nil).
func NewExec(k Kernel, stats *Stats) *Exec {
	return &Exec{tree: NewTree(k, stats), stats: stats}
}

// treeFor returns the Tree of kernel k, which the executor's kernel
// named for some batch size.
func (e *Exec) treeFor(k Kernel) *Tree {
	return e.alt.get(k, func() *Tree { return NewTree(k, e.stats) })
}

// kernelCache holds one value per kernel, built on first use; lookups
// take no lock (the list is replaced, never changed in place).
type kernelCache[V any] struct {
	mu   sync.Mutex
	list atomic.Pointer[[]kernelEntry[V]]
}

type kernelEntry[V any] struct {
	k Kernel
	v V
}

// get returns the value of k, building it with build the first time.
func (c *kernelCache[V]) get(k Kernel, build func() V) V {
	if l := c.list.Load(); l != nil {
		for _, e := range *l {
			if e.k == k {
				return e.v
			}
		}
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	var l []kernelEntry[V]
	if old := c.list.Load(); old != nil {
		for _, e := range *old {
			if e.k == k {
				return e.v
			}
		}
		l = append(l, *old...)
	}
	v := build()
	l = append(l, kernelEntry[V]{k, v})
	c.list.Store(&l)
	return v
}

// Prepared is a plan graph made ready to run on an Exec for instances
// of one Go type.
type Prepared struct {
	e    *Exec
	typ  reflect.Type
	zero unsafe.Pointer // a zero value of typ: what a nil element reads as
	root rooter
	// single is root when it is a program without fields run in
	// lockstep: Root then goes straight to its single-instance path.
	single *programRooter
	// fast is single's straight path for Root, set on first use.
	fast atomic.Pointer[singleRoot]
	// chunk is root when the graph is a value whose root is its own
	// bytes (a basic value, a vector or bitvector of at most one chunk):
	// Root then copies them straight into the result. Through Run, a
	// bare uint64 paid for the pooled result, the run context and the
	// rooter's loop, about 60 ns for a 32-byte copy (AMD EPYC Zen 5).
	chunk *chunkRooter
	// outs holds Root's one-root buffers for the other graphs, whose
	// roots pass through Run's dst and so would escape.
	outs sync.Pool // *[1][32]byte
	// last caches the context of the last call.
	last atomic.Pointer[run]
}

// Prepare readies graph g to run on e for instances of Go type t (the
// graph's type). It fails only on a malformed graph.
func (e *Exec) Prepare(g graph.Node, t reflect.Type) (*Prepared, error) {
	return e.PrepareStrategy(g, t, Lockstep)
}

// PrepareStrategy is Prepare with the programs of g run by strategy s.
func (e *Exec) PrepareStrategy(g graph.Node, t reflect.Type, s Strategy) (*Prepared, error) {
	r, err := e.rooterOf(g, s)
	if err != nil {
		return nil, err
	}
	p := &Prepared{e: e, typ: t, zero: zeroValue(t.Size()), root: r}
	if pr, ok := r.(*programRooter); ok && len(pr.fields) == 0 && s == Lockstep {
		p.single = pr
	}
	if cr, ok := r.(*chunkRooter); ok {
		p.chunk = cr
	}
	p.outs.New = func() any { return new([1][32]byte) }
	return p, nil
}

// Run sets dst[i] to the root of instance i of in, splitting the work
// across up to workers goroutines (workers ≤ 0: GOMAXPROCS). dst must
// hold in.Len() roots. A nil element of a PtrsOf input is the zero
// value, as a nil pointer is everywhere. On error dst is incomplete.
func (p *Prepared) Run(dst [][32]byte, in Input, workers int) error {
	in.zero = p.zero
	if in.typ != p.typ {
		return &Error{Index: -1, Kind: graph.KindType, Msg: fmt.Sprintf("input of %v, graph of %v", in.typ, p.typ)}
	}
	if in.n == 0 {
		return nil
	}
	if in.base == nil && in.ptrs == nil {
		// ValueOf(nil): the zero value.
		in.base = p.zero
	}
	if len(dst) < in.n {
		return &Error{Index: -1, Kind: graph.KindLength, Msg: fmt.Sprintf("dst holds %d roots, input has %d", len(dst), in.n)}
	}
	return rootsInOrder(p.run(workers, in.n), p.root, dst, in)
}

// run returns the context of a call with that many workers (≤ 0:
// GOMAXPROCS); it is shared (read-only) so that calls allocate nothing.
func (p *Prepared) run(workers int, n int) *run {
	x := p.last.Load()
	if workers <= 0 {
		if n == 1 && x != nil {
			// Reading GOMAXPROCS takes a lock; a single value reuses
			// the count the last call saw.
			return x
		}
		workers = runtime.GOMAXPROCS(0)
	}
	if x != nil && x.workers == workers {
		return x
	}
	x = &run{e: p.e, workers: workers}
	p.last.Store(x)
	return x
}

// run is the context of one call: the executor and how many workers it
// may use.
type run struct {
	e       *Exec
	workers int
}

// rooter computes the roots of many values of one SSZ type: dst[i] is
// the root of the value at instance i of in. It is the executable form
// of a graph node.
type rooter interface {
	roots(x *run, dst [][32]byte, in Input) error
}

// rooterOf compiles graph node g into its executable form.
func (e *Exec) rooterOf(g graph.Node, s Strategy) (rooter, error) {
	switch n := g.(type) {
	case *graph.ProgramNode:
		return e.programRooter(n, s)
	case *graph.ChunkNode:
		return &chunkRooter{off: n.Off, n: n.Len, basic: n.Basic, bool: n.Bool, path: n.Path}, nil
	case *graph.SeqNode:
		elem, err := e.rooterOf(n.Elem, s)
		if err != nil {
			return nil, err
		}
		return newSeqRooter(n, elem), nil
	case *graph.PackedNode:
		return newPackedRooter(n), nil
	case *graph.UnionNode:
		options := make([]rooter, len(n.Options))
		for i, o := range n.Options {
			if o == nil {
				continue
			}
			or, err := e.rooterOf(o, s)
			if err != nil {
				return nil, err
			}
			options[i] = or
		}
		return newUnionRooter(n, options), nil
	case *graph.ProgressiveNode:
		fields, err := e.fields(n.Fields, s)
		if err != nil {
			return nil, err
		}
		return newProgressiveRooter(n, fields), nil
	}
	return nil, fmt.Errorf("sched: unknown graph node %T", g)
}

// field is the executable form of a Field.
type field struct {
	steps []graph.Step
	r     rooter
	zero  unsafe.Pointer
	// deferred: for one instance under a queue, the field's tree (or
	// a nested container's trees and program) waits in the outermost
	// container's treeQueue (markDeferred).
	deferred bool
}

func (e *Exec) fields(fs []graph.Field, s Strategy) ([]field, error) {
	out := make([]field, len(fs))
	for i, f := range fs {
		r, err := e.rooterOf(f.Node, s)
		if err != nil {
			return nil, err
		}
		out[i] = field{steps: f.Steps, r: r, zero: zeroValue(f.ZeroSize)}
	}
	markDeferred(out)
	return out, nil
}

// fieldSet is what fieldRoots returns: roots[k][i] is field k of
// instance i, in the pooled buffers bufs. It is pooled itself, so a
// container's call allocates nothing for its fields.
type fieldSet struct {
	roots [][][32]byte
	bufs  []*[]byte
}

var fieldSets = sync.Pool{New: func() any { return new(fieldSet) }}

// put returns the roots' buffers and the set to their pools.
func (s *fieldSet) put() {
	for _, b := range s.bufs {
		putBuf(b)
	}
	clear(s.bufs)
	clear(s.roots)
	s.bufs, s.roots = s.bufs[:0], s.roots[:0]
	fieldSets.Put(s)
}

// fieldRoots computes the roots of every field of every instance of in:
// set.roots[k][i] is field k of instance i. For one instance the
// deferred fields leave their small trees (and nested containers their
// programs) in q, when q is not nil, to be hashed when q runs; the
// roots they leave there are not set until then. The caller returns the
// set with put once it is done with the roots (also after an error).
func fieldRoots(x *run, fs []field, in Input, q *treeQueue) (*fieldSet, error) {
	set := fieldSets.Get().(*fieldSet)
	if in.n != 1 {
		q = nil
	}
	for k, f := range fs {
		buf := getBuf(32 * in.n)
		set.bufs = append(set.bufs, buf)
		set.roots = append(set.roots, rootsView(*buf, in.n))
		child, ptrs, err := childInput(in, f.steps, f.zero)
		if err != nil {
			return set, err
		}
		if q != nil && f.deferred {
			err = f.r.(deferrer).rootDeferred(x, &set.roots[k][0], child, q)
		} else {
			err = rootsInOrder(x, f.r, set.roots[k], child)
		}
		putPtrs(ptrs)
		if err != nil {
			return set, err
		}
	}
	return set, nil
}

// ownFieldRoots is fieldRoots for the outermost container of a call:
// when it is one instance and owns a queue (queueWeight of its fields at
// least 2), the small trees of its fields and of every nested container
// are hashed together in one pooled treeQueue once every field is laid
// out, before the roots are returned.
func ownFieldRoots(x *run, fs []field, in Input, owns bool) (*fieldSet, error) {
	if in.n != 1 || !owns {
		return fieldRoots(x, fs, in, nil)
	}
	q := treeQueues.Get().(*treeQueue)
	defer func() {
		q.release()
		treeQueues.Put(q)
	}()
	set, err := fieldRoots(x, fs, in, q)
	if err == nil {
		q.run(x.e.tree)
	}
	return set, err
}

// sizeClass returns the pool class of a buffer of n elements: buffers
// of class c hold 2^c elements, so any buffer a class's pool returns is
// big enough (a single pool of mixed sizes would hand out buffers too
// small and allocate again).
func sizeClass(n int) int { return bits.Len(uint(max(n, 64) - 1)) }

// scratch pools byte buffers for element roots and packed chunks, by
// size class.
var scratch [64]sync.Pool

// getBuf returns a pooled buffer of n bytes.
func getBuf(n int) *[]byte {
	c := sizeClass(n)
	if v := scratch[c].Get(); v != nil {
		b := v.(*[]byte)
		*b = (*b)[:n]
		return b
	}
	b := make([]byte, n, 1<<c)
	return &b
}

func putBuf(b *[]byte) { scratch[sizeClass(cap(*b))].Put(b) }

// rootsView returns the first n chunks of buf as roots.
func rootsView(buf []byte, n int) [][32]byte {
	if n == 0 {
		return nil
	}
	return unsafe.Slice((*[32]byte)(unsafe.Pointer(&buf[0])), n)
}

// childInput locates, for every instance of in, the value reached from
// it through steps. Direct inputs stay direct; the others become a
// pointer list, where nil (behind a nil pointer) reads as zero.
func childInput(in Input, steps []graph.Step, zero unsafe.Pointer) (Input, *[]unsafe.Pointer, error) {
	if in.direct() && len(steps) == 1 && !steps[0].Deref {
		return Input{base: unsafe.Add(in.base, steps[0].Off), stride: in.stride, n: in.n}, nil, nil
	}
	ptrs := getPtrs(in.n)
	for i := 0; i < in.n; i++ {
		p, err := in.at(i)
		if err != nil {
			putPtrs(ptrs)
			return Input{}, nil, err
		}
		(*ptrs)[i] = follow(p, steps)
	}
	return Input{ptrs: *ptrs, n: in.n, zero: zero}, ptrs, nil
}

// follow applies steps to the address of a struct; nil means the field
// sits behind a nil embedded pointer and reads as its zero value.
func follow(p unsafe.Pointer, steps []graph.Step) unsafe.Pointer {
	for _, s := range steps {
		p = unsafe.Add(p, s.Off)
		if s.Deref {
			p = *(*unsafe.Pointer)(p)
			if p == nil {
				return nil
			}
		}
	}
	return p
}

// ptrPool pools pointer lists by size class, as scratch does bytes.
var ptrPool [64]sync.Pool

func getPtrs(n int) *[]unsafe.Pointer {
	c := sizeClass(n)
	if v := ptrPool[c].Get(); v != nil {
		p := v.(*[]unsafe.Pointer)
		*p = (*p)[:n]
		return p
	}
	p := make([]unsafe.Pointer, n, 1<<c)
	return &p
}

// putPtrs clears the pointers (so the pool keeps no values alive) and
// returns the list to the pool.
func putPtrs(p *[]unsafe.Pointer) {
	if p == nil {
		return
	}
	clear(*p)
	ptrPool[sizeClass(cap(*p))].Put(p)
}
