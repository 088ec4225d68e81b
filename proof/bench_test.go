package proof_test

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/lanehash/lanehash/internal/cputime"
	"github.com/lanehash/lanehash/proof"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/fulu"
)

// BenchmarkGIndexOf times the path to gindex computation a proof request
// starts with (parse, walk, checked arithmetic) on a fulu BeaconState, in
// thread CPU time (cpu-ns/op), for a Go-name path, a spec-name path, a balance and a
// fixed path through two containers.
func BenchmarkGIndexOf(b *testing.B) {
	t, err := ssz.TypeFor[fulu.BeaconState]()
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct{ name, path string }{
		{"go-name", "Validators[%d].EffectiveBalance"},
		{"spec-name", "validators[%d].effective_balance"},
		{"balance", "Balances[%d]"},
		{"checkpoint", "finalized_checkpoint.root"},
	} {
		b.Run(c.name, func(b *testing.B) {
			paths := make([]string, 256)
			for i := range paths {
				paths[i] = c.path
				if strings.Contains(c.path, "%d") {
					paths[i] = fmt.Sprintf(c.path, i*3907)
				}
			}
			runtime.LockOSThread() // Thread reads this OS thread's clock
			defer runtime.UnlockOSThread()
			i := 0
			cpu0, ok := cputime.Thread()
			for b.Loop() {
				if _, err := proof.GIndexOf(t, paths[i%len(paths)]); err != nil {
					b.Fatal(err)
				}
				i++
			}
			if cpu1, ok1 := cputime.Thread(); ok && ok1 {
				b.ReportMetric(float64(cpu1-cpu0)/float64(b.N), "cpu-ns/op")
			}
		})
	}
}
