package cache

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math/bits"
	"reflect"
	"runtime"
	"slices"
	"unsafe"

	"github.com/lanehash/lanehash/internal/checked"
	"github.com/lanehash/lanehash/internal/sszlayout"
	"github.com/lanehash/lanehash/internal/sszvalidate"
	"github.com/lanehash/lanehash/proof"
	"github.com/lanehash/lanehash/ssz"
)

// ErrSparseWalk reports that SparseOfBytes's walk of the serialization
// folded to another root than the value's root computed whole: a defect
// of this package, never a property of the input. It is returned in
// place of a tree whose proofs could be wrong.
var ErrSparseWalk = errors.New("cache: the sparse walk of the serialization disagrees with its root")

// ErrUnexpectedRoot reports a value or serialization that does not root
// to the root WithRoot gives SparseOf or SparseOfBytes: not the value the
// caller trusts (or, for SparseOfBytes, a defect of its walk, which the
// check catches as the first root otherwise would). No tree is returned.
var ErrUnexpectedRoot = errors.New("cache: the value does not have the root expected")

// SparseOfBytes is SparseOf for the value of T serialized in b, read
// straight from the bytes: a proof server holding a state as the SSZ a
// beacon node serves proves from it without decoding a million
// validators. b is first rooted whole by T's plan (plan.Plan.RootBytes),
// which accepts exactly what ssz.Unmarshal accepts; a bad b is the
// *plan.Error RootBytes returns (Index -1, the decoder's sentinel and
// path), whatever the paths (a path that is not one of T's is a
// *proof.PathError, checked first, as SparseOf checks it). The nodes the
// paths read are then computed as SparseOf computes
// them, the subtrees off the paths rooted from their bytes (a list's
// elements in lockstep, tile by tile; a packed list's chunks are its
// bytes; a container's fields through its offsets), and a part a path
// goes into that the tree keeps as one opaque value (a union) decoded
// alone. The tree's root must equal the first root; it always does, and
// were it not to, the error wraps ErrSparseWalk rather than a tree being
// returned: every node the tree keeps folds into that root, so a tree
// returned proves only what b holds. So a call costs about two roots of
// b (a 1M-validator state's proof in half the CPU time of decoding it
// and calling SparseOf, and none of the decoded value's memory): the
// pooled scratch RootBytes takes, and a tile of chunks.
//
// With WithRoot(r), a root the caller trusts (a block header's
// state_root), b is validated at memory speed (exactly as strictly; bad
// bytes are the same *plan.Error) instead of rooted whole, and the walk's
// fold must equal r: about one root's time. Bytes that root otherwise
// are an error wrapping ErrUnexpectedRoot, and no tree.
//
// Paths, options and the errors of a path are SparseOf's.
func SparseOfBytes[T any](b []byte, paths []string, opts ...Option) (*Sparse, [32]byte, error) {
	return sparseOfBytes[T](b, opts, func(tr *tree) ([]proof.GIndex, error) { return tr.gindices(paths) })
}

// sparseOfBytes is SparseOfBytes for the generalized indices gindices
// resolves in the tree of T.
func sparseOfBytes[T any](b []byte, opts []Option, gindices func(*tree) ([]proof.GIndex, error)) (*Sparse, [32]byte, error) {
	return sparseWalk[T](opts, gindices, func(tr *tree, gs []proof.GIndex, expect *[32]byte) (*Sparse, error) {
		if expect != nil {
			// The trusted root is the check: validate at memory speed,
			// and sparseWalk compares the walk's root with it.
			return tr.sparseBytesValidated(b, gs)
		}
		want, err := tr.c.rootBytes(tr.t, b)
		if err != nil {
			return nil, err
		}
		s, err := tr.sparseBytes(b, gs, want)
		if err != nil {
			return nil, err
		}
		if s.root != want {
			return nil, fmt.Errorf("%w: %s: %x, rooted whole %x", ErrSparseWalk, typeName(tr.t), s.root, want)
		}
		return s, nil
	})
}

// sparseBytesValidated is sparseBytes for b validated as the decoder
// validates it rather than rooted whole: a tree of the root alone (no
// path below it) is rooted then (RootBytes: one root either way). A b the validation refuses is the error
// RootBytes returns for it: the decoder's sentinel and path.
func (tr *tree) sparseBytesValidated(b []byte, gs []proof.GIndex) (*Sparse, error) {
	if sszvalidate.Validate(tr.t, b) != nil {
		if _, err := tr.c.rootBytes(tr.t, b); err != nil {
			return nil, err
		}
		return nil, fmt.Errorf("%w: %s: the validation refuses bytes the type's plan accepts", ErrSparseWalk, typeName(tr.t))
	}
	var root [32]byte
	if !slices.ContainsFunc(gs, func(g proof.GIndex) bool { return g > 1 }) {
		// No path goes below the root: the tree is the root alone.
		var err error
		if root, err = tr.c.rootBytes(tr.t, b); err != nil {
			return nil, err
		}
	}
	return tr.sparseBytes(b, gs, root)
}

// sparseBytes is sparse for the value serialized in b, which its type's
// plan has accepted and rooted to root (used for the node 1 of gs
// only).
func (tr *tree) sparseBytes(b []byte, gs []proof.GIndex, root [32]byte) (*Sparse, error) {
	direct, upper := sparseNodes(gs)
	s := &Sparse{t: tr.t, hash: tr.c.hash, nodes: make(map[proof.GIndex][32]byte, len(direct)+len(upper))}
	for _, g := range direct {
		n := root // no path: the root alone
		if g != 1 {
			var err error
			if n, err = tr.c.nodeBytes(tr.root, tr.t, b, g); err != nil {
				return nil, err
			}
		}
		s.nodes[g] = n
	}
	for _, g := range upper {
		s.nodes[g] = tr.c.pair(s.nodes[2*g], s.nodes[2*g+1])
	}
	s.root = s.nodes[1]
	return s, nil
}

// nodeBytes computes node g (relative) of the value of type t serialized
// in b, whose tree n models: containers, lists and vectors from their
// bytes, any other node (a union, a container of fields the tree keeps
// as one opaque value) from the value decoded alone.
func (c *ctx) nodeBytes(n node, t *ssz.Type, b []byte, g proof.GIndex) ([32]byte, error) {
	if g == 1 {
		return c.rootBytes(t, b)
	}
	switch n := n.(type) {
	case *container:
		return n.sparseBytes(c, b, g)
	case *seq:
		return n.sparseBytes(c, b, g)
	case *packed:
		return n.sparseBytes(c, b, g)
	}
	v := reflect.New(t.Go)
	if err := ssz.UnmarshalValue(t, b, v.Elem()); err != nil {
		return [32]byte{}, err
	}
	r, err := n.sparse(c, v.UnsafePointer(), g)
	runtime.KeepAlive(v)
	return r, err
}

// rootBytes is the root of the value of type t serialized in b, by the
// plan of t; for a type no plan compiles for, decoded and rooted as the
// value walk roots it.
func (c *ctx) rootBytes(t *ssz.Type, b []byte) ([32]byte, error) {
	if r := c.rooterOf(t); r != nil {
		return r.RootBytes(b)
	}
	v := reflect.New(t.Go)
	if err := ssz.UnmarshalValue(t, b, v.Elem()); err != nil {
		return [32]byte{}, err
	}
	r, err := c.valueRoot(t, v.UnsafePointer(), typeName(t))
	runtime.KeepAlive(v)
	return r, err
}

// errLayout is the error of a serialization whose layout a walk cannot
// follow; the value's plan has accepted it first, so it is never met.
func errLayout(t *ssz.Type, what string) error {
	return fmt.Errorf("%w: %s: %s", ErrSparseWalk, typeName(t), what)
}

// walkLayout is err of sszlayout's, as errLayout's: never met either.
func walkLayout(t *ssz.Type, err error) error {
	return fmt.Errorf("%w: %s: %w", ErrSparseWalk, typeName(t), err)
}

func (ct *container) sparseBytes(c *ctx, b []byte, g proof.GIndex) ([32]byte, error) {
	spans, err := sszlayout.FieldSpans(ct.t, b)
	if err != nil {
		return [32]byte{}, walkLayout(ct.t, err)
	}
	return ct.sparseAt(c, g, func(pos int) ([32]byte, error) { return ct.chunkRootBytes(c, b, spans, pos) },
		func(fi int, rest proof.GIndex) ([32]byte, error) {
			s := spans[fi]
			return c.nodeBytes(ct.fields[fi].kid, ct.t.Fields[fi].Type, b[s.Lo:s.Hi], rest)
		})
}

// chunkRootBytes is chunkRoot for the container serialized in b: a
// one-chunk field (a basic value, a short vector of them) is its bytes,
// zero-padded.
func (ct *container) chunkRootBytes(c *ctx, b []byte, spans []sszlayout.Span, pos int) ([32]byte, error) {
	fi := pos
	if ct.progressive {
		if fi = ct.atPos[pos]; fi < 0 {
			return [32]byte{}, nil
		}
	}
	f, s := ct.fields[fi], spans[fi]
	if f.kid == nil {
		var r [32]byte
		if s.Hi-s.Lo > 32 {
			return r, errLayout(ct.t, "a one-chunk field over 32 bytes")
		}
		copy(r[:], b[s.Lo:s.Hi])
		return r, nil
	}
	return c.nodeBytes(f.kid, ct.t.Fields[fi].Type, b[s.Lo:s.Hi], 1)
}

// spansOf is sszlayout.SeqLen of b, read once however many nodes of it a walk
// computes (a variable-size list's offset table is read into one int
// per element, and a path into such a list has a sibling at every level
// of its tree). The tree lives for one walk of one value, so b's first
// byte and length name the bytes.
func (s *seq) spansOf(b []byte) (int, []int, error) {
	if s.spansAt == nil || s.spansAt != unsafe.SliceData(b) || s.spansLen != len(b) {
		n, offs, err := sszlayout.SeqLen(s.t, b)
		if err != nil {
			return 0, nil, walkLayout(s.t, err)
		}
		s.spansAt, s.spansLen, s.spansN, s.spansOffs = unsafe.SliceData(b), len(b), n, offs
	}
	return s.spansN, s.spansOffs, nil
}

// elemBytes is element i of the list or vector of type t serialized in
// b, whose offsets are offs (nil for fixed-size elements).
func elemBytes(t *ssz.Type, b []byte, offs []int, i int) []byte {
	sp := sszlayout.ElemSpan(t, i, offs)
	return b[sp.Lo:sp.Hi]
}

func (s *seq) sparseBytes(c *ctx, b []byte, g proof.GIndex) ([32]byte, error) {
	n, offs, err := s.spansOf(b)
	if err != nil {
		return [32]byte{}, err
	}
	src := &leafSource{n: uint64(n), fill: func(dst []byte, lo uint64, m int) error {
		return s.rootsBytes(c, b, offs, int(lo), m, dst)
	}}
	return s.sparseAt(c, g, src, func(i int, rest proof.GIndex) ([32]byte, error) {
		return c.nodeBytes(s.sparseKid, s.t.Elem, elemBytes(s.t, b, offs, i), rest)
	})
}

// rootsBytes writes the roots of elements [lo, lo+m) of the list or
// vector serialized in b to dst, in batches of the element type's plan
// straight from their bytes: fixed-size ones in one lockstep batch,
// variable-size ones (offs) copied with their offsets rebased into a
// list of their own, up to batchBytes at a time (a larger one is rooted
// alone, where it lies).
func (s *seq) rootsBytes(c *ctx, b []byte, offs []int, lo, m int, dst []byte) error {
	et := s.t.Elem
	out := unsafe.Slice((*[32]byte)(unsafe.Pointer(unsafe.SliceData(dst))), m)
	r := c.rooterOf(et)
	switch {
	case r != nil && offs == nil:
		return r.RootAllBytes(out, b[uint64(lo)*et.Size:uint64(lo+m)*et.Size])
	case r != nil:
		for j := 0; j < m; {
			k := j + 1 // elements [j, k) form the batch
			for k < m && offs[lo+k+1]-offs[lo+j]+4*(k+1-j) <= batchBytes {
				k++
			}
			if k == j+1 {
				root, err := r.RootBytes(b[offs[lo+j]:offs[lo+j+1]])
				if err != nil {
					return err
				}
				out[j] = root
			} else if err := r.RootAllBytes(out[j:k], s.batchOf(b, offs, lo+j, lo+k)); err != nil {
				return err
			}
			j = k
		}
		return nil
	}
	for j := range m {
		root, err := c.rootBytes(et, elemBytes(s.t, b, offs, lo+j))
		if err != nil {
			return err
		}
		out[j] = root
	}
	return nil
}

// batchBytes is the most bytes a batch of variable-size elements is
// copied into (its offsets and elements): a tile of small elements (a
// block's transactions) in one batch, with scratch that a list of large
// ones does not grow.
const batchBytes = 1 << 20

// batchOf returns elements [i, k) of the list serialized in b, whose
// element offsets are offs, as the serialization of a list of their own
// (their offsets rebased), in the sequence's scratch.
func (s *seq) batchOf(b []byte, offs []int, i, k int) []byte {
	table := 4 * (k - i)
	need := table + offs[k] - offs[i]
	if cap(s.batch) < need {
		s.batch = make([]byte, need)
	}
	ser := s.batch[:need]
	for j := i; j < k; j++ {
		binary.LittleEndian.PutUint32(ser[4*(j-i):], uint32(table+offs[j]-offs[i]))
	}
	copy(ser[table:], b[offs[i]:offs[k]])
	return ser
}

func (p *packed) sparseBytes(c *ctx, b []byte, g proof.GIndex) ([32]byte, error) {
	n := p.fixedN
	switch p.t.Kind {
	case ssz.KindList, ssz.KindProgressiveList:
		n = len(b) / p.esize
	case ssz.KindBitlist, ssz.KindProgressiveBitlist:
		if len(b) == 0 || b[len(b)-1] == 0 {
			return [32]byte{}, errLayout(p.t, "a bitlist without its delimiter")
		}
		last := len(b) - 1
		nb := 8*uint64(last) + uint64(bits.Len8(b[last])) - 1 // 2^31 bits wrap an int on a 32-bit host
		var ok bool
		if n, ok = checked.Int(nb); !ok {
			return [32]byte{}, tooManyBits(p.path, nb)
		}
		// The bits without the delimiter, copied once however many
		// nodes of them the walk computes (as spansOf).
		if p.bstripAt != unsafe.SliceData(b) || p.bstripLen != len(b) {
			p.bstrip = append(p.bstrip[:0], b[:checked.CeilDiv(uint64(n), 8)]...) // n+7 wraps an int near 2^31
			if n%8 != 0 {
				p.bstrip[len(p.bstrip)-1] &^= 1 << (n % 8)
			}
			p.bstripAt, p.bstripLen = unsafe.SliceData(b), len(b)
		}
		b = p.bstrip
	}
	return p.sparseFrom(c, b, n, g)
}
