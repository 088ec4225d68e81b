package eth2_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/attestantio/go-eth2-client/spec/altair"
	"github.com/attestantio/go-eth2-client/spec/bellatrix"
	"github.com/attestantio/go-eth2-client/spec/capella"
	"github.com/attestantio/go-eth2-client/spec/deneb"
	"github.com/attestantio/go-eth2-client/spec/electra"
	"github.com/attestantio/go-eth2-client/spec/fulu"
	"github.com/attestantio/go-eth2-client/spec/gloas"
	"github.com/attestantio/go-eth2-client/spec/phase0"

	"github.com/holiman/uint256"

	"github.com/lanehash/lanehash/internal/sszrand"
	"github.com/lanehash/lanehash/internal/sszwalk"
	"github.com/lanehash/lanehash/ssz"
	lhaltair "github.com/lanehash/lanehash/ssz/consensus/altair"
	lhbellatrix "github.com/lanehash/lanehash/ssz/consensus/bellatrix"
	lhcapella "github.com/lanehash/lanehash/ssz/consensus/capella"
	lhdeneb "github.com/lanehash/lanehash/ssz/consensus/deneb"
	lhelectra "github.com/lanehash/lanehash/ssz/consensus/electra"
	lhfulu "github.com/lanehash/lanehash/ssz/consensus/fulu"
	lhgloas "github.com/lanehash/lanehash/ssz/consensus/gloas"
	lhphase0 "github.com/lanehash/lanehash/ssz/consensus/phase0"
	"github.com/lanehash/lanehash/ssz/sszjson"
)

// jsonPairs are go-eth2-client's types of states and blocks (and parts
// of the forks lanehash has no whole state or block of) beside
// lanehash's type of the same SSZ shape in ssz/consensus.
var jsonPairs = []struct {
	name        string
	client, ssz reflect.Type
}{
	{"phase0.BeaconState", reflect.TypeFor[phase0.BeaconState](), reflect.TypeFor[lhphase0.BeaconState]()},
	{"phase0.SignedBeaconBlock", reflect.TypeFor[phase0.SignedBeaconBlock](), reflect.TypeFor[lhphase0.SignedBeaconBlock]()},
	{"altair.SyncAggregate", reflect.TypeFor[altair.SyncAggregate](), reflect.TypeFor[lhaltair.SyncAggregate]()},
	{"altair.SyncCommittee", reflect.TypeFor[altair.SyncCommittee](), reflect.TypeFor[lhaltair.SyncCommittee]()},
	{"capella.SignedBLSToExecutionChange", reflect.TypeFor[capella.SignedBLSToExecutionChange](), reflect.TypeFor[lhcapella.SignedBLSToExecutionChange]()},
	{"capella.HistoricalSummary", reflect.TypeFor[capella.HistoricalSummary](), reflect.TypeFor[lhcapella.HistoricalSummary]()},
	{"deneb.ExecutionPayload", reflect.TypeFor[deneb.ExecutionPayload](), reflect.TypeFor[lhdeneb.ExecutionPayload]()},
	{"deneb.ExecutionPayloadHeader", reflect.TypeFor[deneb.ExecutionPayloadHeader](), reflect.TypeFor[lhdeneb.ExecutionPayloadHeader]()},
	{"electra.BeaconState", reflect.TypeFor[electra.BeaconState](), reflect.TypeFor[lhelectra.BeaconState]()},
	{"electra.SignedBeaconBlock", reflect.TypeFor[electra.SignedBeaconBlock](), reflect.TypeFor[lhelectra.SignedBeaconBlock]()},
	{"fulu.BeaconState", reflect.TypeFor[fulu.BeaconState](), reflect.TypeFor[lhfulu.BeaconState]()},
	{"gloas.BeaconState", reflect.TypeFor[gloas.BeaconState](), reflect.TypeFor[lhgloas.BeaconState]()},
	{"gloas.SignedBeaconBlock", reflect.TypeFor[gloas.SignedBeaconBlock](), reflect.TypeFor[lhgloas.SignedBeaconBlock]()},
}

// TestJSONMatchesClient holds sszjson to go-eth2-client's beacon-API
// JSON, the form nodes serve: for random values of the client's states
// and blocks of several forks,
//
//   - the client's json.Marshal reads with sszjson.Unmarshal into
//     lanehash's type of the same shape, whose root (the reference
//     ssz.HashTreeRoot) is the client's HashTreeRoot;
//   - sszjson.Marshal of that value reads with the client's
//     json.Unmarshal into a value equal to the original (and of the same
//     SSZ serialization);
//   - the two documents are the same JSON, member for member (jsonDiff
//     names every path where they are not), but for the case of hex
//     digits: the client writes execution addresses (fee_recipient,
//     to_execution_address, …) in EIP-55 mixed case, sszjson all hex in
//     lower case (both read both).
//
// The values are filled in full (fullFiller): the client writes a zero
// vector held in an empty Go slice as "" or [] and an empty byte list as
// "" (fmt's %#x of no bytes) where the beacon API has "0x…" of the whole
// vector and "0x": forms sszjson refuses (TestJSONClientEmptyBytes).
func TestJSONMatchesClient(t *testing.T) {
	seeds := uint64(3)
	if testing.Short() {
		seeds = 1
	}
	for _, p := range jsonPairs {
		t.Run(p.name, func(t *testing.T) {
			for seed := range seeds {
				c := reflect.New(p.client)
				fillFull(t, c, seed+1)
				want := clientRoot(t, c)
				cjs, err := json.Marshal(c.Interface())
				if err != nil {
					t.Fatalf("the client's json.Marshal: %v", err)
				}
				l := reflect.New(p.ssz)
				if err := sszjson.Unmarshal(cjs, l.Interface()); err != nil {
					t.Fatalf("seed %d: sszjson.Unmarshal of the client's JSON: %v", seed+1, err)
				}
				got, err := ssz.HashTreeRoot(l.Interface(), ssz.SHA256)
				if err != nil || got != want {
					t.Fatalf("seed %d: root %x (%v), the client's %x", seed+1, got, err, want)
				}
				ljs, err := sszjson.Marshal(l.Interface())
				if err != nil {
					t.Fatal(err)
				}
				diffs, known := jsonDiff(t, cjs, ljs)
				if len(diffs) > 0 {
					t.Errorf("seed %d: the documents differ at %d places: %s", seed+1, len(diffs), strings.Join(diffs[:min(len(diffs), 10)], "; "))
				}
				if len(known) > 0 && seed == 0 {
					t.Logf("the client writes a number where sszjson writes a decimal string (and refuses the string): %s", strings.Join(known[:min(len(known), 3)], "; "))
				}
				c2 := reflect.New(p.client)
				if err := json.Unmarshal(clientForm(t, ljs, len(known) > 0), c2.Interface()); err != nil {
					t.Fatalf("seed %d: the client's json.Unmarshal of sszjson.Marshal: %v", seed+1, err)
				}
				if !reflect.DeepEqual(c.Interface(), c2.Interface()) {
					t.Errorf("seed %d: the client read back a value unequal to the original", seed+1)
				}
				if clientSSZ(t, c) == nil || !bytes.Equal(clientSSZ(t, c), clientSSZ(t, c2)) {
					t.Errorf("seed %d: the client's read-back serializes differently", seed+1)
				}
			}
		})
	}
}

// clientSSZ is the client's own MarshalSSZ of the value p points to.
func clientSSZ(tb testing.TB, p reflect.Value) []byte {
	tb.Helper()
	out := p.MethodByName("MarshalSSZ").Call(nil)
	if err, _ := out[1].Interface().(error); err != nil {
		tb.Fatalf("the client's MarshalSSZ: %v", err)
	}
	return out[0].Bytes()
}

// clientNumbers are the keys the client writes as JSON numbers and reads
// only as numbers, where the beacon API's integers are decimal strings:
// gloas Builder.version (a uint8), as of go-eth2-client v0.30.1.
var clientNumbers = map[string]bool{"version": true}

// clientForm rewrites sszjson's document into the client's form where it
// differs (a decimal string under a clientNumbers key becomes a number)
// when fix is set.
func clientForm(tb testing.TB, doc []byte, fix bool) []byte {
	if !fix {
		return doc
	}
	var v any
	d := json.NewDecoder(bytes.NewReader(doc))
	d.UseNumber()
	if err := d.Decode(&v); err != nil {
		tb.Fatal(err)
	}
	var walk func(v any) any
	walk = func(v any) any {
		switch x := v.(type) {
		case map[string]any:
			for k, e := range x {
				if s, ok := e.(string); ok && clientNumbers[k] {
					x[k] = json.Number(s)
				} else {
					x[k] = walk(e)
				}
			}
		case []any:
			for i := range x {
				x[i] = walk(x[i])
			}
		}
		return v
	}
	out, err := json.Marshal(walk(v))
	if err != nil {
		tb.Fatal(err)
	}
	return out
}

// jsonDiff parses both documents with encoding/json and lists the paths
// where they differ (a key one lacks, a value of another kind or text),
// and apart, known, the clientNumbers keys where a number stands for the
// same decimal string.
func jsonDiff(tb testing.TB, a, b []byte) (out, known []string) {
	tb.Helper()
	var x, y any
	for _, p := range []struct {
		doc []byte
		v   *any
	}{{a, &x}, {b, &y}} {
		d := json.NewDecoder(bytes.NewReader(p.doc))
		d.UseNumber()
		if err := d.Decode(p.v); err != nil {
			tb.Fatal(err)
		}
	}
	var walk func(path string, x, y any)
	walk = func(path string, x, y any) {
		switch xv := x.(type) {
		case map[string]any:
			yv, ok := y.(map[string]any)
			if !ok {
				out = append(out, fmt.Sprintf("%s: object / %T", path, y))
				return
			}
			keys := map[string]bool{}
			for k := range xv {
				keys[k] = true
			}
			for k := range yv {
				keys[k] = true
			}
			sorted := make([]string, 0, len(keys))
			for k := range keys {
				sorted = append(sorted, k)
			}
			sort.Strings(sorted)
			for _, k := range sorted {
				xe, xok := xv[k]
				ye, yok := yv[k]
				switch {
				case !xok:
					out = append(out, fmt.Sprintf("%s.%s: only in sszjson's", path, k))
				case !yok:
					out = append(out, fmt.Sprintf("%s.%s: only in the client's", path, k))
				default:
					walk(path+"."+k, xe, ye)
				}
			}
		case []any:
			yv, ok := y.([]any)
			if !ok || len(xv) != len(yv) {
				out = append(out, fmt.Sprintf("%s: array of %d / %v", path, len(xv), y))
				return
			}
			for i := range xv {
				walk(fmt.Sprintf("%s[%d]", path, i), xv[i], yv[i])
			}
		case string:
			ys, ok := y.(string)
			if ok && xv != ys && strings.HasPrefix(xv, "0x") && strings.EqualFold(xv, ys) {
				return // hex digits in another case: the client's EIP-55 addresses
			}
			if !ok || xv != ys {
				out = append(out, fmt.Sprintf("%s: %v / %v", path, x, y))
			}
		case json.Number:
			key := path[strings.LastIndexByte(path, '.')+1:]
			if ys, ok := y.(string); ok && ys == xv.String() && clientNumbers[key] {
				known = append(known, path)
				return
			}
			out = append(out, fmt.Sprintf("%s: %v / %v", path, x, y))
		default:
			if !reflect.DeepEqual(x, y) {
				out = append(out, fmt.Sprintf("%s: %v / %v", path, x, y))
			}
		}
	}
	walk("", x, y)
	return out, known
}

// fullFiller is the eth2 tests' dense filler that also gives every
// vector all its elements (sszrand leaves one in six held in a Go slice
// empty: the zero vector) and every byte list at least one byte.
type fullFiller struct{ filler }

func (f fullFiller) Elems(t *ssz.Type) ([]sszwalk.Source, error) {
	for {
		srcs, err := f.filler.Elems(t)
		switch {
		case err != nil:
			return nil, err
		case t.Kind == ssz.KindVector && uint64(len(srcs)) != t.Length,
			t.Kind == ssz.KindList && t.Elem.Kind == ssz.KindUint8 && len(srcs) == 0:
			continue
		}
		for i := range srcs {
			srcs[i] = full(srcs[i])
		}
		return srcs, nil
	}
}

// Leaf gives a bitvector held in a Go slice all its bytes.
func (f fullFiller) Leaf(t *ssz.Type, v reflect.Value) (bool, error) {
	done, err := f.filler.Leaf(t, v)
	for err == nil && t.Kind == ssz.KindBitvector && v.Kind() == reflect.Slice && uint64(v.Len()) != t.Size {
		done, err = f.filler.Leaf(t, v)
	}
	return done, err
}

func (f fullFiller) Fields(t *ssz.Type) ([]sszwalk.Source, error) {
	srcs, err := f.filler.Fields(t)
	for i := range srcs {
		srcs[i] = full(srcs[i])
	}
	return srcs, err
}

func (f fullFiller) Option(t *ssz.Type) (int, sszwalk.Source, error) {
	sel, src, err := f.filler.Option(t)
	return sel, full(src), err
}

// full wraps the eth2 tests' filler in fullFiller.
func full(s sszwalk.Source) sszwalk.Source {
	if fl, ok := s.(filler); ok {
		return fullFiller{fl}
	}
	return s
}

// fillFull sets *p (a reflect.Value of a pointer) to a random value
// filled in full.
func fillFull(tb testing.TB, p reflect.Value, seed uint64) {
	tb.Helper()
	st, err := ssz.TypeOf(p.Type().Elem())
	if err != nil {
		tb.Fatal(err)
	}
	f := fullFiller{filler{&sszrand.Filler{Rand: sszrand.NewRand(seed), MaxList: 3}}}
	if err := sszwalk.Fill(st, p.Elem(), f); err != nil {
		tb.Fatalf("fill %v: %v", p.Type().Elem(), err)
	}
}

// TestJSONClientEmptyBytes pins the one form of the client's that
// sszjson refuses: an empty byte list written as "" (an execution
// payload's empty transaction), where the beacon API writes "0x".
func TestJSONClientEmptyBytes(t *testing.T) {
	p := &deneb.ExecutionPayload{Transactions: []bellatrix.Transaction{{}}, ExtraData: []byte{}, BaseFeePerGas: uint256.NewInt(0)}
	cjs, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(cjs, []byte(`"transactions":[""]`)) {
		t.Fatalf("the client now writes %s", cjs)
	}
	err = sszjson.Unmarshal(cjs, new(lhdeneb.ExecutionPayload))
	var je *sszjson.Error
	if !errors.As(err, &je) || !errors.Is(err, sszjson.ErrHex) || je.Path != "transactions[0]" {
		t.Errorf("error %v, want ErrHex at transactions[0]", err)
	}
	// Written as the beacon API has it, the client reads it.
	l := &lhdeneb.ExecutionPayload{Transactions: []lhbellatrix.Transaction{{}}}
	ljs, err := sszjson.Marshal(l)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(ljs, []byte(`"transactions":["0x"]`)) {
		t.Errorf("sszjson writes %s", ljs)
	}
	// The client reads an empty transaction in neither form.
	for _, doc := range [][]byte{ljs, cjs} {
		var back deneb.ExecutionPayload
		t.Logf("the client's json.Unmarshal of an empty transaction: %v", json.Unmarshal(doc, &back))
	}
}
