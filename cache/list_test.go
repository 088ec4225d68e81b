package cache_test

import (
	"errors"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/lanehash/lanehash/cache"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

const registryLimit = 1 << 40

// refListRoot is the reference root of List[E, limit].
func refListRoot[E any](t testing.TB, elems []E, tag reflect.StructTag) [32]byte {
	t.Helper()
	typ, err := ssz.TypeOfTagged(reflect.TypeFor[[]E](), tag)
	if err != nil {
		t.Fatal(err)
	}
	r, err := ssz.HashTreeRootValue(typ, reflect.ValueOf(elems), ssz.SHA256)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// mutateValidator changes one field of v, chosen at random.
func mutateValidator(r *rand.Rand, v *phase0.Validator) {
	switch r.IntN(6) {
	case 0:
		v.EffectiveBalance = phase0.Gwei(r.Uint64N(64)) * 1e9
	case 1:
		v.Slashed = !v.Slashed
	case 2:
		v.Pubkey[r.IntN(48)] ^= byte(1 + r.IntN(255))
	case 3:
		wc := append([]byte(nil), v.WithdrawalCredentials...)
		wc[r.IntN(32)] ^= 1
		v.WithdrawalCredentials = wc
	case 4:
		v.ExitEpoch = phase0.Epoch(r.Uint64())
	default:
		v.WithdrawableEpoch++
	}
}

type listCase struct {
	name string
	opts func(t testing.TB) []cache.Option
}

func listCases() []listCase {
	return []listCase{
		{"detect", func(testing.TB) []cache.Option { return nil }},
		{"marked", func(testing.TB) []cache.Option { return []cache.Option{cache.WithMode(cache.Marked)} }},
		{"upper", func(testing.TB) []cache.Option { return []cache.Option{cache.WithUpperLevelsOnly()} }},
	}
}

// TestRegistryRandom interleaves changes, appends, truncations and roots
// on a registry and compares every root with the reference.
func TestRegistryRandom(t *testing.T) {
	for _, lc := range listCases() {
		t.Run(lc.name, func(t *testing.T) {
			r := rand.New(rand.NewPCG(1, 2))
			pool := phase0.RandomValidators(3000, 7)
			vals := append([]phase0.Validator(nil), pool[:700]...)
			l, err := cache.NewList[phase0.Validator](registryLimit, lc.opts(t)...)
			if err != nil {
				t.Fatal(err)
			}
			steps := 40
			if testing.Short() {
				steps = 12
			}
			for step := range steps {
				switch op := r.IntN(10); {
				case op < 5 && len(vals) > 0: // change some elements
					for range 1 + r.IntN(20) {
						i := r.IntN(len(vals))
						mutateValidator(r, &vals[i])
						l.Mark(i)
					}
				case op < 7: // append, often across a power of two
					k := r.IntN(300)
					vals = append(vals, pool[:k]...)
				case op < 9: // truncate
					vals = vals[:r.IntN(len(vals)+1)]
				default:
					if r.IntN(3) == 0 {
						vals = vals[:0]
					}
				}
				got, err := l.Root(vals)
				if err != nil {
					t.Fatal(err)
				}
				if want := refListRoot(t, vals, `ssz-max:"1099511627776"`); got != want {
					t.Fatalf("step %d (n=%d): root %x, reference %x", step, len(vals), got, want)
				}
			}
		})
	}
}

// TestRegistryPointers caches a []*Validator, the ecosystem's registry
// shape; a nil element hashes as the zero validator, as in the reference.
func TestRegistryPointers(t *testing.T) {
	vals := phase0.RandomValidators(300, 3)
	ptrs := pointersTo(vals)
	l, err := cache.NewList[*phase0.Validator](registryLimit)
	if err != nil {
		t.Fatal(err)
	}
	for step := range 4 {
		got, err := l.Root(ptrs)
		if err != nil {
			t.Fatal(err)
		}
		if want := refListRoot(t, ptrs, `ssz-max:"1099511627776"`); got != want {
			t.Fatalf("step %d: root %x, reference %x", step, got, want)
		}
		vals[17*step].EffectiveBalance += 1e9 // changed behind the pointer
		ptrs[5+step] = &vals[100+step]        // pointer swapped
	}
}

// TestPackedListRandom covers lists of basic values (balances and
// participation flags): many per chunk, so a change, an append or a
// truncation moves chunk boundaries.
func TestPackedListRandom(t *testing.T) {
	for _, lc := range listCases()[:3] {
		t.Run(lc.name, func(t *testing.T) {
			r := rand.New(rand.NewPCG(3, 4))
			bal := make([]uint64, 500)
			flags := make([]uint8, 500)
			lb, err := cache.NewList[uint64](registryLimit, lc.opts(t)...)
			if err != nil {
				t.Fatal(err)
			}
			lf, err := cache.NewList[uint8](registryLimit, lc.opts(t)...)
			if err != nil {
				t.Fatal(err)
			}
			for step := range 40 {
				switch op := r.IntN(10); {
				case op < 5 && len(bal) > 0:
					for range 1 + r.IntN(50) {
						i := r.IntN(len(bal))
						bal[i] = r.Uint64()
						flags[i] = uint8(r.IntN(8))
						lb.Mark(i)
						lf.Mark(i)
					}
				case op < 7:
					k := r.IntN(700)
					for range k {
						bal = append(bal, r.Uint64())
						flags = append(flags, uint8(r.IntN(8)))
					}
				case op < 9:
					n := r.IntN(len(bal) + 1)
					bal, flags = bal[:n], flags[:n]
				default:
					bal, flags = bal[:0], flags[:0]
				}
				got, err := lb.Root(bal)
				if err != nil {
					t.Fatal(err)
				}
				if want := refListRoot(t, bal, `ssz-max:"1099511627776"`); got != want {
					t.Fatalf("balances step %d (n=%d): %x, reference %x", step, len(bal), got, want)
				}
				got, err = lf.Root(flags)
				if err != nil {
					t.Fatal(err)
				}
				if want := refListRoot(t, flags, `ssz-max:"1099511627776"`); got != want {
					t.Fatalf("flags step %d (n=%d): %x, reference %x", step, len(flags), got, want)
				}
			}
		})
	}
}

// TestListErrors: a list over its limit is an error, not a root, and the
// tree recovers on the next good value.
func TestListErrors(t *testing.T) {
	l, err := cache.NewList[uint64](10)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := l.Root(make([]uint64, 11)); err == nil {
		t.Fatal("11 elements in a List[uint64, 10]: no error")
	}
	vals := []uint64{1, 2, 3}
	got, err := l.Root(vals)
	if err != nil {
		t.Fatal(err)
	}
	if want := refListRoot(t, vals, `ssz-max:"10"`); got != want {
		t.Fatalf("after an error: %x, reference %x", got, want)
	}
}

// TestEmptyBitlist roots empty bitlists (nil slices, the Go zero value)
// as the codec and the reference read them: zero bits, not an error; a
// bitlist without its delimiter bit is still an error.
func TestEmptyBitlist(t *testing.T) {
	type bits struct {
		B []byte `ssz:"bitlist" ssz-max:"64"`
		P []byte `ssz-type:"progressive-bitlist"`
	}
	tr, err := cache.New[bits]()
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range []*bits{{}, {B: []byte{0b101}, P: []byte{0b11}}, {}} {
		got, err := tr.Root(v)
		if err != nil {
			t.Fatal(err)
		}
		if want := refRoot(t, v); got != want {
			t.Fatalf("%x: %x, reference %x", v.B, got, want)
		}
	}
	if _, err := tr.Root(&bits{B: []byte{1, 0}}); !errors.Is(err, ssz.ErrBitlist) {
		t.Fatalf("no delimiter: %v, want ErrBitlist", err)
	}
}

// TestMarkedElementChunks marks single elements and bits of basic lists,
// vectors and bitfields of every element size in Marked mode: each mark
// must reach the chunk that packs it (32/size elements or 256 bits per
// chunk), or the root misses the change.
func TestMarkedElementChunks(t *testing.T) {
	type packedKinds struct {
		Bits   []byte     `ssz-size:"256" ssz-bitsize:"2048"`
		List   []byte     `ssz:"bitlist" ssz-max:"4096"`
		U8     []uint8    `ssz-max:"1000"`
		U16    []uint16   `ssz-max:"1000"`
		U32    []uint32   `ssz-max:"1000"`
		U64    []uint64   `ssz-type:"progressive-list"`
		Hashes [][32]byte `ssz-max:"100"`
	}
	r := rand.New(rand.NewPCG(31, 32))
	v := &packedKinds{Bits: make([]byte, 256), List: make([]byte, 400), U8: make([]uint8, 1000),
		U16: make([]uint16, 1000), U32: make([]uint32, 1000), U64: make([]uint64, 1000), Hashes: make([][32]byte, 100)}
	v.List[399] = 1 // 3192 bits
	tr, err := cache.New[packedKinds](cache.WithMode(cache.Marked))
	if err != nil {
		t.Fatal(err)
	}
	for step := range 40 {
		if step > 0 {
			b := r.IntN(2048)
			v.Bits[b/8] ^= 1 << (b % 8)
			l := r.IntN(3192)
			v.List[l/8] ^= 1 << (l % 8)
			i := r.IntN(1000)
			v.U8[i]++
			v.U16[i]++
			v.U32[i]++
			v.U64[i]++
			v.Hashes[i%100][0]++
			for _, m := range []struct {
				f string
				i int
			}{{"Bits", b}, {"List", l}, {"U8", i}, {"U16", i}, {"U32", i}, {"U64", i}, {"Hashes", i % 100}} {
				if err := tr.Mark(m.f, m.i); err != nil {
					t.Fatal(err)
				}
			}
		}
		got, err := tr.Root(v)
		if err != nil {
			t.Fatal(err)
		}
		if want := refRoot(t, v); got != want {
			t.Fatalf("step %d: %x, reference %x", step, got, want)
		}
	}
}

// TestDenseMarks marks many elements of basic lists at once in Marked
// mode: few (sorted marks), many in one small stretch (deduplicated with a
// bitset, few chunks), and spread over most chunks (the whole list is
// copied and rehashed), each while the list also grows or shrinks (the
// edge chunks) or keeps its length. Every root is compared with the
// reference.
func TestDenseMarks(t *testing.T) {
	type lists struct {
		U8   []uint8  `ssz-max:"100000"`
		U64  []uint64 `ssz-max:"100000"`
		Prog []uint16 `ssz-type:"progressive-list"`
		Bits []byte   `ssz:"bitlist" ssz-max:"100000"`
	}
	r := rand.New(rand.NewPCG(41, 42))
	v := &lists{U8: make([]uint8, 20001), U64: make([]uint64, 5003), Prog: make([]uint16, 9000), Bits: make([]byte, 1500)}
	v.Bits[1499] = 0x10 // 11,996 bits
	tr, err := cache.New[lists](cache.WithMode(cache.Marked))
	if err != nil {
		t.Fatal(err)
	}
	bitCount := func() int { return 8*(len(v.Bits)-1) + bitsLen(v.Bits[len(v.Bits)-1]) - 1 }
	for step := range 60 {
		if step > 0 {
			// How many marks, where: 0 a few anywhere, 1 many in one
			// stretch, 2 and 3 spread over the whole list.
			kind := step % 4
			marks := func(n int) []int {
				var idx []int
				switch kind {
				case 0:
					for range 1 + r.IntN(20) {
						idx = append(idx, r.IntN(n))
					}
				case 1:
					from := r.IntN(n)
					for range 200 + r.IntN(2000) {
						idx = append(idx, min(n-1, from+r.IntN(300)))
					}
				default:
					for range n/2 + r.IntN(2*n) {
						idx = append(idx, r.IntN(n))
					}
				}
				return idx
			}
			for _, i := range marks(len(v.U8)) {
				v.U8[i] = uint8(r.Uint32())
				_ = tr.Mark("U8", i)
			}
			for _, i := range marks(len(v.U64)) {
				v.U64[i] = r.Uint64()
				_ = tr.Mark("U64", i)
			}
			for _, i := range marks(len(v.Prog)) {
				v.Prog[i] = uint16(r.Uint32())
				_ = tr.Mark("Prog", i)
			}
			nb := bitCount()
			for _, i := range marks(nb) {
				v.Bits[i/8] ^= 1 << (i % 8)
				_ = tr.Mark("Bits", i)
			}
			// Lengths change unmarked: grow, shrink, or stay.
			switch r.IntN(3) {
			case 0:
				v.U8 = append(v.U8, make([]uint8, 1+r.IntN(100))...)
				v.U64 = v.U64[:len(v.U64)-1-r.IntN(50)]
				v.Prog = append(v.Prog, uint16(r.Uint32()))
				v.Bits = append(v.Bits, 1)
			case 1:
				v.U8 = v.U8[:len(v.U8)-1-r.IntN(100)]
				v.U64 = append(v.U64, r.Uint64(), r.Uint64())
				v.Prog = v.Prog[:len(v.Prog)-1-r.IntN(40)]
				// Drop the last byte and make the one before it the
				// delimiter's.
				v.Bits = v.Bits[:len(v.Bits)-1]
				v.Bits[len(v.Bits)-1] |= 0x80
			}
		}
		got, err := tr.Root(v)
		if err != nil {
			t.Fatal(err)
		}
		if want := refRoot(t, v); got != want {
			t.Fatalf("step %d: %x, reference %x", step, got, want)
		}
	}
}

// bitsLen is the bit length of b: the delimiter's position plus one.
func bitsLen(b byte) int {
	n := 0
	for ; b != 0; b >>= 1 {
		n++
	}
	return n
}
