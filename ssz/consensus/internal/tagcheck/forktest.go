package tagcheck

import (
	"reflect"
	"testing"

	"github.com/lanehash/lanehash/ssz"
)

// TestPresets is the tags test every fork package runs on its outermost
// types (roots): every name its dynssz-* tags use is defined by both
// presets, and the static ssz-* tag values, which apply when no spec
// values are given, describe the same SSZ shape as the dynssz
// expressions under the mainnet preset.
func TestPresets(t *testing.T, roots ...reflect.Type) {
	t.Helper()
	if len(Names(roots...)) == 0 {
		t.Fatal("no dynssz names found; the walk is broken")
	}
	for name, spec := range map[string]ssz.SpecValues{"mainnet": ssz.MainnetSpec(), "minimal": ssz.MinimalSpec()} {
		if m := Missing(spec, roots...); len(m) > 0 {
			t.Errorf("%s spec lacks %v", name, m)
		}
	}
	for _, rt := range roots {
		static, err := ssz.TypeOf(rt, ssz.WithSpec(ssz.SpecValues{}))
		if err != nil {
			t.Fatalf("%v without spec values: %v", rt, err)
		}
		mainnet, err := ssz.TypeOf(rt, ssz.WithSpec(ssz.MainnetSpec()))
		if err != nil {
			t.Fatalf("%v with mainnet values: %v", rt, err)
		}
		if d := ShapeDiff(static, mainnet, rt.Name()); d != "" {
			t.Errorf("static tags differ from mainnet: %s", d)
		}
	}
}
