package ssz

import (
	"reflect"

	"github.com/lanehash/lanehash/internal/sszpath"
	"github.com/lanehash/lanehash/internal/structfield"
)

// HashTreeRoot returns the spec's hash_tree_root of v (a value or a
// pointer to one) with the hash function h.
func HashTreeRoot(v any, h Hash, opts ...Option) ([32]byte, error) {
	t, rv, err := describe(v, opts)
	if err != nil {
		return [32]byte{}, err
	}
	return HashTreeRootValue(t, rv, h)
}

// HashTreeRootValue returns the hash_tree_root of v, which must have the
// Go type t was built for (or be a pointer to it). This is the reference
// implementation: it follows the spec literally and is slow on purpose.
// A descriptor that does not describe its Go type (nil, or one made by
// hand whose kinds, lengths, fields or options contradict it) is
// CheckDescriptor's error, an *Error wrapping ErrValue that names the
// first such part, before v is read.
func HashTreeRootValue(t *Type, v reflect.Value, h Hash) ([32]byte, error) {
	if !validHash(h) {
		return [32]byte{}, errorf("", ErrValue, "unknown hash %d", h)
	}
	if _, err := checkedType(t); err != nil {
		return [32]byte{}, err
	}
	v, err := checkValue(t, v)
	if err != nil {
		return [32]byte{}, err
	}
	return rootOf(h, t, v, rootPath(t))
}

func rootOf(h Hash, t *Type, v reflect.Value, path string) ([32]byte, error) {
	if t.IsBasic() {
		var c [32]byte
		b, err := appendBasic(c[:0], t, v)
		if err != nil {
			return c, atPath(err, path)
		}
		copy(c[:], b)
		return c, nil
	}
	switch t.Kind {
	case KindBitvector:
		if zero, err := vectorValueOK(t, v, path); err != nil || zero {
			// An empty slice is the zero bitvector: its root is a zero
			// subtree, whatever its size.
			return zeroHash(h, depthFor(t.ChunkCount())), err
		}
		b, err := bitvectorBytes(t, v, path)
		if err != nil {
			return [32]byte{}, err
		}
		return merkleize(h, packBytes(b), t.ChunkCount()), nil
	case KindBitlist, KindProgressiveBitlist:
		b := v.Bytes()
		n, err := bitlistLen(t, b, path)
		if err != nil {
			return [32]byte{}, err
		}
		chunks := packBytes(bitlistBits(b, n))
		if t.Kind == KindBitlist {
			return mixInLength(h, merkleize(h, chunks, t.ChunkCount()), n), nil
		}
		return mixInLength(h, merkleizeProgressive(h, chunks, 1), n), nil
	case KindVector:
		zero, err := vectorValueOK(t, v, path)
		if err != nil {
			return [32]byte{}, err
		}
		if zero {
			return zeroVectorRoot(h, t, path)
		}
		chunks, err := sequenceChunks(h, t.Elem, int(t.Length), v.Index, path)
		if err != nil {
			return [32]byte{}, err
		}
		return merkleize(h, chunks, t.ChunkCount()), nil
	case KindList:
		if uint64(v.Len()) > t.Limit {
			return [32]byte{}, errorf(path, ErrListTooLong, "%d elements, limit %d", v.Len(), t.Limit)
		}
		chunks, err := sequenceChunks(h, t.Elem, v.Len(), v.Index, path)
		if err != nil {
			return [32]byte{}, err
		}
		return mixInLength(h, merkleize(h, chunks, t.ChunkCount()), uint64(v.Len())), nil
	case KindProgressiveList:
		chunks, err := sequenceChunks(h, t.Elem, v.Len(), v.Index, path)
		if err != nil {
			return [32]byte{}, err
		}
		return mixInLength(h, merkleizeProgressive(h, chunks, 1), uint64(v.Len())), nil
	case KindContainer, KindProgressiveContainer:
		v = indirect(t, v)
		var chunks [][32]byte
		if t.Kind == KindProgressiveContainer {
			chunks = make([][32]byte, len(t.ActiveFields))
		}
		k := 0
		for i := range t.Fields {
			f := &t.Fields[i]
			r, err := rootOf(h, f.Type, structfield.Get(v, f.Index), sszpath.Field(path, f.Name))
			if err != nil {
				return [32]byte{}, err
			}
			if t.Kind == KindContainer {
				chunks = append(chunks, r)
				continue
			}
			for !t.ActiveFields[k] {
				k++
			}
			chunks[k] = r
			k++
		}
		if t.Kind == KindContainer {
			return merkleize(h, chunks, t.ChunkCount()), nil
		}
		return mixInActiveFields(h, merkleizeProgressive(h, chunks, 1), t.ActiveFields), nil
	case KindUnion:
		v = indirect(t, v)
		sel, val, err := unionValue(t, v, path)
		if err != nil {
			return [32]byte{}, err
		}
		var r [32]byte
		if t.Options[sel] != nil {
			if r, err = rootOf(h, t.Options[sel], val, sszpath.Field(path, "Value")); err != nil {
				return [32]byte{}, err
			}
		}
		return mixInSelector(h, r, sel), nil
	case KindCompatibleUnion:
		v = indirect(t, v)
		sel, val, err := compatibleUnionValue(t, v, path)
		if err != nil {
			return [32]byte{}, err
		}
		r, err := rootOf(h, t.Options[sel], val, sszpath.Field(path, "Data"))
		if err != nil {
			return [32]byte{}, err
		}
		return mixInSelector(h, r, sel), nil
	}
	return [32]byte{}, errorf(path, ErrUnsupported, "kind %s", t.Kind)
}

// zeroVectorRoot is the root of the zero value of a vector (an empty
// slice), computed from the root of one zero element doubled level by
// level instead of from Length copies of it, so a vector of 2^40 elements
// costs 40 hashes, not 2^40 elements' memory.
func zeroVectorRoot(h Hash, t *Type, path string) ([32]byte, error) {
	if t.Elem.IsBasic() {
		return zeroHash(h, depthFor(t.ChunkCount())), nil
	}
	elem, err := rootOf(h, t.Elem, reflect.Zero(t.Elem.Go), indexPath(path, 0))
	if err != nil {
		return [32]byte{}, err
	}
	return merkleizeRepeated(h, elem, t.Length, t.ChunkCount()), nil
}

// sequenceChunks returns the leaf chunks of n elements: packed
// serializations of basic elements, or one root per composite element.
func sequenceChunks(h Hash, et *Type, n int, at func(int) reflect.Value, path string) ([][32]byte, error) {
	if et.IsBasic() {
		var b []byte
		var err error
		for i := 0; i < n; i++ {
			if b, err = appendBasic(b, et, at(i)); err != nil {
				return nil, atPath(err, indexPath(path, i))
			}
		}
		return packBytes(b), nil
	}
	chunks := make([][32]byte, n)
	for i := range chunks {
		r, err := rootOf(h, et, at(i), indexPath(path, i))
		if err != nil {
			return nil, err
		}
		chunks[i] = r
	}
	return chunks, nil
}

// bitlistBits returns the n data bits of a bitlist's bytes, without the
// delimiter bit.
func bitlistBits(b []byte, n uint64) []byte {
	out := make([]byte, (n+7)/8)
	copy(out, b)
	if n%8 != 0 {
		out[len(out)-1] &= byte(1)<<(n%8) - 1
	}
	return out
}
