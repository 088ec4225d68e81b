package cpufeat

import "testing"

// TestDisplayFamilyModel decodes leaf 1 EAX values of known CPUs (from
// the vendors' revision guides): the extended fields are folded in only
// for base families 6 and 0xF.
func TestDisplayFamilyModel(t *testing.T) {
	for _, c := range []struct {
		eax                     uint32
		family, model, stepping uint32
	}{
		{0x00A00F11, 0x19, 0x01, 1}, // Zen 3 Milan B1
		{0x00A10F11, 0x19, 0x11, 1}, // Zen 4 Genoa B1
		{0x00B00F21, 0x1A, 0x02, 1}, // Zen 5 Turin
		{0x000806F8, 6, 0x8F, 8},    // Sapphire Rapids
		{0x00000F41, 0xF, 0x04, 1},  // a Pentium 4: extended family 0
		{0x00020652, 6, 0x25, 2},    // Westmere (Clarkdale)
		{0x00000531, 5, 0x03, 1},    // family 5: extended model ignored
	} {
		f, m, s := displayFamilyModel(c.eax)
		if f != c.family || m != c.model || s != c.stepping {
			t.Errorf("displayFamilyModel(%#x) = %#x %#x %d, want %#x %#x %d", c.eax, f, m, s, c.family, c.model, c.stepping)
		}
	}
}

// TestIdentityOnThisCPU: an amd64 CPU always answers leaf 0 with a
// 12-byte vendor and, since 2004, leaf 1.
func TestIdentityOnThisCPU(t *testing.T) {
	if len(ID.Vendor) != 12 || ID.Family == 0 {
		t.Errorf("identity %+v: want a 12-byte vendor and a family", ID)
	}
	t.Logf("%+v", ID)
}
