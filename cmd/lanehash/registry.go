package main

//go:generate go run ./internal/gentypes/gen -consensus ../../ssz/consensus -out types_gen.go

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"sync"

	"github.com/lanehash/lanehash/cache"
	"github.com/lanehash/lanehash/plan"
	"github.com/lanehash/lanehash/proof"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/sszjson"
)

// preset is a consensus preset: the spec values the preset-dependent
// sizes of the consensus types (dynssz tags) are evaluated with.
type preset struct {
	name string
	spec ssz.SpecValues
}

// presets are the presets -preset accepts, the default first.
var presets = []preset{
	{"mainnet", ssz.MainnetSpec()},
	{"minimal", ssz.MinimalSpec()},
}

// presetNamed returns the preset called name.
func presetNamed(name string) (preset, bool) {
	for _, p := range presets {
		if p.name == name {
			return p, true
		}
	}
	return preset{}, false
}

// typeEntry is one type of the registry: what each subcommand does with
// a value of it, behind the generic entry[T] that binds the Go type.
type typeEntry interface {
	// Name is the type's name as users give it: fork.Type.
	Name() string
	// SSZType is the type's descriptor under preset p.
	SSZType(p preset) (*ssz.Type, error)
	// RootBytes is hash_tree_root of the value serialized in b, read
	// straight from the bytes by the type's plan (which validates b as
	// strictly as ssz.Unmarshal does).
	RootBytes(p preset, b []byte) ([32]byte, error)
	// Prove returns the proof of path in the value serialized in b and
	// its root, read from the bytes (cache.SparseOfBytes), as strict as
	// RootBytes. With expect, b must root to *expect (cache.WithRoot:
	// validated, then walked once), else an error wrapping
	// cache.ErrUnexpectedRoot.
	Prove(p preset, b []byte, path string, expect *[32]byte) (*proof.Proof, [32]byte, error)
	// Decode decodes the value serialized in b (ssz.Unmarshal) and
	// returns it, a *T.
	Decode(p preset, b []byte) (reflect.Value, error)
	// FromJSON reads the JSON of a value (sszjson.Unmarshal) and returns
	// its serialization.
	FromJSON(p preset, doc []byte) ([]byte, error)
}

// entry is the typeEntry of Go type T.
type entry[T any] struct {
	fork, name string

	mu    sync.Mutex
	plans map[string]*plan.Plan[T] // by preset name
}

// newEntry returns the registry entry of T, named fork.name.
func newEntry[T any](fork, name string) typeEntry {
	return &entry[T]{fork: fork, name: name}
}

func (e *entry[T]) Name() string { return e.fork + "." + e.name }

func (e *entry[T]) SSZType(p preset) (*ssz.Type, error) {
	return ssz.TypeFor[T](ssz.WithSpec(p.spec))
}

// plan compiles T's plan for p once per process: a command roots many
// files of one type.
func (e *entry[T]) plan(p preset) (*plan.Plan[T], error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if pl, ok := e.plans[p.name]; ok {
		return pl, nil
	}
	pl, err := plan.PlanFor[T](plan.WithSpec(p.spec))
	if err != nil {
		return nil, err
	}
	if e.plans == nil {
		e.plans = map[string]*plan.Plan[T]{}
	}
	e.plans[p.name] = pl
	return pl, nil
}

func (e *entry[T]) RootBytes(p preset, b []byte) ([32]byte, error) {
	pl, err := e.plan(p)
	if err != nil {
		return [32]byte{}, err
	}
	return pl.RootBytes(b)
}

func (e *entry[T]) Prove(p preset, b []byte, path string, expect *[32]byte) (*proof.Proof, [32]byte, error) {
	opts := []cache.Option{plan.WithSpec(p.spec)}
	if expect != nil {
		opts = append(opts, cache.WithRoot(*expect))
	}
	tree, root, err := cache.SparseOfBytes[T](b, []string{path}, opts...)
	if err != nil {
		return nil, [32]byte{}, err
	}
	pr, err := tree.Prove(path)
	return pr, root, err
}

func (e *entry[T]) Decode(p preset, b []byte) (reflect.Value, error) {
	v := new(T)
	if err := ssz.Unmarshal(b, v, ssz.WithSpec(p.spec)); err != nil {
		return reflect.Value{}, err
	}
	return reflect.ValueOf(v), nil
}

func (e *entry[T]) FromJSON(p preset, doc []byte) ([]byte, error) {
	v := new(T)
	if err := sszjson.Unmarshal(doc, v, ssz.WithSpec(p.spec)); err != nil {
		return nil, err
	}
	return ssz.Marshal(v, ssz.WithSpec(p.spec))
}

// errUnknownType is the sentinel of a -type the registry does not have.
var errUnknownType = errors.New("unknown type")

// lookupType returns the registry entry named name (fork.Type, matched
// ignoring case). A name that is not there gets an error saying what is:
// the forks that declare a type of that name, or the fork's types.
func lookupType(name string) (typeEntry, error) {
	for _, e := range registry {
		if strings.EqualFold(e.Name(), name) {
			return e, nil
		}
	}
	fork, typ, hasFork := strings.Cut(name, ".")
	if !hasFork {
		typ, fork = name, ""
	}
	var same []string
	forkKnown := false
	for _, e := range registry {
		f, t, _ := strings.Cut(e.Name(), ".")
		if strings.EqualFold(t, typ) {
			same = append(same, e.Name())
		}
		forkKnown = forkKnown || strings.EqualFold(f, fork)
	}
	switch {
	case !hasFork && len(same) > 0:
		return nil, fmt.Errorf("%w %q: name the fork, one of %s", errUnknownType, name, strings.Join(same, ", "))
	case !hasFork:
		return nil, fmt.Errorf("%w %q: types are named fork.Type (fulu.BeaconState); `lanehash types` lists them", errUnknownType, name)
	case len(same) > 0 && forkKnown:
		return nil, fmt.Errorf("%w %q: package ssz/consensus/%s declares only the types its fork introduced or changed; a type of that name is in %s (check which one your fork uses)",
			errUnknownType, name, strings.ToLower(fork), strings.Join(same, ", "))
	case forkKnown:
		return nil, fmt.Errorf("%w %q: `lanehash types -fork %s` lists that fork's types", errUnknownType, name, strings.ToLower(fork))
	}
	return nil, fmt.Errorf("%w %q: unknown fork %q (forks: %s)", errUnknownType, name, fork, strings.Join(forkNames(), ", "))
}

// forkNames lists the forks of the registry in order.
func forkNames() []string {
	var out []string
	for _, e := range registry {
		f, _, _ := strings.Cut(e.Name(), ".")
		if len(out) == 0 || out[len(out)-1] != f {
			out = append(out, f)
		}
	}
	return out
}
