package plan

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/lanehash/lanehash/internal/hostile"
	"github.com/lanehash/lanehash/internal/sszrand"
	"github.com/lanehash/lanehash/internal/structfield"
	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/sched"
	"github.com/lanehash/lanehash/ssz"
)

// checkRandomType builds the random type of seed, fills values with the
// filler, and compares every root (and every error verdict) of the plan,
// on each kernel, with the reference: Root one by one, then RootAll over
// all values with two workers.
func checkRandomType(seed uint64, kernels []sched.Kernel, h lanes.Hash, values int) error {
	rng := sszrand.NewRand(seed)
	s := hostile.RandomShape(rng, 3)
	top := hostile.ContainerOf(s)
	typ, err := ssz.TypeOf(top.Go)
	if err != nil {
		return fmt.Errorf("%s: the generator made an invalid type: %v", s.Name, err)
	}
	fl := sszrand.Filler{Rand: rng, MaxList: 1 + rng.IntN(20)}
	vals := reflect.MakeSlice(reflect.SliceOf(top.Go), values, values)
	for i := 0; i < values; i++ {
		if i > 0 { // value 0 stays the zero value
			fl.Fill(typ, vals.Index(i))
		}
		if i >= values-2 { // the last two get a defect, if they can
			setDefect(typ, vals.Index(i), rng)
		}
	}
	want := make([][32]byte, values)
	werr := make([]error, values)
	for i := range want {
		want[i], werr[i] = ssz.HashTreeRootValue(typ, vals.Index(i), h)
	}
	for _, k := range kernels {
		var c core
		if err := c.init(top.Go, []Option{withKernelImpl(k)}); err != nil {
			return fmt.Errorf("%s on %s: PlanFor: %v", s.Name, kernelName(k), err)
		}
		for i := range want {
			got, err := c.rootOfValue(vals.Index(i))
			if (err != nil) != (werr[i] != nil) || err == nil && got != want[i] {
				return fmt.Errorf("%s on %s, value %d: root %x, %v; reference %x, %v", s.Name, kernelName(k), i, got, err, want[i], werr[i])
			}
			if err != nil && (sentinelOfValue(err) != sentinelOfValue(werr[i]) || errPath(err) != errPath(werr[i])) {
				return fmt.Errorf("%s on %s, value %d: error at %q: %v; reference at %q: %v", s.Name, kernelName(k), i, errPath(err), err, errPath(werr[i]), werr[i])
			}
		}
		dst := make([][32]byte, values)
		err := wrap(c.run.Run(dst, sched.SliceOfReflect(vals), 2))
		first := -1
		for i, e := range werr {
			if e != nil {
				first = i
				break
			}
		}
		var pe *Error
		switch {
		case first < 0 && err != nil:
			return fmt.Errorf("%s on %s: RootAll: %v, reference accepts every value", s.Name, kernelName(k), err)
		case first >= 0 && (!errors.As(err, &pe) || pe.Index != first):
			return fmt.Errorf("%s on %s: RootAll: %v, want the error of value %d: %v", s.Name, kernelName(k), err, first, werr[first])
		case first < 0:
			for i := range dst {
				if dst[i] != want[i] {
					return fmt.Errorf("%s on %s: RootAll[%d] %x, want %x", s.Name, kernelName(k), i, dst[i], want[i])
				}
			}
		}
	}
	return nil
}

// sentinelOfValue names the ssz sentinel a value error wraps.
func sentinelOfValue(err error) error {
	for _, s := range []error{ssz.ErrListTooLong, ssz.ErrSize, ssz.ErrBitlist, ssz.ErrBitvector, ssz.ErrBool, ssz.ErrUnion, ssz.ErrValue} {
		if errors.Is(err, s) {
			return s
		}
	}
	return nil
}

// TestRandomTypesDifferential compares random types (unions, progressive
// containers and lists, bitvectors with padding and bitlists in every
// position, extreme list limits) with the reference on every kernel,
// forced by name, plus the reference kernels of widths 4 and 16. Each
// type runs in a child process with a memory cap. The reference itself
// is checked against crypto/sha256 ladders at extreme limits by
// ssz's TestHostileTypes.
func TestRandomTypesDifferential(t *testing.T) {
	types := 300
	switch {
	case hostile.RaceEnabled:
		types = 12 // the race detector makes union-heavy types 10x slower
	case testing.Short():
		types = 60
	}
	kernels := map[lanes.Hash][]sched.Kernel{lanes.SHA256: testKernels(t, lanes.SHA256), lanes.Keccak256: testKernels(t, lanes.Keccak256)}
	var cases []hostile.Case
	for seed := uint64(0); seed < uint64(types); seed++ {
		h := lanes.SHA256
		if seed%4 == 3 {
			h = lanes.Keccak256
		}
		cases = append(cases, hostile.Case{Name: fmt.Sprintf("seed %d (%s)", seed, h), Run: func() error {
			return checkRandomType(seed, kernels[h], h, 7)
		}})
	}
	hostile.Isolated(t, cases, hostile.DefaultLimits)
}

// FuzzRootAllTypes is checkRandomType over fuzzed seeds on the automatic
// kernel: random types, random values, the plan against the reference.
func FuzzRootAllTypes(f *testing.F) {
	for seed := range uint64(8) {
		f.Add(seed, uint8(5))
	}
	auto, err := lanes.Select(lanes.SHA256, "")
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, seed uint64, n uint8) {
		if err := checkRandomType(seed, []sched.Kernel{auto}, lanes.SHA256, 1+int(n%12)); err != nil {
			t.Fatal(err)
		}
	})
}

// setDefect makes one defect somewhere in v, at a place chosen at random
// among those present, and reports whether it found one: an unused high
// bit of a bitvector, or a bool byte above 1 (what an unsafe decoder can
// leave), so that bad values reach every position either can take.
func setDefect(t *ssz.Type, v reflect.Value, rng *rand.Rand) bool {
	if v.Kind() == reflect.Pointer {
		if v.IsNil() || t.Kind == ssz.KindUint256 {
			return false
		}
		v = v.Elem()
	}
	switch t.Kind {
	case ssz.KindBool:
		if !v.CanAddr() {
			return false
		}
		*(*byte)(v.Addr().UnsafePointer()) = byte(2 + rng.IntN(254))
		return true
	case ssz.KindBitvector:
		if t.Length%8 == 0 || v.Len() == 0 {
			return false
		}
		last := v.Index(v.Len() - 1)
		last.SetUint(last.Uint() | 0x80)
		return true
	case ssz.KindVector, ssz.KindList, ssz.KindProgressiveList:
		if v.Len() == 0 {
			return false
		}
		start := rng.IntN(v.Len())
		for j := 0; j < v.Len(); j++ {
			if setDefect(t.Elem, v.Index((start+j)%v.Len()), rng) {
				return true
			}
		}
	case ssz.KindContainer, ssz.KindProgressiveContainer:
		start := rng.IntN(len(t.Fields))
		for j := range t.Fields {
			f := &t.Fields[(start+j)%len(t.Fields)]
			if setDefect(f.Type, structfield.Settable(v, f.Index), rng) {
				return true
			}
		}
	case ssz.KindUnion, ssz.KindCompatibleUnion:
		sel := int(v.Field(0).Uint())
		if sel >= len(t.Options) || t.Options[sel] == nil || v.Field(1).IsNil() {
			return false
		}
		// The option's value sits in an interface: change a copy.
		c := reflect.New(t.Options[sel].Go).Elem()
		c.Set(v.Field(1).Elem())
		if setDefect(t.Options[sel], c, rng) {
			v.Field(1).Set(c)
			return true
		}
	}
	return false
}

// errPath is the field path of a plan or ssz error, without the root
// type's name (for a reflect.StructOf type that name quotes every tag).
func errPath(err error) string {
	var pe *Error
	var se *ssz.Error
	path := ""
	switch {
	case errors.As(err, &pe):
		path = pe.Path
	case errors.As(err, &se):
		path = se.Path
	}
	if i := strings.Index(path, "}.F"); i >= 0 {
		return path[i+1:]
	}
	return path
}
