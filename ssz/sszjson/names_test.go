package sszjson

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/lanehash/lanehash/internal/fieldfold"
	"github.com/lanehash/lanehash/internal/spectest"
	"github.com/lanehash/lanehash/proof"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/altair"
	"github.com/lanehash/lanehash/ssz/consensus/capella"
	"github.com/lanehash/lanehash/ssz/consensus/deneb"
	"github.com/lanehash/lanehash/ssz/consensus/electra"
	"github.com/lanehash/lanehash/ssz/consensus/fulu"
	"github.com/lanehash/lanehash/ssz/consensus/gloas"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// Containers whose names make proof.FieldIndex's rule show its corners.
type (
	// clientValidator is go-eth2-client's spelling: PublicKey, no tag,
	// pubkey its shortest folded name (shorter than publickey).
	clientValidator struct {
		PublicKey [48]byte
		Slashed   bool
	}
	// crossTag has a json tag that is another field's Go name (the Go
	// name wins), one that folds to another field's name, and a tag
	// that is a field's own Go name in another case.
	crossTag struct {
		X   uint8 `json:"Y"`
		Y   uint8 `json:"x_y"`
		XY  uint8 `json:"xy"`
		Pub uint8 `json:"public_key"`
		Low uint8 `json:"low"`
	}
	// longNames has a folded name longer than index's stack buffer, one
	// of underscores only (folding to ""), and non-ASCII bytes.
	longNames struct {
		A uint8 `json:"a_very_long_name_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaz"`
		B uint8 `json:"a_very_long_name_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaay"`
		C uint8 `json:"_"`
		Ü uint8 `json:"ümlaut"`
		K uint8 `json:"k\u212a"`
	}
)

// sharedTag has two fields with one json tag (an exact name two fields
// answer to) and two Go names that fold alike. (Made at run time: vet
// refuses a repeated json tag in source.)
var sharedTag = reflect.StructOf([]reflect.StructField{
	{Name: "A", Type: reflect.TypeFor[uint8](), Tag: `json:"same"`},
	{Name: "B", Type: reflect.TypeFor[uint8](), Tag: `json:"same"`},
	{Name: "CD", Type: reflect.TypeFor[uint8]()},
	{Name: "C_D", Type: reflect.TypeFor[uint8]()},
	{Name: "E", Type: reflect.TypeFor[uint8](), Tag: `json:"cd_"`},
})

// containersOf returns the containers reachable from t, t among them.
func containersOf(t *ssz.Type, seen map[*ssz.Type]bool) {
	if t == nil || seen[t] {
		return
	}
	seen[t] = true
	for i := range t.Fields {
		containersOf(t.Fields[i].Type, seen)
	}
	containersOf(t.Elem, seen)
	for _, o := range t.Options {
		containersOf(o, seen)
	}
}

// keyCases are keys to resolve in t: every name of every field (Go,
// json tag, written), each spelled otherwise (case flipped, underscores
// added anywhere and by the hundred, a byte dropped, added or changed,
// publickey for pubkey), and random ones.
func keyCases(t *ssz.Type, r *rand.Rand) []string {
	var names []string
	for i := range t.Fields {
		f := &t.Fields[i]
		names = append(names, f.Name, f.SpecName, keysOf(t).names[i], fieldfold.Fold(f.Name), strings.ToUpper(f.Name))
	}
	keys := []string{"", "_", "__", "pubkey", "publickey", "PUBLIC_KEY", "public_key_", "pub_key", "publickeyx", "xpublickey",
		"selector", "value", "data", strings.Repeat("_", 256) + "a", strings.Repeat("_", 10000) + "slot",
		"pub\u212aey", "\xff", "slot\x00"}
	for _, n := range names {
		keys = append(keys, n,
			"_"+n, n+"_", strings.Repeat("_", 255)+n, strings.Repeat("_", 300)+n+strings.Repeat("_", 300),
			strings.ToLower(n), strings.ToUpper(n), strings.ReplaceAll(n, "_", ""), strings.ReplaceAll(n, "key", "_KEY"),
			strings.Replace(n, "pubkey", "publickey", 1), strings.Replace(n, "PublicKey", "pubkey", 1),
			n+"x", "x"+n, n+n)
		if n != "" {
			keys = append(keys, n[1:], n[:len(n)-1])
		}
		for range 8 {
			b := []byte(n)
			switch j := r.IntN(len(b) + 1); r.IntN(4) {
			case 0: // underscores somewhere
				b = append(b[:j:j], append([]byte(strings.Repeat("_", 1+r.IntN(3))), b[j:]...)...)
			case 1: // a letter's case flipped
				if j < len(b) {
					b[j] ^= 0x20
				}
			case 2: // a byte changed
				if j < len(b) {
					b[j] = byte(r.IntN(256))
				}
			default: // a byte added
				b = append(b[:j:j], append([]byte{"aA_z\x80"[r.IntN(5)]}, b[j:]...)...)
			}
			keys = append(keys, string(b))
		}
	}
	for range 50 {
		b := make([]byte, r.IntN(20))
		for j := range b {
			b[j] = "abcdefghijklmnopqrstuvwxyz_ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789\xc3\xbc"[r.IntN(65)]
		}
		keys = append(keys, string(b))
	}
	return keys
}

// TestIndexMatchesFieldIndex holds fieldKeys.index, which resolves keys
// from maps made per type without allocating, to proof.FieldIndex, the
// rule it implements, on every container of every fork's types, the
// spec tests' generic ones and containers made for the rule's corners
// (a tag two fields share, names that fold alike, a tag that is another
// field's Go name, publickey, names longer than the stack buffer), for
// every name of every field spelled many ways and random keys: the same
// field, or none for both (a name two fields answer to too).
func TestIndexMatchesFieldIndex(t *testing.T) {
	roots := []reflect.Type{
		reflect.TypeFor[phase0.BeaconState](), reflect.TypeFor[phase0.SignedBeaconBlock](), reflect.TypeFor[phase0.HistoricalBatch](),
		reflect.TypeFor[phase0.Deposit](), reflect.TypeFor[phase0.SignedBeaconBlockHeader](),
		reflect.TypeFor[altair.SyncAggregate](), reflect.TypeFor[altair.SyncCommittee](),
		reflect.TypeFor[capella.SignedBLSToExecutionChange](), reflect.TypeFor[capella.HistoricalSummary](), reflect.TypeFor[capella.Withdrawal](),
		reflect.TypeFor[deneb.ExecutionPayload](), reflect.TypeFor[deneb.ExecutionPayloadHeader](),
		reflect.TypeFor[electra.BeaconState](), reflect.TypeFor[electra.SignedBeaconBlock](),
		reflect.TypeFor[fulu.BeaconState](), reflect.TypeFor[fulu.SignedBeaconBlock](),
		reflect.TypeFor[gloas.BeaconState](), reflect.TypeFor[gloas.SignedBeaconBlock](), reflect.TypeFor[gloas.SignedAggregateAndProof](),
		reflect.TypeFor[gloas.SignedProposerPreferences](), reflect.TypeFor[gloas.SignedExecutionPayloadEnvelope](),
		reflect.TypeFor[gloas.SignedExecutionPayloadBid](), reflect.TypeFor[gloas.PayloadAttestationMessage](),
		reflect.TypeFor[gloas.IndexedPayloadAttestation](), reflect.TypeFor[gloas.BuilderDepositRequest](),
		reflect.TypeFor[gloas.BuilderExitRequest](),
		reflect.TypeFor[spectest.ComplexTestStruct](), reflect.TypeFor[spectest.BitsStruct](),
		reflect.TypeFor[spectest.ProgressiveComplexTestStruct](), reflect.TypeFor[spectest.CompatibleUnionABCA](),
		reflect.TypeFor[kindsOfNames](),
		reflect.TypeFor[clientValidator](), sharedTag, reflect.TypeFor[crossTag](), reflect.TypeFor[longNames](),
	}
	seen := map[*ssz.Type]bool{}
	for _, rt := range roots {
		st, err := ssz.TypeOf(rt)
		if err != nil {
			t.Fatalf("%s: %v", rt, err)
		}
		containersOf(st, seen)
	}
	r := rand.New(rand.NewPCG(22, 22))
	containers, checked, named := 0, 0, 0
	for st := range seen {
		if st.Kind != ssz.KindContainer && st.Kind != ssz.KindProgressiveContainer {
			continue
		}
		containers++
		k := keysOf(st)
		for _, key := range keyCases(st, r) {
			want, err := proof.FieldIndex(st, key)
			got, ok := k.index([]byte(key))
			if ok != (err == nil) || ok && got != want {
				t.Errorf("%s: key %q: index %d, %v; proof.FieldIndex %d, %v", st, key, got, ok, want, err)
			}
			checked++
			if ok {
				named++
			}
		}
	}
	t.Logf("%d containers, %d keys, %d naming a field", containers, checked, named)
	if containers < 100 {
		t.Errorf("only %d containers", containers)
	}
}

// kindsOfNames has the Go names the consensus types spell acronyms and
// numbers with.
type kindsOfNames struct {
	ETH1Data                  uint8
	BLSToExecutionChanges     uint8
	Eth1DepositIndex          uint8
	U256I                     uint8
	PreviousEpochAttestations uint8
}

// TestIndexAllocatesNothing checks that resolving a key that is not a
// written name (folded, Go, json tag, unknown, long) allocates nothing:
// keys spelled otherwise cost nothing per key, so a document of them
// stays within the memory bound.
func TestIndexAllocatesNothing(t *testing.T) {
	for _, c := range []struct {
		rt   reflect.Type
		keys []string
	}{
		{reflect.TypeFor[phase0.Validator](), []string{"PUBKEY", "Pubkey", "public_key", "effective_balance_", strings.Repeat("_", 255) + "slashed",
			strings.Repeat("_", 5000) + "x", "nothing", strings.Repeat("x", 5000)}},
		{reflect.TypeFor[clientValidator](), []string{"pubkey", "PUBLIC_KEY", "publickeys"}},
		{reflect.TypeFor[longNames](), []string{strings.ToUpper(strings.Repeat("a", 200)) + "Z", "a_very_long_name" + strings.Repeat("a", 150) + "q", "ümlaut", "_"}},
	} {
		st, err := ssz.TypeOf(c.rt)
		if err != nil {
			t.Fatal(err)
		}
		k := keysOf(st)
		for _, key := range c.keys {
			b := []byte(key)
			if n := testing.AllocsPerRun(100, func() { k.index(b) }); n != 0 {
				t.Errorf("%s: key %.40q: %v allocations", st, key, n)
			}
		}
	}
}
