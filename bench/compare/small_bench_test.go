package compare

import "testing"

// BenchmarkSmall times one small container's root per library (lanehash's
// Plan.Root with one worker against fastssz-generated code on its default
// hasher and on gohashtree, dynamic-ssz on go-eth2-client's types, and
// karalabe/ssz) and reports ns/object. Read with benchstat -col /lib.
func BenchmarkSmall(b *testing.B) {
	withProcs(b, 1)
	for _, c := range smallCases(b, benchSeed) {
		want, err := c.reference()
		if err != nil {
			b.Fatal(err)
		}
		b.Run("type="+c.typ, func(b *testing.B) {
			for _, lib := range c.libs {
				b.Run("lib="+lib.name, func(b *testing.B) {
					if got, err := lib.root(); err != nil || got != want {
						b.Fatalf("root %x, %v; reference %x", got, err, want)
					}
					cpu0 := processCPUTime()
					for b.Loop() {
						if _, err := lib.root(); err != nil {
							b.Fatal(err)
						}
					}
					reportPer(b, cpu0, 1, "object")
				})
			}
		})
	}
}
