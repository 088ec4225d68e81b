package main

import (
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/lanehash/lanehash/plan"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/electra"
	"github.com/lanehash/lanehash/ssz/consensus/fulu"
	"github.com/lanehash/lanehash/ssz/consensus/gloas"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// fork is what lanebench does with one fork's BeaconState: build a
// synthetic state of n validators, and read a -state file.
type fork struct {
	synthetic func(n int, seed uint64) (workload, error)
	file      func(path string, data []byte) ([]workload, fileRoot, error)
}

// forks are the forks whose BeaconState package ssz/consensus declares
// (altair to deneb declare only what later forks reuse).
var forks = map[string]fork{
	"phase0": forkOf("phase0", func(n int, seed uint64) (*phase0.BeaconState, error) {
		return phase0.SyntheticBeaconState(n, seed), nil
	}),
	"electra": forkOf("electra", electraSynthetic),
	"fulu":    forkOf("fulu", func(n int, seed uint64) (*fulu.BeaconState, error) { return fulu.SyntheticBeaconState(n, seed), nil }),
	"gloas":   forkOf("gloas", func(n int, seed uint64) (*gloas.BeaconState, error) { return gloas.SyntheticBeaconState(n, seed), nil }),
}

// forkNames lists the forks -fork takes (the keys of forks), oldest
// first.
func forkNames() []string { return []string{"phase0", "electra", "fulu", "gloas"} }

// fileRoot is the root of a caller's file (-state, -registry), printed
// before any timing: the first thing a person holding a state asks.
type fileRoot struct {
	Path       string `json:"path"`
	Type       string `json:"type"`
	Validators int    `json:"validators"`
	// Root is hash_tree_root with SHA-256 (what the chain uses), as hex.
	Root string `json:"root"`
}

// validatorCount is the length of a state's Validators field.
func validatorCount(v any) int {
	f := reflect.ValueOf(v).Elem().FieldByName("Validators")
	if !f.IsValid() || f.Kind() != reflect.Slice {
		return 0
	}
	return f.Len()
}

// forkOf builds the fork entry of state type T.
func forkOf[T any](name string, synth func(int, uint64) (*T, error)) fork {
	return fork{
		synthetic: func(n int, seed uint64) (workload, error) {
			v, err := synth(n, seed)
			if err != nil {
				return nil, err
			}
			return &single[T]{label: fmt.Sprintf("%s state n=%d", name, n), value: v, count: n}, nil
		},
		file: func(path string, data []byte) ([]workload, fileRoot, error) {
			st := new(T)
			if err := ssz.Unmarshal(data, st); err != nil {
				return nil, fileRoot{}, errNotState(path, name, err)
			}
			root, err := fileRootOf[T](data, st)
			if err != nil {
				return nil, fileRoot{}, fmt.Errorf("%s: %w", path, err)
			}
			n := validatorCount(st)
			return []workload{
					&fromBytes[T]{label: path + " from bytes (RootBytes)", data: data, count: n, how: rootBytes},
					&fromBytes[T]{label: path + " decoded, then Root", data: data, count: n, how: decodeFirst},
				}, fileRoot{Path: path, Type: name + ".BeaconState", Validators: n, Root: hexRoot(root)},
				nil
		},
	}
}

// fileRootOf is the SHA-256 root of serialized data (plan's RootBytes),
// checked against the plan's root of the decoded value v: two paths of
// lanehash that share no reading code must agree before a root is shown.
func fileRootOf[T any](data []byte, v *T) ([32]byte, error) {
	p, err := plan.PlanFor[T]()
	if err != nil {
		return [32]byte{}, err
	}
	fromBytes, err := p.RootBytes(data)
	if err != nil {
		return [32]byte{}, err
	}
	decoded, err := p.Root(v)
	if err != nil {
		return [32]byte{}, err
	}
	if fromBytes != decoded {
		return [32]byte{}, fmt.Errorf("root from the bytes %x differs from the root of the decoded value %x", fromBytes, decoded)
	}
	return fromBytes, nil
}

// electraSynthetic is fulu's synthetic state without the proposer
// lookahead, the one field fulu added: electra's BeaconState has fulu's
// other fields, of the same types, in the same order.
func electraSynthetic(n int, seed uint64) (*electra.BeaconState, error) {
	src := reflect.ValueOf(fulu.SyntheticBeaconState(n, seed)).Elem()
	st := new(electra.BeaconState)
	dst := reflect.ValueOf(st).Elem()
	for i := 0; i < dst.NumField(); i++ {
		f := dst.Type().Field(i)
		from := src.FieldByName(f.Name)
		if !from.IsValid() || from.Type() != f.Type {
			return nil, fmt.Errorf("electra state: fulu's synthetic state has no field %s of type %s", f.Name, f.Type)
		}
		dst.Field(i).Set(from)
	}
	return st, nil
}

// errNotState says that a -state file is not a state of the fork.
func errNotState(path, fork string, err error) error {
	others := slices.DeleteFunc(forkNames(), func(s string) bool { return s == fork })
	return fmt.Errorf("%s: not a %s BeaconState (-fork takes %s): %w", path, fork, strings.Join(others, ", "), err)
}
