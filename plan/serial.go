package plan

import (
	"fmt"

	"github.com/lanehash/lanehash/internal/graph"
	"github.com/lanehash/lanehash/internal/sszpath"
	"github.com/lanehash/lanehash/sched"
	"github.com/lanehash/lanehash/ssz"
)

// compileSerial compiles the program that reads a fixed-size t straight from
// its SSZ serialization, checking what decoding would reject (booleans
// above 1, bitvector bits past the length). It returns nil for types
// too big to inline; those are decoded first.
func compileSerial(t *ssz.Type, path string) (graph.Node, error) {
	if !inline(t) {
		return nil, nil
	}
	b := graph.NewBuilder()
	root, err := serialValue(b, t, 0, path)
	if err != nil {
		return nil, err
	}
	prog, err := b.Finish(root)
	if err != nil {
		return nil, err
	}
	if c := graph.ChunkOf(prog); c != nil {
		return c, nil
	}
	return &graph.ProgramNode{Program: prog}, nil
}

// serialValue emits the subtree of a value of type t serialized at
// offset off of the instance.
func serialValue(b *graph.Builder, t *ssz.Type, off uintptr, path string) (graph.Ref, error) {
	e := emitter{b: b}
	switch t.Kind {
	case ssz.KindBool:
		b.Check(0, off, 0xfe, graph.KindBool, path)
		return b.Leaf(0, off, 1), nil
	case ssz.KindUint8, ssz.KindUint16, ssz.KindUint32, ssz.KindUint64, ssz.KindUint128, ssz.KindUint256:
		return b.Leaf(0, off, int(t.Size)), nil
	case ssz.KindBitvector:
		if extra := t.Length % 8; extra != 0 {
			b.Check(0, off+uintptr(t.Size-1), ^byte(1<<extra-1), graph.KindBitvector, path)
		}
		return e.packedLeaves(0, off, t.Size, (t.Size+31)/32), nil
	case ssz.KindVector:
		if t.Elem.IsBasic() {
			if t.Elem.Kind == ssz.KindBool {
				// Each byte is named as the decoder names it.
				for i := uint64(0); i < t.Length; i++ {
					b.Check(0, off+uintptr(i), 0xfe, graph.KindBool, sszpath.Index(path, int(i)))
				}
			}
			return e.packedLeaves(0, off, t.Size, (t.Size+31)/32), nil
		}
		nodes := make([]graph.Ref, t.Length)
		for i := range nodes {
			n, err := serialValue(b, t.Elem, off+uintptr(uint64(i)*t.Elem.Size), sszpath.Index(path, int(i)))
			if err != nil {
				return graph.Ref{}, err
			}
			nodes[i] = n
		}
		return b.Merkle(nodes, sched.Depth(t.Length)), nil
	case ssz.KindContainer:
		nodes := make([]graph.Ref, len(t.Fields))
		at := off
		for i, f := range t.Fields {
			n, err := serialValue(b, f.Type, at, sszpath.Field(path, f.Name))
			if err != nil {
				return graph.Ref{}, err
			}
			nodes[i] = n
			at += uintptr(f.Type.Size)
		}
		return b.Merkle(nodes, sched.Depth(uint64(len(nodes)))), nil
	case ssz.KindProgressiveContainer:
		// Serialized as a container: the fields in order, the gaps take
		// no bytes.
		at := off
		return progressiveFields(b, t, func(f ssz.Field) (graph.Ref, error) {
			n, err := serialValue(b, f.Type, at, sszpath.Field(path, f.Name))
			at += uintptr(f.Type.Size)
			return n, err
		})
	}
	return graph.Ref{}, fmt.Errorf("plan: %s: kind %d has no fixed serialization", path, t.Kind)
}
