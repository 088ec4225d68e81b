package breaker22json

import (
	"runtime"
	"strings"
	"testing"

	"github.com/holiman/uint256"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
	"github.com/lanehash/lanehash/ssz/sszjson"
	"reflect"
)

// allocated returns the bytes f allocates (runtime.MemStats.TotalAlloc),
// the least of a few runs.
func allocated(f func()) uint64 {
	best := ^uint64(0)
	for range 3 {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		f()
		runtime.ReadMemStats(&after)
		best = min(best, after.TotalAlloc-before.TotalAlloc)
	}
	return best
}

// BigUnion's option 1 is 32 KiB of Go written in about 2 KiB of JSON.
type BigUnion = ssz.Union[struct {
	Nothing ssz.None
	Big     [1024]uint256.Int
}]

type HoldsBigUnion struct {
	U BigUnion
}

// TestUnionCopyExceedsBound: docs/json.md "Memory" promises the value's
// own heap plus at most the input's size besides, and counts "a copy of
// each union's value before it is boxed" inside that input-sized extra.
// A union option whose Go value is larger than its JSON breaks it: the
// copy (reflect.New in decoder.union) is as large as the option's value,
// 16 times its JSON here.
func TestUnionCopyExceedsBound(t *testing.T) {
	doc := []byte(`{"u":{"selector":1,"value":[` + strings.Repeat("0,", 1023) + `0]}}`)
	var sink HoldsBigUnion
	total := allocated(func() {
		sink = HoldsBigUnion{}
		if err := sszjson.Unmarshal(doc, &sink); err != nil {
			t.Fatal(err)
		}
	})
	value := uint64(1024 * 32) // the boxed [1024]uint256.Int: the value's own heap
	bound := value + uint64(len(doc))
	t.Logf("input %d B, value heap %d B, allocated %d B, bound %d B", len(doc), value, total, bound)
	if total > bound {
		t.Errorf("allocated %d bytes, bound (value heap %d + input %d) is %d: extra %d = %.1f× the input",
			total, value, len(doc), bound, total-value, float64(total-value)/float64(len(doc)))
	}
}

type OneByte struct{ X uint8 }

type ListOfOneByte struct {
	L []OneByte `ssz-max:"1048576"`
}

// TestFoldedKeysExceedBound: a key naming a field by the folding rule
// (underscores ignored: "____…___x" names x) goes to proof.FieldIndex,
// which allocates the key as a string and fold's buffer of the key's
// length: about twice the key per member, for keys of up to 256 bytes
// (fieldKeys.index). A list of such objects allocates about twice its
// input besides the value, against the documented "at most the input's
// size besides".
func TestFoldedKeysExceedBound(t *testing.T) {
	const n = 20000
	key := strings.Repeat("_", 255) + "x"
	var b strings.Builder
	b.WriteString(`{"l":[`)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`{"` + key + `":0}`)
	}
	b.WriteString(`]}`)
	doc := []byte(b.String())
	var sink ListOfOneByte
	total := allocated(func() {
		sink = ListOfOneByte{}
		if err := sszjson.Unmarshal(doc, &sink); err != nil {
			t.Fatal(err)
		}
	})
	if len(sink.L) != n {
		t.Fatal(len(sink.L))
	}
	value := uint64(n) // n one-byte structs, one slice (rounded to its size class below)
	bound := value + 4096 + uint64(len(doc))
	t.Logf("input %d B, value heap ≈ %d B, allocated %d B (%.2f× the input besides the value)", len(doc), value, total, float64(total-value)/float64(len(doc)))
	if total > bound {
		t.Errorf("allocated %d bytes, bound (value %d + block slack 4096 + input %d) is %d", total, value, len(doc), bound)
	}
}

type Validators struct {
	V []*phase0.Validator `ssz-max:"1099511627776"`
	B []phase0.Gwei       `ssz-max:"1099511627776"`
	E uint64
}

// TestValidatorsMemory: 100,000 validators and balances accepted, and
// refused late (a bad value in the last validator, a bad key in its last
// member, an unknown key at the very end, a bad last balance), within
// the value's heap plus the input, and refused no more than accepted.
func TestValidatorsMemory(t *testing.T) {
	const n = 100000
	src := &Validators{E: 1}
	for i := range n {
		src.V = append(src.V, validatorFor(i, 1))
		src.B = append(src.B, phase0.Gwei(i))
	}
	doc, err := sszjson.Marshal(src)
	if err != nil {
		t.Fatal(err)
	}
	s := string(doc)
	lastV := strings.LastIndex(s, `"withdrawable_epoch":"`)
	lastB := strings.LastIndex(s, `],"e":`)
	variants := map[string]string{
		"accepted":                 s,
		"bad last value":           s[:lastV] + `"withdrawable_epoch":"-` + s[lastV+len(`"withdrawable_epoch":"`):],
		"bad key, last member":     s[:lastV] + `"withdrawable_epochs":"` + s[lastV+len(`"withdrawable_epoch":"`):],
		"unknown key at the end":   s[:len(s)-1] + `,"zz":0}`,
		"bad last balance":         s[:lastB] + `,-1` + s[lastB:],
		"folded key, last member":  s[:lastV] + `"WITHDRAWABLE_EPOCH":"` + s[lastV+len(`"withdrawable_epoch":"`):],
		"duplicate key at the end": s[:len(s)-1] + `,"e":1}`,
	}
	vsize := uint64(reflect.TypeFor[phase0.Validator]().Size())
	heap := uint64(n)*8 + uint64(n)*vsize + uint64(n)*32 + uint64(n)*8
	got := map[string]uint64{}
	for name, d := range variants {
		doc := []byte(d)
		var sink Validators
		total := allocated(func() {
			sink = Validators{}
			err = sszjson.Unmarshal(doc, &sink)
		})
		if (err == nil) != (name == "accepted" || name == "folded key, last member") {
			t.Errorf("%s: %v", name, err)
		}
		got[name] = total
		t.Logf("%-26s input %d B, allocated %d B (value heap ≈ %d B): %v", name, len(doc), total, heap, err)
		if total > heap+uint64(len(doc))+64<<10 {
			t.Errorf("%s: allocated %d > value heap %d + input %d", name, total, heap, len(doc))
		}
	}
	for name, total := range got {
		if name != "accepted" && total > got["accepted"]+64<<10 {
			t.Errorf("%s: refused allocates %d, its accepted twin %d", name, total, got["accepted"])
		}
	}
	if err := sszjson.Unmarshal(doc, new(Validators)); err != nil {
		t.Fatal(err)
	}
}
