package lanes_test

import (
	"strings"
	"testing"

	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/lanes/lanestest"
)

// TestAutomaticCompositions runs the suite on the automatic kernel a CPU
// with fewer features would get: each kernel of h left out in turn, then
// all but the pure-Go one.
func TestAutomaticCompositions(t *testing.T) {
	for _, h := range []lanes.Hash{lanes.SHA256, lanes.Keccak256} {
		var names []string
		for _, info := range lanes.Kernels() {
			if info.Hash == h && info.Available && !strings.Contains(info.Name, "/generic") {
				names = append(names, info.Name)
			}
		}
		cases := [][]string{names}
		for _, name := range names {
			cases = append(cases, []string{name})
		}
		for i := 2; i < len(names); i++ {
			cases = append(cases, names[:i])
		}
		for _, without := range cases {
			k := lanes.AutomaticWithout(h, without...)
			for _, name := range without {
				_, isa, _ := strings.Cut(name, "/")
				if strings.Contains(k.Name(), isa) {
					t.Errorf("automatic kernel without %v is %s", without, k.Name())
				}
			}
			t.Run(k.Name()+"/without="+strings.Join(without, "+"), func(t *testing.T) { lanestest.Run(t, k) })
		}
	}
}
