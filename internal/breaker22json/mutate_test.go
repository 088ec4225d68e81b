package breaker22json

import (
	"bytes"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/sszjson"
)

// TestMutations: valid documents with random byte edits. Whatever is
// read must be JSON (encoding/json.Valid), a valid SSZ value, and
// read back the same from its canonical JSON; whatever is refused is
// an *Error with a sentinel and an offset inside the input; nothing
// panics.
func TestMutations(t *testing.T) {
	seeds := []struct {
		doc string
		mk  func() any
	}{
		{`{"a":"1","b":"0x01020304","c":true,"d":[1,2],"e":{"x":1,"y":2,"z":"0x010203"},"f":{"x":"3","y":4,"z":"0xabcdef"},"g":"0x0102"}`, func() any { return new(Flat) }},
		{`{"s":{"selector":2,"value":[1,"2"]},"c":{"selector":5,"data":[7,8]},"ss":[{"selector":0,"value":null},{"selector":3,"value":{"x":1,"y":2,"z":"0x000000"}}]}`, func() any { return new(HasUnions) }},
	}
	small := registry(3, 1)
	small.Bits, small.Small, small.Roots = small.Bits[:3], small.Small[:3], small.Roots[:3]
	reg, err := sszjson.Marshal(small)
	if err != nil {
		t.Fatal(err)
	}
	seeds = append(seeds, struct {
		doc string
		mk  func() any
	}{string(reg), func() any { return new(Registry) }})
	alphabet := []byte(`{}[],:"\ 0123456789abcdefxABCDEFX-+.eEtruflsn_u` + "\t\n\x00\x1f\xff")
	r := rand.New(rand.NewPCG(9, 9))
	n, accepted := 0, 0
	for it := 0; it < 400000; it++ {
		s := seeds[it%len(seeds)]
		doc := []byte(s.doc)
		for range 1 + r.IntN(3) {
			i := r.IntN(len(doc) + 1)
			c := alphabet[r.IntN(len(alphabet))]
			switch r.IntN(3) {
			case 0:
				doc = append(doc[:i:i], append([]byte{c}, doc[i:]...)...)
			case 1:
				if i < len(doc) {
					doc = append(doc[:i:i], doc[i+1:]...)
				}
			default:
				if i < len(doc) {
					doc[i] = c
				}
			}
		}
		v := s.mk()
		err := func() (err error) {
			defer func() {
				if p := recover(); p != nil {
					t.Fatalf("PANIC on %q: %v", doc, p)
				}
			}()
			return sszjson.Unmarshal(doc, v)
		}()
		n++
		if err != nil {
			var e *sszjson.Error
			if !errors.As(err, &e) || e.Offset < 0 || e.Offset > int64(len(doc)) {
				t.Fatalf("%q: error %v: not an *Error with an offset in the input", doc, err)
			}
			known := false
			for _, s := range []error{sszjson.ErrSyntax, sszjson.ErrType, sszjson.ErrUnknownField, sszjson.ErrMissingField,
				sszjson.ErrDuplicateField, sszjson.ErrNumber, sszjson.ErrHex, ssz.ErrSize, ssz.ErrListTooLong, ssz.ErrBitlist, ssz.ErrBitvector, ssz.ErrUnion} {
				known = known || errors.Is(err, s)
			}
			if !known {
				t.Fatalf("%q: %v wraps no sentinel", doc, err)
			}
			if json.Valid(doc) && errors.Is(err, sszjson.ErrSyntax) {
				t.Errorf("%q is JSON (encoding/json), refused as ErrSyntax: %v", doc, err)
			}
			continue
		}
		accepted++
		if !json.Valid(doc) {
			t.Errorf("ACCEPTED NON-JSON %q", doc)
			continue
		}
		b1, err := ssz.Marshal(v)
		if err != nil {
			t.Errorf("%q read into an invalid value: %v", doc, err)
			continue
		}
		canon, err := sszjson.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		w := reflect.New(reflect.TypeOf(v).Elem()).Interface()
		if err := sszjson.Unmarshal(canon, w); err != nil {
			t.Errorf("canonical JSON of %q refused: %v", doc, err)
			continue
		}
		if b2, _ := ssz.Marshal(w); !bytes.Equal(b1, b2) {
			t.Errorf("%q: canonical JSON reads back to another value", doc)
		}
	}
	t.Logf("%d mutated documents, %d accepted", n, accepted)
	_ = strings.Repeat
}
