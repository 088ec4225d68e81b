package plan

import (
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/lanehash/lanehash/internal/hostile"
)

type raceInner struct {
	X uint32
	Y [3]uint16
}

type raceElem struct {
	A uint64
	B []byte `ssz-max:"64"`
	C *raceInner
	D []uint16 `ssz-size:"4"`
}

type raceHolder struct {
	L    []raceElem `ssz-max:"1024"`
	Bits []byte     `ssz:"bitlist" ssz-max:"2048"`
	V    []byte     `ssz-size:"32"`
}

// TestRacingCallerDoesNotCrash hashes values while another goroutine
// mutates them, the way a racy caller would: lengths change within the
// slices' capacity, pointers flip between nil and not, vector lengths
// between zero, full and wrong, bitlists lose their delimiter. Results
// are meaningless and errors expected, but the process must survive:
// every length read from Go memory is read once and checked before use.
// The mutations are the ones a bounds check can catch (same backing
// arrays); a torn multi-word write (a new slice's length with an old
// slice's pointer) is memory corruption no check can see, which
// docs/guarantees.md says. Runs in a child process.
func TestRacingCallerDoesNotCrash(t *testing.T) {
	if hostile.RaceEnabled {
		t.Skip("the race detector reports the race this test makes on purpose")
	}
	run := func() error {
		const n = 64
		vals := make([]raceHolder, n)
		full := make([][]raceElem, n)
		inner := &raceInner{X: 1}
		for i := range vals {
			full[i] = make([]raceElem, 1024)
			for j := range full[i] {
				full[i][j] = raceElem{A: uint64(j), B: make([]byte, 64), D: make([]uint16, 4)}
			}
			vals[i] = raceHolder{L: full[i][:10], Bits: make([]byte, 256), V: make([]byte, 32)}
		}
		p, err := PlanFor[raceHolder](WithWorkers(2))
		if err != nil {
			return err
		}
		var stop atomic.Bool
		var wg sync.WaitGroup
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(1, 2))
			for !stop.Load() {
				i := rng.IntN(n)
				h := &vals[i]
				h.L = full[i][:rng.IntN(1025)]
				h.Bits = h.Bits[:rng.IntN(257)]
				h.V = h.V[:[]int{0, 31, 32}[rng.IntN(3)]]
				for k := 0; k < 8 && len(h.L) > 0; k++ {
					e := &h.L[rng.IntN(len(h.L))]
					e.B = e.B[:rng.IntN(65)]
					e.D = e.D[:[]int{0, 3, 4}[rng.IntN(3)]]
					if e.C == nil {
						e.C = inner
					} else {
						e.C = nil
					}
				}
			}
		}()
		dst := make([][32]byte, n)
		for deadline := time.Now().Add(time.Second); time.Now().Before(deadline); {
			_ = p.RootAll(dst, vals)
			_, _ = p.Root(&vals[0])
		}
		stop.Store(true)
		wg.Wait()
		return nil
	}
	hostile.Isolated(t, []hostile.Case{{Name: "racing mutations", Run: run}}, hostile.DefaultLimits)
}
