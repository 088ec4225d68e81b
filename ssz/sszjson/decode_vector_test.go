package sszjson_test

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/holiman/uint256"

	"github.com/lanehash/lanehash/internal/sszrand"
	"github.com/lanehash/lanehash/internal/sszwalk"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/altair"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
	"github.com/lanehash/lanehash/ssz/sszjson"
)

// vectors has a vector of every kind of element, in Go slices and
// arrays, nested and holding lists and pointers: the vectors the reader
// reads in one pass, without counting them first (and, when the input
// left cannot hold them, counted as lists are), beside lists of
// containers whose keys and values may carry escapes (what the count's
// skip jumps over).
type vectors struct {
	U64s   []uint64                    `ssz-size:"3"`
	Bools  []bool                      `ssz-size:"2"`
	Flags  []altair.ParticipationFlags `ssz-size:"3"`
	Roots  []phase0.Root               `ssz-size:"3,32"`
	Conts  [3]phase0.Checkpoint
	Ptrs   []*phase0.Checkpoint `ssz-size:"2"`
	Nested [][]uint16           `ssz-size:"2,3"`
	Lists  [][]uint32           `ssz-size:"2,?" ssz-max:"?,3"`
	Big    []uint256.Int        `ssz-size:"2"`
	Bits   [][]byte             `ssz-size:"2,?" ssz-max:"?,12" ssz-type:"vector,bitlist"`
	Arr    [4]uint16
	Many   []*phase0.Checkpoint `ssz-max:"5"`
	Unions [2]ssz.Union[struct {
		None ssz.None
		A    uint16
		B    []phase0.Checkpoint `ssz-size:"2"`
	}]
}

// vectorType is vectors' type.
func vectorType(t *testing.T) *ssz.Type {
	t.Helper()
	st, err := ssz.TypeFor[vectors]()
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// TestVectorsMatchOracle holds the one-pass reading of vectors to the
// oracle (which counts every array first) on every way of breaking an
// array at every position: the document cut at every byte, each byte
// deleted, each comma and bracket doubled, a comma, a bracket, a space
// or an element inserted after each, and a string's byte replaced by
// its \u escape.
func TestVectorsMatchOracle(t *testing.T) {
	st := vectorType(t)
	values := 12
	if testing.Short() {
		values = 2
	}
	var stats diffStats
	errs := parallel(values, func(i int) error {
		src := &sszrand.Filler{Rand: sszrand.NewRand(uint64(i) + 100), MaxList: 1 + i%5, MaxBits: 12}
		v := reflect.New(st.Go).Elem()
		if err := sszwalk.Fill(st, v, src); err != nil {
			return err
		}
		doc, err := sszjson.MarshalValue(st, v)
		if err != nil {
			return err
		}
		for _, in := range breakings(doc) {
			ok, err := sameReading(st, in)
			stats.add("broken vectors", ok)
			if err != nil {
				return fmt.Errorf("%w\ninput %q", err, in)
			}
		}
		r := rand.New(rand.NewPCG(uint64(i), 9))
		return diffDoc(st, doc, r, 200, "vectors", &stats)
	})
	for _, err := range errs {
		t.Error(err)
	}
	stats.log(t)
}

// breakings returns doc broken in each of the ways TestVectorsMatchOracle
// names.
func breakings(doc []byte) [][]byte {
	var out [][]byte
	edit := func(i, drop int, insert string) {
		b := append(bytes.Clone(doc[:i]), insert...)
		out = append(out, append(b, doc[i+drop:]...))
	}
	inString := false
	for i, c := range doc {
		out = append(out, doc[:i])
		edit(i, 1, "")
		if inString && c != '"' && c != '\\' {
			edit(i, 1, fmt.Sprintf(`\u%04x`, c))
		}
		if c == '"' && (i == 0 || doc[i-1] != '\\') {
			inString = !inString
		}
		if inString || !strings.ContainsRune("[],{}", rune(c)) {
			continue
		}
		edit(i, 0, string(c))
		for _, ins := range []string{",", "]", "[", " ", "0,", `"0",`, "{},", "[],", `"0x00",`} {
			edit(i+1, 0, ins)
		}
	}
	return out
}

// TestVectorCountLimits holds the reader to the oracle on vectors of
// many elements given one too few, their length, one too many and far
// more, the input left just holding them or not, with a fault first,
// last or nowhere.
func TestVectorCountLimits(t *testing.T) {
	type big struct {
		V []uint64      `ssz-size:"100000"`
		R []phase0.Root `ssz-size:"5000,32"`
		C [2000]phase0.Checkpoint
	}
	st, err := ssz.TypeFor[big]()
	if err != nil {
		t.Fatal(err)
	}
	root := `"0x` + strings.Repeat("00", 32) + `"`
	cp := `{"epoch":"0","root":` + root + `}`
	// arr is an array of n elements: first, elem…, last.
	arr := func(n int, elem, first, last string) string {
		parts := make([]string, n)
		for i := range parts {
			parts[i] = elem
		}
		if n > 0 {
			parts[n-1], parts[0] = last, first
		}
		return "[" + strings.Join(parts, ",") + "]"
	}
	// The written form of each, with v given for V, r for R, c for C.
	doc := func(v, r, c string) []byte {
		return []byte(`{"v":` + v + `,"r":` + r + `,"c":` + c + `}`)
	}
	good := func(n int, elem string) string { return arr(n, elem, elem, elem) }
	var n, accepted int
	check := func(in []byte) {
		t.Helper()
		ok, err := sameReading(st, in)
		n++
		if ok {
			accepted++
		}
		if err != nil {
			t.Errorf("%v\ninput %.300q", err, in)
		}
	}
	gv, gr, gc := good(100000, "0"), good(5000, root), good(2000, cp)
	check(doc(gv, gr, gc))
	for _, k := range []int{0, 1, 99999, 100001, 200000} {
		check(doc(good(k, "0"), gr, gc))
		check(doc(good(k, "0")[:len(good(k, "0"))-1], gr, gc))
	}
	for _, k := range []int{0, 1, 4999, 5001, 6000} {
		check(doc(gv, good(k, root), gc))
	}
	for _, k := range []int{0, 1999, 2001} {
		check(doc(gv, gr, good(k, cp)))
	}
	for _, bad := range []string{"x", "-1", `"1"`, "{}", "[]", `"0x00"`, "0 0", ",", ""} {
		check(doc(arr(100000, "0", bad, "0"), gr, gc))
		check(doc(arr(100000, "0", "0", bad), gr, gc))
		check(doc(gv, arr(5000, root, bad, root), gc))
		check(doc(gv, arr(5000, root, root, bad), gc))
		check(doc(gv, gr, arr(2000, cp, bad, cp)))
		check(doc(gv, gr, arr(2000, cp, cp, bad)))
		// A fault in an element and one in the array after it: the
		// array's (count's) comes first.
		check(doc(arr(100000, "0", bad, "0,,"), gr, gc))
		check(doc(gv, gr, arr(2000, cp, bad, cp+"]")))
	}
	t.Logf("%d inputs, %d accepted", n, accepted)
}

// TestVectorMemory checks a vector held in a slice is made at once only
// when the input left can hold it: a vector of a million elements given
// as one, or as a million with the array unterminated, allocates next
// to nothing, or no more than its accepted twin does.
func TestVectorMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("inputs of megabytes")
	}
	type million struct {
		V []uint64 `ssz-size:"1048576"`
	}
	var err error
	short := []byte(`{"v":[0]}`)
	if alloc := allocated(func() { err = sszjson.Unmarshal(short, new(million)) }); alloc > memSlack || !errors.Is(err, ssz.ErrSize) {
		t.Errorf("[0] for a vector of 1M: %v, %d bytes allocated", err, alloc)
	}
	full := []byte(`{"v":[` + strings.Repeat("0,", 1<<20-1) + `0]}`)
	good := allocated(func() { err = sszjson.Unmarshal(full, new(million)) })
	if err != nil {
		t.Fatal(err)
	}
	for _, in := range [][]byte{full[:len(full)-2], append(full[:len(full)-3:len(full)-3], "x]}"...)} {
		if alloc := allocated(func() { err = sszjson.Unmarshal(in, new(million)) }); alloc > good+memSlack || err == nil {
			t.Errorf("%q…: %v, %d bytes allocated, its twin %d", in[len(in)-8:], err, alloc, good)
		}
	}
}

// basicArrays holds vectors of basic elements in Go arrays, and the same
// vectors in slices.
type basicArrays struct {
	B  [3]byte
	U  [3]uint64
	F  [2]bool
	W  [3]uint16
	BS []byte   `ssz-size:"3"`
	US []uint64 `ssz-size:"3"`
	FS []bool   `ssz-size:"2"`
	WS []uint16 `ssz-size:"3"`
}

// TestBasicArraysMatchOracle: a vector of booleans or integers held in
// a Go array is read in one pass, as it always was, and reports its
// first fault in reading order (a bad element before a count fault after
// it), the oracle's error; the same vector in a slice reports the fault
// a count-first reading finds. Documents are arrays of 0 to 5 tokens
// drawn from good and bad elements, in each of the struct's fields.
func TestBasicArraysMatchOracle(t *testing.T) {
	st, err := ssz.TypeFor[basicArrays]()
	if err != nil {
		t.Fatal(err)
	}
	tokens := []string{`"1"`, `"255"`, `"256"`, `"65536"`, `"18446744073709551616"`, `1`, `256`, `"x"`, `true`, `false`, `null`, `[]`, `{}`, `"01"`, `"-1"`, `"1.5"`, `"\u0031"`, `""`}
	fields := []string{"b", "u", "f", "w", "bs", "us", "fs", "ws"}
	good := map[string]string{"b": `["1","2","3"]`, "u": `["1","2","3"]`, "f": `[true,false]`, "w": `["1","2","3"]`,
		"bs": `"0x010203"`, "us": `["1","2","3"]`, "fs": `[true,false]`, "ws": `["1","2","3"]`}
	r := rand.New(rand.NewPCG(7, 23))
	rounds := 4000
	if testing.Short() {
		rounds = 800
	}
	var stats diffStats
	for range rounds {
		bad := fields[r.IntN(len(fields))]
		var arr strings.Builder
		arr.WriteByte('[')
		for k := range r.IntN(6) {
			if k > 0 {
				arr.WriteByte(',')
			}
			arr.WriteString(tokens[r.IntN(len(tokens))])
		}
		arr.WriteByte(']')
		var doc strings.Builder
		doc.WriteByte('{')
		for i, f := range fields {
			if i > 0 {
				doc.WriteByte(',')
			}
			v := good[f]
			if f == bad {
				v = arr.String()
			}
			fmt.Fprintf(&doc, "%q:%s", f, v)
		}
		doc.WriteByte('}')
		ok, err := sameReading(st, []byte(doc.String()))
		stats.add("basic arrays", ok)
		if err != nil {
			t.Fatalf("%v\ninput %s", err, doc.String())
		}
	}
	stats.log(t)
}
