package eth2

import (
	"encoding/binary"
	"errors"
	"fmt"
	"reflect"

	apiv1 "github.com/attestantio/go-eth2-client/api/v1"
	"github.com/lanehash/lanehash"
	"github.com/lanehash/lanehash/internal/pointee"
	"github.com/lanehash/lanehash/proof"
	"github.com/lanehash/lanehash/ssz"
	"github.com/pk910/dynamic-ssz/sszutils"
)

// ErrNoType reports a versioned wrapper, given to a bytes function to
// name the type of a serialization, that holds no one type at its
// Version: an unknown Version, a fork the wrapper has no field for, or
// flags that select none.
var ErrNoType = errors.New("eth2: no type for this version")

// HashTreeRootBytes returns hash_tree_root of b, the SSZ serialization
// of the value that of holds or would hold, computed from the bytes
// without decoding them (lanehash.HashTreeRootBytes: exactly as strict
// as the decoder, and far cheaper than decoding into the client's value
// and rooting that). of names the type only, and nothing in it is read but a
// versioned wrapper's Version and its Blinded and
// ExecutionPayloadIncluded flags: a serialization a beacon node serves
// beside its Eth-Consensus-Version header is rooted by
//
//	eth2.HashTreeRootBytes(&spec.VersionedBeaconState{Version: version}, body)
//
// which reads body as the *fulu.BeaconState for DataVersionFulu, as a
// VersionedBeaconState would hold it. Any other value stands for its own
// type (&fulu.BeaconState{}, or a nil *fulu.BeaconState). Bad bytes are
// lanehash's *plan.Error, wrapping an ssz sentinel; a wrapper with no
// type at its Version a *VersionError wrapping ErrNoType.
func HashTreeRootBytes(of any, b []byte) ([32]byte, error) {
	t, err := typeOfBytes(of)
	if err != nil {
		return [32]byte{}, err
	}
	switch t {
	case reflect.TypeFor[apiv1.ValidatorRegistration]():
		t = reflect.TypeFor[validatorRegistration]()
	case reflect.TypeFor[apiv1.SignedValidatorRegistration]():
		t = reflect.TypeFor[signedValidatorRegistration]()
	}
	return lanehash.HashTreeRootBytes(t, asContainer(t, b))
}

// asContainer returns the serialization lanehash reads for type t from
// b, the client's: b itself, but for a type the client annotates as an
// SSZ wrapper (api.BlobSidecars: a struct of one field that serializes
// and roots as that field alone, as a node's blob_sidecars body is a
// bare list). lanehash sees its Go type as a container of that field,
// whose root is the field's (one chunk is its own root) and whose
// serialization is the field's behind one offset when the field is
// variable-size: that offset is put in front of a copy of b.
func asContainer(t reflect.Type, b []byte) []byte {
	if !clientWrapper(t) {
		return b
	}
	st, err := ssz.TypeOf(t)
	if err != nil || len(st.Fields) != 1 || st.Fields[0].Type.Fixed {
		// A fixed-size field serializes alike either way; a type lanehash
		// refuses is refused by the root that follows.
		return b
	}
	c := make([]byte, 4+len(b))
	binary.LittleEndian.PutUint32(c, 4)
	copy(c[4:], b)
	return c
}

// clientWrapper reports whether the client annotates t (through
// dynamic-ssz's registry, which its generated code fills) as an SSZ
// wrapper type: a struct of one field whose SSZ value is that field's.
func clientWrapper(t reflect.Type) bool {
	if t.Kind() != reflect.Struct || t.NumField() != 1 {
		return false
	}
	tag, ok := sszutils.LookupAnnotation(t)
	return ok && reflect.StructTag(tag).Get("ssz-type") == "wrapper"
}

// ProveFieldBytes is ProveField for the value serialized in b, of the
// type of names as HashTreeRootBytes reads it: the node's proof and b's
// root, computed from the bytes without decoding them
// (cache.SparseOfBytes: about two roots' time, a bounded amount of
// memory however large the state, and every kept node checked to fold
// into b's root).
func ProveFieldBytes(of any, b []byte, path string) (*proof.Proof, [32]byte, error) {
	ps, root, err := ProveFieldsBytes(of, b, path)
	if err != nil {
		return nil, [32]byte{}, err
	}
	return ps[0], root, nil
}

// ProveFieldsBytes is ProveFieldBytes for several paths of one
// serialization, all from one sparse tree. No paths is an error wrapping
// proof.ErrIndex; a type with no proofs (not a state, block, signed
// block or block body) is ErrNotProvable.
func ProveFieldsBytes(of any, b []byte, paths ...string) ([]*proof.Proof, [32]byte, error) {
	if len(paths) == 0 {
		return nil, [32]byte{}, fmt.Errorf("eth2: no paths to prove: %w", proof.ErrIndex)
	}
	t, err := typeOfBytes(of)
	if err != nil {
		return nil, [32]byte{}, err
	}
	prove, ok := bytesProvers[t]
	if !ok {
		return nil, [32]byte{}, fmt.Errorf("%w: %v", ErrNotProvable, t)
	}
	return prove(b, paths)
}

// typeOfBytes returns the type of the serialization of names: the fork
// type a wrapper holds at its Version, selected by its flags as unwrap
// checks them; any other value's own type, behind every pointer.
func typeOfBytes(of any) (reflect.Type, error) {
	t := reflect.TypeOf(of)
	if t == nil {
		return nil, lanehash.ErrNil
	}
	if _, ok := pointee.Type(t); !ok {
		// A pointer type that is its own element (type P *P), whose
		// pointers have no end to strip: lanehash refuses it as it is.
		return t, nil
	}
	rv := reflect.ValueOf(of)
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
		if rv.IsValid() && !rv.IsNil() {
			rv = rv.Elem()
		} else {
			rv = reflect.Value{}
		}
	}
	w := wrapperOf(t)
	if w == nil {
		return t, nil
	}
	if !rv.IsValid() {
		// A nil pointer to a wrapper: the zero wrapper, whose Version is
		// no fork's.
		rv = reflect.New(t).Elem()
	}
	return w.typeAt(rv)
}

// typeAt returns the type of the one fork field of the wrapper rv that
// its Version and flags select, whatever the fields hold.
func (w *wrapper) typeAt(rv reflect.Value) (reflect.Type, error) {
	version := w.versionName(rv)
	var found []*forkField
	for i := range w.forks {
		if f := &w.forks[i]; w.selects(rv, f, version) {
			found = append(found, f)
		}
	}
	if len(found) != 1 {
		// None, or (in no wrapper of the client's today) several the
		// flags do not tell apart: not for this function to guess.
		return nil, &VersionError{Type: w.typ, Version: version, Err: ErrNoType}
	}
	return rv.Type().Field(found[0].index).Type.Elem(), nil
}
