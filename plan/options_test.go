package plan

import (
	"strings"
	"testing"

	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// TestWithKernelInfersTheHash checks that a kernel name alone selects
// its hash function (every available kernel, roots against the
// reference of that hash), that WithHash must agree with it, and that a
// name without a hash prefix is refused with an error saying why.
func TestWithKernelInfersTheHash(t *testing.T) {
	v := phase0.RandomValidators(1, 4)[0]
	for _, info := range lanes.Kernels() {
		if !info.Available {
			continue
		}
		p, err := PlanFor[phase0.Validator](WithKernel(info.Name))
		if err != nil {
			t.Fatalf("%s: %v", info.Name, err)
		}
		if r, err := p.Root(&v); err != nil || r != reference(t, &v, info.Hash) {
			t.Fatalf("%s alone: root %x, %v; want the %s reference", info.Name, r, err, info.Hash)
		}
		other := lanes.SHA256
		if info.Hash == lanes.SHA256 {
			other = lanes.Keccak256
		}
		_, err = PlanFor[phase0.Validator](WithKernel(info.Name), WithHash(other))
		if err == nil || !strings.Contains(err.Error(), "infers the hash") {
			t.Fatalf("%s with WithHash(%s): err = %v, want the disagreement explained", info.Name, other, err)
		}
	}
	if _, err := PlanFor[phase0.Validator](WithKernel("avx2x8")); err == nil || !strings.Contains(err.Error(), "infers the hash") {
		t.Fatalf("a name without a hash prefix: err = %v, want the rule explained", err)
	}
}
