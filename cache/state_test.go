package cache_test

import (
	"math/rand/v2"
	"testing"

	"github.com/lanehash/lanehash/cache"
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

// commonState points at fields a fulu and a gloas state share (the
// validator-indexed lists kept in parallel, the finality fields, the next
// sync committee), so both states' tests change them the same way.
type commonState struct {
	vals      *[]*phase0.Validator
	bal       *[]phase0.Gwei
	prev, cur *[]altair.ParticipationFlags
	scores    *[]uint64
	bits      *[1]byte
	fin       **phase0.Checkpoint
	sync      **altair.SyncCommittee
}

// commonChanges is the number of kinds of change commonState.mutate makes.
const commonChanges = 8

// mutate makes change op (< commonChanges) and marks it with mark: a
// block's balances, participation bytes or validators, deposits (every
// list grows), an epoch (every balance and score, participation rotated),
// validators leaving the end (not a spec event, a tree event),
// justification and finality, a sync committee member.
func (g commonState) mutate(r *rand.Rand, op int, mark func(string, ...int), pool []phase0.Validator) {
	n := len(*g.vals)
	switch op {
	case 0:
		for range 1 + r.IntN(40) {
			i := r.IntN(n)
			(*g.bal)[i] = phase0.Gwei(r.Uint64N(64e9))
			mark("Balances", i)
		}
	case 1:
		for range 1 + r.IntN(40) {
			i := r.IntN(n)
			(*g.cur)[i] = altair.ParticipationFlags(r.IntN(8))
			mark("current_epoch_participation", i)
		}
	case 2:
		for range 1 + r.IntN(5) {
			i := r.IntN(n)
			v := *(*g.vals)[i]
			mutateValidator(r, &v)
			(*g.vals)[i] = &v
			mark("Validators", i)
		}
	case 3:
		for range 1 + r.IntN(40) {
			v := pool[r.IntN(len(pool))]
			*g.vals = append(*g.vals, &v)
			*g.bal = append(*g.bal, v.EffectiveBalance)
			*g.prev = append(*g.prev, 0)
			*g.cur = append(*g.cur, 0)
			*g.scores = append(*g.scores, 0)
		}
	case 4:
		for i := range *g.bal {
			(*g.bal)[i] += phase0.Gwei(r.IntN(1000))
			(*g.scores)[i] = uint64(r.IntN(3))
		}
		*g.prev = *g.cur
		*g.cur = make([]altair.ParticipationFlags, n)
		mark("Balances")
		mark("InactivityScores")
		mark("PreviousEpochParticipation")
		mark("CurrentEpochParticipation")
	case 5:
		k := r.IntN(min(n-1, 50))
		*g.vals = (*g.vals)[:n-k]
		*g.bal = (*g.bal)[:n-k]
		*g.prev = (*g.prev)[:n-k]
		*g.cur = (*g.cur)[:n-k]
		*g.scores = (*g.scores)[:n-k]
	case 6:
		g.bits[0] = byte(r.IntN(16))
		c := **g.fin
		c.Epoch++
		*g.fin = &c
		mark("JustificationBits")
		mark("FinalizedCheckpoint")
	default:
		sc := **g.sync
		sc.Pubkeys = append([]phase0.BLSPubKey(nil), sc.Pubkeys...)
		sc.Pubkeys[r.IntN(len(sc.Pubkeys))][0] ^= 1
		*g.sync = &sc
		mark("NextSyncCommittee")
	}
}

func commonFulu(s *fulu.BeaconState) commonState {
	return commonState{&s.Validators, &s.Balances, &s.PreviousEpochParticipation, &s.CurrentEpochParticipation,
		&s.InactivityScores, &s.JustificationBits, &s.FinalizedCheckpoint, &s.NextSyncCommittee}
}

// markFatal returns a mark function that fails t on a Mark error.
func markFatal(t testing.TB, m marker) func(string, ...int) {
	return func(field string, idx ...int) {
		if err := m.Mark(field, idx...); err != nil {
			t.Fatal(err)
		}
	}
}

// mutateState applies one random change of the kinds a beacon node makes
// and marks it.
func mutateState(t testing.TB, r *rand.Rand, s *fulu.BeaconState, m marker, pool []phase0.Validator) {
	mark := markFatal(t, m)
	op := r.IntN(5 + commonChanges)
	if op < commonChanges {
		commonFulu(s).mutate(r, op, mark, pool)
		return
	}
	switch op - commonChanges {
	case 0:
		i := r.IntN(len(s.BlockRoots))
		s.BlockRoots[i][r.IntN(32)] ^= 1
		s.StateRoots[i][0] ^= 2
		mark("BlockRoots", i)
		mark("StateRoots", i)
	case 1:
		s.Slot++
		h := *s.LatestBlockHeader
		h.StateRoot[3] ^= 7
		s.LatestBlockHeader = &h
		mark("Slot")
		mark("LatestBlockHeader")
	case 2: // pending lists shrink and grow
		s.PendingDeposits = s.PendingDeposits[:r.IntN(len(s.PendingDeposits)+1)]
		s.PendingPartialWithdrawals = append(s.PendingPartialWithdrawals, &electra.PendingPartialWithdrawal{ValidatorIndex: 5, Amount: 7})
		s.ETH1DataVotes = append(s.ETH1DataVotes, &phase0.Eth1Data{DepositCount: r.Uint64()})
	case 3:
		i := r.IntN(len(s.RANDAOMixes))
		s.RANDAOMixes[i][0]++
		mark("RANDAOMixes", i)
	default:
		s.HistoricalSummaries = append(s.HistoricalSummaries, &capella.HistoricalSummary{BlockSummaryRoot: phase0.Root{1}})
		h := *s.LatestExecutionPayloadHeader
		h.ExtraData = append([]byte(nil), h.ExtraData[:r.IntN(len(h.ExtraData)+1)]...)
		h.BlockNumber++
		s.LatestExecutionPayloadHeader = &h
		mark("LatestExecutionPayloadHeader")
	}
}

// TestStateRandom interleaves block- and epoch-like changes, deposits and
// truncations on a fulu state and compares every root with the reference.
func TestStateRandom(t *testing.T) {
	testStateRandom(t, 5, func() *fulu.BeaconState { return fulu.SyntheticBeaconState(1000, 1) }, mutateState)
}

// testStateRandom runs steps of 1–3 random changes (mutate) on the state
// new makes, in Detect, Marked and upper-levels-only trees, and compares
// every root with the reference.
func testStateRandom[S any](t *testing.T, seed uint64, new func() *S, mutate func(testing.TB, *rand.Rand, *S, marker, []phase0.Validator)) {
	for _, md := range cacheModes {
		t.Run(md.name, func(t *testing.T) {
			r := rand.New(rand.NewPCG(seed, seed+1))
			pool := phase0.RandomValidators(200, 9)
			s := new()
			tr, err := cache.New[S](md.opts...)
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
						mutate(t, r, s, tr, pool)
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
