package phase0

import (
	"math/rand/v2"

	"github.com/lanehash/lanehash/ssz/consensus/internal/synth"
)

// Mainnet values that give synthetic registries their realistic shape.
const (
	gweiPerETH = 1_000_000_000
	// SyntheticEpoch is the epoch synthetic registries and states are
	// generated at, roughly the age of the mainnet beacon chain in 2026.
	SyntheticEpoch Epoch = 480_000
	// minValidatorWithdrawabilityDelay is the spec's
	// MIN_VALIDATOR_WITHDRAWABILITY_DELAY in epochs.
	minValidatorWithdrawabilityDelay = 256
)

// RandomValidators returns a deterministic synthetic validator registry
// of n entries (none when n ≤ 0) whose values are distributed the way a
// mainnet registry's are: compressed-point-looking random public keys,
// withdrawal credentials mostly of type 0x01 (an execution address), some
// 0x00 (BLS) and 0x02 (compounding); effective balances mostly 32 ETH;
// activation epochs rising with the index; a few percent exited (some of
// them slashed and fully withdrawn) and everyone else with
// FarFutureEpoch exit and withdrawable epochs.
func RandomValidators(n int, seed uint64) []Validator {
	if n <= 0 {
		return nil
	}
	r := synth.New(seed, synth.StreamValidators)
	vals := make([]Validator, n)
	// One backing array for all credentials keeps the registry compact.
	creds := make([]byte, 32*n)
	for i := range vals {
		vals[i] = randomValidator(r, i, n, creds[32*i:32*i+32:32*i+32])
	}
	return vals
}

func randomValidator(r *rand.Rand, i, n int, cred []byte) Validator {
	v := Validator{WithdrawalCredentials: cred}
	synth.Fill(r, v.Pubkey[:])
	// A compressed G1 point has the compression flag set and the
	// infinity flag clear.
	v.Pubkey[0] = v.Pubkey[0]&0x1f | 0x80

	compounding := false
	switch p := r.IntN(100); {
	case p < 15: // 0x00: hash of a BLS withdrawal key
		synth.Fill(r, cred)
		cred[0] = 0x00
	case p < 90: // 0x01: 11 zero bytes, then an execution address
		cred[0] = 0x01
		synth.Fill(r, cred[12:])
	default: // 0x02: compounding, same layout as 0x01
		cred[0] = 0x02
		synth.Fill(r, cred[12:])
		compounding = true
	}

	// The registry is ordered by deposit; the first 2% are genesis
	// validators, the rest were activated evenly since.
	if i >= n/50 {
		v.ActivationEpoch = Epoch(uint64(i) * uint64(SyntheticEpoch) / uint64(n))
		v.ActivationEligibilityEpoch = v.ActivationEpoch - min(v.ActivationEpoch, Epoch(r.IntN(8)))
	}

	v.EffectiveBalance = activeEffectiveBalance(r, compounding)
	v.ExitEpoch, v.WithdrawableEpoch = FarFutureEpoch, FarFutureEpoch
	if r.IntN(100) < 6 {
		span := uint64(SyntheticEpoch-v.ActivationEpoch) + 1
		v.ExitEpoch = v.ActivationEpoch + Epoch(r.Uint64N(span))
		v.WithdrawableEpoch = v.ExitEpoch + minValidatorWithdrawabilityDelay
		v.Slashed = r.IntN(100) < 3
		if v.WithdrawableEpoch <= SyntheticEpoch {
			v.EffectiveBalance = 0
		}
	}
	return v
}

// activeEffectiveBalance draws an active validator's effective balance,
// a whole number of ETH (EFFECTIVE_BALANCE_INCREMENT).
func activeEffectiveBalance(r *rand.Rand, compounding bool) Gwei {
	if compounding {
		return Gwei(32+r.IntN(2048-32+1)) * gweiPerETH
	}
	switch p := r.IntN(100); {
	case p < 93:
		return 32 * gweiPerETH
	case p < 99:
		return 31 * gweiPerETH
	default:
		return Gwei(16+r.IntN(15)) * gweiPerETH
	}
}

// SyntheticBalances returns deterministic balances for a registry: each
// validator's effective balance plus up to 0.05 ETH of accrued rewards,
// and nothing for validators that are fully withdrawn.
func SyntheticBalances(vals []Validator, seed uint64) []Gwei {
	r := synth.New(seed, synth.StreamBalances)
	out := make([]Gwei, len(vals))
	for i := range vals {
		if vals[i].EffectiveBalance == 0 {
			continue
		}
		out[i] = vals[i].EffectiveBalance + Gwei(r.Uint64N(gweiPerETH/20))
	}
	return out
}
