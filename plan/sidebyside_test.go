package plan

import (
	"testing"

	"github.com/lanehash/lanehash/internal/cputime"
)

// timedPart is one side of a side-by-side benchmark: what it runs and
// the metric its thread CPU time per object is reported as.
type timedPart struct {
	metric string
	run    func() error
}

// sideBySideCPU runs the parts one after the other in every iteration of
// b's loop, so that each pays the same machine state (a busy host, a
// cold cache), and reports each part's thread CPU time per object
// (objects per iteration) and the first part's time over the second's
// as "ratio". The caller locks the goroutine to its thread.
func sideBySideCPU(b *testing.B, objects int, parts ...timedPart) {
	b.Helper()
	spent := make([]int64, len(parts))
	for b.Loop() {
		for i, p := range parts {
			t0, _ := cputime.Thread()
			if err := p.run(); err != nil {
				b.Fatalf("%s: %v", p.metric, err)
			}
			t1, _ := cputime.Thread()
			spent[i] += t1 - t0
		}
	}
	per := float64(b.N) * float64(objects)
	for i, p := range parts {
		b.ReportMetric(float64(spent[i])/per, p.metric)
	}
	if len(parts) >= 2 && spent[1] > 0 {
		b.ReportMetric(float64(spent[0])/float64(spent[1]), "ratio")
	}
}
