package breaker22json

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/sszjson"
)

// The documented choice among several faults in one object: "an unknown,
// duplicate or missing key before any field's fault, then the first field
// in field order that does not read", where the key faults are those a
// scan of the members in document order finds first (each value skipped,
// checking the commas and colons as it goes). This file models that rule
// for objects with several faults at once, recursively.

type Inner struct {
	X uint8
	Y uint32
	Z [3]byte
}

type Flat struct {
	A uint64
	B [4]byte
	C bool
	D []uint16 `ssz-max:"4"`
	E Inner
	F *Inner
	G []byte `ssz-max:"6"`
}

// member kinds of the object writer
type fieldSpec struct {
	name string
	typ  string // "u64", "b4", "bool", "u16s", "inner", "u8", "u32", "b3", "bytes6"
}

var flatFields = []fieldSpec{{"a", "u64"}, {"b", "b4"}, {"c", "bool"}, {"d", "u16s"}, {"e", "inner"}, {"f", "inner"}, {"g", "bytes6"}}
var innerFields = []fieldSpec{{"x", "u8"}, {"y", "u32"}, {"z", "b3"}}

type ogen struct {
	r   *rand.Rand
	buf []byte
	p   float64 // fault probability
}

func (g *ogen) s(s string) { g.buf = append(g.buf, s...) }

func (g *ogen) ws() {
	if g.r.IntN(3) == 0 {
		g.s(" \n"[g.r.IntN(2):][:1])
	}
}

func (g *ogen) bad() bool { return g.r.Float64() < g.p }

// value writes a value of typ at path; it returns the error reading it
// gives (nil when valid).
func (g *ogen) value(typ, path string, depth int) *want {
	lo := len(g.buf)
	num := func(bits int) *want {
		lo := len(g.buf)
		if g.bad() {
			switch g.r.IntN(5) {
			case 0:
				g.s("-1")
				return &want{what: "neg", sentinel: sszjson.ErrNumber, path: path, off: lo}
			case 1:
				x := "1" + strings.Repeat("0", bits/3+1)
				g.s(`"` + x + `"`)
				return &want{what: "big", sentinel: sszjson.ErrNumber, path: path, off: lo}
			case 2:
				g.s("null")
				return &want{what: "null", sentinel: sszjson.ErrType, path: path, off: lo}
			case 3:
				g.s(`"01"`)
				return &want{what: "lead0", sentinel: sszjson.ErrNumber, path: path, off: lo}
			default:
				g.s("1e1")
				return &want{what: "exp", sentinel: sszjson.ErrNumber, path: path, off: lo}
			}
		}
		x := g.r.Uint64() >> (64 - bits)
		if g.r.IntN(2) == 0 {
			g.s(strconv.FormatUint(x, 10))
		} else {
			g.s(`"` + strconv.FormatUint(x, 10) + `"`)
		}
		return nil
	}
	hexv := func(n int, list bool) *want {
		if list {
			n = g.r.IntN(n + 1)
		}
		digits := make([]byte, 2*n)
		for i := range digits {
			digits[i] = "0123456789abcdefABCDEF"[g.r.IntN(22)]
		}
		if g.bad() {
			switch g.r.IntN(3) {
			case 0:
				g.s(`"0x` + string(digits) + `0"`)
				return &want{what: "odd", sentinel: sszjson.ErrHex, path: path, off: lo}
			case 1:
				if n > 0 {
					i := g.r.IntN(len(digits))
					digits[i] = 'z'
					g.s(`"0x` + string(digits) + `"`)
					return &want{what: "digit", sentinel: sszjson.ErrHex, path: path, off: lo + 3 + i}
				}
				fallthrough
			default:
				g.s(`"0x` + string(digits) + `0000000000000000"`)
				s := ssz.ErrSize
				if list {
					s = ssz.ErrListTooLong
				}
				return &want{what: "long", sentinel: s, path: path, off: lo}
			}
		}
		g.s(`"0x` + string(digits) + `"`)
		return nil
	}
	switch typ {
	case "u64":
		return num(64)
	case "u32":
		return num(32)
	case "u8":
		return num(8)
	case "bool":
		if g.bad() {
			g.s(`"true"`)
			return &want{what: "boolstr", sentinel: sszjson.ErrType, path: path, off: lo}
		}
		g.s([]string{"true", "false"}[g.r.IntN(2)])
		return nil
	case "b4":
		return hexv(4, false)
	case "b3":
		return hexv(3, false)
	case "bytes6":
		return hexv(6, true)
	case "u16s":
		n := g.r.IntN(5)
		if g.bad() && g.r.IntN(3) == 0 {
			n = 5 + g.r.IntN(2)
			g.s("[")
			for i := range n {
				if i > 0 {
					g.s(",")
				}
				g.s("1")
			}
			g.s("]")
			return &want{what: "too long", sentinel: ssz.ErrListTooLong, path: path, off: -1}
		}
		g.s("[")
		var first *want
		for i := range n {
			if i > 0 {
				g.s(",")
				g.ws()
			}
			if w := num(16); w != nil && first == nil {
				w.path = path + "[" + strconv.Itoa(i) + "]"
				first = w
			}
		}
		g.s("]")
		return first
	case "inner":
		return g.object(innerFields, path, depth+1)
	}
	panic(typ)
}

// object writes an object of fields at path with faults and returns the
// documented error.
func (g *ogen) object(fields []fieldSpec, path string, depth int) *want {
	lo := len(g.buf)
	if depth > 0 && g.bad() && g.r.IntN(4) == 0 {
		g.s(`"x"`)
		return &want{what: "string for object", sentinel: sszjson.ErrType, path: path, off: lo}
	}
	type mem struct {
		key   string
		field int // -1 unknown
	}
	var mems []mem
	for i, f := range fields {
		if g.bad() && g.r.IntN(3) == 0 {
			continue // missing
		}
		key := f.name
		switch g.r.IntN(4) {
		case 0:
			key = strings.ToUpper(key)
		case 1:
			key = `\u00` + strconv.FormatInt(int64(key[0]), 16) + key[1:]
		}
		mems = append(mems, mem{key, i})
		if g.bad() && g.r.IntN(3) == 0 {
			mems = append(mems, mem{f.name, i}) // twice
		}
	}
	if g.bad() && g.r.IntN(3) == 0 {
		mems = append(mems, mem{"zz", -1})
	}
	g.r.Shuffle(len(mems), func(i, j int) { mems[i], mems[j] = mems[j], mems[i] })
	at := func(p, name string) string {
		if p == "" {
			return name
		}
		return p + "." + name
	}
	var scanErr *want
	seen := make([]bool, len(fields))
	valErr := make([]*want, len(fields))
	g.s("{")
	for j, m := range mems {
		if j > 0 {
			g.s(",")
		}
		g.ws()
		klo := len(g.buf)
		g.s(`"` + m.key + `"`)
		g.ws()
		g.s(":")
		g.ws()
		if m.field < 0 {
			g.s("0")
			if scanErr == nil {
				scanErr = &want{what: "unknown", sentinel: sszjson.ErrUnknownField, path: at(path, m.key), off: klo}
			}
			continue
		}
		f := fields[m.field]
		w := g.value(f.typ, at(path, f.name), depth)
		if seen[m.field] {
			if scanErr == nil {
				scanErr = &want{what: "dup", sentinel: sszjson.ErrDuplicateField, path: at(path, f.name), off: klo}
			}
			continue
		}
		seen[m.field] = true
		valErr[m.field] = w
	}
	g.ws()
	g.s("}")
	if scanErr != nil {
		return scanErr
	}
	for i, f := range fields {
		if !seen[i] {
			return &want{what: "missing", sentinel: sszjson.ErrMissingField, path: at(path, f.name), off: lo}
		}
	}
	for i := range fields {
		if valErr[i] != nil {
			return valErr[i]
		}
	}
	return nil
}

// TestErrorOrderModel: objects with several faults at once (unknown,
// duplicate and missing keys, bad values in fields, nested objects,
// escaped and upper-case keys, shuffled) give the error the documented
// two-pass rule gives.
func TestErrorOrderModel(t *testing.T) {
	n := 200000
	if testing.Short() {
		n = 20000
	}
	fails := 0
	var accepted, refused int
	for k := range n {
		g := &ogen{r: rand.New(rand.NewPCG(uint64(k), 22)), p: []float64{0, 0.05, 0.15, 0.4}[k%4]}
		w := g.object(flatFields, "", 0)
		var v Flat
		err := sszjson.Unmarshal(g.buf, &v)
		var msg string
		switch {
		case w == nil && err != nil:
			msg = fmt.Sprintf("refused a valid document: %v", err)
		case w == nil:
			accepted++
		case err == nil:
			msg = fmt.Sprintf("accepted; want %s at %s", w.what, w.path)
		default:
			refused++
			msg = errMatches(err, w)
		}
		if msg != "" {
			fails++
			if fails <= 20 {
				t.Errorf("seed %d: %s\n%s", k, msg, g.buf)
			}
		}
	}
	t.Logf("%d documents: %d accepted, %d refused as modelled, %d failures", n, accepted, refused, fails)
}

// TestValuesExact: accepted documents read into the value written, field
// by field (the fields checked against an independent parse).
func TestValuesExact(t *testing.T) {
	for k := range 20000 {
		r := rand.New(rand.NewPCG(uint64(k), 5))
		a := r.Uint64() >> r.IntN(64)
		b := [4]byte{byte(r.Uint32()), byte(r.Uint32()), byte(r.Uint32()), byte(r.Uint32())}
		d := make([]uint16, r.IntN(5))
		for i := range d {
			d[i] = uint16(r.Uint32())
		}
		gb := make([]byte, r.IntN(7))
		for i := range gb {
			gb[i] = byte(r.Uint32())
		}
		in := Inner{X: uint8(r.Uint32()), Y: r.Uint32(), Z: [3]byte{1, 2, byte(k)}}
		ds := make([]string, len(d))
		for i, x := range d {
			ds[i] = strconv.Itoa(int(x))
		}
		doc := fmt.Sprintf(`{"g":"0x%X","f":{"z":"0x%x","y":%d,"x":"%d"},"A":%d,"b":"0x%x","c":true,"d":[%s],"e":{"x":%d,"y":"%d","z":"0x%x"}}`,
			gb, in.Z, in.Y, in.X, a, b, strings.Join(ds, ","), in.X, in.Y, in.Z)
		var v Flat
		if err := sszjson.Unmarshal([]byte(doc), &v); err != nil {
			t.Fatalf("%s: %v", doc, err)
		}
		want := Flat{A: a, B: b, C: true, D: d, E: in, F: &in, G: gb}
		if !reflect.DeepEqual(v, want) {
			t.Fatalf("%s: got %+v, want %+v", doc, v, want)
		}
	}
}
