package plan

import (
	"fmt"
	"reflect"
	"strings"
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

	// The prepared graph (core.run) and the bytes path (core.bytes),
	// made on first use: runReady, bytesReady.
	runOnce   sync.Once
	runErr    error
	bytesOnce sync.Once
	bytesErr  error

	// Inner nodes for proofs (Locate, Nodes) and the layout: made on
	// first use.
	mu         sync.Mutex
	exec       *sched.Exec
	bn         *graph.BytesNode // the type's bytes graph, for nodes of a serialization
	computeGo  func(dst []byte, v unsafe.Pointer) error
	computeSer func(dst []byte, v unsafe.Pointer) error
	located    map[locKey]graph.Located
	progs      [2]*graph.Program // program(false), program(true)
}

// locKey is an index of Locate and the program it is located in.
type locKey struct {
	g   uint64
	ser bool
}

// compileElem is elemplan.Compile.
func compileElem(t *ssz.Type, k *lanes.Kernel) (elemplan.Rooter, error) {
	if hostBigEndian {
		return nil, ErrBigEndian
	}
	conf, err := configure([]Option{withKernelImpl(k), WithWorkers(1)})
	if err != nil {
		return nil, err
	}
	r := &elemRooter{t: t.Go}
	if err := r.core.initGraph(t, conf); err != nil {
		return nil, err
	}
	return r, nil
}

// runReady prepares the graph to root Go values on first use (initGraph
// leaves it out): its error, which only a graph the executor does not
// know makes, is every later call's.
func (r *elemRooter) runReady() error {
	r.runOnce.Do(func() { r.runErr = r.prepareRun() })
	return r.runErr
}

// bytesReady prepares the bytes path on first use (initGraph leaves it
// out): its error, a type the bytes path does not compile, is every
// later call's.
func (r *elemRooter) bytesReady() error {
	r.bytesOnce.Do(func() { r.bytesErr = r.prepareBytes() })
	return r.bytesErr
}

// RootPtrs roots the values ptrs points to; an element the executor
// rejects is reported as RootAllPtr reports it (its index, its path and
// the ssz sentinel).
func (r *elemRooter) RootPtrs(dst [][32]byte, ptrs []unsafe.Pointer) error {
	if err := r.runReady(); err != nil {
		return err
	}
	return r.firstDefectRel(r.run.Run(dst, sched.PtrsOfType(r.t, ptrs), r.workers),
		func(i int) reflect.Value { return reflect.NewAt(r.t, ptrs[i]).Elem() })
}

// RootBytes is elemplan.Rooter's RootBytes: Plan.RootBytes.
func (r *elemRooter) RootBytes(b []byte) ([32]byte, error) {
	if err := r.bytesReady(); err != nil {
		return [32]byte{}, err
	}
	return r.rootBytes(b)
}

// RootAllBytes is elemplan.Rooter's RootAllBytes: Plan.RootAllBytes.
func (r *elemRooter) RootAllBytes(dst [][32]byte, b []byte) error {
	if err := r.bytesReady(); err != nil {
		return err
	}
	if err := r.bytes.RootAll(dst, b, r.workers); err != nil {
		return r.bytesError(err)
	}
	return nil
}

// program returns the one program of the type's plan reading Go memory,
// or, when ser, the one reading its serialization; nil when the plan is
// not one program without external fields.
func (r *elemRooter) program(ser bool) *graph.Program {
	if p := r.progs[b2i(ser)]; p != nil {
		return p
	}
	p := r.programOf(ser)
	r.progs[b2i(ser)] = p
	return p
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func (r *elemRooter) programOf(ser bool) *graph.Program {
	n := r.graph
	if ser {
		if r.bn == nil {
			bn, err := compileBytes(r.typ)
			if err != nil {
				return nil
			}
			r.bn = bn
		}
		if r.bn.Kind != graph.BytesFixed {
			return nil
		}
		n = r.bn.Serial
	}
	return asProgram(n)
}

// asProgram returns the program of plan node n: its own for a
// ProgramNode without external fields, the one gather of a ChunkNode
// (the compiler drops the program of a value that is its own chunk), nil
// for any other node.
func asProgram(n graph.Node) *graph.Program {
	switch n := n.(type) {
	case *graph.ProgramNode:
		if len(n.Fields) == 0 {
			return n.Program
		}
	case *graph.ChunkNode:
		p := &graph.Program{Sources: []graph.Source{{Kind: graph.SourceInstance}},
			Gathers: []graph.Gather{{Len: uint32(n.Len), Off: n.Off}}, Leaves: 1, Nodes: 1}
		if n.Bool {
			// The chunk node checks its boolean itself; its program
			// must too, or the cache would store the raw byte.
			p.Checks = []graph.Check{{Off: n.Off, Mask: 0xfe, Kind: graph.KindBool, Path: n.Path}}
		}
		return p
	}
	return nil
}

// Locate is elemplan.Rooter's Locate: graph.Program.Locate in the
// program Nodes runs. A one-chunk type (a ChunkNode, no program) has its
// root as node 0 and nothing below.
func (r *elemRooter) Locate(g uint64, ser bool) (graph.Located, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	key := locKey{g, ser}
	if loc, ok := r.located[key]; ok {
		return loc, nil
	}
	p := r.program(ser)
	if p == nil {
		return graph.Located{}, fmt.Errorf("%w: %v is not one program", elemplan.ErrNoNode, r.t)
	}
	loc, err := p.Locate(g)
	if err != nil {
		return loc, fmt.Errorf("plan: index %d of %v: %w", g, r.t, err)
	}
	if r.located == nil {
		r.located = map[locKey]graph.Located{}
	}
	r.located[key] = loc // a proof asks for the same few indices of every element
	return loc, nil
}

// Nodes is elemplan.Rooter's Nodes: every node of one value, by the
// value's own program (sched's NodeComputer), so a proof into an element
// reads the tree the element was rooted by.
func (r *elemRooter) Nodes(dst []byte, ptr unsafe.Pointer, ser []byte) ([]byte, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	isSer := ser != nil
	run := &r.computeGo
	if isSer {
		run = &r.computeSer
	}
	p := r.program(isSer)
	if p == nil {
		return nil, fmt.Errorf("%w: %v is not one program", elemplan.ErrNoNode, r.t)
	}
	if *run == nil {
		*run = r.exec0().NodeComputer(p)
	}
	if cap(dst) < 32*p.Nodes {
		dst = make([]byte, 32*p.Nodes)
	}
	dst = dst[:32*p.Nodes]
	v := ptr
	if isSer {
		v = unsafe.Pointer(unsafe.SliceData(ser))
	}
	if err := (*run)(dst, v); err != nil {
		return nil, r.firstDefectRel(err, func(int) reflect.Value { return reflect.NewAt(r.t, ptr).Elem() })
	}
	return dst, nil
}

// Layout is elemplan.Rooter's Layout: the Go program and the serial
// program of a fixed-size type number their leaves alike (both emit
// them in field order), so leaf n's gather in the first reads the Go
// bytes that leaf n's gather in the second finds in the serialization.
// A type whose programs do not pair up leaf by leaf has no layout.
func (r *elemRooter) Layout() *elemplan.Layout {
	r.mu.Lock()
	defer r.mu.Unlock()
	if !r.typ.Fixed {
		return nil
	}
	gp, sp := r.program(false), r.program(true)
	if gp == nil || sp == nil {
		return nil
	}
	bn := r.bn
	if gp.Leaves != sp.Leaves || len(gp.Gathers) != gp.Leaves || len(sp.Gathers) != sp.Leaves {
		return nil
	}
	ser := make([]*graph.Gather, sp.Leaves)
	for i := range sp.Gathers {
		ser[sp.Gathers[i].Node] = &sp.Gathers[i]
	}
	l := &elemplan.Layout{Size: int(bn.Size), Ops: len(gp.Ops)}
	at := make([]int, len(gp.Gathers))
	covered := 0
	for k, g := range gp.Gathers {
		s := ser[g.Node]
		if s == nil || s.Len != g.Len || s.Src != 0 {
			return nil
		}
		at[k] = int(s.Off)
		covered += int(g.Len)
	}
	if covered != l.Size {
		return nil
	}
	l.Compare = r.exec0().LeafComparer(gp, at)
	cp := r.exec0().LeafCopier(gp, at)
	l.Encode = func(dst []byte, v unsafe.Pointer) error {
		err := cp(dst, v)
		if err == nil {
			return nil
		}
		return r.firstDefectRel(err, func(int) reflect.Value { return reflect.NewAt(r.t, v).Elem() })
	}
	return l
}

// exec0 returns the executor of Node and Layout, made on first use.
func (r *elemRooter) exec0() *sched.Exec {
	if r.exec == nil {
		r.exec = sched.NewExec(r.kernel, &r.stats)
	}
	return r.exec
}

// firstDefectRel is firstDefect with the error's path made relative to
// the value (".WithdrawalCredentials", "" for the value itself), the
// form elemplan's callers append to the path of the value in their own
// tree.
func (r *elemRooter) firstDefectRel(err error, at func(i int) reflect.Value) error {
	err = r.firstDefect(err, at)
	if pe, ok := err.(*Error); ok {
		if rest, ok := strings.CutPrefix(pe.Path, typeName(r.typ.Go)); ok {
			pe.Path = rest
		} else if strings.HasPrefix(pe.Path, ".") || strings.HasPrefix(pe.Path, "[") {
			// relative already (the serial program's paths)
		} else if at := strings.IndexAny(pe.Path, ".["); at > 0 {
			pe.Path = pe.Path[at:] // the reference's name of the type
		} else {
			pe.Path = ""
		}
	}
	return err
}
