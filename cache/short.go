package cache

import (
	"bytes"
	"unsafe"

	"github.com/lanehash/lanehash/proof"
	"github.com/lanehash/lanehash/ssz"
)

// shortChunks is the most chunks a short node holds as bytes: a value of
// more is a packed node of its own. 128 chunks (4 KiB) cover all but the
// largest transactions. A packed node costs about 600 bytes before its
// first chunk and as many again in levels above its chunks, and is
// rooted alone, where short ones of a list are rooted in lockstep
// batches (shortbatch.go); what a short node gives up is the path of one
// changed chunk: a change rehashes the value whole, at most 127 pairs
// more, and a proof into it computes its nodes from its bytes.
const shortChunks = 128

// short caches a list (or vector, bitlist, bitvector) of basic values
// inside a variable-size element (a transaction of an execution
// payload, an attestation's aggregation bits) as its bytes and its root
// only: no levels, no ladder. A payload may hold 2^20 empty
// transactions; as packed nodes each would cost about 700 bytes, as
// short nodes they cost the node alone.
//
// Every update compares the value's bytes with the stored ones (at most
// shortChunks chunks; its own marks are not read) and hashes the value
// whole when they differ. An update is what reaches it, as for any
// node: every Root in Detect mode, in Marked mode only where the marks
// lead (an array-held vector's container skips it unmarked), so the
// marks the Marked mode asks for are still needed; nodes below the root are
// computed from the stored bytes, so they are the last update's
// whatever the value has become. A value of more than shortChunks chunks
// is kept as a packed node (big) until it is short again.
type short struct {
	// proto is the packed node the type's short nodes share (shortProto):
	// it checks and cuts values and computes nodes from bytes, and is
	// never updated itself.
	proto *packed
	path  string
	data  []byte // the last update's bytes (a bitlist's without the delimiter); nil: none
	n     int    // elements (or bits) at the last update; -1 before the first
	root  [32]byte
	big   *packed // the value held more than shortChunks chunks at the last update
}

// shortType reports whether values of t inside a variable-size element
// are short nodes: a list or progressive list of basic values or a
// bitlist, or a vector or bitvector of at most shortChunks chunks, whose
// Go value is a packed node's (a slice or an array of plain integers).
func shortType(t *ssz.Type) bool {
	switch t.Kind {
	case ssz.KindVector:
		if t.ChunkCount() > shortChunks {
			return false
		}
		fallthrough
	case ssz.KindList, ssz.KindProgressiveList:
		if !t.Elem.IsBasic() {
			return false
		}
	case ssz.KindBitvector:
		if t.ChunkCount() > shortChunks {
			return false
		}
	case ssz.KindBitlist, ssz.KindProgressiveBitlist:
	default:
		return false
	}
	return packedGo(t)
}

// newShort returns the short node of type t at path, nil when values of
// t are not short (shortType).
func newShort(c *ctx, t *ssz.Type, path string) node {
	if !shortType(t) {
		return nil
	}
	proto := c.shortProto(t)
	if proto == nil {
		return nil
	}
	return &short{proto: proto, path: path, n: -1}
}

// shortProto returns the packed node that checks and cuts values of t
// for every short node of t in the tree, made once: compiling plan's
// value check per node would cost a compile and its closure per
// transaction. nil: values of t are not packed nodes.
func (c *ctx) shortProto(t *ssz.Type) *packed {
	if p, ok := c.protos[t]; ok {
		return p
	}
	p := newPacked(c, t, typeName(t))
	if c.protos == nil {
		c.protos = map[*ssz.Type]*packed{}
	}
	c.protos[t] = p
	return p
}

// bigValue reports whether the value at v holds more than shortChunks
// chunks, read from its slice header before any check: a list's
// elements (a bitlist's bytes) past shortChunks chunks.
func (s *short) bigValue(v unsafe.Pointer) bool {
	if !s.proto.slice || !s.proto.list {
		return false // a vector, short by its type
	}
	h := (*sliceHeader)(v)
	return uint64(h.len)*uint64(s.proto.esize) > 32*shortChunks
}

func (s *short) update(c *ctx, v unsafe.Pointer, sel *selection) ([32]byte, error) {
	if s.bigValue(v) {
		if s.big == nil {
			// Nothing stored that the packed node could compare with.
			s.big, s.data, sel = newPacked(c, s.proto.t, s.path), nil, nil
		}
		r, err := s.big.update(c, v, sel)
		if err != nil {
			return [32]byte{}, err
		}
		s.root, s.n = r, s.big.n
		return r, nil
	}
	b, n, err := s.proto.dataAt(v, s.path)
	if err != nil {
		return [32]byte{}, err
	}
	// Lengths differ for the zero vector (b nil) and one held (never
	// empty), so bytes.Equal tells them apart.
	if s.big == nil && n == s.n && bytes.Equal(b, s.data) {
		return s.root, nil
	}
	r, err := s.proto.rootFrom(c, b, n)
	if err != nil {
		return [32]byte{}, err
	}
	s.store(b, n, r)
	return r, nil
}

// store keeps b, the bytes of a value of n elements (or bits), and its
// root r as the node's last update.
func (s *short) store(b []byte, n int, r [32]byte) {
	s.big = nil // the memory goes with the chunks it mirrored
	switch {
	case len(b) == 0:
		s.data = nil // an empty list, or the zero vector an empty slice stands for
	case cap(s.data) < len(b) || cap(s.data) > 2*len(b):
		s.data = bytes.Clone(b) // exact: many short nodes, no room to grow
	default:
		s.data = s.data[:len(b)]
		copy(s.data, b)
	}
	s.root, s.n = r, n
}

func (s *short) nodeAt(c *ctx, v unsafe.Pointer, g proof.GIndex) ([32]byte, error) {
	if s.big != nil {
		return s.big.nodeAt(c, v, g)
	}
	if g == 1 {
		return s.root, nil
	}
	return s.proto.sparseFrom(c, s.data, s.n, g)
}

func (s *short) bytes() int {
	n := int(unsafe.Sizeof(*s)) + cap(s.data)
	if s.big != nil {
		n += s.big.bytes()
	}
	return n
}

// sparse is never reached: a sparse walk builds its nodes with newNode
// outside variable-size elements' kids, which are the only short nodes.
// It computes the node from the value all the same, through the packed
// node of the type.
func (s *short) sparse(c *ctx, v unsafe.Pointer, g proof.GIndex) ([32]byte, error) {
	return newPacked(c, s.proto.t, s.path).sparse(c, v, g)
}
