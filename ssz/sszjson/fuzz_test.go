package sszjson_test

import (
	"bytes"
	"errors"
	"reflect"
	"testing"

	"github.com/lanehash/lanehash/internal/spectest"
	"github.com/lanehash/lanehash/internal/sszrand"
	"github.com/lanehash/lanehash/internal/sszwalk"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
	"github.com/lanehash/lanehash/ssz/sszjson"
)

// fuzzTypes are the types FuzzUnmarshal reads each input as.
var fuzzTypes = []reflect.Type{
	reflect.TypeFor[kinds](),
	reflect.TypeFor[spectest.ProgressiveComplexTestStruct](),
	reflect.TypeFor[phase0.BeaconBlockBody](),
}

// sentinels are the causes an error of Unmarshal may wrap.
var sentinels = []error{sszjson.ErrSyntax, sszjson.ErrType, sszjson.ErrUnknownField, sszjson.ErrMissingField,
	sszjson.ErrDuplicateField, sszjson.ErrNumber, sszjson.ErrHex, ssz.ErrSize, ssz.ErrListTooLong,
	ssz.ErrBitlist, ssz.ErrBitvector, ssz.ErrUnion}

// FuzzUnmarshal reads any input as each of fuzzTypes: it never panics;
// an error is an *Error wrapping one of the sentinels, its offset in the
// input; a value read is a valid SSZ value (ssz.Marshal takes it), which
// Marshal writes and Unmarshal reads back to the same serialization, and
// whose JSON is a fixed point. The seeds (valid documents of each type
// and broken ones) run with go test; go test -fuzz FuzzUnmarshal
// explores from them.
func FuzzUnmarshal(f *testing.F) {
	for i, gt := range fuzzTypes {
		st, err := ssz.TypeOf(gt)
		if err != nil {
			f.Fatal(err)
		}
		src := &sszrand.Filler{Rand: sszrand.NewRand(uint64(100 + i)), MaxList: 3, MaxBits: 40}
		for range 3 {
			v := reflect.New(gt)
			if err := sszwalk.Fill(st, v.Elem(), src); err != nil {
				f.Fatal(err)
			}
			js, err := sszjson.Marshal(v.Interface())
			if err != nil {
				f.Fatal(err)
			}
			f.Add(js)
			f.Add(js[:len(js)/2])
			ind, _ := sszjson.MarshalIndent(v.Interface(), "", " ")
			f.Add(ind)
		}
	}
	for _, s := range []string{``, `{}`, `[]`, `null`, `{"b":true,"b":false}`, `{"u":{"selector":1,"value":"1"}}`,
		`"0x00"`, `[[[[[[[[[[[[]]]]]]]]]]]]`, `{"a":"\u0030"}`, `{"x":1e400}`, `{"slot":"18446744073709551616"}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, gt := range fuzzTypes {
			v := reflect.New(gt)
			err := sszjson.Unmarshal(data, v.Interface())
			if err != nil {
				var je *sszjson.Error
				if !errors.As(err, &je) || je.Offset < 0 || je.Offset > int64(len(data)) {
					t.Fatalf("%v: error %v: want an *Error with an offset in the input", gt, err)
				}
				known := false
				for _, s := range sentinels {
					known = known || errors.Is(err, s)
				}
				if !known {
					t.Fatalf("%v: error %v wraps no sentinel", gt, err)
				}
				continue
			}
			enc, err := ssz.Marshal(v.Interface())
			if err != nil {
				t.Fatalf("%v: read a value ssz.Marshal refuses: %v", gt, err)
			}
			js, err := sszjson.Marshal(v.Interface())
			if err != nil {
				t.Fatalf("%v: Marshal: %v", gt, err)
			}
			w := reflect.New(gt)
			if err := sszjson.Unmarshal(js, w.Interface()); err != nil {
				t.Fatalf("%v: reading Marshal's output: %v", gt, err)
			}
			enc2, _ := ssz.Marshal(w.Interface())
			js2, _ := sszjson.Marshal(w.Interface())
			if !bytes.Equal(enc, enc2) || !bytes.Equal(js, js2) {
				t.Fatalf("%v: read back differs", gt)
			}
		}
	})
}
