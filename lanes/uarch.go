package lanes

import (
	"fmt"

	"github.com/lanehash/lanehash/lanes/internal/cpufeat"
)

// microarch is what the static table knows about the CPU beyond its
// feature bits: the one property that turns a choice between kernels of
// one feature set around (docs/kernels.md, "The static table").
type microarch struct {
	// name is the class, for the report: "AMD Zen 4", "Intel with
	// AVX-512", "unknown".
	name string
	// halfWidth512 marks a core that runs AVX-512 on 256-bit units (two
	// passes per zmm instruction): the 16-lane SHA-256 kernel there runs
	// at about 8 lanes' speed and four SHA-NI streams beat it (Zen 4:
	// 261 against 303 ms for 1M validators, issue #22).
	halfWidth512 bool
}

// classify names the microarchitecture of a CPU from its identity and
// whether the CPU and OS run AVX-512 (the hardware's answer, not
// LANEHASH_HIDE's: hiding AVX-512 removes its kernels, it does not make
// the core another one). AMD family 19h is Zen 3 without AVX-512 and
// Zen 4 with it (its model ranges 10–1Fh, 60–7Fh, A0–AFh are exactly the
// AVX-512 parts); family 1Ah is Zen 5, whose mobile parts (models
// 20–2Fh Strix Point, 60–7Fh Krackan Point and Strix Halo) keep a 256-bit
// datapath, as AMD documents, while desktop and server parts (00–1Fh
// Turin, 40–4Fh Granite Ridge) run 512 bits per pass. Intel cores with
// AVX-512 run it at full width (server cores on two 512-bit ports,
// client cores fusing two 256-bit ones). Nothing else is known: an
// unknown CPU gets the feature-bit rules alone.
func classify(id cpufeat.Identity, avx512 bool) microarch {
	switch id.Vendor {
	case "AuthenticAMD", "HygonGenuine":
		switch {
		case id.Family == 0x17 || id.Family == 0x18:
			return microarch{name: "AMD Zen 1/2"}
		case id.Family == 0x19 && !avx512:
			return microarch{name: "AMD Zen 3"}
		case id.Family == 0x19:
			return microarch{name: "AMD Zen 4", halfWidth512: true}
		case id.Family == 0x1A && (id.Model >= 0x20 && id.Model <= 0x2F || id.Model >= 0x60 && id.Model <= 0x7F):
			return microarch{name: "AMD Zen 5 (256-bit datapath)", halfWidth512: true}
		case id.Family == 0x1A:
			return microarch{name: "AMD Zen 5"}
		}
		return microarch{name: fmt.Sprintf("AMD family %#x (unknown)", id.Family)}
	case "GenuineIntel":
		if avx512 {
			return microarch{name: "Intel with AVX-512"}
		}
		return microarch{name: "Intel without AVX-512"}
	}
	return microarch{name: "unknown"}
}
