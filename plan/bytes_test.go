package plan

import (
	"errors"
	"fmt"
	"reflect"
	"testing"

	"github.com/lanehash/lanehash/internal/hostile"
	"github.com/lanehash/lanehash/internal/sszrand"
	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/sched"
	"github.com/lanehash/lanehash/ssz"
)

// bytesCore is a core that roots t's serializations on kernel k (the
// spec runner's types carry their preset, so they are compiled from
// the descriptor, not from a Go type).
func bytesCore(t *ssz.Type, k sched.Kernel) (*core, error) {
	g, err := compileBytes(t)
	if err != nil {
		return nil, err
	}
	c := &core{typ: t, kernel: k, name: bytesName(t), workers: 2}
	c.bytes, err = sched.NewExec(k, nil).PrepareBytes(g)
	return c, err
}

// decodeSentinels are the sentinels a decoding error wraps.
var decodeSentinels = []error{ssz.ErrOffset, ssz.ErrSize, ssz.ErrListTooLong, ssz.ErrBitlist, ssz.ErrBitvector, ssz.ErrBool, ssz.ErrUnion, ssz.ErrValue}

// sentinelOf returns the decoding sentinel err wraps, or nil.
func sentinelOf(err error) error {
	for _, s := range decodeSentinels {
		if errors.Is(err, s) {
			return s
		}
	}
	return nil
}

// checkBytes compares RootBytes of b with decoding b (ssz.UnmarshalValue)
// and the reference root of the decoded value: the same root, or the
// same sentinel at the same path. It returns whether b decodes.
func checkBytes(c *core, b []byte, h lanes.Hash) (bool, error) {
	got, err := c.rootBytes(b)
	v := reflect.New(c.typ.Go).Elem()
	derr := ssz.UnmarshalValue(c.typ, b, v)
	switch {
	case derr == nil && err != nil:
		return true, fmt.Errorf("RootBytes rejects what decodes: %w", err)
	case derr != nil && err == nil:
		return false, fmt.Errorf("RootBytes accepts what does not decode (%v)", derr)
	case derr != nil:
		var pe *Error
		if !errors.As(err, &pe) || pe.Index != -1 {
			return false, fmt.Errorf("RootBytes error %v (%T) is not a plan.Error of no index", err, err)
		}
		var se *ssz.Error
		if !errors.As(derr, &se) {
			return false, fmt.Errorf("decoder error %v is not an ssz.Error", derr)
		}
		if s := sentinelOf(derr); s == nil || !errors.Is(err, s) || pe.Path != se.Path {
			return false, fmt.Errorf("RootBytes: %v; decoder: %v", err, derr)
		}
		return false, nil
	}
	want, rerr := ssz.HashTreeRootValue(c.typ, v, h)
	if rerr != nil {
		return true, fmt.Errorf("reference root of the decoded value: %v", rerr)
	}
	if got != want {
		return true, fmt.Errorf("RootBytes %x, decoded value's root %x", got, want)
	}
	return true, nil
}

// mutations returns variants of a valid serialization that decoding
// mostly rejects: 48 bytes (the first 16, where offsets and selectors
// sit, and 32 drawn from the rest) each set to 0xff, 0x00, 0x02 and
// its top bit flipped in turn, the bytes cut short and lengthened.
func mutations(b []byte, rng interface{ IntN(int) int }) [][]byte {
	var out [][]byte
	pos := func(i int) {
		for _, v := range []byte{0xff, 0x00, 0x02, b[i] ^ 0x80} {
			m := append([]byte(nil), b...)
			m[i] = v
			out = append(out, m)
		}
	}
	for i := 0; i < len(b) && i < 16; i++ {
		pos(i)
	}
	for j := 0; j < 32 && len(b) > 16; j++ {
		pos(16 + rng.IntN(len(b)-16))
	}
	for _, n := range []int{0, 1, len(b) / 2, len(b) - 1} {
		if n >= 0 && n < len(b) {
			out = append(out, append([]byte(nil), b[:n]...))
		}
	}
	return append(out, append(append([]byte(nil), b...), 0), append(append([]byte(nil), b...), 1, 0, 0, 0))
}

// TestRootBytesRandomShapes roots random values of random types (the
// hostile generator's unions, progressive containers and lists,
// bitfields with padding, extreme limits) from their serializations,
// and mutated serializations, against decoding plus the reference.
func TestRootBytesRandomShapes(t *testing.T) {
	types := 150
	if testing.Short() || hostile.RaceEnabled {
		types = 30
	}
	k, err := lanes.Select(lanes.SHA256, "")
	if err != nil {
		t.Fatal(err)
	}
	decoded, rejected := 0, 0
	for seed := uint64(0); seed < uint64(types); seed++ {
		rng := sszrand.NewRand(seed)
		s := hostile.RandomShape(rng, 3)
		top := hostile.ContainerOf(s)
		typ, err := ssz.TypeOf(top.Go)
		if err != nil {
			t.Fatalf("seed %d: %s: %v", seed, s.Name, err)
		}
		c, err := bytesCore(typ, k)
		if err != nil {
			t.Fatalf("seed %d: %s: %v", seed, s.Name, err)
		}
		fl := sszrand.Filler{Rand: rng, MaxList: 1 + rng.IntN(20), MaxBits: 600}
		for i := 0; i < 4; i++ {
			v := reflect.New(typ.Go).Elem()
			if i > 0 {
				fl.Fill(typ, v)
			}
			b, err := ssz.MarshalValue(typ, v)
			if err != nil {
				continue // a value the encoder refuses (none expected) has no bytes to root
			}
			if ok, err := checkBytes(c, b, lanes.SHA256); err != nil || !ok {
				t.Fatalf("seed %d, %s, value %d (%d bytes): decodes %t: %v", seed, s.Name, i, len(b), ok, err)
			}
			decoded++
			if i != 1 {
				continue
			}
			for _, m := range mutations(b, rng) {
				ok, err := checkBytes(c, m, lanes.SHA256)
				if err != nil {
					t.Fatalf("seed %d, %s, mutation of %d bytes %x: %v", seed, s.Name, len(m), m, err)
				}
				if ok {
					decoded++
				} else {
					rejected++
				}
			}
		}
	}
	if rejected == 0 || decoded == 0 {
		t.Fatalf("%d serializations decoded, %d rejected: the test checked nothing on one side", decoded, rejected)
	}
	t.Logf("%d types: %d serializations rooted as decoded, %d rejected as the decoder does", types, decoded, rejected)
}
