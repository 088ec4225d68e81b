package lanes

import (
	"testing"

	"github.com/lanehash/lanehash/lanes/internal/cpufeat"
)

// TestClassify names each class from identities of real parts (family
// and model from the vendors' revision guides).
func TestClassify(t *testing.T) {
	amd := func(family, model uint32) cpufeat.Identity {
		return cpufeat.Identity{Vendor: "AuthenticAMD", Family: family, Model: model}
	}
	for _, c := range []struct {
		id     cpufeat.Identity
		avx512 bool
		name   string
		half   bool
	}{
		{amd(0x17, 0x31), false, "AMD Zen 1/2", false},                // Rome
		{amd(0x19, 0x01), false, "AMD Zen 3", false},                  // Milan (this machine)
		{amd(0x19, 0x11), true, "AMD Zen 4", true},                    // Genoa
		{amd(0x19, 0x61), true, "AMD Zen 4", true},                    // Raphael
		{amd(0x1A, 0x02), true, "AMD Zen 5", false},                   // Turin
		{amd(0x1A, 0x44), true, "AMD Zen 5", false},                   // Granite Ridge
		{amd(0x1A, 0x24), true, "AMD Zen 5 (256-bit datapath)", true}, // Strix Point
		{amd(0x1A, 0x70), true, "AMD Zen 5 (256-bit datapath)", true}, // Strix Halo
		{amd(0x1B, 0x00), true, "AMD family 0x1b (unknown)", false},   // a future family
		{cpufeat.Identity{Vendor: "GenuineIntel", Family: 6, Model: 0x8F}, true, "Intel with AVX-512", false},
		{cpufeat.Identity{Vendor: "GenuineIntel", Family: 6, Model: 0x97}, false, "Intel without AVX-512", false},
		{cpufeat.Identity{}, false, "unknown", false},
	} {
		got := classify(c.id, c.avx512)
		if got.name != c.name || got.halfWidth512 != c.half {
			t.Errorf("classify(%+v, avx512 %v) = %+v, want %q half-width %v", c.id, c.avx512, got, c.name, c.half)
		}
	}
}
