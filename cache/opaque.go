package cache

import (
	"bytes"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"unsafe"

	"github.com/lanehash/lanehash/proof"
	"github.com/lanehash/lanehash/ssz"
)

// opaque caches the root of a value whose shape the cache does not model
// (unions, containers with fields behind embedded pointers, every value on
// a big-endian host): it keeps the serialization and the root,
// and hashes the value again with the reference ssz.HashTreeRootValue only
// when the serialization changed. Proofs reach its root but not inside.
type opaque struct {
	t    *ssz.Type
	path string
	ser  []byte
	root [32]byte
	ok   bool
}

func newOpaque(t *ssz.Type, path string) *opaque { return &opaque{t: t, path: path} }

func (o *opaque) update(c *ctx, p unsafe.Pointer, _ *selection) ([32]byte, error) {
	v := reflect.NewAt(o.t.Go, p).Elem()
	ser, err := ssz.MarshalValue(o.t, v)
	if err != nil {
		return [32]byte{}, o.errAt(err)
	}
	if o.ok && bytes.Equal(ser, o.ser) {
		return o.root, nil
	}
	r, err := ssz.HashTreeRootValue(o.t, v, ssz.Hash(c.hash))
	if err != nil {
		return [32]byte{}, o.errAt(err)
	}
	o.ser, o.root, o.ok = ser, r, true
	return r, nil
}

// errAt gives err the node's path. The codec and the reference name the
// place inside the value starting from the type's name; that start is
// replaced by the node's path (the same for an opaque top), so the error
// has one path, the whole one.
func (o *opaque) errAt(err error) error {
	var se *ssz.Error
	if errors.As(err, &se) {
		if rest, ok := strings.CutPrefix(se.Path, typeName(o.t)); ok {
			return &ssz.Error{Path: o.path + rest, Err: se.Err}
		}
	}
	return errAt(o.path, err)
}

func (o *opaque) nodeAt(_ *ctx, _ unsafe.Pointer, g proof.GIndex) ([32]byte, error) {
	if g != 1 {
		return [32]byte{}, fmt.Errorf("cache: %s: node %d is inside a %s, whose nodes the cache does not keep: %w", o.path, g, o.t.Kind, proof.ErrIndex)
	}
	return o.root, nil
}

func (o *opaque) bytes() int { return cap(o.ser) + 32 }
