package phase0_test

import (
	"reflect"
	"testing"

	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/internal/tagcheck"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// roots are the outermost phase0 types; every other phase0 container is
// reachable from them.
var roots = []reflect.Type{
	reflect.TypeFor[phase0.BeaconState](),
	reflect.TypeFor[phase0.SignedBeaconBlock](),
	reflect.TypeFor[phase0.HistoricalBatch](),
}

func TestDynsszNamesInBothPresets(t *testing.T) {
	if len(tagcheck.Names(roots...)) == 0 {
		t.Fatal("no dynssz names found; the walk is broken")
	}
	for name, spec := range map[string]ssz.SpecValues{"mainnet": ssz.MainnetSpec(), "minimal": ssz.MinimalSpec()} {
		if m := tagcheck.Missing(spec, roots...); len(m) > 0 {
			t.Errorf("%s spec lacks %v", name, m)
		}
	}
}

// TestStaticTagsAreMainnet checks that the static ssz-* tag values, which
// apply when no spec values are given, describe the same SSZ shape as the
// dynssz expressions under the mainnet preset.
func TestStaticTagsAreMainnet(t *testing.T) {
	for _, rt := range roots {
		static, err := ssz.TypeOf(rt, ssz.WithSpec(ssz.SpecValues{}))
		if err != nil {
			t.Fatalf("%v without spec values: %v", rt, err)
		}
		mainnet, err := ssz.TypeOf(rt, ssz.WithSpec(ssz.MainnetSpec()))
		if err != nil {
			t.Fatalf("%v with mainnet values: %v", rt, err)
		}
		if d := tagcheck.ShapeDiff(static, mainnet, rt.Name()); d != "" {
			t.Errorf("static tags differ from mainnet: %s", d)
		}
	}
}
