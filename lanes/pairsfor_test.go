package lanes_test

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/lanehash/lanehash/lanes"
)

// TestPairsFor checks that the function PairsFor names for n pairs
// hashes exactly those n pairs as crypto/sha256 and x/crypto/sha3 do, on
// every kernel here and on the automatic kernel with its remainders sent
// to the narrow kernel never, below its threshold and always; and that
// it writes nothing past its n digests.
func TestPairsFor(t *testing.T) {
	refs := map[lanes.Hash]func(dst, src []byte){lanes.SHA256: stdlibPairs, lanes.Keccak256: xcryptoPairs()}
	rng := rand.New(rand.NewPCG(32, 3))
	for _, h := range []lanes.Hash{lanes.SHA256, lanes.Keccak256} {
		auto, err := lanes.Select(h, "")
		if err != nil {
			t.Fatal(err)
		}
		ks := []*lanes.Kernel{auto, auto.WithTailThreshold(0), auto.WithTailThreshold(auto.Width())}
		for _, info := range lanes.Kernels() {
			if info.Hash != h || !info.Available {
				continue
			}
			k, err := lanes.Select(h, info.Name)
			if err != nil {
				t.Fatal(err)
			}
			ks = append(ks, k)
		}
		for _, k := range ks {
			for n := 0; n <= 5*k.Width()+3; n++ { // up to five full batches and a remainder
				t.Run(fmt.Sprintf("%s/threshold=%d/n=%d", k.Name(), k.TailThreshold(), n), func(t *testing.T) {
					src := make([]byte, 64*n)
					for i := range src {
						src[i] = byte(rng.Uint32())
					}
					want := make([]byte, 32*n)
					refs[h](want, src)
					got := bytes.Repeat([]byte{0xa5}, 32*n+32)
					k.PairsFor(n)(got[:32*n], src)
					if !bytes.Equal(got[:32*n], want) {
						t.Fatalf("digests %x, want %x", got[:32*n], want)
					}
					if !bytes.Equal(got[32*n:], bytes.Repeat([]byte{0xa5}, 32)) {
						t.Fatalf("wrote past its %d digests: %x", n, got[32*n:])
					}
				})
			}
		}
	}
}
