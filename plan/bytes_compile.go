package plan

import (
	"fmt"
	"reflect"

	"github.com/lanehash/lanehash/internal/graph"
	"github.com/lanehash/lanehash/ssz"
)

// compileBytes compiles the bytes graph of t: how a serialized value of
// t is checked and rooted without decoding it. Fixed-size parts small
// enough for one lockstep program are read by their serial program
// (compileSerial), so a list of them runs as lanes straight from the
// bytes; the rest follows the serialization's layout (offsets, packed
// chunks, selectors). Every node carries the decoder's minimum size of
// its type (ssz.MinSize), the bound the executor checks element counts
// against, so both paths refuse the same counts by one rule.
func compileBytes(t *ssz.Type) (*graph.BytesNode, error) {
	n, err := compileBytesNode(t)
	if err != nil {
		return nil, err
	}
	n.Min = ssz.MinSize(t)
	return n, nil
}

// compileBytesNode compiles the node of t, its parts through
// compileBytes.
func compileBytesNode(t *ssz.Type) (*graph.BytesNode, error) {
	var size uint64
	if t.Fixed {
		size = t.Size
		if inline(t) {
			g, err := compileSerial(t, "")
			if err != nil {
				return nil, err
			}
			if g != nil {
				return &graph.BytesNode{Kind: graph.BytesFixed, Size: size, Serial: g}, nil
			}
		}
	}
	switch t.Kind {
	case ssz.KindVector, ssz.KindList, ssz.KindProgressiveList:
		if t.Elem.IsBasic() {
			return &graph.BytesNode{Kind: graph.BytesPacked, Size: size, Packed: packedNode(t, "")}, nil
		}
		elem, err := compileBytes(t.Elem)
		if err != nil {
			return nil, err
		}
		return &graph.BytesNode{Kind: graph.BytesSeq, Size: size, Seq: seqKind(t), Array: t.Go.Kind() == reflect.Array,
			Length: t.Length, Limit: t.Limit, Elem: elem}, nil
	case ssz.KindBitvector, ssz.KindBitlist, ssz.KindProgressiveBitlist:
		return &graph.BytesNode{Kind: graph.BytesPacked, Size: size, Packed: packedNode(t, "")}, nil
	case ssz.KindContainer, ssz.KindProgressiveContainer:
		n := &graph.BytesNode{Kind: graph.BytesContainer, Size: size, Fields: make([]graph.BytesField, len(t.Fields))}
		if t.Kind == ssz.KindProgressiveContainer {
			n.ActiveFields = t.ActiveFields
		}
		for i, f := range t.Fields {
			fn, err := compileBytes(f.Type)
			if err != nil {
				return nil, err
			}
			n.Fields[i] = graph.BytesField{Name: f.Name, Node: fn}
		}
		return n, nil
	case ssz.KindUnion, ssz.KindCompatibleUnion:
		// The decoder names an option's errors under "Value" and
		// "Data", the fields of ssz.Union and ssz.CompatibleUnion.
		n := &graph.BytesNode{Kind: graph.BytesUnion, Options: make([]*graph.BytesNode, len(t.Options)), Value: "Value"}
		if t.Kind == ssz.KindCompatibleUnion {
			n.Compatible, n.Value = true, "Data"
		}
		for i, o := range t.Options {
			if o == nil {
				continue
			}
			on, err := compileBytes(o)
			if err != nil {
				return nil, err
			}
			n.Options[i] = on
		}
		return n, nil
	}
	return nil, &ssz.Error{Path: bytesName(t), Err: fmt.Errorf("%w: kind %d has no bytes graph", ssz.ErrUnsupported, t.Kind)}
}

// bytesName is the name the paths of the bytes path's errors start
// with: the decoder's, the name of the type a pointer points to.
func bytesName(t *ssz.Type) string {
	if t.Go.Kind() == reflect.Pointer {
		return typeName(t.Go.Elem())
	}
	return typeName(t.Go)
}
