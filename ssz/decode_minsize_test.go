package ssz_test

import (
	"bytes"
	"encoding/binary"
	"testing"

	"github.com/lanehash/lanehash/ssz"
)

// A type that shares deep parts: each level is a container holding a
// union whose option holds four of the next level, so its descriptor
// has 4^6 paths, and its minimum size is tiny (the None selector).
type (
	dagNode[T any]  struct{ A, B, C, D T }
	dagLevel[T any] struct {
		U ssz.Union[struct {
			None ssz.None
			V    dagNode[T]
		}]
	}
	dagLeaf struct {
		L []byte `ssz-max:"4"`
	}
	dag6     = dagLevel[dagLevel[dagLevel[dagLevel[dagLevel[dagLevel[dagLeaf]]]]]]
	dagLists struct {
		L [][]dag6 `ssz-max:"100000,4"`
	}
)

// BenchmarkUnmarshalSharedDeepType decodes 20000 one-element lists of
// the 4^6-path type (260 KB): each list's element count is checked
// against the element's minimum size, which is computed once per
// descriptor, not walked per list.
func BenchmarkUnmarshalSharedDeepType(b *testing.B) {
	const lists = 20000
	elem := []byte{4, 0, 0, 0, 0} // offset to the union, None selector
	inner := append([]byte{4, 0, 0, 0}, elem...)
	outer := make([]byte, 4*lists)
	for i := range lists {
		binary.LittleEndian.PutUint32(outer[4*i:], uint32(4*lists+len(inner)*i))
	}
	for range lists {
		outer = append(outer, inner...)
	}
	in := append([]byte{4, 0, 0, 0}, outer...)
	var v dagLists
	if err := ssz.Unmarshal(in, &v); err != nil {
		b.Fatal(err)
	}
	if back, err := ssz.Marshal(&v); err != nil || !bytes.Equal(back, in) || len(v.L) != lists {
		b.Fatalf("%d lists do not encode back (%v)", len(v.L), err)
	}
	benchUnmarshal(b, in, func() any { return new(dagLists) })
}
