// Package cpufeat is the one place lanehash asks the CPU what it can
// run. golang.org/x/sys/cpu answers for everything but SHA-NI (it
// already folds the OS's XGETBV report in: AVX and AVX2 are false unless
// the OS saves ymm state, AVX-512 unless it saves opmask and zmm state);
// SHA-NI, which x/sys/cpu does not report on amd64, is read here with
// CPUID. The kernel packages and the lanes registry both use this
// package, so the answers cannot disagree.
package cpufeat

// Identity is what the CPU says it is, beyond its feature bits: enough
// to tell microarchitectures that share a feature set apart (AMD Zen 4
// runs AVX-512 on 256-bit units, Zen 5 on 512-bit ones), and to key a
// stored calibration to one CPU model. None of it depends on microcode.
type Identity struct {
	// Vendor is the CPUID vendor string ("AuthenticAMD", "GenuineIntel")
	// on amd64, or "arm64 implementer 0x41" from MIDR_EL1; "" if
	// unknown.
	Vendor string
	// Brand is the model name ("AMD EPYC 9R14 …"; virtual machines often
	// report a generic one such as "AMD EPYC"), "" if unknown.
	Brand string
	// Family, Model and Stepping are the display family, model and
	// stepping of CPUID leaf 1 (extended fields folded in as the
	// vendors specify), or on arm64 MIDR_EL1's part number in Model and
	// variant<<4|revision in Stepping; 0 if unknown.
	Family, Model, Stepping uint32
}
