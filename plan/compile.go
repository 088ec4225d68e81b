package plan

import (
	"fmt"
	"reflect"

	"github.com/lanehash/lanehash/internal/graph"
	"github.com/lanehash/lanehash/internal/sszpath"
	"github.com/lanehash/lanehash/sched"
	"github.com/lanehash/lanehash/ssz"
)

// compile returns the plan graph of type t; path names it in errors.
func compile(t *ssz.Type, path string) (graph.Node, error) {
	if inline(t) || t.Kind == ssz.KindContainer {
		return program(t, path)
	}
	switch t.Kind {
	case ssz.KindVector, ssz.KindList, ssz.KindProgressiveList:
		if packed(t) {
			return packedNode(t, path), nil
		}
		elem, err := compile(t.Elem, path+"[]")
		if err != nil {
			return nil, err
		}
		n := &graph.SeqNode{Kind: seqKind(t), Elem: elem, Array: t.Go.Kind() == reflect.Array, Stride: t.Go.Elem().Size(), Length: t.Length, Limit: t.Limit, Path: path}
		if n.Array {
			n.Length = uint64(t.Go.Len())
		}
		return n, nil
	case ssz.KindBitvector, ssz.KindBitlist, ssz.KindProgressiveBitlist:
		return packedNode(t, path), nil
	case ssz.KindUnion, ssz.KindCompatibleUnion:
		n := &graph.UnionNode{Type: t.Go, Options: make([]graph.Node, len(t.Options)), OptionTypes: make([]reflect.Type, len(t.Options)),
			Compatible: t.Kind == ssz.KindCompatibleUnion, Path: path}
		// Option errors sit under the Go field that holds the option's
		// value (Union.Value, CompatibleUnion.Data), as in the reference.
		ut := t.Go
		if ut.Kind() == reflect.Pointer {
			ut = ut.Elem()
		}
		valuePath := sszpath.Field(path, ut.Field(1).Name)
		for i, o := range t.Options {
			if o == nil {
				continue
			}
			on, err := compile(o, valuePath)
			if err != nil {
				return nil, err
			}
			n.Options[i], n.OptionTypes[i] = on, o.Go
		}
		return n, nil
	case ssz.KindProgressiveContainer:
		prefix, st := derefPrefix(t.Go)
		n := &graph.ProgressiveNode{ActiveFields: t.ActiveFields, Fields: make([]graph.Field, len(t.Fields))}
		for i, f := range t.Fields {
			fn, err := compile(f.Type, sszpath.Field(path, f.Name))
			if err != nil {
				return nil, err
			}
			n.Fields[i] = fieldOf(prefix, st, f, fn)
		}
		return n, nil
	}
	return nil, &ssz.Error{Path: path, Err: fmt.Errorf("%w: kind %d", ssz.ErrUnsupported, t.Kind)}
}

// seqKind returns the sequence kind of a vector, list or progressive
// list.
func seqKind(t *ssz.Type) graph.SeqKind {
	switch t.Kind {
	case ssz.KindList:
		return graph.SeqList
	case ssz.KindProgressiveList:
		return graph.SeqProgressiveList
	}
	return graph.SeqVector
}

// packedNode returns the graph node of a packed basic vector or list or
// a bitfield.
func packedNode(t *ssz.Type, path string) *graph.PackedNode {
	n := &graph.PackedNode{Array: t.Go.Kind() == reflect.Array, ElemSize: 1, Length: t.Length, Limit: t.Limit, Path: path}
	if n.Array {
		n.ArrayLen = t.Go.Len()
	}
	if t.Elem != nil {
		n.ElemSize = t.Elem.Size
		// Bitfields have no boolean elements: only vectors and lists do.
		n.Bools = t.Elem.Kind == ssz.KindBool && t.Kind != ssz.KindBitvector && t.Kind != ssz.KindBitlist && t.Kind != ssz.KindProgressiveBitlist
	}
	switch t.Kind {
	case ssz.KindList:
		n.Kind = graph.PackedList
	case ssz.KindProgressiveList:
		n.Kind = graph.PackedProgressiveList
	case ssz.KindBitvector:
		n.Kind = graph.Bitvector
	case ssz.KindBitlist:
		n.Kind = graph.Bitlist
	case ssz.KindProgressiveBitlist:
		n.Kind = graph.ProgressiveBitlist
	}
	return n
}

// fieldOf returns the graph Field of field f of a struct of Go type st
// reached from the instance through prefix, hashed by node n.
func fieldOf(prefix []step, st reflect.Type, f ssz.Field, n graph.Node) graph.Field {
	var steps []graph.Step
	for _, s := range append(append([]step(nil), prefix...), fieldSteps(st, f)...) {
		steps = append(steps, graph.Step{Off: s.off, Deref: s.deref})
	}
	return graph.Field{Steps: steps, Node: n, ZeroSize: f.Type.Go.Size()}
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
// that cannot be inlined become external leaves with their own nodes.
func program(t *ssz.Type, path string) (graph.Node, error) {
	b := graph.NewBuilder()
	e := emitter{b: b}
	var root graph.Ref
	var fields []graph.Field
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
		nodes := make([]graph.Ref, len(t.Fields))
		for i, f := range t.Fields {
			if inline(f.Type) {
				s, o := e.field(st, f, src, 0)
				n, err := e.value(f.Type, s, o, sszpath.Field(path, f.Name))
				if err != nil {
					return nil, err
				}
				nodes[i] = n
				continue
			}
			fn, err := compile(f.Type, sszpath.Field(path, f.Name))
			if err != nil {
				return nil, err
			}
			nodes[i], _ = b.External(sszpath.Field(path, f.Name))
			fields = append(fields, fieldOf(prefix, st, f, fn))
		}
		root = b.Merkle(nodes, sched.Depth(uint64(len(nodes))))
	}
	prog, err := b.Finish(root)
	if err != nil {
		return nil, err
	}
	if c := graph.ChunkOf(prog); c != nil {
		c.Basic = t.IsBasic() && t.Go.Kind() != reflect.Pointer
		return c, nil
	}
	return &graph.ProgramNode{Program: prog, Fields: fields}, nil
}
