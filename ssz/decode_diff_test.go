package ssz_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"
	"unsafe"

	"github.com/holiman/uint256"

	"github.com/lanehash/lanehash/internal/hostile"
	"github.com/lanehash/lanehash/internal/longnames"
	"github.com/lanehash/lanehash/internal/sszrand"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/altair"
	"github.com/lanehash/lanehash/ssz/consensus/capella"
	"github.com/lanehash/lanehash/ssz/consensus/deneb"
	"github.com/lanehash/lanehash/ssz/consensus/electra"
	"github.com/lanehash/lanehash/ssz/consensus/fulu"
	"github.com/lanehash/lanehash/ssz/consensus/gloas"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// Types with every shape the compiled decoder treats apart: fields it
// merges into one copy and fields it cannot (padding, skipped and
// unexported fields), fields behind embedded pointers, every Go form of
// uint128 and uint256, named integer types, bools alone and in
// sequences, bitvectors with and without unused bits in arrays and
// slices, pointers to plain and to variable-size containers in lists
// and arrays (the chunked values), elements far larger in Go than
// serialized (the grown slices), unions and compatible unions by value
// and behind pointers.
type (
	diffU16   uint16
	diffByte  uint8
	diffPlain struct {
		A uint64
		B [4]byte
		C uint32
	}
	diffPadded struct {
		A uint8
		B uint64
		C bool
	}
	// diffTail has trailing padding, diffSkipTail a trailing skipped
	// field: their fields lie where they are serialized, but their Go
	// values are longer, so a sequence of them is no one copy.
	diffTail struct {
		A uint64
		B uint8
	}
	diffSkipTail struct {
		A uint32
		S uint32 `ssz:"-"`
	}
	diffVar struct {
		X uint16
		L []uint64 `ssz-max:"3"`
		F bool
	}
	diffInner struct {
		E1 uint16
		E2 []byte `ssz-max:"5"`
	}
	// DiffBehind is embedded by pointer: its fields are reached through
	// it (and it is allocated when nil).
	DiffBehind struct {
		P1 bool
		P2 [3]byte
		P3 []uint8 `ssz-max:"4"`
		P4 diffPlain
	}
	diffFreeBig struct {
		A   uint16
		Pad [3000]byte `ssz:"-"`
	}
	diffBig struct {
		L   []byte     `ssz-max:"3"`
		Pad [5000]byte `ssz:"-"`
	}
	diffUnion = ssz.Union[struct {
		None ssz.None
		A    uint16
		B    []uint64 `ssz-max:"4"`
		C    diffVar
		D    *diffPlain
		E    [2]bool
		F    []byte `ssz:"bitlist" ssz-max:"12"`
	}]
	diffCompat = ssz.CompatibleUnion[struct {
		A uint32   `ssz-index:"1"`
		B diffVar  `ssz-index:"3"`
		C []byte   `ssz-index:"4" ssz:"bitlist" ssz-max:"20"`
		D *diffVar `ssz-index:"5"`
	}]
	diffEdge struct {
		A uint8
		diffInner
		*DiffBehind
		Skip        [3]uint64 `ssz:"-"`
		hidden      uint32
		U128        [16]byte  `ssz-type:"uint128"`
		U128L       [2]uint64 `ssz-type:"uint128"`
		U256        [32]byte  `ssz-type:"uint256"`
		U256L       [4]uint64 `ssz-type:"uint256"`
		U256I       uint256.Int
		U256P       *uint256.Int
		Named       diffU16
		NamedBytes  []diffByte `ssz-max:"9"`
		NamedVec    []diffU16  `ssz-size:"3"`
		Flag        bool
		Bools       [5]bool
		BoolList    []bool  `ssz-max:"33"`
		BoolVec     []bool  `ssz-size:"4"`
		BitsArr     [3]byte `ssz-type:"bitvector" ssz-bitsize:"20"`
		BitsFull    [2]byte `ssz-type:"bitvector"`
		BitsSlice   []byte  `ssz-size:"2" ssz-bitsize:"9"`
		BitsList    []byte  `ssz:"bitlist" ssz-max:"40"`
		ProgBits    []byte  `ssz-type:"progressive-bitlist"`
		Plain       diffPlain
		Padded      diffPadded
		PlainPtr    *diffPlain
		PaddedArr   [2]diffPadded
		PtrArr      [2]*diffPlain
		PtrVarArr   [2]*diffVar
		PtrList     []*diffPlain `ssz-max:"40"`
		PtrVarList  []*diffVar   `ssz-max:"20"`
		PaddedList  []diffPadded `ssz-max:"7"`
		TailList    []diffTail   `ssz-max:"5"`
		TailArr     [3]diffTail
		SkipArr     [2]diffSkipTail
		SkipList    []diffSkipTail `ssz-max:"4"`
		ValList     []diffVar      `ssz-max:"6"`
		Nested      [][]uint32     `ssz-max:"4,6"`
		Vecs        [][]uint16     `ssz-size:"3,2"`
		Roots       [][32]byte     `ssz-max:"5"`
		Words       []uint64       `ssz-max:"50"`
		Halves      []uint32       `ssz-size:"6"`
		ProgList    []uint16       `ssz-type:"progressive-list"`
		Union       diffUnion
		UnionPtr    *diffUnion
		UnionList   []diffUnion `ssz-max:"5"`
		Compat      diffCompat
		CompatPtr   *diffCompat
		CompatList  []diffCompat  `ssz-max:"3"`
		FreeBig     []diffFreeBig `ssz-max:"64"`
		Big         []diffBig     `ssz-max:"64"`
		BigPtrs     []*diffBig    `ssz-max:"16"`
		Prog        *hostile.ProgBox
		ProgList2   []hostile.ProgBox `ssz-max:"3"`
		U256List    []uint256.Int     `ssz-max:"3"`
		U256PtrList []*uint256.Int    `ssz-max:"3"`
	}
	// diffMany has more variable-size fields than the decoder keeps
	// offsets for on the stack.
	diffMany struct {
		V0, V1, V2, V3, V4, V5, V6, V7, V8, V9 []byte `ssz-max:"3"`
		F                                      uint8
		W0, W1                                 []uint16 `ssz-max:"2"`
	}
)

// diffTypes are the types TestDecoderMatchesOracle decodes into: the
// edge types above, top-level values of every kind, consensus types of
// every fork and random shapes (every kind, nested three deep).
func diffTypes(shapes int) []reflect.Type {
	ts := []reflect.Type{
		reflect.TypeFor[diffEdge](),
		reflect.TypeFor[*diffEdge](),
		reflect.TypeFor[diffMany](),
		reflect.TypeFor[diffPlain](),
		reflect.TypeFor[*diffPlain](),
		reflect.TypeFor[diffVar](),
		reflect.TypeFor[uint64](),
		reflect.TypeFor[bool](),
		reflect.TypeFor[uint8](),
		reflect.TypeFor[diffU16](),
		reflect.TypeFor[uint256.Int](),
		reflect.TypeFor[*uint256.Int](),
		reflect.TypeFor[[3]uint32](),
		reflect.TypeFor[[5]bool](),
		reflect.TypeFor[[2]diffVar](),
		reflect.TypeFor[diffUnion](),
		reflect.TypeFor[*diffUnion](),
		reflect.TypeFor[diffCompat](),
		reflect.TypeFor[*diffCompat](),
		reflect.TypeFor[dag6](),
		reflect.TypeOf(longnames.New(0)).Elem(),
		reflect.TypeFor[phase0.BeaconBlockBody](),
		reflect.TypeFor[phase0.BeaconState](),
		reflect.TypeFor[altair.SyncAggregate](),
		reflect.TypeFor[altair.SyncCommittee](),
		reflect.TypeFor[capella.HistoricalSummary](),
		reflect.TypeFor[deneb.ExecutionPayload](),
		reflect.TypeFor[electra.BeaconBlockBody](),
		reflect.TypeFor[electra.SignedBeaconBlock](),
		reflect.TypeFor[fulu.BeaconState](),
		reflect.TypeFor[gloas.BeaconBlockBody](),
		reflect.TypeFor[gloas.BeaconState](),
	}
	rng := rand.New(rand.NewPCG(21, 8))
	for range shapes {
		ts = append(ts, hostile.ContainerOf(hostile.RandomShape(rng, 3)).Go)
	}
	return ts
}

// TestDecoderMatchesOracle decodes random valid encodings of every
// diffTypes type, and thousands of mutations of them (bytes flipped, set
// to 2, 0x80 or 0xff, inputs cut and extended, ranges deleted and
// repeated, 4-byte windows overwritten with offset-like values), with
// the decoder and with the reflect decoder it replaced
// (OracleUnmarshalValue, in decode_oracle_test.go), into fresh values
// and into values already holding another random value. Both must
// accept the same inputs, fail with the same error (message, path and
// sentinel), and leave the same value (lengths, capacities, nil or not,
// every byte), decoded or partly written by a failure. It also counts
// the sentinels seen, so a change that stopped mutations from reaching
// a check would fail it.
func TestDecoderMatchesOracle(t *testing.T) {
	shapes, values, muts := 300, 6, 40
	if testing.Short() {
		shapes, values, muts = 60, 3, 15
	}
	rng := rand.New(rand.NewPCG(3, 21))
	seen := map[error]int{}
	inputs := 0
	for i, gt := range diffTypes(shapes) {
		typ, err := ssz.TypeOf(gt)
		if err != nil {
			t.Fatalf("%s: %v", gt, err)
		}
		for k := range values {
			maxList := []int{0, 3, 12}[k%3]
			seed := uint64(1000*i + k)
			enc, ok := randomValid(typ, seed, maxList)
			if !ok {
				continue
			}
			big := len(enc) > 64<<10 // a state: fewer mutations
			n := muts
			if big {
				n = 4
			}
			for j, in := range append([][]byte{enc}, mutate(rng, enc, n)...) {
				inputs++
				if err := compareDecode(typ, in, seed, j%2 == 1, seen); err != nil {
					t.Fatalf("type %d %s, value %d, input %d (%d bytes, %x…): %v", i, gt, k, j, len(in), in[:min(len(in), 48)], err)
				}
			}
		}
	}
	for _, s := range []error{ssz.ErrSize, ssz.ErrOffset, ssz.ErrListTooLong, ssz.ErrBitlist, ssz.ErrBitvector, ssz.ErrBool, ssz.ErrUnion} {
		if seen[s] == 0 {
			t.Errorf("no input failed with %v: the mutations no longer reach that check", s)
		}
	}
	t.Logf("%d inputs: %d decoded; failures by sentinel: %v", inputs, seen[nil], seen)
}

// randomValid returns the encoding of a random value of typ, false when
// the value has none (a nil compatible union).
func randomValid(typ *ssz.Type, seed uint64, maxList int) ([]byte, bool) {
	v := reflect.New(typ.Go).Elem()
	(&sszrand.Filler{Rand: sszrand.NewRand(seed), MaxList: maxList, MaxBits: 70}).Fill(typ, v)
	enc, err := ssz.MarshalValue(typ, v)
	return enc, err == nil
}

// compareDecode decodes in with both decoders, into fresh values or
// (prefilled, for inputs under 64 KiB: filling a state twice per input
// would take most of the test's time) into two equal random values of
// seed, and compares what
// they return and leave. A decoded value must encode back to in, and
// must not share memory with it.
func compareDecode(typ *ssz.Type, in []byte, seed uint64, prefilled bool, seen map[error]int) error {
	got, want := reflect.New(typ.Go).Elem(), reflect.New(typ.Go).Elem()
	if prefilled && len(in) < 64<<10 {
		for _, v := range []reflect.Value{got, want} {
			(&sszrand.Filler{Rand: sszrand.NewRand(seed ^ 0x5555), MaxList: 4, MaxBits: 30}).Fill(typ, v)
			if e, ok := v.Addr().Interface().(*diffEdge); ok {
				e.Skip, e.hidden = [3]uint64{7, 8, 9}, 10
				e.SkipArr[0].S, e.SkipArr[1].S = 11, 12
			}
		}
	}
	input := bytes.Clone(in)
	gerr := ssz.UnmarshalValue(typ, input, got)
	werr := ssz.OracleUnmarshalValue(typ, in, want)
	if err := sameDecodeError(gerr, werr); err != nil {
		return err
	}
	if diff := sameValue(got, want); diff != "" {
		return fmt.Errorf("error %v; the values differ at value%s", gerr, diff)
	}
	seen[valueSentinel(gerr)]++
	if gerr != nil {
		return nil
	}
	for i := range input {
		input[i] = ^input[i] // the value must hold copies, not the input
	}
	back, err := ssz.MarshalValue(typ, got)
	if err != nil || !bytes.Equal(back, in) {
		return fmt.Errorf("decoded value does not encode back (%v)", err)
	}
	return nil
}

// sameDecodeError checks that the compiled decoder's (or encoder's)
// error is its oracle's: both nil, or *ssz.Error values with the same
// path, message and sentinel.
func sameDecodeError(got, want error) error {
	if (got == nil) != (want == nil) {
		return fmt.Errorf("compiled: %v; oracle: %v", got, want)
	}
	if got == nil {
		return nil
	}
	var ge, we *ssz.Error
	if !errors.As(got, &ge) || !errors.As(want, &we) {
		return fmt.Errorf("compiled: %v; oracle: %v; want two *ssz.Error", got, want)
	}
	if ge.Path != we.Path || got.Error() != want.Error() {
		return fmt.Errorf("compiled: %q at %q; oracle: %q at %q", got, ge.Path, want, we.Path)
	}
	for _, s := range []error{ssz.ErrSize, ssz.ErrOffset, ssz.ErrListTooLong, ssz.ErrBitlist, ssz.ErrBitvector,
		ssz.ErrBool, ssz.ErrUnion, ssz.ErrValue, ssz.ErrUnsupported} {
		if errors.Is(got, s) != errors.Is(want, s) {
			return fmt.Errorf("compiled: %v; oracle: %v; they differ on %v", got, want, s)
		}
	}
	return nil
}

// sameValue returns where a and b (of one type) differ, "" where they do
// not: nil or not, lengths and capacities of slices, every field
// (unexported too) and element, the dynamic type of interfaces. The
// path it returns is relative to a.
func sameValue(a, b reflect.Value) string {
	if a.CanAddr() && b.CanAddr() && !hasPointers(a.Type()) {
		// Pointer-free: compare the memory, every byte (a state's
		// vectors are megabytes, element by element too slow).
		size := int(a.Type().Size())
		am := unsafe.Slice((*byte)(a.Addr().UnsafePointer()), size)
		bm := unsafe.Slice((*byte)(b.Addr().UnsafePointer()), size)
		if bytes.Equal(am, bm) {
			return ""
		}
	}
	switch a.Kind() {
	case reflect.Pointer, reflect.Interface:
		if a.IsNil() != b.IsNil() {
			return fmt.Sprintf(": nil %v and %v", a.IsNil(), b.IsNil())
		}
		if a.IsNil() {
			return ""
		}
		if a.Kind() == reflect.Interface && a.Elem().Type() != b.Elem().Type() {
			return fmt.Sprintf(": holds %s and %s", a.Elem().Type(), b.Elem().Type())
		}
		return sameValue(a.Elem(), b.Elem())
	case reflect.Slice:
		if a.IsNil() != b.IsNil() || a.Len() != b.Len() || a.Cap() != b.Cap() {
			return fmt.Sprintf(": slices nil %v/%v, len %d/%d, cap %d/%d", a.IsNil(), b.IsNil(), a.Len(), b.Len(), a.Cap(), b.Cap())
		}
		fallthrough
	case reflect.Array:
		for i := 0; i < a.Len(); i++ {
			if d := sameValue(a.Index(i), b.Index(i)); d != "" {
				return fmt.Sprintf("[%d]", i) + d
			}
		}
	case reflect.Struct:
		for i := 0; i < a.NumField(); i++ {
			if d := sameValue(a.Field(i), b.Field(i)); d != "" {
				return "." + a.Type().Field(i).Name + d
			}
		}
	case reflect.Bool:
		if a.Bool() != b.Bool() {
			return fmt.Sprintf(": %v and %v", a.Bool(), b.Bool())
		}
	case reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		if a.Uint() != b.Uint() {
			return fmt.Sprintf(": %d and %d", a.Uint(), b.Uint())
		}
	default:
		return ": kind " + a.Kind().String() + " not compared"
	}
	return ""
}

// mutate returns n mutations of a valid encoding b, one to three edits
// each: a bit flipped; a byte set to 2 (a bad bool), 0x80, 0xff, 0 or
// any value; the input cut or extended; a range deleted or repeated; a
// 4-byte window (anywhere, or at a multiple of 4, where offsets are)
// set to an offset-like value (the length, one past it, a value within
// it, the window's value ±1 or ±4, 0, all ones).
func mutate(rng *rand.Rand, b []byte, n int) [][]byte {
	out := make([][]byte, 0, n)
	for range n {
		m := bytes.Clone(b)
		for range 1 + rng.IntN(3)*rng.IntN(2) {
			m = edit(rng, m)
		}
		out = append(out, m)
	}
	return out
}

// edit returns b with one random edit (b is the caller's to change).
func edit(rng *rand.Rand, b []byte) []byte {
	if len(b) == 0 {
		return append(b, byte(rng.IntN(3)))
	}
	at := rng.IntN(len(b))
	switch rng.IntN(9) {
	case 0:
		b[at] ^= 1 << rng.IntN(8)
	case 1:
		b[at] = []byte{2, 0x80, 0xff, 0, 1, byte(rng.Uint32())}[rng.IntN(6)]
	case 2:
		return b[:at]
	case 3:
		for range 1 + rng.IntN(8) {
			b = append(b, []byte{0, 1, byte(rng.Uint32())}[rng.IntN(3)])
		}
	case 4:
		end := min(len(b), at+1+rng.IntN(8))
		return append(b[:at], b[end:]...)
	case 5:
		end := min(len(b), at+1+rng.IntN(8))
		return append(b[:end], append(bytes.Clone(b[at:end]), b[end:]...)...)
	default: // offset-like windows, the likeliest edit
		if len(b) < 4 {
			b[at] = byte(len(b))
			break
		}
		at = rng.IntN(len(b) - 3)
		if rng.IntN(2) == 0 {
			at &^= 3
		}
		old := binary.LittleEndian.Uint32(b[at:])
		x := []uint32{uint32(len(b)), uint32(len(b) + 1), uint32(rng.IntN(len(b) + 1)),
			old + 1, old - 1, old + 4, old - 4, 0, ^uint32(0)}[rng.IntN(9)]
		binary.LittleEndian.PutUint32(b[at:], x)
	}
	return b
}
