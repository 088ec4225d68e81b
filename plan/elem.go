package plan

import (
	"fmt"
	"reflect"
	"sync"
	"unsafe"

	"github.com/lanehash/lanehash/internal/elemplan"
	"github.com/lanehash/lanehash/internal/graph"
	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/sched"
	"github.com/lanehash/lanehash/ssz"
)

func init() {
	elemplan.Compile = compileElem
}

// elemRooter is the plan of a Go type known at run time, rooting values
// given by pointer: the cache's changed elements.
type elemRooter struct {
	core
	t reflect.Type

	// Inner nodes for proofs: the program rooted at each node asked for,
	// prepared once (a proof reads a handful of nodes of one element).
	mu     sync.Mutex
	exec   *sched.Exec
	zero   *sched.Tree
	nodes  map[uint64]*sched.Prepared
	serial map[uint64]*sched.BytesPrepared
}

// compileElem is elemplan.Compile.
func compileElem(t reflect.Type, k *lanes.Kernel, spec ssz.SpecValues) (elemplan.Rooter, error) {
	opts := []Option{withKernelImpl(k), WithWorkers(1)}
	if spec != nil {
		opts = append(opts, WithSpec(spec))
	}
	r := &elemRooter{t: t}
	if err := r.core.init(t, opts); err != nil {
		return nil, err
	}
	return r, nil
}

// RootPtrs roots the values ptrs points to; an element the executor
// rejects is reported as RootAllPtr reports it (its index, its path and
// the ssz sentinel).
func (r *elemRooter) RootPtrs(dst [][32]byte, ptrs []unsafe.Pointer) error {
	return r.firstDefect(r.run.Run(dst, sched.PtrsOfType(r.t, ptrs), r.workers),
		func(i int) reflect.Value { return reflect.NewAt(r.t, ptrs[i]).Elem() })
}

// Node is elemplan.Rooter's Node: the node at generalized index g of
// one value, run by the value's own program with its root moved to that
// node (graph.Program.Locate, graph.Program.Sub), so a proof into an
// element reads the tree the element was rooted by. The value is *ptr,
// or, when ser is not nil, its serialization (the stored copy a cache
// compares in Detect mode), read by the type's serial program. Only a
// type compiled into one program without external fields has inner
// nodes here.
func (r *elemRooter) Node(g uint64, ptr unsafe.Pointer, ser []byte) ([32]byte, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.exec == nil {
		r.exec = sched.NewExec(r.kernel, &r.stats)
		r.zero = sched.NewTree(r.kernel, nil)
		r.nodes = map[uint64]*sched.Prepared{}
		r.serial = map[uint64]*sched.BytesPrepared{}
	}
	var pn *graph.ProgramNode
	var bn *graph.BytesNode
	if ser == nil {
		pn, _ = r.graph.(*graph.ProgramNode)
	} else {
		var err error
		if bn, err = compileBytes(r.typ); err != nil {
			return [32]byte{}, err
		}
		if bn.Kind == graph.BytesFixed {
			pn, _ = bn.Serial.(*graph.ProgramNode)
		}
	}
	if pn == nil || len(pn.Fields) != 0 {
		return [32]byte{}, fmt.Errorf("%w: %v is not one program", elemplan.ErrNoNode, r.t)
	}
	loc, err := pn.Program.Locate(g)
	if err != nil {
		return [32]byte{}, fmt.Errorf("plan: index %d of %v: %w", g, r.t, err)
	}
	if loc.Zero >= 0 {
		return r.zero.Zero(loc.Zero), nil
	}
	sub := &graph.ProgramNode{Program: pn.Program.Sub(loc.Node)}
	if ser != nil {
		p, ok := r.serial[g]
		if !ok {
			n := *bn
			n.Serial = sub
			if p, err = r.exec.PrepareBytes(&n); err != nil {
				return [32]byte{}, err
			}
			r.serial[g] = p
		}
		return p.Root(ser, 1)
	}
	p, ok := r.nodes[g]
	if !ok {
		if p, err = r.exec.Prepare(sub, r.t); err != nil {
			return [32]byte{}, err
		}
		r.nodes[g] = p
	}
	var dst [1][32]byte
	ptrs := []unsafe.Pointer{ptr}
	err = r.firstDefect(p.Run(dst[:], sched.PtrsOfType(r.t, ptrs), 1),
		func(int) reflect.Value { return reflect.NewAt(r.t, ptr).Elem() })
	return dst[0], err
}
