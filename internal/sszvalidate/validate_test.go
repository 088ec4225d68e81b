package sszvalidate_test

import (
	"math/rand/v2"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/lanehash/lanehash/internal/spectest"
	"github.com/lanehash/lanehash/internal/sszvalidate"
	"github.com/lanehash/lanehash/ssz"
)

// TestValidateMatchesDecoder holds Validate to the decoder's verdict:
// for every ssz_generic case (valid and invalid) and case_0 of the
// ssz_static suites ssz_random, ssz_max and ssz_random_chaos, and
// mutations of each (bit flips, which hit offsets, booleans, bitfields
// and selectors; truncations; a byte appended), Validate accepts exactly
// what ssz.UnmarshalValue accepts (which is what ssz.Unmarshal and plan's
// RootBytes accept).
func TestValidateMatchesDecoder(t *testing.T) {
	dir := spectest.RequireDir(t)
	all, err := spectest.Cases(dir)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(3, 4))
	perCase := 60
	if testing.Short() {
		perCase = 20
	}
	n, rejected := 0, 0
	for _, c := range all {
		suite := filepath.Base(filepath.Dir(c.Path))
		static := c.Handler == "ssz_static"
		if static && (c.Name != "case_0" || !strings.HasPrefix(suite, "ssz_random") && suite != "ssz_max") {
			continue
		}
		if c.Type == nil {
			continue // an invalid type (Vector[bool, 0]): nothing to decode
		}
		if err := c.Load(); err != nil {
			t.Fatal(err)
		}
		n++
		muts := perCase
		if !static {
			muts = 4 // ssz_generic has many small cases
		}
		for k := 0; k <= muts; k++ {
			b := append([]byte(nil), c.Serialized...)
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
			derr := ssz.UnmarshalValue(c.Type, b, reflect.New(c.Type.Go).Elem())
			verr := sszvalidate.Validate(c.Type, b)
			if (derr == nil) != (verr == nil) {
				t.Fatalf("%s mutation %d: decoder says %v, Validate says %v", c, k, derr, verr)
			}
			if k == 0 && (derr == nil) != c.Valid {
				t.Fatalf("%s: valid %t, but the decoder says %v", c, c.Valid, derr)
			}
			if derr != nil {
				rejected++
			}
		}
		c.Serialized, c.Value = nil, nil
	}
	if n < 100 {
		t.Fatalf("%d cases in %s, want the ssz_generic and ssz_static ones", n, dir)
	}
	t.Logf("%d cases, %d inputs rejected by both", n, rejected)
}
