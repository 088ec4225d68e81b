package breaker22json

import (
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/holiman/uint256"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/sszjson"
)

// decodeTo decodes doc into a new value of Go type g (built with tag for
// a top-level field when wrap) and returns it.
func decodeTo(t *testing.T, typ *ssz.Type, doc []byte) (reflect.Value, error) {
	v := reflect.New(typ.Go).Elem()
	err := sszjson.UnmarshalValue(typ, doc, v)
	return v, err
}

func mustType(t *testing.T, g reflect.Type) *ssz.Type {
	t.Helper()
	typ, err := ssz.TypeOf(g)
	if err != nil {
		t.Fatalf("%s: %v", g, err)
	}
	return typ
}

// intOracle: the documented rule for an unsigned integer of bits bits
// written as s (quoted or not). It returns the value, or the sentinel.
func intOracle(s string, quoted bool, bits int) (*big.Int, error) {
	if s == "" {
		if quoted {
			return nil, sszjson.ErrNumber
		}
		return nil, sszjson.ErrSyntax
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			panic("oracle: digits only")
		}
	}
	if len(s) > 1 && s[0] == '0' {
		if quoted {
			return nil, sszjson.ErrNumber
		}
		return nil, sszjson.ErrSyntax // 01 is no JSON number
	}
	x, _ := new(big.Int).SetString(s, 10)
	if x.BitLen() > bits {
		return nil, sszjson.ErrNumber
	}
	return x, nil
}

func digitString(r *rand.Rand, bits int) string {
	switch r.IntN(6) {
	case 0: // around 2^bits
		x := new(big.Int).Lsh(big.NewInt(1), uint(bits))
		x.Add(x, big.NewInt(int64(r.IntN(5)-3)))
		if x.Sign() < 0 {
			x.SetInt64(0)
		}
		return x.String()
	case 1: // around 10^k
		x := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(r.IntN(80))), nil)
		x.Add(x, big.NewInt(int64(r.IntN(3)-1)))
		return x.String()
	case 2: // leading zeros
		return strings.Repeat("0", 1+r.IntN(3)) + fmt.Sprint(r.Uint64()>>r.IntN(64))
	case 3: // all nines of any length
		return strings.Repeat("9", r.IntN(25))
	}
	n := r.IntN(25)
	b := make([]byte, n)
	for i := range b {
		b[i] = byte('0' + r.IntN(10))
	}
	if n > 1 && r.IntN(4) != 0 && b[0] == '0' {
		b[0] = '1'
	}
	return string(b)
}

// bigOf reads an unsigned integer out of a decoded Go value.
func bigOf(v reflect.Value) *big.Int {
	if v.Kind() == reflect.Pointer {
		if v.IsNil() {
			return new(big.Int)
		}
		v = v.Elem()
	}
	switch v.Kind() {
	case reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return new(big.Int).SetUint64(v.Uint())
	case reflect.Array:
		var le []byte
		if v.Type().Elem().Kind() == reflect.Uint8 {
			le = make([]byte, v.Len())
			reflect.Copy(reflect.ValueOf(le), v)
		} else {
			for i := range v.Len() {
				le = binary.LittleEndian.AppendUint64(le, v.Index(i).Uint())
			}
		}
		be := make([]byte, len(le))
		for i := range le {
			be[len(le)-1-i] = le[i]
		}
		return new(big.Int).SetBytes(be)
	}
	panic(v.Type().String())
}

type intCase struct {
	name string
	g    reflect.Type
	tag  reflect.StructTag
	bits int
}

var intCases = []intCase{
	{"uint8", reflect.TypeFor[uint8](), "", 8},
	{"uint16", reflect.TypeFor[uint16](), "", 16},
	{"uint32", reflect.TypeFor[uint32](), "", 32},
	{"uint64", reflect.TypeFor[uint64](), "", 64},
	{"uint128 [16]byte", reflect.TypeFor[[16]byte](), `ssz-type:"uint128"`, 128},
	{"uint128 [2]uint64", reflect.TypeFor[[2]uint64](), `ssz-type:"uint128"`, 128},
	{"uint256 [32]byte", reflect.TypeFor[[32]byte](), `ssz-type:"uint256"`, 256},
	{"uint256 [4]uint64", reflect.TypeFor[[4]uint64](), `ssz-type:"uint256"`, 256},
	{"uint256.Int", reflect.TypeFor[uint256.Int](), "", 256},
	{"*uint256.Int", reflect.TypeFor[*uint256.Int](), "", 256},
}

// TestIntegersOracle: integers of every width, as numbers and decimal
// strings, at every length 0…24 digits and around 2^bits and 10^k, in
// three places (the whole document, an object member, a list element),
// read as the documented rule says.
func TestIntegersOracle(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	checked := 0
	for _, ic := range intCases {
		st := reflect.StructOf([]reflect.StructField{
			{Name: "A", Type: ic.g, Tag: ic.tag},
			{Name: "L", Type: reflect.SliceOf(ic.g), Tag: reflect.StructTag(strings.TrimSpace(strings.Replace(string(ic.tag), `ssz-type:"`, `ssz-type:"?,`, 1) + ` ssz-max:"8"`))},
		})
		stT := mustType(t, st)
		for range 4000 {
			s := digitString(r, ic.bits)
			quoted := r.IntN(2) == 0 || s == ""
			tok := s
			if quoted {
				tok = `"` + s + `"`
			}
			wantV, wantErr := intOracle(s, quoted, ic.bits)
			// As a member and as the last list element, with padding
			// so that eight-byte reads cross the token's end.
			pad := strings.Repeat(" ", r.IntN(9))
			doc := `{"a":` + tok + pad + `,"l":[1,` + tok + `]` + pad + `}`
			v, err := decodeTo(t, stT, []byte(doc))
			checked++
			if wantErr != nil {
				if !errors.Is(err, wantErr) {
					t.Errorf("%s %s: want %v, got %v", ic.name, doc, wantErr, err)
					continue
				}
				var e *sszjson.Error
				if errors.As(err, &e) && (e.Path != "a" || e.Offset != 5) {
					t.Errorf("%s %s: want path a at 5, got %q at %d", ic.name, doc, e.Path, e.Offset)
				}
				continue
			}
			if err != nil {
				t.Errorf("%s %s: refused: %v", ic.name, doc, err)
				continue
			}
			if got := bigOf(v.Field(0)); got.Cmp(wantV) != 0 {
				t.Errorf("%s %s: WRONG VALUE a=%s", ic.name, doc, got)
			}
			if got := bigOf(v.Field(1).Index(1)); got.Cmp(wantV) != 0 {
				t.Errorf("%s %s: WRONG VALUE l[1]=%s", ic.name, doc, got)
			}
			// The token as the whole document: the input ends with it.
			if ic.g.Kind() != reflect.Pointer {
				top, err := ssz.TypeOfTagged(ic.g, ic.tag)
				if err != nil {
					t.Fatal(err)
				}
				v, err := decodeTo(t, top, []byte(tok))
				if err != nil {
					t.Errorf("%s top %s: refused: %v", ic.name, tok, err)
				} else if got := bigOf(v); got.Cmp(wantV) != 0 {
					t.Errorf("%s top %s: WRONG VALUE %s", ic.name, tok, got)
				}
			}
		}
	}
	t.Logf("%d integer documents", checked)
}

// TestHexEveryLength: byte vectors (Go arrays and sized slices) and byte
// lists of every length 0…100, the whole document or a member, in mixed
// case, and with a bad digit at every place, an odd digit count and one
// byte too many or too few.
func TestHexEveryLength(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	n := 0
	for length := 0; length <= 100; length++ {
		var kinds []reflect.StructField
		if length > 0 {
			kinds = append(kinds,
				reflect.StructField{Name: "V", Type: reflect.ArrayOf(length, reflect.TypeFor[byte]())},
				reflect.StructField{Name: "V", Type: reflect.TypeFor[[]byte](), Tag: reflect.StructTag(fmt.Sprintf(`ssz-size:"%d"`, length))})
		}
		kinds = append(kinds, reflect.StructField{Name: "V", Type: reflect.TypeFor[[]byte](), Tag: reflect.StructTag(fmt.Sprintf(`ssz-max:"%d"`, max(length, 1)))})
		for _, f := range kinds {
			isList := strings.Contains(string(f.Tag), "max")
			st := mustType(t, reflect.StructOf([]reflect.StructField{f, {Name: "W", Type: reflect.TypeFor[uint8]()}}))
			top, err := ssz.TypeOfTagged(f.Type, f.Tag)
			if err != nil {
				t.Fatal(err)
			}
			data := make([]byte, length)
			for i := range data {
				data[i] = byte(r.Uint32())
			}
			digits := []byte(hex.EncodeToString(data))
			for i := range digits {
				if r.IntN(2) == 0 {
					digits[i] = bytes.ToUpper(digits[i : i+1])[0]
				}
			}
			get := func(v reflect.Value) []byte {
				if v.Kind() == reflect.Array {
					b := make([]byte, v.Len())
					reflect.Copy(reflect.ValueOf(b), v)
					return b
				}
				return v.Bytes()
			}
			// Accepted, as a member and as the document.
			doc := `{"v":"0x` + string(digits) + `","w":1}`
			v, err := decodeTo(t, st, []byte(doc))
			n++
			if err != nil || !bytes.Equal(get(v.Field(0)), data) {
				t.Errorf("%s %s: err %v, got %x want %x", f.Type, doc, err, get(v.Field(0)), data)
			}
			v, err = decodeTo(t, top, []byte(`"0x`+string(digits)+`"`))
			if err != nil || !bytes.Equal(get(v), data) {
				t.Errorf("%s top len %d: err %v", f.Type, length, err)
			}
			// As an array of numbers.
			var arr []string
			for _, c := range data {
				arr = append(arr, fmt.Sprint(c))
			}
			v, err = decodeTo(t, st, []byte(`{"v":[`+strings.Join(arr, ",")+`],"w":1}`))
			if err != nil || !bytes.Equal(get(v.Field(0)), data) {
				t.Errorf("%s array len %d: err %v", f.Type, length, err)
			}
			// A bad digit at every place.
			for i := range digits {
				bad := bytes.Clone(digits)
				bad[i] = "gG:/@`xX"[r.IntN(8)]
				doc := `{"v":"0x` + string(bad) + `","w":1}`
				_, err := decodeTo(t, st, []byte(doc))
				n++
				var e *sszjson.Error
				if !errors.As(err, &e) || !errors.Is(err, sszjson.ErrHex) || e.Path != "v" || e.Offset != int64(8+i) {
					t.Errorf("%s %s: want ErrHex at v, byte %d; got %v", f.Type, doc, 8+i, err)
				}
				_, err = decodeTo(t, top, []byte(`"0x`+string(bad)+`"`))
				if !errors.As(err, &e) || !errors.Is(err, sszjson.ErrHex) || e.Offset != int64(3+i) {
					t.Errorf("%s top bad digit %d: got %v", f.Type, i, err)
				}
			}
			// Odd, and a byte too many or too few.
			for _, c := range []struct {
				digits string
				want   error
			}{
				{string(digits) + "0", sszjson.ErrHex},
				{string(digits) + "00", map[bool]error{true: ssz.ErrListTooLong, false: ssz.ErrSize}[isList]},
				{string(digits[:max(0, len(digits)-2)]), ssz.ErrSize},
			} {
				if c.want == ssz.ErrSize && (isList || length == 0) {
					continue
				}
				if isList && c.want == ssz.ErrListTooLong && length == 0 {
					continue // a list of limit 1 takes one byte
				}
				doc := `{"v":"0x` + c.digits + `","w":1}`
				_, err := decodeTo(t, st, []byte(doc))
				n++
				var e *sszjson.Error
				if !errors.As(err, &e) || !errors.Is(err, c.want) || e.Path != "v" || e.Offset != 5 {
					t.Errorf("%s %s: want %v at v byte 5, got %v", f.Type, doc, c.want, err)
				}
			}
		}
	}
	t.Logf("%d hex documents", n)
}
