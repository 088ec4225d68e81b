package plan

import (
	"fmt"
	"reflect"

	"github.com/lanehash/lanehash/sched"
	"github.com/lanehash/lanehash/ssz"
)

// compiler turns ssz descriptors into rooters that hash with one tree.
type compiler struct {
	tree *sched.Tree
	// narrow, when not nil, is a tree on a narrow kernel for programs
	// run on few instances.
	narrow *sched.Tree
}

// programRooter returns the rooter of a compiled program.
func (c *compiler) programRooter(prog *sched.Program, exts []external) *programRooter {
	r := &programRooter{runner: sched.NewRunner(c.tree, prog), exts: exts}
	if c.narrow != nil {
		r.narrow = sched.NewRunner(c.narrow, prog)
	}
	return r
}

// compile returns the rooter of type t; path names it in errors.
func (c *compiler) compile(t *ssz.Type, path string) (rooter, error) {
	if inline(t) || t.Kind == ssz.KindContainer {
		return c.program(t, path)
	}
	switch t.Kind {
	case ssz.KindVector, ssz.KindList, ssz.KindProgressiveList:
		if packed(t) {
			return newPackedRooter(t, path), nil
		}
		elem, err := c.compile(t.Elem, path+"[]")
		if err != nil {
			return nil, err
		}
		return newSeqRooter(t, elem, path), nil
	case ssz.KindBitvector, ssz.KindBitlist, ssz.KindProgressiveBitlist:
		return newPackedRooter(t, path), nil
	case ssz.KindUnion:
		r := &unionRooter{t: t, options: make([]rooter, len(t.Options)), path: path}
		for i, o := range t.Options {
			if o == nil {
				continue
			}
			or, err := c.compile(o, fmt.Sprintf("%s#%d", path, i))
			if err != nil {
				return nil, err
			}
			r.options[i] = or
		}
		return r, nil
	case ssz.KindProgressiveContainer:
		prefix, st := derefPrefix(t.Go)
		fields := make([]external, len(t.Fields))
		for i, f := range t.Fields {
			fr, err := c.compile(f.Type, f.Path)
			if err != nil {
				return nil, err
			}
			fields[i] = external{steps: append(append([]step(nil), prefix...), fieldSteps(st, f)...), r: fr, zero: zeroValue(f.Type.Go.Size())}
		}
		return newProgressiveRooter(t, fields), nil
	}
	return nil, &ssz.Error{Path: path, Err: fmt.Errorf("%w: kind %d", ssz.ErrUnsupported, t.Kind)}
}

// derefPrefix returns the step from a slot holding a pointer to a struct
// to the struct (nil reads as zero), and the struct type.
func derefPrefix(gt reflect.Type) ([]step, reflect.Type) {
	if gt.Kind() == reflect.Pointer {
		return []step{{deref: true, zeroSize: gt.Elem().Size()}}, gt.Elem()
	}
	return nil, gt
}

// program compiles t into one lockstep program. Fields of a container
// that cannot be inlined become external leaves with their own rooters.
func (c *compiler) program(t *ssz.Type, path string) (rooter, error) {
	b := sched.NewBuilder()
	e := emitter{b: b}
	var root sched.Node
	var exts []external
	if inline(t) {
		n, err := e.value(t, 0, 0, path)
		if err != nil {
			return nil, err
		}
		root = n
	} else {
		prefix, st := derefPrefix(t.Go)
		src := 0
		if prefix != nil {
			src = b.Pointer(0, 0, st.Size(), path)
		}
		nodes := make([]sched.Node, len(t.Fields))
		for i, f := range t.Fields {
			if inline(f.Type) {
				s, o := e.field(st, f, src, 0)
				n, err := e.value(f.Type, s, o, f.Path)
				if err != nil {
					return nil, err
				}
				nodes[i] = n
				continue
			}
			fr, err := c.compile(f.Type, f.Path)
			if err != nil {
				return nil, err
			}
			nodes[i], _ = b.External(f.Path)
			exts = append(exts, external{steps: append(append([]step(nil), prefix...), fieldSteps(st, f)...), r: fr, zero: zeroValue(f.Type.Go.Size())})
		}
		root = b.Merkle(nodes, sched.Depth(uint64(len(nodes))))
	}
	prog, err := b.Finish(root)
	if err != nil {
		return nil, err
	}
	if r := chunkRooterOf(prog); r != nil {
		return r, nil
	}
	return c.programRooter(prog, exts), nil
}
