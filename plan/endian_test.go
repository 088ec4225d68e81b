package plan

import (
	"errors"
	"runtime"
	"testing"

	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// TestBigEndianRefused checks that PlanFor refuses big-endian hosts with
// ErrBigEndian. On a big-endian GOARCH (s390x under qemu:
// GOARCH=s390x go test -exec qemu-s390x-static -run TestBigEndian
// ./plan/) it checks the real host; elsewhere it pretends.
func TestBigEndianRefused(t *testing.T) {
	switch runtime.GOARCH {
	case "s390x", "ppc64", "mips", "mips64":
		if !hostBigEndian {
			t.Fatalf("GOARCH=%s not detected as big-endian", runtime.GOARCH)
		}
	default:
		if hostBigEndian {
			t.Fatalf("GOARCH=%s detected as big-endian", runtime.GOARCH)
		}
		hostBigEndian = true
		defer func() { hostBigEndian = false }()
	}
	if _, err := PlanFor[phase0.Validator](); !errors.Is(err, ErrBigEndian) {
		t.Fatalf("PlanFor on a big-endian host: err = %v, want ErrBigEndian", err)
	}
}
