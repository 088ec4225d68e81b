package proof_test

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/lanehash/lanehash/proof"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/fulu"
)

// TestPathGrammarRejects gives ParsePath every malformed shape the
// grammar excludes and checks the error: ErrPath, as a *PathError, at the
// byte where the path stops following the grammar.
func TestPathGrammarRejects(t *testing.T) {
	for _, c := range []struct {
		path string
		pos  int
	}{
		{"Validators[3]EffectiveBalance", 13}, // no dot after ']'
		{".Slot", 0},                          // leading dot
		{"Slot.", 4},                          // trailing dot
		{"Fork..Epoch", 5},                    // empty step
		{"Validators.[3]", 11},                // a dot before an index
		{"Validators[3", 10},                  // '[' without ']'
		{"Validators[", 10},
		{"Validators]", 10},
		{"Validators[]", 11},
		{"Validators[-1]", 11},
		{"Validators[+1]", 11},
		{"Validators[0x10]", 11},
		{"Validators[1e3]", 11},
		{"Validators[01]", 11},
		{"Validators[ 1]", 11},
		{"Validators[1 ]", 11},
		{"Validators[18446744073709551616]", 11}, // 2^64
		{" Slot", 0},
		{"Slot ", 4},
		{"Fork. Epoch", 5},
		{"Fork .Epoch", 4},
		{"Fork\t", 4},
		{"3Slot", 0},
		{"Slot-1", 4},
		{"Validators[3].", 13},
		{"Validators[3]]", 13},
	} {
		_, err := proof.ParsePath(c.path)
		var pe *proof.PathError
		if !errors.As(err, &pe) || !errors.Is(err, proof.ErrPath) {
			t.Errorf("%q: %v, want a *PathError wrapping ErrPath", c.path, err)
			continue
		}
		if pe.Pos != c.pos || pe.Path != c.path {
			t.Errorf("%q: error at byte %d of %q (%v), want byte %d", c.path, pe.Pos, pe.Path, err, c.pos)
		}
		if !strings.Contains(err.Error(), "byte ") {
			t.Errorf("%q: %q does not name the position", c.path, err)
		}
	}
	if _, err := proof.ParsePath("Validators[18446744073709551616]"); !errors.Is(err, proof.ErrOverflow) {
		t.Errorf("an index past 2^64: %v, want ErrOverflow too", err)
	}
}

// TestPathGrammarAccepts checks what the grammar admits, step by step.
func TestPathGrammarAccepts(t *testing.T) {
	for path, want := range map[string][]proof.Step{
		"":     nil,
		"Slot": {{Field: "Slot"}},
		"[3]":  {{Index: 3, IsIndex: true}},
		"[0][18446744073709551615]": {{Index: 0, IsIndex: true},
			{Index: 1<<64 - 1, IsIndex: true, Pos: 3}},
		"validators[12].effective_balance": {{Field: "validators"},
			{Index: 12, IsIndex: true, Pos: 10}, {Field: "effective_balance", Pos: 15}},
		"Balances.__len__": {{Field: "Balances"}, {Field: proof.LengthStep, Pos: 9}},
		"_x.Ünï2":          {{Field: "_x"}, {Field: "Ünï2", Pos: 3}},
	} {
		got, err := proof.ParsePath(path)
		if err != nil {
			t.Errorf("%q: %v", path, err)
			continue
		}
		if len(got) != len(want) {
			t.Errorf("%q: steps %+v, want %+v", path, got, want)
			continue
		}
		for i := range got {
			if got[i] != want[i] {
				t.Errorf("%q: step %d is %+v, want %+v", path, i, got[i], want[i])
			}
		}
	}
}

// eth2Validator and eth2State are shaped as go-eth2-client declares its
// types: Go names that differ from the spec's, which the json tags carry.
type eth2Validator struct {
	PublicKey                  [48]byte `json:"pubkey"`
	WithdrawalCredentials      []byte   `json:"withdrawal_credentials" ssz-size:"32"`
	EffectiveBalance           uint64   `json:"effective_balance"`
	Slashed                    bool     `json:"slashed"`
	ActivationEligibilityEpoch uint64   `json:"activation_eligibility_epoch"`
	ActivationEpoch            uint64   `json:"activation_epoch"`
	ExitEpoch                  uint64   `json:"exit_epoch"`
	WithdrawableEpoch          uint64   `json:"withdrawable_epoch"`
}

type eth2State struct {
	GenesisTime uint64           `json:"genesis_time"`
	RANDAOMixes [][32]byte       `json:"randao_mixes" ssz-size:"65536,32"`
	Validators  []*eth2Validator `json:"validators" ssz-max:"1099511627776"`
	Hidden      uint64           `json:"-"`
	NoName      uint64           `json:",omitempty"`
}

// TestSpecNamesFromJSONTags resolves the spec's names on a type whose Go
// names differ: each spec path reaches the same index as the Go path.
func TestSpecNamesFromJSONTags(t *testing.T) {
	for spec, goPath := range map[string]string{
		"validators[3].pubkey":                 "Validators[3].PublicKey",
		"validators[3].withdrawal_credentials": "Validators[3].WithdrawalCredentials",
		"randao_mixes[7]":                      "RANDAOMixes[7]",
		"validators.__len__":                   "Validators.__len__",
		"Validators[3].pubkey":                 "Validators[3].PublicKey",
		"validators[3].publickey":              "Validators[3].PublicKey", // case and underscores still ignored
		"no_name":                              "NoName",
		"hidden":                               "Hidden",
	} {
		want, err := proof.GIndexFor[eth2State](goPath)
		if err != nil {
			t.Fatalf("%s: %v", goPath, err)
		}
		got, err := proof.GIndexFor[eth2State](spec)
		if err != nil || got != want {
			t.Errorf("%s: %d, %v; want %d as %s", spec, got, err, want, goPath)
		}
	}
	typ, err := ssz.TypeFor[eth2State]()
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []string{"genesis_time", "randao_mixes", "validators", "", ""} {
		if got := typ.Fields[i].SpecName; got != want {
			t.Errorf("field %s: spec name %q, want %q", typ.Fields[i].Name, got, want)
		}
	}
}

// eth2ClientValidator declares its key as go-eth2-client v0.30.1's
// Validator does: PublicKey, with no json tag (its spec names sit on a
// private mirror struct). bench/compare's TestSpecPathsOnGoEth2Client
// checks the real type.
type eth2ClientValidator struct {
	PublicKey             [48]byte `ssz-size:"48"`
	WithdrawalCredentials []byte   `ssz-size:"32"`
	EffectiveBalance      uint64
}

type eth2ClientState struct {
	Slot       uint64
	Validators []*eth2ClientValidator `ssz-max:"1099511627776"`
}

// TestPubkeyOnClientTypes resolves the spec's validators[3].pubkey on a
// go-eth2-client-shaped type without json tags, and the client's spelling
// on the spec types, to the index the other spelling gives.
func TestPubkeyOnClientTypes(t *testing.T) {
	want, err := proof.GIndexFor[eth2ClientState]("Validators[3].PublicKey")
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{"validators[3].pubkey", "Validators[3].Pubkey", "validators[3].public_key"} {
		if got, err := proof.GIndexFor[eth2ClientState](path); err != nil || got != want {
			t.Errorf("%s: %d, %v; want %d", path, got, err, want)
		}
	}
	want, err = proof.GIndexFor[fulu.BeaconState]("validators[3].pubkey")
	if err != nil {
		t.Fatal(err)
	}
	if got, err := proof.GIndexFor[fulu.BeaconState]("Validators[3].PublicKey"); err != nil || got != want {
		t.Errorf("Validators[3].PublicKey on the spec types: %d, %v; want %d", got, err, want)
	}
	// Both spellings in one type are two fields, each reached by its own
	// Go name, and the folded name is ambiguous.
	type both struct {
		Pubkey    [48]byte
		PublicKey [48]byte
	}
	if g, err := proof.GIndexFor[both]("PublicKey"); err != nil || g != 3 {
		t.Errorf("PublicKey beside Pubkey: %d, %v; want 3", g, err)
	}
	if _, err := proof.GIndexFor[both]("public_key"); !errors.Is(err, proof.ErrPath) {
		t.Errorf("public_key beside Pubkey and PublicKey: %v, want ambiguous", err)
	}
}

// TestFieldNameAmbiguous checks that a name two fields answer to is an
// error rather than the first of them.
func TestFieldNameAmbiguous(t *testing.T) {
	type twins struct {
		AB  uint64
		A_B uint64 //nolint:revive // the clash under test
		Ab  uint64 `json:"x"`
		Y   uint64 `json:"ab_c"`
		Z   uint64 `json:"AB_C"`
	}
	for _, path := range []string{"a_b", "ab", "abc", "a_b_c"} {
		_, err := proof.GIndexFor[twins](path)
		if !errors.Is(err, proof.ErrPath) || !strings.Contains(err.Error(), "both") {
			t.Errorf("%q: %v, want an ambiguity error", path, err)
		}
	}
	// An exact Go name, or an exact spec name, is never ambiguous.
	for path, want := range map[string]proof.GIndex{"AB": 8, "A_B": 9, "Ab": 10, "x": 10, "ab_c": 11, "AB_C": 12} {
		if got, err := proof.GIndexFor[twins](path); err != nil || got != want {
			t.Errorf("%q: %d, %v; want %d", path, got, err, want)
		}
	}
}

// TestPathErrorsNameTheType checks that a step that does not apply names
// the Go type it was applied to, the step's number and its byte.
func TestPathErrorsNameTheType(t *testing.T) {
	for _, c := range []struct {
		path, typ string
		step, pos int
	}{
		{"NoSuchField", "fulu.BeaconState", 0, 0},
		{"Validators[3].NoSuch", "phase0.Validator", 2, 14},
		{"Fork.Epoch.X", "phase0.Epoch", 2, 11},
		{"Balances.Foo", "List []phase0.Gwei", 1, 9},
		{"Fork[0]", "phase0.Fork", 1, 4},
		{"BlockRoots[8192]", "Vector []phase0.Root", 1, 10},
		{"Balances[3].__len__", "", 2, 12},
	} {
		_, err := proof.GIndexFor[fulu.BeaconState](c.path)
		var pe *proof.PathError
		if !errors.As(err, &pe) {
			t.Errorf("%q: %v, want a *PathError", c.path, err)
			continue
		}
		if pe.Type != c.typ || pe.Step != c.step || pe.Pos != c.pos {
			t.Errorf("%q: %v: type %q step %d byte %d, want %q, %d, %d", c.path, err, pe.Type, pe.Step, pe.Pos, c.typ, c.step, c.pos)
		}
		if strings.Contains(err.Error(), "Container") {
			t.Errorf("%q: %q says Container where the type has a name", c.path, err)
		}
	}
}

// TestGIndexOverflowBounded asks for indices that do not fit 64 bits and
// checks that each is ErrPath and ErrOverflow, returned at once (a
// progressive list's subtree size used to wrap to 0 and loop forever).
func TestGIndexOverflowBounded(t *testing.T) {
	type prog struct {
		P    []uint64   `ssz-type:"progressive-list"`
		Bits []byte     `ssz-type:"progressive-bitlist"`
		L    []uint64   `ssz-max:"1099511627776"`
		R    [][32]byte `ssz-type:"progressive-list"`
	}
	hugeVec := &ssz.Type{Kind: ssz.KindVector, Length: 1<<64 - 1,
		Elem: &ssz.Type{Kind: ssz.KindContainer, Fields: []ssz.Field{{Name: "A", Type: &ssz.Type{Kind: ssz.KindUint8, Fixed: true, Size: 1}}}}}
	done := make(chan struct{})
	go func() {
		defer close(done)
		for _, path := range []string{
			"P[18446744073709551615]", "P[4611686018427387904]", "P[70368744177664]",
			"Bits[18446744073709551615]",
			"R[18446744073709551615]", "R[6148914691236517205]", // past (4^32-1)/3: the old loop's endless case
			"L[1099511627775][0]", // a uint64 packed in a chunk has no parts
		} {
			_, err := proof.GIndexFor[prog](path)
			if !errors.Is(err, proof.ErrPath) {
				t.Errorf("%q: %v, want ErrPath", path, err)
			}
			if !strings.HasPrefix(path, "L") {
				if !errors.Is(err, proof.ErrOverflow) {
					t.Errorf("%q: %v, want ErrOverflow", path, err)
				}
			}
		}
		// A vector of 2^64-1 chunks is 64 levels deep: its element 5 used
		// to come out as the relative index 5 (the 1<<64 dropped).
		for _, path := range []string{"[5]", "[0]", "[18446744073709551614]"} {
			g, err := proof.GIndexOf(hugeVec, path)
			if !errors.Is(err, proof.ErrOverflow) || !errors.Is(err, proof.ErrPath) {
				t.Errorf("%q of a 2^64-1 vector: %d, %v; want ErrOverflow", path, g, err)
			}
		}
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second): // a hang, not a timing: the answer takes microseconds
		t.Fatal("GIndexOf did not return")
	}
}

// TestEmptyRequests checks that asking to prove nothing is an error, not a
// proof that cannot verify.
func TestEmptyRequests(t *testing.T) {
	tree := newFullTree(rand.New(rand.NewPCG(2, 2)), 3)
	if m, err := proof.ProveMulti(tree, nil); !errors.Is(err, proof.ErrIndex) {
		t.Errorf("ProveMulti of nothing: %+v, %v; want ErrIndex", m, err)
	}
	if c, err := proof.ProveCompact(tree, []proof.GIndex{}); !errors.Is(err, proof.ErrIndex) {
		t.Errorf("ProveCompact of nothing: %+v, %v; want ErrIndex", c, err)
	}
	for _, idx := range [][]proof.GIndex{{0}, {4, 0}} {
		if _, err := proof.ProveMulti(tree, idx); !errors.Is(err, proof.ErrIndex) {
			t.Errorf("ProveMulti(%v): %v, want ErrIndex", idx, err)
		}
		if _, err := proof.ProveCompact(tree, idx); !errors.Is(err, proof.ErrIndex) {
			t.Errorf("ProveCompact(%v): %v, want ErrIndex", idx, err)
		}
	}
	if _, err := (&proof.Multiproof{}).Root(); !errors.Is(err, proof.ErrProof) {
		t.Errorf("empty multiproof: %v, want ErrProof", err)
	}
	// The same index twice is a fair request (two balances in one chunk),
	// and its proof verifies; given twice with different leaves it fails.
	m, err := proof.ProveMulti(tree, []proof.GIndex{9, 9, 5})
	if err != nil || !m.Verify(tree[1]) {
		t.Fatalf("multiproof of 9, 9, 5: %v", err)
	}
	m.Leaves[1][0] ^= 1
	if _, err := m.Root(); !errors.Is(err, proof.ErrProof) {
		t.Errorf("a leaf given twice differently: %v, want ErrProof", err)
	}
	c, err := proof.ProveCompact(tree, []proof.GIndex{9, 9, 5})
	if err != nil || !c.Verify(tree[1]) {
		t.Fatalf("compact multiproof of 9, 9, 5: %v", err)
	}
}

// TestDocOverflowExamples checks the package documentation's examples of
// nodes too deep for a GIndex, and the last progressive chunk that fits.
func TestDocOverflowExamples(t *testing.T) {
	type deep struct {
		L []phase0Like `ssz-max:"9223372036854775808"`
		P []phase0Like `ssz-type:"progressive-list"`
	}
	for _, path := range []string{"L[0]", "L[9223372036854775807]", "P[2199023255552]", "P[1466015503701]"} {
		if _, err := proof.GIndexFor[deep](path); !errors.Is(err, proof.ErrOverflow) {
			t.Errorf("%s: %v, want ErrOverflow", path, err)
		}
	}
	// Chunk (4^21-1)/3 - 1 is the last of the 20th subtree: 62 levels
	// below the list's root, which a one-field container's root is.
	type top struct {
		P []phase0Like `ssz-type:"progressive-list"`
	}
	g, err := proof.GIndexFor[top]("P[1466015503700]")
	if err != nil || g.Depth() != 62 {
		t.Errorf("the last chunk of the 20th subtree: %d (depth %d), %v; want depth 62", g, g.Depth(), err)
	}
}

type phase0Like struct{ A, B uint64 }

// TestIndexZeroNamesNoNode checks that the pure index helpers skip 0
// rather than treat it as a node: Descriptor([0]) used to be the root's
// descriptor.
func TestIndexZeroNamesNoNode(t *testing.T) {
	if got := proof.CompactNodes([]proof.GIndex{0}); len(got) != 0 {
		t.Errorf("CompactNodes([0]) = %v, want none", got)
	}
	if got, want := proof.Descriptor([]proof.GIndex{0, 42}), proof.Descriptor([]proof.GIndex{42}); !bytes.Equal(got, want) {
		t.Errorf("Descriptor([0 42]) = %08b, want %08b", got, want)
	}
	if got := proof.HelperIndices([]proof.GIndex{0}); len(got) != 0 {
		t.Errorf("HelperIndices([0]) = %v, want none", got)
	}
}

// TestHandBuiltDescriptors walks descriptors no ssz.TypeOf would build (a
// list without an element type, a basic element of size 0) without a
// panic: each is an ErrPath.
func TestHandBuiltDescriptors(t *testing.T) {
	for _, typ := range []*ssz.Type{
		{Kind: ssz.KindList, Limit: 8},
		{Kind: ssz.KindVector, Length: 8, Elem: &ssz.Type{Kind: ssz.KindUint64}},
		{Kind: ssz.KindProgressiveList, Elem: &ssz.Type{Kind: ssz.KindUint8, Size: 64}},
	} {
		if _, err := proof.GIndexOf(typ, "[3]"); !errors.Is(err, proof.ErrPath) {
			t.Errorf("%s: %v, want ErrPath", typ.Kind, err)
		}
	}
	c := &ssz.Type{Kind: ssz.KindContainer, Fields: []ssz.Field{{Name: "A"}}}
	if _, err := proof.GIndexOf(c, "A.B"); !errors.Is(err, proof.ErrPath) {
		t.Errorf("a field without a type: %v, want ErrPath", err)
	}
}

// TestParsePathAllocatesForSteps checks that a long malformed path costs
// what its parsed steps cost, not bytes per separator it holds.
func TestParsePathAllocatesForSteps(t *testing.T) {
	for _, path := range []string{strings.Repeat("[", 1<<20), "A" + strings.Repeat(".", 1<<20), "[1]" + strings.Repeat("[", 1<<20)} {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		if _, err := proof.ParsePath(path); !errors.Is(err, proof.ErrPath) {
			t.Fatalf("a path of %d bytes: %v", len(path), err)
		}
		runtime.ReadMemStats(&after)
		if n := after.TotalAlloc - before.TotalAlloc; n > 64<<10 {
			t.Errorf("a malformed path of %d bytes allocated %d bytes", len(path), n)
		}
	}
}

// TestPathErrorMessageBounded checks that the message of an error about a
// long path shows the bytes around the position, not the whole path.
func TestPathErrorMessageBounded(t *testing.T) {
	path := strings.Repeat("a", 1<<20) + "[x]"
	_, err := proof.ParsePath(path)
	var pe *proof.PathError
	if !errors.As(err, &pe) || pe.Path != path || pe.Pos != 1<<20+1 {
		t.Fatalf("%.80v", err)
	}
	msg := err.Error()
	if len(msg) > 300 || !strings.Contains(msg, `…"aaaa`) || !strings.Contains(msg, `aaaa[x]" (`) || !strings.Contains(msg, "(1048579 bytes)") {
		t.Errorf("message of %d bytes: %.300s", len(msg), msg)
	}
	_, err = proof.ParsePath("Fork..Epoch")
	if want := `proof: path "Fork..Epoch": byte 5: '.' followed by '.', not a field name`; err == nil || err.Error() != want {
		t.Errorf("short path: %v, want %s", err, want)
	}
}

// TestFieldNameFoldIsASCII checks that names are folded in ASCII only:
// the case of ASCII letters and underscores. A name that matches a field
// only under Unicode's case mapping (KELVIN SIGN U+212A lower-cases to
// k, LATIN CAPITAL LETTER I WITH DOT ABOVE U+0130 to i) names no field;
// a Go name with non-ASCII letters answers to itself exactly.
func TestFieldNameFoldIsASCII(t *testing.T) {
	type named struct {
		Pubkey  [48]byte
		Version uint8
		Ünits   uint64
		Kay     uint16 `json:"k_k"`
	}
	typ, err := ssz.TypeFor[named]()
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"pub\u212aey", "PUB\u212aEY", "vers\u0130on", "VERS\u0130ON", "vers\u0131on", "ünits", "\u212a_\u212a", "\u212a\u212a"} {
		if i, err := proof.FieldIndex(typ, name); !errors.Is(err, proof.ErrPath) {
			t.Errorf("%q: field %d, %v; want no field", name, i, err)
		}
	}
	for name, want := range map[string]int{"pubkey": 0, "PUB_KEY": 0, "VERSION": 1, "Ünits": 2, "Ü_NITS": 2, "KK": 3, "k_k": 3} {
		if i, err := proof.FieldIndex(typ, name); err != nil || i != want {
			t.Errorf("%q: field %d, %v; want %d", name, i, err, want)
		}
	}
}
