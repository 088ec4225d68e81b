package plan

import (
	"encoding/binary"
	"fmt"
	"runtime"
	"testing"

	"github.com/lanehash/lanehash/internal/cputime"
	"github.com/lanehash/lanehash/sched"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// registryBox holds a registry as a state does: one variable-size field,
// so its root is the registry's list root (a one-chunk container's root
// is the chunk) and its bytes are one offset, then the registry.
type registryBox struct {
	Validators []phase0.Validator `ssz-max:"1099511627776"`
}

// BenchmarkRegistryBytesCPU compares the two ways to a serialized
// registry's root: RootBytes of the registry (the list read straight
// from the bytes, a tile of lanes at a time) against what a caller had
// before it, RootAllBytes into a dst and the list tree over dst (Tree
// merkleize and the length mix-in), alternating in one loop, in the
// benchmark thread's CPU time, one worker, the automatic kernel. The
// roots are checked equal first.
func BenchmarkRegistryBytesCPU(b *testing.B) {
	if _, ok := cputime.Thread(); !ok {
		b.Skip("no per-thread CPU clock on this OS")
	}
	for _, n := range []int{1 << 16, 1 << 20} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			vals := phase0.RandomValidators(n, 1)
			ser, err := ssz.Marshal(&registryBox{Validators: vals})
			if err != nil {
				b.Fatal(err)
			}
			if binary.LittleEndian.Uint32(ser) != 4 {
				b.Fatal("the box's bytes do not start with the registry's offset")
			}
			reg := ser[4:]
			bp, err := PlanFor[registryBox](WithWorkers(1))
			if err != nil {
				b.Fatal(err)
			}
			vp, err := PlanFor[phase0.Validator](WithWorkers(1))
			if err != nil {
				b.Fatal(err)
			}
			tree := sched.NewTree(vp.kernel, nil)
			dst := make([][32]byte, n)
			buf := make([]byte, sched.BufLen(n))
			allBytes := func() ([32]byte, error) {
				if err := vp.RootAllBytes(dst, reg); err != nil {
					return [32]byte{}, err
				}
				for i := range dst {
					copy(buf[32*i:], dst[i][:])
				}
				tree.Merkleize(buf, n, 40)
				tree.MixInLength(buf, uint64(n))
				return [32]byte(buf[:32]), nil
			}
			want, err := vp.ListRoot(vals, 1<<40)
			if err != nil {
				b.Fatal(err)
			}
			r1, err1 := bp.RootBytes(ser)
			r2, err2 := allBytes()
			if err1 != nil || err2 != nil || r1 != want || r2 != want {
				b.Fatalf("RootBytes %x (%v), RootAllBytes + tree %x (%v), ListRoot %x", r1, err1, r2, err2, want)
			}
			sideBySideCPU(b, n,
				timedPart{"rootbytes-cpu-ns/validator", func() error { _, err := bp.RootBytes(ser); return err }},
				timedPart{"rootallbytes+tree-cpu-ns/validator", func() error { _, err := allBytes(); return err }})
		})
	}
}
