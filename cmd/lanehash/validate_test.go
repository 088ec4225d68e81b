package main

import (
	"math/rand/v2"
	"os"
	"testing"

	"github.com/golang/snappy"
)

// TestValidateMatchesDecoder holds validate to the decoder's verdict:
// for every ssz_static case_0 of the vectors and mutations of it (bit
// flips, which hit offsets, booleans, bitfields and selectors, and
// truncations), validate accepts exactly what plan's RootBytes (which
// accepts exactly what ssz.Unmarshal does) accepts.
func TestValidateMatchesDecoder(t *testing.T) {
	cases := vectorCases(t, "ssz_random", "ssz_max", "ssz_random_chaos")
	r := rand.New(rand.NewPCG(3, 4))
	perCase := 60
	if testing.Short() {
		perCase = 20
	}
	rejected := 0
	for _, c := range cases {
		e, err := lookupType(c.typ)
		if err != nil {
			t.Fatal(err)
		}
		p, _ := presetNamed(c.preset)
		st, err := e.SSZType(p)
		if err != nil {
			t.Fatal(err)
		}
		comp, err := os.ReadFile(c.file)
		if err != nil {
			t.Fatal(err)
		}
		raw, err := snappy.Decode(nil, comp)
		if err != nil {
			t.Fatal(err)
		}
		for k := 0; k <= perCase; k++ {
			b := append([]byte(nil), raw...)
			switch {
			case k == 0: // the case itself
			case len(b) == 0:
				b = []byte{0}
			case k%4 == 0:
				b = b[:r.IntN(len(b))]
			case k%4 == 1:
				b = append(b, byte(r.Uint32()))
			default:
				for j := 0; j < 1+r.IntN(2); j++ {
					b[r.IntN(len(b))] ^= byte(1 << r.IntN(8))
				}
			}
			_, rerr := e.RootBytes(p, b)
			verr := validate(st, b)
			if (rerr == nil) != (verr == nil) {
				t.Fatalf("%s %s mutation %d: decoder says %v, validate says %v", c.typ, c.file, k, rerr, verr)
			}
			if rerr != nil {
				rejected++
			}
		}
	}
	t.Logf("%d cases, %d mutations rejected by both", len(cases), rejected)
}
