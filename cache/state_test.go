package cache_test

import (
	"math/rand/v2"
	"testing"

	"github.com/lanehash/lanehash/cache"
	"github.com/lanehash/lanehash/plan"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/altair"
	"github.com/lanehash/lanehash/ssz/consensus/capella"
	"github.com/lanehash/lanehash/ssz/consensus/electra"
	"github.com/lanehash/lanehash/ssz/consensus/fulu"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

func refRoot[T any](t testing.TB, v *T) [32]byte {
	t.Helper()
	r, err := ssz.HashTreeRoot(v, ssz.SHA256)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// marker records a change in Marked mode; in Detect mode the tree finds it.
type marker interface {
	Mark(field string, idx ...int) error
}

// mutateState applies one random change of the kinds a beacon node makes
// and marks it.
func mutateState(t testing.TB, r *rand.Rand, s *fulu.BeaconState, m marker, pool []phase0.Validator) {
	mark := func(field string, idx ...int) {
		if err := m.Mark(field, idx...); err != nil {
			t.Fatal(err)
		}
	}
	n := len(s.Validators)
	switch r.IntN(13) {
	case 0:
		for range 1 + r.IntN(40) {
			i := r.IntN(n)
			s.Balances[i] = phase0.Gwei(r.Uint64N(64e9))
			mark("Balances", i)
		}
	case 1:
		for range 1 + r.IntN(40) {
			i := r.IntN(n)
			s.CurrentEpochParticipation[i] = altair.ParticipationFlags(r.IntN(8))
			mark("current_epoch_participation", i)
		}
	case 2:
		for range 1 + r.IntN(5) {
			i := r.IntN(n)
			v := *s.Validators[i]
			mutateValidator(r, &v)
			s.Validators[i] = &v
			mark("Validators", i)
		}
	case 3:
		i := r.IntN(len(s.BlockRoots))
		s.BlockRoots[i][r.IntN(32)] ^= 1
		s.StateRoots[i][0] ^= 2
		mark("BlockRoots", i)
		mark("StateRoots", i)
	case 4:
		s.Slot++
		h := *s.LatestBlockHeader
		h.StateRoot[3] ^= 7
		s.LatestBlockHeader = &h
		mark("Slot")
		mark("LatestBlockHeader")
	case 5: // a deposit: the registry and its parallel lists grow
		for range 1 + r.IntN(40) {
			v := pool[r.IntN(len(pool))]
			s.Validators = append(s.Validators, &v)
			s.Balances = append(s.Balances, v.EffectiveBalance)
			s.PreviousEpochParticipation = append(s.PreviousEpochParticipation, 0)
			s.CurrentEpochParticipation = append(s.CurrentEpochParticipation, 0)
			s.InactivityScores = append(s.InactivityScores, 0)
		}
	case 6: // pending lists shrink and grow
		s.PendingDeposits = s.PendingDeposits[:r.IntN(len(s.PendingDeposits)+1)]
		s.PendingPartialWithdrawals = append(s.PendingPartialWithdrawals, &electra.PendingPartialWithdrawal{ValidatorIndex: 5, Amount: 7})
		s.ETH1DataVotes = append(s.ETH1DataVotes, &phase0.Eth1Data{DepositCount: r.Uint64()})
	case 7:
		i := r.IntN(len(s.RANDAOMixes))
		s.RANDAOMixes[i][0]++
		mark("RANDAOMixes", i)
	case 8:
		s.JustificationBits[0] = byte(r.IntN(16))
		c := *s.FinalizedCheckpoint
		c.Epoch++
		s.FinalizedCheckpoint = &c
		mark("JustificationBits")
		mark("FinalizedCheckpoint")
	case 9: // an epoch: every balance, inactivity score, participation rotated
		for i := range s.Balances {
			s.Balances[i] += phase0.Gwei(r.IntN(1000))
			s.InactivityScores[i] = uint64(r.IntN(3))
		}
		s.PreviousEpochParticipation = s.CurrentEpochParticipation
		s.CurrentEpochParticipation = make([]altair.ParticipationFlags, n)
		mark("Balances")
		mark("InactivityScores")
		mark("PreviousEpochParticipation")
		mark("CurrentEpochParticipation")
	case 10:
		s.HistoricalSummaries = append(s.HistoricalSummaries, &capella.HistoricalSummary{BlockSummaryRoot: phase0.Root{1}})
		h := *s.LatestExecutionPayloadHeader
		h.ExtraData = append([]byte(nil), h.ExtraData[:r.IntN(len(h.ExtraData)+1)]...)
		h.BlockNumber++
		s.LatestExecutionPayloadHeader = &h
		mark("LatestExecutionPayloadHeader")
	case 11: // validators leave the end of the lists (not a spec event, a tree event)
		k := r.IntN(min(n-1, 50))
		s.Validators = s.Validators[:n-k]
		s.Balances = s.Balances[:n-k]
		s.PreviousEpochParticipation = s.PreviousEpochParticipation[:n-k]
		s.CurrentEpochParticipation = s.CurrentEpochParticipation[:n-k]
		s.InactivityScores = s.InactivityScores[:n-k]
	default:
		sc := *s.NextSyncCommittee
		sc.Pubkeys = append([]phase0.BLSPubKey(nil), sc.Pubkeys...)
		sc.Pubkeys[r.IntN(len(sc.Pubkeys))][0] ^= 1
		s.NextSyncCommittee = &sc
		mark("NextSyncCommittee")
	}
}

// TestStateRandom interleaves block- and epoch-like changes, deposits and
// truncations on a fulu state and compares every root with the reference.
func TestStateRandom(t *testing.T) {
	vp, err := plan.PlanFor[phase0.Validator]()
	if err != nil {
		t.Fatal(err)
	}
	modes := []struct {
		name string
		opts []cache.Option
	}{
		{"detect", nil},
		{"marked+plan", []cache.Option{cache.WithMode(cache.Marked), cache.WithPlan(vp)}},
		{"upper", []cache.Option{cache.WithUpperLevelsOnly()}},
	}
	for _, md := range modes {
		t.Run(md.name, func(t *testing.T) {
			r := rand.New(rand.NewPCG(5, 6))
			pool := phase0.RandomValidators(200, 9)
			s := fulu.SyntheticBeaconState(1000, 1)
			tr, err := cache.New[fulu.BeaconState](md.opts...)
			if err != nil {
				t.Fatal(err)
			}
			steps := 14
			if testing.Short() {
				steps = 6
			}
			for step := range steps {
				if step > 0 {
					for range 1 + r.IntN(3) {
						mutateState(t, r, s, tr, pool)
					}
				}
				got, err := tr.Root(s)
				if err != nil {
					t.Fatal(err)
				}
				if want := refRoot(t, s); got != want {
					t.Fatalf("step %d: root %x, reference %x", step, got, want)
				}
			}
		})
	}
}

// TestMarkedMissesUnmarked shows the contract of Marked mode: a change
// that is not marked is not seen, while Detect sees it.
func TestMarkedMissesUnmarked(t *testing.T) {
	s := fulu.SyntheticBeaconState(64, 2)
	marked, _ := cache.New[fulu.BeaconState](cache.WithMode(cache.Marked))
	detect, _ := cache.New[fulu.BeaconState]()
	before, err := marked.Root(s)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := detect.Root(s); err != nil {
		t.Fatal(err)
	}
	s.Balances[3]++
	m, _ := marked.Root(s)
	d, _ := detect.Root(s)
	if want := refRoot(t, s); d != want || m != before {
		t.Fatalf("detect %x (want %x), marked %x (want the stale %x)", d, want, m, before)
	}
	if err := marked.Mark("Balances", 3); err != nil {
		t.Fatal(err)
	}
	if m, _ = marked.Root(s); m != d {
		t.Fatalf("after Mark: %x, want %x", m, d)
	}
	if err := marked.Mark("NoSuchField"); err == nil {
		t.Fatal("Mark of an unknown field: no error")
	}
}
