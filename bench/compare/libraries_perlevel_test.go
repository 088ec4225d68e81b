//go:build amd64 && !purego

package compare

import (
	"encoding/binary"
	"testing"

	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// The per-level baseline: the best that batching one tree level across many
// containers achieves, on gohashtree's AVX-512 pair kernel. It gathers the
// 9 leaf chunks of every validator, hashes them with perlevel_test.go's
// per-level batcher (all pubkey pairs, then each container level across all
// validators), then merkleizes the list of roots level by level and mixes
// in the length.

func init() {
	registryLibs = append(registryLibs, registryLib{name: "perlevel-gohashtree-avx512", procs: 1, setup: setupPerLevelRegistry})
}

func setupPerLevelRegistry(tb testing.TB, vals []phase0.Validator) func() ([32]byte, error) {
	avx512Require(tb)
	tb.Cleanup(gohashtreePath(tb, "avx512"))
	n := len(vals)
	r := &perLevelRegistry{
		leaves: make([]byte, n*perLevelLeaves*32),
		roots:  make([]byte, (n+1)*32),
		batch:  newPerLevelBatched(n, avx512GohashtreePairs),
	}
	return func() ([32]byte, error) { return r.root(vals), nil }
}

type perLevelRegistry struct {
	leaves []byte // [validator][9 chunks][32]
	roots  []byte // validator roots, then the list tree in place; one spare chunk for odd levels
	batch  *perLevelBatched
}

func (r *perLevelRegistry) root(vals []phase0.Validator) [32]byte {
	for i := range vals {
		validatorLeaves(r.leaves[i*perLevelLeaves*32:(i+1)*perLevelLeaves*32], &vals[i])
	}
	n := len(vals)
	if n > 0 {
		r.batch.roots(r.roots[:n*32], r.leaves[:n*perLevelLeaves*32])
	}
	return mixInLength(merkleizeLevels(r.roots, n, 40, avx512GohashtreePairs), uint64(n), avx512GohashtreePairs)
}

// validatorLeaves writes a phase0 Validator's leaf chunks: the pubkey padded
// to two chunks, then its seven fields, one chunk each.
func validatorLeaves(dst []byte, v *phase0.Validator) {
	clear(dst)
	copy(dst[0:48], v.Pubkey[:])
	copy(dst[64:96], v.WithdrawalCredentials)
	binary.LittleEndian.PutUint64(dst[96:], uint64(v.EffectiveBalance))
	if v.Slashed {
		dst[128] = 1
	}
	binary.LittleEndian.PutUint64(dst[160:], uint64(v.ActivationEligibilityEpoch))
	binary.LittleEndian.PutUint64(dst[192:], uint64(v.ActivationEpoch))
	binary.LittleEndian.PutUint64(dst[224:], uint64(v.ExitEpoch))
	binary.LittleEndian.PutUint64(dst[256:], uint64(v.WithdrawableEpoch))
}
