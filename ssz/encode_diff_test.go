package ssz_test

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"unsafe"

	"github.com/holiman/uint256"

	"github.com/lanehash/lanehash/internal/hostile"
	"github.com/lanehash/lanehash/internal/spectest"
	"github.com/lanehash/lanehash/internal/sszrand"
	"github.com/lanehash/lanehash/ssz"
)

// Shapes the encoder treats apart beyond diffEdge's: vectors held in
// slices whose zero value (an empty slice) stands for Length zero
// elements, of fixed and of variable-size containers and of vectors;
// bitvectors of 1, 7, 8 and 65 bits; a bitlist; a bool and a list behind two
// embedded pointers; a union whose zero value is refused; nil pointers
// to unions and compatible unions in lists.
type (
	EncDeep struct {
		*EncDeeper
		D1 uint16
	}
	EncDeeper struct {
		B  bool
		L  []uint32 `ssz-max:"3"`
		BV [1]byte  `ssz-type:"bitvector" ssz-bitsize:"5"`
	}
	encEdge struct {
		*EncDeep
		ZeroFixed   []diffPadded `ssz-size:"2"`
		ZeroVar     []diffVar    `ssz-size:"3"`
		ZeroVecs    [][]byte     `ssz-size:"2,3"`
		ZeroVarVecs [][]uint16   `ssz-size:"2,?" ssz-max:"?,3"`
		ZeroBools   []bool       `ssz-size:"5"`
		Bit1        []byte       `ssz-bitsize:"1"`
		Bit7        [1]byte      `ssz-type:"bitvector" ssz-bitsize:"7"`
		Bit8        []byte       `ssz-bitsize:"8"`
		Bit65       [9]byte      `ssz-type:"bitvector" ssz-bitsize:"65"`
		Bits65S     []byte       `ssz-bitsize:"65"`
		BitsL       []byte       `ssz:"bitlist" ssz-max:"20"`
		NoNone      hostile.UnionNoNone
		NoNoneList  []hostile.UnionNoNone `ssz-max:"3"`
		UnionPtrs   []*diffUnion          `ssz-max:"4"`
		CompatPtrs  []*diffCompat         `ssz-max:"4"`
		U256Vec     [2]uint256.Int
		U128Vec     [][16]byte `ssz-size:"2" ssz-type:"?,uint128"`
		Empty       []diffVar  `ssz-max:"0"`
		ProgC       hostile.ProgBox
		ProgCs      []*hostile.ProgBox `ssz-type:"progressive-list"`
		Bools       []bool             `ssz-type:"progressive-list"`
		TailBool    bool
	}
)

// encTypes are the types TestEncoderMatchesOracle encodes: the
// decoder's differential types (diffTypes: its edge types, top-level
// values of every kind, every fork's consensus types and random shapes)
// and encEdge.
func encTypes(shapes int) []reflect.Type {
	return append(diffTypes(shapes), reflect.TypeFor[encEdge](), reflect.TypeFor[*encEdge](), reflect.TypeFor[EncDeep]())
}

// encCounts counts what TestEncoderMatchesOracle compared.
type encCounts struct {
	values, spoiled, spec int
	spoils                map[string]int
	errs                  map[error]int
}

// TestEncoderMatchesOracle encodes random values of every encTypes type
// and thousands of copies of them made invalid at random places and
// depths (1 to 3 spoils each, so the first bad part in field order is
// held too: bool bytes above 1, lists and bitlists over their limit,
// vectors and bitvectors held in slices of the wrong length, bitvector
// padding, bitlists without their delimiter, union selectors out of
// range, options of the wrong type, nil options and None with a value,
// compatible-union selectors that are no option; and valid changes:
// nil pointers, nil lists, empty vector slices), and every valid spec
// vector's decoded value, with the encoder and with the reflect encoder
// it replaced (OracleMarshalValue, in encode_oracle_test.go), through
// MarshalValue and through Marshal by pointer and by value. Both must
// write the same bytes or fail with the same error (message, path and
// sentinel). checkEncodeForms holds Size and MarshalAppend to them.
func TestEncoderMatchesOracle(t *testing.T) {
	shapes, values, spoils := 300, 6, 12
	if testing.Short() {
		shapes, values, spoils = 60, 3, 5
	}
	rng := rand.New(rand.NewPCG(5, 22))
	c := encCounts{spoils: map[string]int{}, errs: map[error]int{}}
	for i, gt := range encTypes(shapes) {
		typ, err := ssz.TypeOf(gt)
		if err != nil {
			t.Fatalf("%s: %v", gt, err)
		}
		// Nil pointers at the root: the zero value, or for a pointer
		// type that is itself the descriptor's Go type, Marshal's nil
		// pointer error.
		for _, x := range []any{reflect.Zero(reflect.PointerTo(gt)).Interface(), reflect.Zero(gt).Interface()} {
			want, werr := ssz.OracleMarshal(x)
			got, gerr := ssz.Marshal(x)
			n, serr := ssz.Size(x)
			if err := sameEncoding(got, gerr, want, werr); err != nil {
				t.Fatalf("type %d %s, Marshal(%T zero): %v", i, gt, x, err)
			}
			if err := sameDecodeError(serr, werr); err != nil || werr == nil && n != len(want) {
				t.Fatalf("type %d %s, Size(%T zero) %d: %v", i, gt, x, n, err)
			}
		}
		for k := range values {
			maxList := []int{0, 3, 12}[k%3]
			seed := uint64(7000*i + k)
			fill := func() reflect.Value {
				v := reflect.New(typ.Go).Elem()
				(&sszrand.Filler{Rand: sszrand.NewRand(seed), MaxList: maxList, MaxBits: 70}).Fill(typ, v)
				return v
			}
			v := fill()
			c.values++
			if err := compareEncode(rng, typ, v, &c); err != nil {
				t.Fatalf("type %d %s, value %d: %v", i, gt, k, err)
			}
			n := spoils
			if typ.Go.Size() > 64<<10 || strings.Contains(gt.String(), "BeaconState") {
				n = 3 // a state: filling one takes most of the time
			}
			for j := range n {
				v := fill()
				var done []string
				for range 1 + rng.IntN(3)*rng.IntN(2) {
					if what := spoil(rng, typ, v); what != "" {
						done = append(done, what)
						c.spoils[what]++
					}
				}
				c.spoiled++
				if err := compareEncode(rng, typ, v, &c); err != nil {
					t.Fatalf("type %d %s, value %d, spoiled %d (%v): %v", i, gt, k, j, done, err)
				}
			}
		}
	}
	specValues(t, rng, &c)
	for _, s := range []error{nil, ssz.ErrSize, ssz.ErrListTooLong, ssz.ErrBitlist, ssz.ErrBitvector, ssz.ErrBool, ssz.ErrUnion} {
		if c.errs[s] == 0 {
			t.Errorf("no value encoded with error %v: the spoils no longer reach that check", s)
		}
	}
	for _, k := range spoilKinds {
		if c.spoils[k] == 0 {
			t.Errorf("no value was spoiled by %q", k)
		}
	}
	t.Logf("%d random values, %d spoiled copies, %d spec values; spoils %v; results by sentinel %v", c.values, c.spoiled, c.spec, c.spoils, c.errs)
}

// specValues compares the encoders on the decoded value of every valid
// spec vector (one in eight with -short), and on one spoiled copy of
// each.
func specValues(t *testing.T, rng *rand.Rand, c *encCounts) {
	dir := spectest.RequireDir(t)
	cases, err := spectest.Cases(dir)
	if err != nil {
		t.Fatal(err)
	}
	for i, sc := range cases {
		if !sc.Valid || sc.Type == nil || testing.Short() && i%8 != 0 {
			continue
		}
		if err := sc.Load(); err != nil {
			t.Fatal(err)
		}
		decode := func() reflect.Value {
			v := reflect.New(sc.Type.Go).Elem()
			if err := ssz.UnmarshalValue(sc.Type, sc.Serialized, v); err != nil {
				t.Fatalf("%s: %v", sc, err)
			}
			return v
		}
		c.spec++
		if err := compareEncode(rng, sc.Type, decode(), c); err != nil {
			t.Fatalf("%s: %v", sc, err)
		}
		v := decode()
		if what := spoil(rng, sc.Type, v); what != "" {
			c.spoils[what]++
		}
		if err := compareEncode(rng, sc.Type, v, c); err != nil {
			t.Fatalf("%s, spoiled: %v", sc, err)
		}
		sc.Serialized, sc.Value = nil, nil
	}
}

// compareEncode encodes v (addressable) with the encoder and the oracle,
// as a value and as Marshal's any (the pointer, and the value itself,
// which reflect cannot address), and compares bytes and errors.
func compareEncode(rng *rand.Rand, typ *ssz.Type, v reflect.Value, c *encCounts) error {
	want, werr := ssz.OracleMarshalValue(typ, v)
	got, gerr := ssz.MarshalValue(typ, v)
	if err := sameEncoding(got, gerr, want, werr); err != nil {
		return fmt.Errorf("MarshalValue: %w", err)
	}
	c.errs[valueSentinel(werr)]++
	for _, x := range []any{v.Addr().Interface(), v.Interface()} {
		want, werr := ssz.OracleMarshal(x)
		got, gerr := ssz.Marshal(x)
		if err := sameEncoding(got, gerr, want, werr); err != nil {
			return fmt.Errorf("Marshal(%T): %w", x, err)
		}
	}
	return checkEncodeForms(rng, typ, v, want, werr)
}

// sameEncoding checks that the encoder's answer is the oracle's: the
// same bytes, or nil and the same error.
func sameEncoding(got []byte, gerr error, want []byte, werr error) error {
	if err := sameDecodeError(gerr, werr); err != nil {
		return err
	}
	if gerr != nil && got != nil {
		return fmt.Errorf("%d bytes with the error %v", len(got), gerr)
	}
	if !bytes.Equal(got, want) {
		return fmt.Errorf("%d bytes %x…, the oracle's %d %x…", len(got), got[:min(len(got), 48)], len(want), want[:min(len(want), 48)])
	}
	return nil
}

// checkEncodeForms holds Size, SizeValue, MarshalAppend and
// MarshalAppendValue to the oracle's answer for v (want, or werr): the
// size is len(want), the same error otherwise; an append is dst's bytes
// then want, for random dst lengths and spare capacities (none, short
// of want, exactly enough, more), in dst's array when it had room and
// grown once otherwise; on error dst comes back as it was, its spare
// capacity unwritten.
func checkEncodeForms(rng *rand.Rand, typ *ssz.Type, v reflect.Value, want []byte, werr error) error {
	for k, x := range []any{nil, v.Addr().Interface(), v.Interface()} {
		var n int
		var err error
		want, werr := want, werr
		if x == nil {
			n, err = ssz.SizeValue(typ, v)
		} else {
			// Its own descriptor, which a type whose tags are its
			// container's (a spec vector's) does not have: Marshal's
			// error then.
			n, err = ssz.Size(x)
			want, werr = ssz.OracleMarshal(x)
		}
		if err := sameDecodeError(err, werr); err != nil {
			return fmt.Errorf("Size form %d: %w", k, err)
		}
		if err == nil && n != len(want) {
			return fmt.Errorf("Size form %d: %d, Marshal wrote %d", k, n, len(want))
		}
		if err != nil && n != 0 {
			return fmt.Errorf("Size form %d: %d with the error %v", k, n, err)
		}
	}
	for k := range 4 {
		have := rng.IntN(20)
		spare := []int{0, rng.IntN(len(want) + 1), len(want), len(want) + rng.IntN(64)}[k]
		buf := make([]byte, have+spare)
		for i := range buf {
			buf[i] = byte(rng.Uint32())
		}
		before := bytes.Clone(buf)
		dst := buf[:have]
		var out []byte
		var err error
		want, werr := want, werr
		if k%2 == 0 {
			out, err = ssz.MarshalAppendValue(dst, typ, v)
		} else {
			out, err = ssz.MarshalAppend(dst, v.Addr().Interface())
			want, werr = ssz.OracleMarshal(v.Addr().Interface())
		}
		if err := sameDecodeError(err, werr); err != nil {
			return fmt.Errorf("MarshalAppend (%d + %d spare): %w", have, spare, err)
		}
		if err != nil {
			if len(out) != have || cap(out) != cap(dst) || !bytes.Equal(buf, before) {
				return fmt.Errorf("MarshalAppend failed but changed dst (len %d → %d, cap %d → %d, contents or spare capacity written %v)",
					have, len(out), cap(dst), cap(out), !bytes.Equal(buf, before))
			}
			continue
		}
		if !bytes.Equal(out[:have], before[:have]) || !bytes.Equal(out[have:], want) {
			return fmt.Errorf("MarshalAppend (%d + %d spare): not dst's bytes then Marshal's", have, spare)
		}
		if grown := len(out) > 0 && unsafe.SliceData(out) != unsafe.SliceData(buf); grown != (spare < len(want)) {
			return fmt.Errorf("MarshalAppend (%d + %d spare) of %d bytes: grown %v", have, spare, len(want), grown)
		}
	}
	if werr == nil {
		// A nil dst: the bytes alone, in a buffer of exactly their size.
		out, err := ssz.MarshalAppendValue(nil, typ, v)
		if err != nil || !bytes.Equal(out, want) || cap(out) != len(want) {
			return fmt.Errorf("MarshalAppend(nil): %d bytes, cap %d, %v", len(out), cap(out), err)
		}
	}
	return nil
}

// spoilKinds are the changes spoil makes, by name.
var spoilKinds = []string{
	"bad bool", "list past limit", "vector slice length", "bitvector slice length", "bitvector padding",
	"bitlist delimiter", "bitlist past limit", "union selector", "union option type", "union nil option",
	"union None with value", "compatible selector", "compatible nil data", "compatible data type",
	"nil pointer", "nil list", "zero vector", "inside union option", "inside compatible union option",
	"nil embedded pointer",
}

// spoilSite is a place of a value spoil can change.
type spoilSite struct {
	t *ssz.Type
	v reflect.Value // settable
}

// spoil makes one random change at a random depth of v (settable, of
// type t), most of them making v invalid, and names it; "" when v had
// no place the change drawn fits. Inside a union's option (boxed in an
// interface, which reflect cannot set through) it spoils a copy of the
// option and boxes the copy.
func spoil(rng *rand.Rand, t *ssz.Type, v reflect.Value) string {
	return spoilIn(rng, t, v, 1)
}

// spoilIn is spoil of v or, when from is 0, of v itself too (a union's
// option, held in a copy).
func spoilIn(rng *rand.Rand, t *ssz.Type, v reflect.Value, from int) string {
	var sites []spoilSite
	collectSpoilSites(rng, t, v, 1-from, &sites)
	if len(sites) == 0 {
		return ""
	}
	if rng.IntN(10) == 0 {
		// A nil embedded pointer: the fields behind it read as zero.
		var embedded []reflect.Value
		embeddedPointers(v, &embedded)
		for _, s := range sites {
			embeddedPointers(s.v, &embedded)
		}
		if len(embedded) > 0 {
			embedded[rng.IntN(len(embedded))].SetZero()
			return "nil embedded pointer"
		}
	}
	s := sites[rng.IntN(len(sites))]
	g, v := s.t.Go, s.v
	switch s.t.Kind {
	case ssz.KindBool:
		*(*byte)(v.Addr().UnsafePointer()) = byte(2 + rng.IntN(254))
		return "bad bool"
	case ssz.KindList, ssz.KindProgressiveList:
		switch {
		case rng.IntN(3) == 0:
			v.SetZero()
			return "nil list"
		case s.t.Kind == ssz.KindList && s.t.Limit < 1<<12:
			grown := reflect.MakeSlice(g, int(s.t.Limit)+1, int(s.t.Limit)+1)
			reflect.Copy(grown, v)
			v.Set(grown)
			return "list past limit"
		}
	case ssz.KindVector, ssz.KindBitvector:
		if g.Kind() != reflect.Slice {
			if s.t.Kind == ssz.KindBitvector {
				return spoilPadding(rng, s.t, v)
			}
			return ""
		}
		switch {
		case rng.IntN(3) == 0:
			v.Set(reflect.MakeSlice(g, 0, rng.IntN(2)))
			return "zero vector"
		case s.t.Kind == ssz.KindBitvector && v.Len() > 0 && rng.IntN(2) == 0:
			return spoilPadding(rng, s.t, v)
		}
		n := int(s.t.Length)
		if s.t.Kind == ssz.KindBitvector {
			n = int(s.t.Size)
		}
		n = max(1, n+[]int{-1, 1, 2}[rng.IntN(3)])
		if n == int(s.t.Length) || s.t.Kind == ssz.KindBitvector && n == int(s.t.Size) {
			n++
		}
		grown := reflect.MakeSlice(g, n, n)
		reflect.Copy(grown, v)
		v.Set(grown)
		if s.t.Kind == ssz.KindBitvector {
			return "bitvector slice length"
		}
		return "vector slice length"
	case ssz.KindBitlist, ssz.KindProgressiveBitlist:
		b := v.Bytes()
		switch {
		case rng.IntN(2) == 0 || s.t.Kind == ssz.KindProgressiveBitlist || s.t.Limit >= 1<<15:
			nb := append(bytes.Clone(b), 0)
			if len(b) > 0 && rng.IntN(2) == 0 {
				nb = bytes.Clone(b)
				nb[len(nb)-1] = 0
			}
			v.Set(reflect.ValueOf(nb).Convert(g))
			return "bitlist delimiter"
		default:
			n := int(s.t.Limit) + 1 + rng.IntN(9)
			nb := make([]byte, n/8+1)
			nb[n/8] = 1 << (n % 8)
			v.Set(reflect.ValueOf(nb).Convert(g))
			return "bitlist past limit"
		}
	case ssz.KindUnion, ssz.KindCompatibleUnion:
		return spoilUnion(rng, s.t, v)
	}
	if g.Kind() == reflect.Pointer {
		v.SetZero()
		return "nil pointer"
	}
	return ""
}

// embeddedPointers adds the embedded pointers of the struct v (or the
// struct a pointer v points to) that are not nil, and theirs, to out.
func embeddedPointers(v reflect.Value, out *[]reflect.Value) {
	if v.Kind() == reflect.Pointer && !v.IsNil() {
		v = v.Elem()
	}
	if v.Kind() != reflect.Struct {
		return
	}
	for i := 0; i < v.NumField(); i++ {
		f, sf := v.Field(i), v.Type().Field(i)
		switch {
		case !sf.Anonymous || !f.CanSet():
		case f.Kind() == reflect.Pointer && !f.IsNil():
			*out = append(*out, f)
			embeddedPointers(f, out)
		case f.Kind() == reflect.Struct:
			embeddedPointers(f, out)
		}
	}
}

// spoilPadding sets an unused bit of a bitvector's last byte.
func spoilPadding(rng *rand.Rand, t *ssz.Type, v reflect.Value) string {
	used := int(t.Length % 8)
	if used == 0 || v.Len() == 0 {
		return ""
	}
	last := v.Index(v.Len() - 1)
	last.SetUint(last.Uint() | 1<<(used+rng.IntN(8-used)))
	return "bitvector padding"
}

// spoilUnion changes a union or compatible union at v (its pointer, or
// itself): its selector, its option, or something inside its option.
func spoilUnion(rng *rand.Rand, t *ssz.Type, v reflect.Value) string {
	if v.Kind() == reflect.Pointer {
		if v.IsNil() || rng.IntN(4) == 0 {
			v.SetZero()
			return "nil pointer"
		}
		v = v.Elem()
	}
	sel, val := v.Field(0), v.Field(1)
	compat := t.Kind == ssz.KindCompatibleUnion
	switch rng.IntN(6) {
	case 0:
		if compat {
			free := []int{0}
			for s := range 128 {
				if s >= len(t.Options) || t.Options[s] == nil {
					free = append(free, s)
				}
			}
			sel.SetUint(uint64(free[rng.IntN(len(free))]))
			return "compatible selector"
		}
		sel.SetUint(uint64(len(t.Options) + rng.IntN(256-len(t.Options))))
		return "union selector"
	case 1:
		if val.IsNil() {
			if !compat && sel.Uint() < uint64(len(t.Options)) && t.Options[sel.Uint()] == nil {
				val.Set(reflect.ValueOf(uint16(1)))
				return "union None with value"
			}
			return ""
		}
		val.SetZero()
		if compat {
			return "compatible nil data"
		}
		return "union nil option"
	case 2:
		if val.IsNil() {
			return ""
		}
		// A value of another Go type: an option's, or one no option has.
		others := []any{int8(3), struct{ X uint8 }{}}
		for _, o := range t.Options {
			if o != nil && o.Go != val.Elem().Type() {
				others = append(others, reflect.Zero(o.Go).Interface())
			}
		}
		val.Set(reflect.ValueOf(others[rng.IntN(len(others))]))
		if compat {
			return "compatible data type"
		}
		return "union option type"
	}
	s := int(sel.Uint())
	if val.IsNil() || s >= len(t.Options) || t.Options[s] == nil || val.Elem().Type() != t.Options[s].Go {
		return ""
	}
	c := reflect.New(t.Options[s].Go).Elem()
	c.Set(val.Elem())
	if spoilIn(rng, t.Options[s], c, 0) == "" {
		return ""
	}
	val.Set(c)
	if compat {
		return "inside compatible union option"
	}
	return "inside union option"
}

// collectSpoilSites lists the settable places of v (of type t), down to
// a few elements per sequence and through pointers and embedded
// pointers that are not nil (a union's option is spoiled through its
// union's site).
func collectSpoilSites(rng *rand.Rand, t *ssz.Type, v reflect.Value, depth int, out *[]spoilSite) {
	if depth > 0 {
		*out = append(*out, spoilSite{t: t, v: v})
	}
	switch t.Kind {
	case ssz.KindContainer, ssz.KindProgressiveContainer:
		if v.Kind() == reflect.Pointer {
			if v.IsNil() {
				return
			}
			v = v.Elem()
		}
		for _, f := range t.Fields {
			fv, err := v.FieldByIndexErr(f.Index)
			if err != nil {
				continue // behind a nil embedded pointer
			}
			collectSpoilSites(rng, f.Type, fv, depth+1, out)
		}
	case ssz.KindList, ssz.KindProgressiveList, ssz.KindVector:
		n := v.Len()
		for k := range min(n, 3) {
			i := k
			if n > 3 {
				i = rng.IntN(n)
			}
			collectSpoilSites(rng, t.Elem, v.Index(i), depth+1, out)
		}
	}
}

// TestSpoilReachesEveryCheck makes sure spoil's changes are refused as
// they should be on one value: a guard on the differential test's
// generator, which would pass vacuously if spoiling did nothing.
func TestSpoilReachesEveryCheck(t *testing.T) {
	typ, err := ssz.TypeOf(reflect.TypeFor[encEdge]())
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	refused := map[string]int{}
	for range 10000 {
		v := reflect.New(typ.Go).Elem()
		(&sszrand.Filler{Rand: rng, MaxList: 3, MaxBits: 30}).Fill(typ, v)
		if _, err := ssz.OracleMarshalValue(typ, v); err != nil {
			continue // the zero union NoNone, or a bad union in a list
		}
		what := spoil(rng, typ, v)
		if _, err := ssz.OracleMarshalValue(typ, v); err != nil {
			var e *ssz.Error
			if !errors.As(err, &e) {
				t.Fatalf("%s: %v is no *ssz.Error", what, err)
			}
			refused[what]++
		}
	}
	for _, k := range []string{"bad bool", "list past limit", "vector slice length", "bitvector slice length",
		"bitvector padding", "bitlist delimiter", "bitlist past limit", "union selector", "union option type",
		"union nil option", "compatible selector", "compatible nil data", "compatible data type"} {
		if refused[k] == 0 {
			t.Errorf("%q never made a value the oracle refuses (%v)", k, refused)
		}
	}
}
