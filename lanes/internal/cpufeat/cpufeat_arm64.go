package cpufeat

import (
	"os"
	"strconv"
	"strings"

	"golang.org/x/sys/cpu"
)

// The arm64 features the kernels need, detected once at init by
// golang.org/x/sys/cpu (HWCAP on Linux; sysctl on darwin, where every
// Apple core has all three). x/sys/cpu honours GODEBUG=cpu.sha2=off and
// the like.
var (
	// ASIMD is Advanced SIMD, which every arm64 CPU an OS runs on has.
	ASIMD = cpu.ARM64.HasASIMD
	// SHA2 is the ARMv8 SHA256H, SHA256H2, SHA256SU0, SHA256SU1 group.
	SHA2 = cpu.ARM64.HasSHA2
	// SHA3 is the ARMv8.2 EOR3, RAX1, XAR, BCAX group.
	SHA3 = cpu.ARM64.HasSHA3
)

// ID is this CPU's identity from MIDR_EL1 as Linux exposes it in sysfs
// (implementer, part number, variant and revision); the zero Identity
// where it cannot be read (other operating systems), which makes
// lanes decline to persist a calibration rather than key it to the
// feature bits alone.
var ID = readMIDR("/sys/devices/system/cpu/cpu0/regs/identification/midr_el1")

func readMIDR(path string) Identity {
	b, err := os.ReadFile(path)
	if err != nil {
		return Identity{}
	}
	midr, err := strconv.ParseUint(strings.TrimSpace(string(b)), 0, 64)
	if err != nil || midr == 0 {
		return Identity{}
	}
	return Identity{
		Vendor:   "arm64 implementer 0x" + strconv.FormatUint(midr>>24&0xFF, 16),
		Model:    uint32(midr >> 4 & 0xFFF),
		Stepping: uint32(midr>>20&0xF)<<4 | uint32(midr&0xF),
	}
}
