package main

import (
	"encoding/binary"

	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/plan"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/fulu"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// fromBytes is a workload of one serialized value of T (a state file, a
// registry), rooted either straight from its bytes (plan's RootBytes)
// or, when decode is set, the way a program without RootBytes must:
// ssz.Unmarshal into a fresh value, then Root. Side by side they answer
// what decoding first costs.
type fromBytes[T any] struct {
	label  string
	data   []byte
	count  int // validators it holds, for ns per validator
	decode bool
}

func (s *fromBytes[T]) name() string         { return s.label }
func (s *fromBytes[T]) unit() string         { return "validator" }
func (s *fromBytes[T]) objects() int         { return s.count }
func (s *fromBytes[T]) strategies() []string { return []string{strategyLockstep} }

func (s *fromBytes[T]) prepare(_ string, h lanes.Hash, kernel string, workers int) (pass, error) {
	p, err := plan.PlanFor[T](plan.WithHash(h), plan.WithKernel(kernel), plan.WithWorkers(workers))
	if err != nil {
		return nil, err
	}
	return func() (outcome, error) {
		p.ResetStats()
		var root [32]byte
		var err error
		if s.decode {
			v := new(T)
			if err = ssz.Unmarshal(s.data, v); err == nil {
				root, err = p.Root(v)
			}
		} else {
			root, err = p.RootBytes(s.data)
		}
		st := p.Stats()
		return outcome{root: root, pairs: st.Pairs(), laneFill: st.LaneFill()}, err
	}, nil
}

// registryList is a registry as the one field of a container: a
// one-field container's root is its field's root, so RootBytes of the
// container over "offset 4 ‖ validators" is hash_tree_root(List[Validator,
// 2^40]) of the serialized validators.
type registryList struct {
	Validators []phase0.Validator `ssz-max:"1099511627776"`
}

// stateWorkloads are a -state file's workloads: rooted from its bytes,
// and decoded then rooted.
func stateWorkloads(path string, data []byte, fork string) ([]workload, error) {
	if fork == "phase0" {
		var st phase0.BeaconState
		if err := ssz.Unmarshal(data, &st); err != nil {
			return nil, errNotState(path, "phase0", err)
		}
		n := len(st.Validators)
		return []workload{
			&fromBytes[phase0.BeaconState]{label: path + " from bytes (RootBytes)", data: data, count: n},
			&fromBytes[phase0.BeaconState]{label: path + " decoded, then Root", data: data, count: n, decode: true},
		}, nil
	}
	var st fulu.BeaconState
	if err := ssz.Unmarshal(data, &st); err != nil {
		return nil, errNotState(path, "fulu", err)
	}
	n := len(st.Validators)
	return []workload{
		&fromBytes[fulu.BeaconState]{label: path + " from bytes (RootBytes)", data: data, count: n},
		&fromBytes[fulu.BeaconState]{label: path + " decoded, then Root", data: data, count: n, decode: true},
	}, nil
}

// registryWorkloads are a -registry file's workloads: every validator's
// root from the bytes (RootAllBytes), the list root from the bytes
// (RootBytes), and the list root after decoding.
func registryWorkloads(path string, data []byte, count int) []workload {
	list := binary.LittleEndian.AppendUint32(make([]byte, 0, 4+len(data)), 4)
	list = append(list, data...)
	return []workload{
		&serialized[phase0.Validator]{label: path + " element roots (RootAllBytes)", data: data, count: count},
		&fromBytes[registryList]{label: path + " list root from bytes (RootBytes)", data: list, count: count},
		&fromBytes[registryList]{label: path + " list root, decoded first", data: list, count: count, decode: true},
	}
}
