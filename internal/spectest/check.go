package spectest

import (
	"bytes"
	"encoding/hex"
	"errors"
	"fmt"
	"reflect"

	"github.com/lanehash/lanehash/ssz"
)

// RootFunc computes a hash_tree_root with SHA-256 for a value of the
// descriptor's Go type.
type RootFunc func(t *ssz.Type, v reflect.Value) ([32]byte, error)

// ReferenceRoot is the RootFunc of the reference ssz.HashTreeRootValue.
func ReferenceRoot(t *ssz.Type, v reflect.Value) ([32]byte, error) {
	return ssz.HashTreeRootValue(t, v, ssz.SHA256)
}

// ErrUnknownType is returned by Check for a case whose type is not known.
var ErrUnknownType = errors.New("unknown type")

// Check runs one case (loading it first if needed) and returns nil if it
// passes. For an invalid case, decoding the serialized bytes must fail
// (a case whose declared type cannot even be built, such as a vector of
// length 0, passes: nothing can decode it). For a valid case: the bytes
// must decode, the decoded value must equal value.yaml (when the case has
// one), root(decoded) must equal the expected root, and re-encoding must
// give the serialized bytes back. root nil means ReferenceRoot; pass
// another function to check a fast path against the same vectors. Check
// may run concurrently for different cases, not for the same one (it
// loads the case's files into it).
func Check(c *Case, root RootFunc) error {
	if root == nil {
		root = ReferenceRoot
	}
	if c.Type == nil {
		if !c.Valid && c.TypeErr != nil && errors.Is(c.TypeErr, ssz.ErrTag) {
			return nil
		}
		return fmt.Errorf("%s: %w: %v", c, ErrUnknownType, c.TypeErr)
	}
	if err := c.Load(); err != nil {
		return err
	}
	v := reflect.New(c.Type.Go).Elem()
	err := ssz.UnmarshalValue(c.Type, c.Serialized, v)
	if !c.Valid {
		if err == nil {
			return fmt.Errorf("%s: invalid input decoded without error", c)
		}
		return nil
	}
	if err != nil {
		return fmt.Errorf("%s: decode: %w", c, err)
	}
	if c.Value != nil {
		want, err := DecodeYAML(c.Type, c.Value)
		if err != nil {
			return fmt.Errorf("%s: value.yaml: %w", c, err)
		}
		if !reflect.DeepEqual(v.Interface(), want.Interface()) {
			return fmt.Errorf("%s: decoded value differs from value.yaml", c)
		}
	}
	got, err := root(c.Type, v)
	if err != nil {
		return fmt.Errorf("%s: root: %w", c, err)
	}
	if got != c.Root {
		return fmt.Errorf("%s: root %s, want %s", c, hex.EncodeToString(got[:]), hex.EncodeToString(c.Root[:]))
	}
	enc, err := ssz.MarshalValue(c.Type, v)
	if err != nil {
		return fmt.Errorf("%s: encode: %w", c, err)
	}
	if !bytes.Equal(enc, c.Serialized) {
		return fmt.Errorf("%s: re-encoding differs from serialized (%d vs %d bytes)", c, len(enc), len(c.Serialized))
	}
	return nil
}
