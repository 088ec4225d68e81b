package ssz

import (
	"runtime"
	"testing"

	"github.com/lanehash/lanehash/internal/longnames"
)

// TestPathsBoundedPerValue: the reference root and the encoder build a
// path for every field and element they pass; each is bounded
// (internal/sszpath), so a long name costs each value at most a few
// hundred bytes, not its length (a chain of long names nested deep cost
// gigabytes of allocation). Without the bound, or with one that copies a
// long name before eliding it, these calls allocate 70–120 MB each.
func TestPathsBoundedPerValue(t *testing.T) {
	v := longnames.New(20000)
	for _, c := range []struct {
		name string
		call func() error
	}{
		{"HashTreeRoot", func() error { _, err := HashTreeRoot(v, SHA256); return err }},
		{"Marshal", func() error { _, err := Marshal(v); return err }},
	} {
		var m0, m1 runtime.MemStats
		runtime.ReadMemStats(&m0)
		if err := c.call(); err != nil {
			t.Fatal(err)
		}
		runtime.ReadMemStats(&m1)
		if a := m1.TotalAlloc - m0.TotalAlloc; a > 40<<20 {
			t.Errorf("%s allocated %d MiB, want under 40", c.name, a>>20)
		}
	}
}
