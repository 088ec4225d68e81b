package main

import (
	"encoding/binary"
	"fmt"

	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/plan"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// fromBytes is a workload of serialized values of T (a state file, a
// registry), rooted in one of three ways (how): straight from the bytes
// as one value (plan's RootBytes), as a list of T's one root per
// element (RootAllBytes, the first reported), or the way a program
// without them must: ssz.Unmarshal into a fresh value, then Root. Side
// by side they answer what decoding first costs.
type fromBytes[T any] struct {
	label string
	data  []byte
	count int // validators it holds, for ns per validator
	how   bytesWay
}

// bytesWay is how a fromBytes workload roots its bytes.
type bytesWay int

const (
	rootBytes    bytesWay = iota // RootBytes of one value
	rootAllBytes                 // RootAllBytes, one root per element
	decodeFirst                  // ssz.Unmarshal, then Root
)

func (s *fromBytes[T]) name() string         { return s.label }
func (s *fromBytes[T]) unit() string         { return "validator" }
func (s *fromBytes[T]) objects() int         { return s.count }
func (s *fromBytes[T]) strategies() []string { return []string{strategyLockstep} }

func (s *fromBytes[T]) prepare(_ string, h lanes.Hash, kernel string, workers int) (pass, error) {
	p, err := plan.PlanFor[T](plan.WithHash(h), plan.WithKernel(kernel), plan.WithWorkers(workers))
	if err != nil {
		return nil, err
	}
	var dst [][32]byte
	if s.how == rootAllBytes {
		dst = make([][32]byte, s.count)
	}
	return func() (outcome, error) {
		p.ResetStats()
		var root [32]byte
		var err error
		switch s.how {
		case rootBytes:
			root, err = p.RootBytes(s.data)
		case rootAllBytes:
			if err = p.RootAllBytes(dst, s.data); err == nil && len(dst) > 0 {
				root = dst[0]
			}
		case decodeFirst:
			v := new(T)
			if err = ssz.Unmarshal(s.data, v); err == nil {
				root, err = p.Root(v)
			}
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

// registryWorkloads are a -registry file's workloads: every validator's
// root from the bytes (RootAllBytes), the list root from the bytes
// (RootBytes), and the list root after decoding; and the file's root,
// that of List[Validator, 2^40] holding its validators.
func registryWorkloads(path string, data []byte, count int) ([]workload, fileRoot, error) {
	list := binary.LittleEndian.AppendUint32(make([]byte, 0, 4+len(data)), 4)
	list = append(list, data...)
	var decoded registryList
	if err := ssz.Unmarshal(list, &decoded); err != nil {
		return nil, fileRoot{}, fmt.Errorf("%s: not serialized validators: %w", path, err)
	}
	root, err := fileRootOf(list, &decoded)
	if err != nil {
		return nil, fileRoot{}, fmt.Errorf("%s: %w", path, err)
	}
	return []workload{
		&fromBytes[phase0.Validator]{label: path + " element roots (RootAllBytes)", data: data, count: count, how: rootAllBytes},
		&fromBytes[registryList]{label: path + " list root from bytes (RootBytes)", data: list, count: count, how: rootBytes},
		&fromBytes[registryList]{label: path + " list root, decoded first", data: list, count: count, how: decodeFirst},
	}, fileRoot{Path: path, Type: "List[phase0.Validator, 2^40]", Validators: count, Root: hexRoot(root)}, nil
}
