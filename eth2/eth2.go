// Package eth2 roots go-eth2-client's values with lanehash: the values
// of the client's own fork packages (spec/phase0 ... spec/gloas, api/v1/...)
// and its versioned wrappers (spec.VersionedBeaconState,
// spec.VersionedSignedBeaconBlock, api.VersionedBlindedBeaconBlock, ...),
// which hold one fork's value beside its Version.
//
// A wrapper is not an SSZ object of the spec: lanehash.HashTreeRoot and
// plan.PlanFor of one would hash it as a container of a version number
// and one pointer per fork, a root no chain ever has (lanehash refuses
// it for that reason). HashTreeRoot here roots the one fork's value the
// wrapper holds, picked by its Version: the root the client's own
// HashTreeRoot of that value gives (v.Fulu.HashTreeRoot() for a Fulu
// state), the root VersionedBeaconState.HashTreeRoot returns. A wrapper
// whose fields disagree is refused, never guessed at (see VersionError).
//
// A serialization, as a beacon node serves it beside its
// Eth-Consensus-Version header, is rooted and proved without decoding
// it (HashTreeRootBytes, ProveFieldBytes, ProveFieldsBytes): a wrapper
// holding only a Version names the type, the fork's value it would hold
// at that Version.
//
// The module is separate from lanehash's so that the core keeps its few
// dependencies: only a program that imports this package depends on
// go-eth2-client.
//
// go-eth2-client v0.30.1 has the forks phase0, altair, bellatrix,
// capella, deneb, electra, fulu and gloas; every Versioned type of its
// spec and api packages is recognised by its shape (a Version field and
// one pointer field per fork, named after the fork), so wrappers of the
// same shape in later versions are rooted without a change here.
package eth2

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"sync"

	"github.com/attestantio/go-eth2-client/spec"
	"github.com/lanehash/lanehash"
	"github.com/lanehash/lanehash/internal/pointee"
)

// The refusals of a versioned value, wrapped by a *VersionError.
var (
	// ErrNoFork reports a versioned value with no fork's value set.
	ErrNoFork = errors.New("eth2: no fork's value set")
	// ErrManyForks reports a versioned value with more than one fork's
	// value set: which one the Version means is not for HashTreeRoot to
	// guess.
	ErrManyForks = errors.New("eth2: more than one fork's value set")
	// ErrVersionMismatch reports a versioned value whose Version names
	// another fork than the value set (or an unknown one), or whose
	// Blinded flag disagrees with the value set (a proposal's FuluBlinded
	// set with Blinded false; a fork without a blinded form, a phase0
	// proposal, is read whatever the flag says, as the client reads it),
	// or whose ExecutionPayloadIncluded flag does
	// (an EPBS proposal's GloasContents set with it false: the client
	// reads that proposal's Gloas arm).
	ErrVersionMismatch = errors.New("eth2: version disagrees with the value set")
)

// VersionError is the error of a versioned value HashTreeRoot refuses:
// the wrapper's type, its Version, the fork fields set, and one of
// ErrNoFork, ErrManyForks or ErrVersionMismatch (errors.Is finds it);
// or of a wrapper that names no type for the bytes functions
// (HashTreeRootBytes), with ErrNoType.
type VersionError struct {
	Type    string   // the wrapper's Go type, "spec.VersionedBeaconState"
	Version string   // its Version, "fulu" (or "unknown (9)")
	Set     []string // the names of the fork fields set, in field order
	Err     error
}

// Error says what is wrong with the wrapper.
func (e *VersionError) Error() string {
	set := "none"
	if len(e.Set) > 0 {
		set = strings.Join(e.Set, ", ")
	}
	return fmt.Sprintf("%v: %s with Version %s, fields set: %s", e.Err, e.Type, e.Version, set)
}

// Unwrap returns the sentinel.
func (e *VersionError) Unwrap() error { return e.Err }

// HashTreeRoot returns hash_tree_root of v: of the fork's value a
// go-eth2-client versioned wrapper holds (by pointer or by value), or of
// v itself for any other value, through lanehash.HashTreeRoot (the plan
// of the value's type compiled on the first call and reused after). For
// a VersionedSignedBeaconBlock it is the root of the SignedBeaconBlock
// container, as v.Fulu.HashTreeRoot() gives it; the block root (what the
// client's Root method returns) is the root of its Message. Errors are
// lanehash's (lanehash.ErrNil for a nil, the *ssz.Error of an
// unsupported type) and a *VersionError for a wrapper it refuses. The
// builder API's validator registrations, whose Timestamp is a time.Time
// serialized as Unix seconds, are rooted as the client serializes them.
func HashTreeRoot(v any) ([32]byte, error) {
	inner, err := Unwrap(v)
	if err != nil {
		return [32]byte{}, err
	}
	return lanehash.HashTreeRoot(mirror(inner))
}

// Unwrap returns the fork's value a versioned wrapper holds (a pointer,
// such as the *fulu.BeaconState of a VersionedBeaconState), checked
// against the wrapper's Version as HashTreeRoot checks it; any other
// value, nil included, is returned as it is.
func Unwrap(v any) (any, error) {
	rv := reflect.ValueOf(v)
	if rv.IsValid() {
		if _, ok := pointee.Type(rv.Type()); !ok {
			// A pointer type that is its own element (type P *P) is no
			// wrapper, and a value of it may point to itself: the loop
			// below would not end. lanehash refuses the type.
			return v, nil
		}
	}
	// Through every pointer: a **VersionedBeaconState (&resp.Data) is a
	// wrapper too, and rooting it as anything else would root the wrapper.
	for rv.Kind() == reflect.Pointer {
		if rv.IsNil() {
			return v, nil
		}
		rv = rv.Elem()
	}
	if !rv.IsValid() {
		return v, nil
	}
	w := wrapperOf(rv.Type())
	if w == nil {
		return v, nil
	}
	return w.unwrap(rv)
}

// wrapper describes a versioned wrapper type: where its Version is, the
// names its values take, and its fork fields.
type wrapper struct {
	typ     string
	version int      // index of the Version field
	names   []string // the Version's names by value ("phase0" is names[1] for a DataVersion)
	forks   []forkField
	blinded int // index of a Blinded bool, or -1
	// included is the index of an ExecutionPayloadIncluded bool (an EPBS
	// proposal's), or -1: true selects the fork field named ...Contents.
	included int
}

// forkField is a field holding one fork's value.
type forkField struct {
	index   int
	name    string // the Go field name, "FuluBlinded"
	fork    string // the Version's name it belongs to, "fulu"
	blinded bool   // the field's name ends in Blinded
}

// dataVersions and builderVersions are the names of the client's
// version values, by value, as its String methods give them.
var (
	dataVersions    = versionNames(func(i uint64) string { return spec.DataVersion(i).String() }, 1)
	builderVersions = versionNames(func(i uint64) string { return spec.BuilderVersion(i).String() }, 0)
)

// versionNames lists name(i) from first up to the first "unknown"; the
// entries below first are "".
func versionNames(name func(uint64) string, first uint64) []string {
	out := make([]string, first)
	for i := first; ; i++ {
		n := name(i)
		if n == "" || n == "unknown" {
			return out
		}
		out = append(out, n)
	}
}

// wrappers caches wrapperOf by type; nil for a type that is no wrapper.
var wrappers sync.Map

// clientPrefix is the module path of go-eth2-client.
const clientPrefix = "github.com/attestantio/go-eth2-client/"

// wrapperOf returns the description of t when it is one of the client's
// versioned wrappers (a struct named Versioned... with a Version of the
// client's DataVersion or BuilderVersion), nil otherwise.
func wrapperOf(t reflect.Type) *wrapper {
	if w, ok := wrappers.Load(t); ok {
		return w.(*wrapper)
	}
	w := describe(t)
	wrappers.Store(t, w)
	return w
}

func describe(t reflect.Type) *wrapper {
	if t.Kind() != reflect.Struct || !strings.HasPrefix(t.PkgPath(), clientPrefix) || !strings.HasPrefix(t.Name(), "Versioned") {
		return nil
	}
	vf, ok := t.FieldByName("Version")
	if !ok || len(vf.Index) != 1 {
		return nil
	}
	w := &wrapper{typ: t.String(), version: vf.Index[0], blinded: -1, included: -1}
	switch vf.Type {
	case reflect.TypeFor[spec.DataVersion]():
		w.names = dataVersions
	case reflect.TypeFor[spec.BuilderVersion]():
		w.names = builderVersions
	default:
		return nil
	}
	for i := range t.NumField() {
		f := t.Field(i)
		if f.Name == "Blinded" && f.Type.Kind() == reflect.Bool {
			w.blinded = i
			continue
		}
		if f.Name == "ExecutionPayloadIncluded" && f.Type.Kind() == reflect.Bool {
			w.included = i
			continue
		}
		if f.Type.Kind() != reflect.Pointer {
			continue
		}
		for _, n := range w.names {
			if n != "" && strings.HasPrefix(f.Name, capitalize(n)) {
				w.forks = append(w.forks, forkField{index: i, name: f.Name, fork: n, blinded: strings.HasSuffix(f.Name, "Blinded")})
				break
			}
		}
	}
	if len(w.forks) == 0 {
		return nil
	}
	return w
}

func capitalize(s string) string { return strings.ToUpper(s[:1]) + s[1:] }

// hasBlinded reports whether the wrapper has a blinded field for fork:
// only then does its Blinded flag choose between two of its fields.
func (w *wrapper) hasBlinded(fork string) bool {
	for _, f := range w.forks {
		if f.fork == fork && f.blinded {
			return true
		}
	}
	return false
}

// unwrap returns the pointer in the one fork field of rv that is set,
// after checking it against the Version (and the Blinded flag).
func (w *wrapper) unwrap(rv reflect.Value) (any, error) {
	var set *forkField
	var names []string
	for i := range w.forks {
		f := &w.forks[i]
		if !rv.Field(f.index).IsNil() {
			set = f
			names = append(names, f.name)
		}
	}
	version := w.versionName(rv)
	refuse := func(err error) (any, error) {
		return nil, &VersionError{Type: w.typ, Version: version, Set: names, Err: err}
	}
	switch {
	case len(names) == 0:
		return refuse(ErrNoFork)
	case len(names) > 1:
		return refuse(ErrManyForks)
	case !w.selects(rv, set, version):
		return refuse(ErrVersionMismatch)
	}
	return rv.Field(set.index).Interface(), nil
}

// versionName is the name of the wrapper rv's Version, "unknown (9)"
// for a value no fork has.
func (w *wrapper) versionName(rv reflect.Value) string {
	ver := rv.Field(w.version).Uint()
	if ver < uint64(len(w.names)) && w.names[ver] != "" {
		return w.names[ver]
	}
	return fmt.Sprintf("unknown (%d)", ver)
}

// selects reports whether fork field f is the one the wrapper rv's
// Version (named version) and flags select: f's fork, blinded as the
// Blinded flag says (a fork without a blinded form, a phase0 proposal,
// whatever the flag says, as the client reads it), and a ...Contents
// field as ExecutionPayloadIncluded says.
func (w *wrapper) selects(rv reflect.Value, f *forkField, version string) bool {
	switch {
	case f.fork != version:
		return false
	case w.blinded >= 0 && rv.Field(w.blinded).Bool() != f.blinded && w.hasBlinded(version):
		return false
	case w.included >= 0 && rv.Field(w.included).Bool() != strings.HasSuffix(f.name, "Contents"):
		return false
	}
	return true
}
