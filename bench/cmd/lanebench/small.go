package main

import (
	"fmt"
	"math/rand/v2"

	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// smallWorkloads returns n random instances of each small container the
// benchmark measures: the shapes whose trees are too narrow to fill SIMD
// lanes one container at a time.
func smallWorkloads(n int, seed uint64) []workload {
	r := rand.New(rand.NewPCG(seed, 0x5a11))
	root := func() (b phase0.Root) {
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		return b
	}
	checkpoint := func() *phase0.Checkpoint {
		return &phase0.Checkpoint{Epoch: phase0.Epoch(r.Uint64N(1 << 20)), Root: root()}
	}
	checkpoints := make([]phase0.Checkpoint, n)
	forks := make([]phase0.Fork, n)
	data := make([]phase0.AttestationData, n)
	headers := make([]phase0.BeaconBlockHeader, n)
	for i := 0; i < n; i++ {
		checkpoints[i] = *checkpoint()
		forks[i] = phase0.Fork{
			PreviousVersion: phase0.Version{byte(r.Uint32()), 0, 0, 1},
			CurrentVersion:  phase0.Version{byte(r.Uint32()), 0, 0, 2},
			Epoch:           phase0.Epoch(r.Uint64N(1 << 20)),
		}
		data[i] = phase0.AttestationData{
			Slot:            phase0.Slot(r.Uint64N(1 << 25)),
			Index:           phase0.CommitteeIndex(r.Uint64N(64)),
			BeaconBlockRoot: root(),
			Source:          checkpoint(),
			Target:          checkpoint(),
		}
		headers[i] = phase0.BeaconBlockHeader{
			Slot:          phase0.Slot(r.Uint64N(1 << 25)),
			ProposerIndex: phase0.ValidatorIndex(r.Uint64N(1 << 20)),
			ParentRoot:    root(),
			StateRoot:     root(),
			BodyRoot:      root(),
		}
	}
	label := func(name string) string { return fmt.Sprintf("%s objects n=%d", name, n) }
	return []workload{
		&containers[phase0.Checkpoint]{label: label("Checkpoint"), unitName: "object", items: checkpoints},
		&containers[phase0.Fork]{label: label("Fork"), unitName: "object", items: forks},
		&containers[phase0.AttestationData]{label: label("AttestationData"), unitName: "object", items: data},
		&containers[phase0.BeaconBlockHeader]{label: label("BeaconBlockHeader"), unitName: "object", items: headers},
		&containers[phase0.Validator]{label: label("Validator"), unitName: "object", items: phase0.RandomValidators(n, seed+1)},
	}
}
