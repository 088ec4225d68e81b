package sszjson_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"maps"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/lanehash/lanehash/internal/sszrand"
	"github.com/lanehash/lanehash/internal/sszwalk"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/altair"
	"github.com/lanehash/lanehash/ssz/consensus/gloas"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
	"github.com/lanehash/lanehash/ssz/sszjson"
)

// base returns the JSON of a fixed value of kinds as a map of its
// fields' JSON, to be edited; doc writes such a map back.
func base(t testing.TB) map[string]json.RawMessage {
	t.Helper()
	st, err := ssz.TypeFor[kinds]()
	if err != nil {
		t.Fatal(err)
	}
	v := new(kinds)
	f := &sszrand.Filler{Rand: sszrand.NewRand(99), MaxList: 3, MaxBits: 30}
	if err := sszwalk.Fill(st, reflect.ValueOf(v).Elem(), f); err != nil {
		t.Fatal(err)
	}
	v.U = ssz.Union[struct {
		None ssz.None
		A    uint16
		B    []byte `ssz-max:"4"`
		C    phase0.Checkpoint
	}]{Selector: 1, Value: uint16(7)}
	b, err := sszjson.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	m := map[string]json.RawMessage{}
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

func doc(m map[string]json.RawMessage) []byte {
	keys := slices.Sorted(maps.Keys(m))
	b := []byte{'{'}
	for i, k := range keys {
		if i > 0 {
			b = append(b, ',')
		}
		q, _ := json.Marshal(k)
		b = append(append(append(b, q...), ':'), m[k]...)
	}
	return append(b, '}')
}

// edit returns the base document with field key set to raw JSON (or
// removed when raw is "").
func edit(t testing.TB, key, raw string) []byte {
	m := base(t)
	if raw == "" {
		delete(m, key)
	} else {
		m[key] = json.RawMessage(raw)
	}
	return doc(m)
}

// TestHostile feeds documents that are wrong in one way each and checks
// the error's sentinel and path, and that its byte offset lies in the
// input.
func TestHostile(t *testing.T) {
	valid := doc(base(t))
	if err := sszjson.Unmarshal(valid, new(kinds)); err != nil {
		t.Fatalf("the base document: %v", err)
	}
	for _, c := range hostileCases(t) {
		err := sszjson.Unmarshal(c.in, new(kinds))
		var je *sszjson.Error
		switch {
		case !errors.As(err, &je):
			t.Errorf("%s: error %v, want an *sszjson.Error", c.name, err)
		case !errors.Is(err, c.err) || je.Path != c.path:
			t.Errorf("%s: %v (path %q), want %v at %q", c.name, err, je.Path, c.err, c.path)
		case je.Offset < 0 || je.Offset > int64(len(c.in)):
			t.Errorf("%s: offset %d outside the input of %d bytes", c.name, je.Offset, len(c.in))
		}
	}
}

// hostileCase is a document of kinds wrong in one way, the sentinel of
// its error and the error's path.
type hostileCase struct {
	name string
	in   []byte
	err  error
	path string
}

// hostileCases are TestHostile's documents (the differential test reads
// them too).
func hostileCases(t testing.TB) []hostileCase {
	valid := doc(base(t))
	tail := func(s string) []byte { // valid with s put before its closing brace
		return append(append(bytes.Clone(valid[:len(valid)-1]), s...), '}')
	}
	deep := strings.Repeat("[", 100000) + strings.Repeat("]", 100000)
	return []hostileCase{
		{"unknown key", edit(t, "zzz", "1"), sszjson.ErrUnknownField, "zzz"},
		{"odd key", edit(t, "a b", "1"), sszjson.ErrUnknownField, `"a b"`},
		{"missing field", edit(t, "root", ""), sszjson.ErrMissingField, "root"},
		{"duplicate key", tail(`,"b":true`), sszjson.ErrDuplicateField, "b"},
		{"duplicate by another name", tail(`,"B":true`), sszjson.ErrDuplicateField, "b"},
		{"vector short", edit(t, "vec", `[{"epoch":"1","root":"0x`+strings.Repeat("00", 32)+`"}]`), ssz.ErrSize, "vec"},
		{"vector long", edit(t, "bools", `[true,true,true,true]`), ssz.ErrSize, "bools"},
		{"vector of bytes short", edit(t, "fixed", `"0x0102"`), ssz.ErrSize, "fixed"},
		{"empty zero vector", edit(t, "fixed", `"0x"`), ssz.ErrSize, "fixed"},
		{"root long", edit(t, "root", `"0x`+strings.Repeat("00", 33)+`"`), ssz.ErrSize, "root"},
		{"list over limit", edit(t, "nums", `[1,2,3,4,5,6,7,8]`), ssz.ErrListTooLong, "nums"},
		{"byte list over limit", edit(t, "bytes", `"0x`+strings.Repeat("ab", 41)+`"`), ssz.ErrListTooLong, "bytes"},
		{"byte array over limit", edit(t, "bytes", `[`+strings.Repeat("1,", 40)+`1]`), ssz.ErrListTooLong, "bytes"},
		{"bad hex digit", edit(t, "root", `"0x`+strings.Repeat("0g", 32)+`"`), sszjson.ErrHex, "root"},
		{"odd hex", edit(t, "bytes", `"0x123"`), sszjson.ErrHex, "bytes"},
		{"no 0x", edit(t, "bytes", `"1234"`), sszjson.ErrHex, "bytes"},
		{"0X", edit(t, "bytes", `"0X12"`), sszjson.ErrHex, "bytes"},
		{"uint8 over", edit(t, "u_8", `"256"`), sszjson.ErrNumber, "u_8"},
		{"uint64 over", edit(t, "u_64", `18446744073709551616`), sszjson.ErrNumber, "u_64"},
		{"uint64 huge", edit(t, "u_64", `"`+strings.Repeat("9", 100000)+`"`), sszjson.ErrNumber, "u_64"},
		{"uint256 over", edit(t, "u_256", `"115792089237316195423570985008687907853269984665640564039457584007913129639936"`), sszjson.ErrNumber, "u_256"},
		{"uint128 over", edit(t, "u_128", `340282366920938463463374607431768211456`), sszjson.ErrNumber, "u_128"},
		{"negative", edit(t, "u_16", `-1`), sszjson.ErrNumber, "u_16"},
		{"negative string", edit(t, "u_16", `"-1"`), sszjson.ErrNumber, "u_16"},
		{"fraction", edit(t, "u_16", `1.5`), sszjson.ErrNumber, "u_16"},
		{"integral fraction", edit(t, "u_16", `1.0`), sszjson.ErrNumber, "u_16"},
		{"exponent", edit(t, "u_16", `1e2`), sszjson.ErrNumber, "u_16"},
		{"exponent string", edit(t, "u_16", `"1e2"`), sszjson.ErrNumber, "u_16"},
		{"leading zero", edit(t, "u_16", `"01"`), sszjson.ErrNumber, "u_16"},
		{"plus", edit(t, "u_16", `"+1"`), sszjson.ErrNumber, "u_16"},
		{"space in string", edit(t, "u_16", `" 1"`), sszjson.ErrNumber, "u_16"},
		{"empty string", edit(t, "u_16", `""`), sszjson.ErrNumber, "u_16"},
		{"hex number", edit(t, "u_16", `"0x10"`), sszjson.ErrNumber, "u_16"},
		{"element over", edit(t, "nums", `["1","65536"]`), sszjson.ErrNumber, "nums[1]"},
		{"flag over", edit(t, "flags", `[1,256]`), sszjson.ErrNumber, "flags[1]"},
		{"bitlist no delimiter", edit(t, "bl", `"0x0100"`), ssz.ErrBitlist, "bl"},
		{"bitlist empty", edit(t, "bl", `"0x"`), ssz.ErrBitlist, "bl"},
		{"bitlist over limit", edit(t, "bl", `"0x00000001"`), ssz.ErrListTooLong, "bl"},
		{"progressive bitlist empty", edit(t, "pbl", `"0x"`), ssz.ErrBitlist, "pbl"},
		{"bitvector unused bits", edit(t, "bv", `"0xff1f"`), ssz.ErrBitvector, "bv"},
		{"bitvector size", edit(t, "bv", `"0xff"`), ssz.ErrSize, "bv"},
		{"bool as number", edit(t, "b", `1`), sszjson.ErrType, "b"},
		{"bool as string", edit(t, "b", `"true"`), sszjson.ErrType, "b"},
		{"object as array", edit(t, "inner", `[]`), sszjson.ErrType, "inner"},
		{"array as string", edit(t, "nums", `"0x00"`), sszjson.ErrType, "nums"},
		{"number as null", edit(t, "u_8", `null`), sszjson.ErrType, "u_8"},
		{"number as object", edit(t, "u_8", `{}`), sszjson.ErrType, "u_8"},
		{"bytes as number", edit(t, "root", `5`), sszjson.ErrType, "root"},
		{"nested deep", edit(t, "inner", deep), sszjson.ErrType, "inner"},
		{"nested deep in list", edit(t, "nums", "["+deep+"]"), sszjson.ErrType, "nums[0]"},
		{"deep path", edit(t, "vec", `[{"epoch":"1","root":"0x`+strings.Repeat("00", 32)+`"},{"epoch":"x","root":"0x`+strings.Repeat("00", 32)+`"}]`), sszjson.ErrNumber, "vec[1].epoch"},
		{"deep missing", edit(t, "vec", `[{"epoch":"1","root":"0x`+strings.Repeat("00", 32)+`"},{"epoch":"1"}]`), sszjson.ErrMissingField, "vec[1].root"},
		{"list element", edit(t, "lists", `["0x01","0x1"]`), sszjson.ErrHex, "lists[1]"},
		{"union selector", edit(t, "u", `{"selector":9,"value":1}`), ssz.ErrUnion, "u.selector"},
		{"union selector string", edit(t, "u", `{"selector":"x","value":1}`), sszjson.ErrType, "u.selector"},
		{"union selector negative", edit(t, "u", `{"selector":-1,"value":1}`), sszjson.ErrNumber, "u.selector"},
		{"union selector fraction", edit(t, "u", `{"selector":1.0,"value":1}`), sszjson.ErrNumber, "u.selector"},
		{"union no value", edit(t, "u", `{"selector":1}`), sszjson.ErrMissingField, "u.value"},
		{"union no selector", edit(t, "u", `{"value":1}`), sszjson.ErrMissingField, "u.selector"},
		{"union none without value", edit(t, "u", `{"selector":0}`), sszjson.ErrMissingField, "u.value"},
		{"union selector as string", edit(t, "u", `{"selector":"1","value":1}`), sszjson.ErrType, "u.selector"},
		{"union none selector as string", edit(t, "u", `{"value":null,"selector":"0"}`), sszjson.ErrType, "u.selector"},
		{"union selector null", edit(t, "u", `{"selector":null,"value":null}`), sszjson.ErrType, "u.selector"},
		{"union selector true", edit(t, "u", `{"selector":true,"value":null}`), sszjson.ErrType, "u.selector"},
		{"compatible union selector as string", edit(t, "cu", `{"selector":"1","data":{}}`), sszjson.ErrType, "cu.selector"},
		{"union none with value", edit(t, "u", `{"selector":0,"value":1}`), sszjson.ErrType, "u.value"},
		{"union none with a string", edit(t, "u", `{"selector":0,"value":"null"}`), sszjson.ErrType, "u.value"},
		{"union none with an object", edit(t, "u", `{"selector":0,"value":{}}`), sszjson.ErrType, "u.value"},
		// A token that is no JSON where the None option's null belongs
		// is not JSON, as anywhere else, not JSON of the wrong kind.
		{"union none with nul", edit(t, "u", `{"selector":0,"value":nul}`), sszjson.ErrSyntax, "u.value"},
		{"union none with nullx", edit(t, "u", `{"selector":0,"value":nullx}`), sszjson.ErrSyntax, "u.value"},
		{"union none with tru", edit(t, "u", `{"selector":0,"value":tru}`), sszjson.ErrSyntax, "u.value"},
		{"union none with 1x", edit(t, "u", `{"value":1x,"selector":0}`), sszjson.ErrSyntax, "u.value"},
		{"union none with -", edit(t, "u", `{"selector":0,"value":-}`), sszjson.ErrSyntax, "u.value"},
		{"union extra key", edit(t, "u", `{"selector":1,"value":1,"x":1}`), sszjson.ErrUnknownField, "u.x"},
		{"union twice", edit(t, "u", `{"selector":1,"selector":1,"value":1}`), sszjson.ErrDuplicateField, "u.selector"},
		{"union value", edit(t, "u", `{"selector":1,"value":"70000"}`), sszjson.ErrNumber, "u.value"},
		{"union inner path", edit(t, "u", `{"selector":3,"value":{"epoch":"1","root":"0x00"}}`), ssz.ErrSize, "u.value.root"},
		{"compatible union 0", edit(t, "cu", `{"selector":0,"data":null}`), ssz.ErrUnion, "cu.selector"},
		{"compatible union value key", edit(t, "cu", `{"selector":1,"value":{}}`), sszjson.ErrUnknownField, "cu.value"},
		{"trailing garbage", append(bytes.Clone(valid), " x"...), sszjson.ErrSyntax, ""},
		{"two documents", append(bytes.Clone(valid), valid...), sszjson.ErrSyntax, ""},
		{"trailing comma", tail(","), sszjson.ErrSyntax, ""},
		{"no colon", tail(`,"zz" 1`), sszjson.ErrSyntax, ""},
		{"unterminated", valid[:len(valid)-1], sszjson.ErrSyntax, ""},
		{"unterminated string", valid[:len(valid)/2], sszjson.ErrSyntax, ""},
		{"empty", nil, sszjson.ErrSyntax, ""},
		{"white space only", []byte(" \n\t"), sszjson.ErrSyntax, ""},
		{"bad literal", edit(t, "b", `tru`), sszjson.ErrSyntax, "b"},
		{"bad token", edit(t, "u_8", `0x1`), sszjson.ErrSyntax, "u_8"},
		{"control character", edit(t, "bytes", "\"0x\x01\""), sszjson.ErrSyntax, "bytes"},
		{"bad escape", edit(t, "bytes", `"0x\q"`), sszjson.ErrSyntax, "bytes"},
		{"mismatched brackets", edit(t, "nums", `[1,2}`), sszjson.ErrSyntax, "nums"},
		{"array comma", edit(t, "nums", `[1,,2]`), sszjson.ErrSyntax, "nums"},
		{"not an object", []byte(`[1,2]`), sszjson.ErrType, ""},
	}
}

// TestErrorOffset checks that errors point at the value at fault.
func TestErrorOffset(t *testing.T) {
	in := edit(t, "zzz", "1")
	err := sszjson.Unmarshal(in, new(kinds))
	var je *sszjson.Error
	if !errors.As(err, &je) || !bytes.HasPrefix(in[je.Offset:], []byte(`"zzz"`)) {
		t.Errorf("unknown key: %v", err)
	}
	in = edit(t, "u_16", `"70000"`)
	err = sszjson.Unmarshal(in, new(kinds))
	if !errors.As(err, &je) || !bytes.HasPrefix(in[je.Offset:], []byte(`"70000"`)) {
		t.Errorf("bad number: %v", err)
	}
	want := `sszjson: u_16: byte ` // the message: path, byte, cause
	if !strings.HasPrefix(err.Error(), want) || !strings.Contains(err.Error(), "out of range for uint16") {
		t.Errorf("message %q", err)
	}
}

// TestAccepted checks what reading accepts beyond the written form.
func TestAccepted(t *testing.T) {
	valid := doc(base(t))
	var want kinds
	if err := sszjson.Unmarshal(valid, &want); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, key, raw string
	}{
		{"number", "u_64", `12`},
		{"max uint64", "u_64", `18446744073709551615`},
		{"max uint256", "u_256", `"115792089237316195423570985008687907853269984665640564039457584007913129639935"`},
		{"bytes as numbers", "fixed", `[1,2,3,4,255]`},
		{"upper-case hex", "fixed", `"0xABCDEF0102"`},
		{"escaped", "fixed", `"\u0030x\u0061bcdef0102"`},
		{"Go name key", "EffectiveBalance", ""},
	} {
		m := base(t)
		if c.raw != "" {
			m[c.key] = json.RawMessage(c.raw)
		}
		in := doc(m)
		in = bytes.ReplaceAll(in, []byte(`,"`), []byte(" ,\n\t\"")) // white space
		var got kinds
		if err := sszjson.Unmarshal(in, &got); err != nil {
			t.Errorf("%s: %v", c.name, err)
		}
	}
	// Keys as proof paths name fields: the Go name, folded names.
	m := base(t)
	m["U16"], m["u16"] = m["u_16"], nil
	delete(m, "u_16")
	delete(m, "u16")
	m["U_256I"] = m["u256_i"]
	delete(m, "u256_i")
	var got kinds
	if err := sszjson.Unmarshal(doc(m), &got); err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("Go and folded names: %v", err)
	}
	// A union's None: value null, the members in either order.
	for _, u := range []string{`{"selector":0,"value":null}`, `{"value":null,"selector":0}`, `{ "selector" : 0 , "value" : null }`} {
		m := base(t)
		m["u"] = json.RawMessage(u)
		if err := sszjson.Unmarshal(doc(m), &got); err != nil || got.U.Selector != 0 || got.U.Value != nil {
			t.Errorf("%s: %v", u, err)
		}
	}
}

// TestHostileMemory checks that inputs claiming much allocate little: a
// byte vector of a megabyte of hex, a list of a million elements over a
// small limit, a million-deep nesting, and a list of a million empty
// objects (each an error), allocate at most a small multiple of their size.
func TestHostileMemory(t *testing.T) {
	mb := 1 << 20
	for _, c := range []struct {
		name string
		in   []byte
	}{
		{"huge root", edit(t, "root", `"0x`+strings.Repeat("ab", mb)+`"`)},
		{"huge list", edit(t, "nums", "["+strings.Repeat("1,", mb)+"1]")},
		{"huge byte list", edit(t, "bytes", `"0x`+strings.Repeat("ab", mb)+`"`)},
		{"deep", edit(t, "inner", strings.Repeat("[", mb)+strings.Repeat("]", mb))},
		{"many objects", edit(t, "vec", "["+strings.Repeat("{},", mb)+"{}]")},
		{"long key", edit(t, strings.Repeat("k", mb), "1")},
		{"escapes", edit(t, "bytes", `"`+strings.Repeat(`\u0030`, mb)+`"`)},
	} {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		err := sszjson.Unmarshal(c.in, new(kinds))
		runtime.ReadMemStats(&after)
		if err == nil {
			t.Errorf("%s: no error", c.name)
		}
		if alloc := after.TotalAlloc - before.TotalAlloc; alloc > uint64(2*len(c.in))+1<<20 {
			t.Errorf("%s: %d bytes allocated for %d of input", c.name, alloc, len(c.in))
		}
	}
}

// wide has lists whose limits allow millions of elements.
type wide struct {
	L []phase0.Checkpoint `ssz-max:"1099511627776"`
	B [][]byte            `ssz-max:"1099511627776,8"`
}

// TestHostileMemoryLists checks lists of a million elements: of empty
// objects (refused at the first, which is too short to be a
// Checkpoint), of empty lists (valid: 24 bytes of Go slice header for
// each three bytes of input, and nothing else: 8 times the input) and of
// Checkpoints (40 bytes of Go for 85 of JSON).
func TestHostileMemoryLists(t *testing.T) {
	mb := 1 << 20
	cp := `{"epoch":"1","root":"0x` + strings.Repeat("00", 32) + `"}`
	for _, c := range []struct {
		name  string
		in    string
		ok    bool
		ratio uint64
	}{
		{"empty objects", `{"l":[` + strings.Repeat("{},", mb) + `{}],"b":[]}`, false, 1},
		{"empty lists", `{"l":[],"b":[` + strings.Repeat("[],", mb) + `[]]}`, true, 8},
		{"checkpoints", `{"l":[` + strings.Repeat(cp+",", mb/16) + cp + `],"b":[]}`, true, 1},
	} {
		in := []byte(c.in)
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		err := sszjson.Unmarshal(in, new(wide))
		runtime.ReadMemStats(&after)
		if (err == nil) != c.ok {
			t.Errorf("%s: %v", c.name, err)
		}
		alloc := after.TotalAlloc - before.TotalAlloc
		t.Logf("%s: %d bytes allocated for %d of input", c.name, alloc, len(c.in))
		if alloc > c.ratio*uint64(len(c.in))+1<<20 {
			t.Errorf("%s: %d bytes allocated for %d of input", c.name, alloc, len(c.in))
		}
	}
}

// TestKeysFoldASCII checks that a key names a field when it spells the
// field's name up to the case of ASCII letters and underscores, and not
// when it matches only under Unicode's case mappings (KELVIN SIGN for k,
// İ for i), raw or escaped: those are unknown keys.
func TestKeysFoldASCII(t *testing.T) {
	js, err := sszjson.Marshal(&gloas.Builder{Pubkey: phase0.BLSPubKey{1}})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ from, to string }{
		{`"pubkey"`, "\"pub\u212aey\""},
		{`"pubkey"`, `"pub\u212aey"`},
		{`"pubkey"`, "\"PUB\u212aEY\""},
		{`"version"`, "\"vers\u0130on\""},
		{`"version"`, `"vers\u0130on"`},
		{`"version"`, "\"vers\u0131on\""},
	} {
		in := bytes.Replace(js, []byte(c.from), []byte(c.to), 1)
		err := sszjson.Unmarshal(in, new(gloas.Builder))
		var je *sszjson.Error
		if !errors.As(err, &je) || !errors.Is(err, sszjson.ErrUnknownField) || je.Offset != int64(bytes.Index(in, []byte(c.to))) {
			t.Errorf("key %s: %v, want ErrUnknownField at the key", c.to, err)
		}
	}
	for _, c := range []struct{ from, to string }{
		{`"pubkey"`, `"PUB_KEY"`},
		{`"pubkey"`, `"Pubkey"`},
		{`"version"`, `"VERSION"`},
		{`"version"`, `"v\u0045rsion"`},
	} {
		in := bytes.Replace(js, []byte(c.from), []byte(c.to), 1)
		if err := sszjson.Unmarshal(in, new(gloas.Builder)); err != nil {
			t.Errorf("key %s: %v", c.to, err)
		}
	}
}

// named8 has sequences of a named uint8, which the form writes as arrays
// of decimal strings, and byte strings beside them.
type named8 struct {
	L []altair.ParticipationFlags `ssz-max:"4"`
	V [2]altair.ParticipationFlags
	B []byte `ssz-max:"4"`
	R [2]byte
}

// TestNamedUint8NotHex checks that a sequence of a named uint8 is an
// array, read and written (one predicate, sszlayout.IsBytes, decides
// both): hex there is ErrType, as a byte string's array of numbers is
// not.
func TestNamedUint8NotHex(t *testing.T) {
	v := named8{L: []altair.ParticipationFlags{3, 7}, V: [2]altair.ParticipationFlags{1, 2}, B: []byte{3, 7}, R: [2]byte{1, 2}}
	js, err := sszjson.Marshal(&v)
	if want := `{"l":["3","7"],"v":["1","2"],"b":"0x0307","r":"0x0102"}`; err != nil || string(js) != want {
		t.Fatalf("Marshal: %s, %v; want %s", js, err, want)
	}
	var got named8
	if err := sszjson.Unmarshal([]byte(`{"l":[3,"7"],"v":["1",2],"b":[3,7],"r":[1,"2"]}`), &got); err != nil || !reflect.DeepEqual(got, v) {
		t.Errorf("arrays: %+v, %v", got, err)
	}
	for _, c := range []struct{ in, path string }{
		{`{"l":"0x0307","v":["1","2"],"b":"0x0307","r":"0x0102"}`, "l"},
		{`{"l":["3","7"],"v":"0x0102","b":"0x0307","r":"0x0102"}`, "v"},
		{`{"l":"","v":["1","2"],"b":"0x0307","r":"0x0102"}`, "l"},
	} {
		err := sszjson.Unmarshal([]byte(c.in), new(named8))
		var je *sszjson.Error
		if !errors.As(err, &je) || !errors.Is(err, sszjson.ErrType) || je.Path != c.path {
			t.Errorf("%s: %v, want ErrType at %s", c.in, err, c.path)
		}
	}
}

// hexFields has a byte vector, a byte list and a bitlist, each read
// from hex by its own path (decoded straight into the vector, into a
// new slice, checked as a bitfield).
type hexFields struct {
	R  [2]byte
	L  []byte `ssz-max:"8"`
	BL []byte `ssz:"bitlist" ssz-max:"64"`
}

// TestHexBadDigitOffset checks that a bad hex digit is placed at its own
// byte of the input (the backslash of the escape that gives it) however
// many escapes of whatever length come before it in its string: the
// digits are checked unescaped, and an index there is not a byte of the
// input.
func TestHexBadDigitOffset(t *testing.T) {
	for _, c := range []struct {
		field, str string // the string, the bad digit marked by a leading ^
	}{
		{"r", `"\u0030x0^g00"`}, // the breaker's case, in a vector of 2
		{"r", `"0x\u0030^g00"`},
		{"r", `"\u0030\u0078\u0030\u0031^z0"`},
		{"r", `"0x\u0041\u00410^g"`},
		{"r", `"0x00^\n0"`},              // the escape is the bad digit
		{"r", `"0x\u0030^\t\u00300"`},    // after an escape, an escape
		{"r", `"0x^\ud83d\ude00"`},       // a surrogate pair: 4 bytes of UTF-8, the first at fault
		{"r", `"0x\u00410^é"`},           // two bytes of raw UTF-8
		{"r", `"0x^\u00e9\u0030\u0030"`}, // an escape of two bytes of UTF-8
		{"r", `"0x0^g00"`},               // no escapes
		{"l", `"0x\u0030\u0030^\/0"`},
		{"l", `"0x\u0030\u0031\u0030^G"`},
		{"l", `"0x\u0031\u0032\u0033\u0034^ \u0035"`},
		{"bl", `"0x\u0030\u0031^x1"`},
		{"bl", `"0x0\u0031^\"1"`},
	} {
		at := strings.Index(c.str, "^")
		str := strings.Replace(c.str, "^", "", 1)
		m := map[string]string{"r": `"0x0000"`, "l": `"0x"`, "bl": `"0x01"`}
		m[c.field] = str
		doc := `{"r":` + m["r"] + `,"l":` + m["l"] + `,"bl":` + m["bl"] + `}`
		want := strings.Index(doc, str) + at
		err := sszjson.Unmarshal([]byte(doc), new(hexFields))
		var je *sszjson.Error
		if !errors.As(err, &je) || !errors.Is(err, sszjson.ErrHex) || je.Path != c.field || je.Offset != int64(want) {
			t.Errorf("%s: %v, want ErrHex at %s, byte %d (%q)", doc, err, c.field, want, doc[want:])
		}
		if oerr := sszjson.OracleUnmarshal([]byte(doc), new(hexFields)); oerr == nil || err == nil || oerr.Error() != err.Error() {
			t.Errorf("%s: %v, the oracle %v", doc, err, oerr)
		}
	}
}

// TestLongFoldedKeys checks that a key names its field whatever its
// length, as a proof path's step does, underscores folding away (a key
// of 256 underscores and "a" was refused for its raw length), and that
// a long key whose fold names no field is unknown, at the key.
func TestLongFoldedKeys(t *testing.T) {
	type ab struct {
		A uint64
		B uint64
	}
	for _, key := range []string{
		strings.Repeat("_", 256) + "a",
		strings.Repeat("_", 255) + "A",
		strings.Repeat("_", 100000) + "a" + strings.Repeat("_", 100000),
		"_a" + strings.Repeat("_", 5000),
	} {
		doc := `{"` + key + `":7,"b":1}`
		var v ab
		if err := sszjson.Unmarshal([]byte(doc), &v); err != nil || v.A != 7 {
			t.Errorf("%d-byte key folding to a: %v (A=%d)", len(key), err, v.A)
		}
		if err := sszjson.OracleUnmarshal([]byte(doc), new(ab)); err != nil {
			t.Errorf("%d-byte key folding to a, the oracle: %v", len(key), err)
		}
	}
	for _, key := range []string{
		strings.Repeat("_", 256) + "ab",
		strings.Repeat("_", 256) + "c",
		strings.Repeat("a", 300),
	} {
		doc := `{"b":1,"` + key + `":7}`
		err := sszjson.Unmarshal([]byte(doc), new(ab))
		var je *sszjson.Error
		if !errors.As(err, &je) || !errors.Is(err, sszjson.ErrUnknownField) || je.Offset != int64(len(`{"b":1,`)) {
			t.Errorf("%d-byte key naming nothing: %v, want ErrUnknownField at byte %d", len(key), err, len(`{"b":1,`))
		}
	}
}
