package sszjson_test

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/lanehash/lanehash/internal/spectest"
	"github.com/lanehash/lanehash/internal/sszrand"
	"github.com/lanehash/lanehash/internal/sszwalk"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/altair"
	"github.com/lanehash/lanehash/ssz/consensus/capella"
	"github.com/lanehash/lanehash/ssz/consensus/deneb"
	"github.com/lanehash/lanehash/ssz/consensus/electra"
	"github.com/lanehash/lanehash/ssz/consensus/fulu"
	"github.com/lanehash/lanehash/ssz/consensus/gloas"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
	"github.com/lanehash/lanehash/ssz/sszjson"
)

// The differential test of the reader: every input below is read by
// UnmarshalValue and by the oracle (the reader as it was before it was
// compiled per type, decode_oracle_test.go), which must agree exactly:
// both accept with deeply equal values, or both refuse with an *Error
// of the same Path, Offset, message and sentinels.

// diffStats counts the inputs compared, by kind, and how many of them
// were accepted.
type diffStats struct {
	mu       sync.Mutex
	n, okays map[string]int
}

func (s *diffStats) add(kind string, accepted bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.n == nil {
		s.n, s.okays = map[string]int{}, map[string]int{}
	}
	s.n[kind]++
	if accepted {
		s.okays[kind]++
	}
}

func (s *diffStats) log(t *testing.T) {
	for k, n := range s.n {
		t.Logf("%-22s %7d inputs, %7d accepted", k, n, s.okays[k])
	}
}

// diffSentinels are the causes compared with errors.Is.
var diffSentinels = append(append([]error{}, sentinels...), sszjson.ErrNoEnvelope, ssz.ErrValue, ssz.ErrUnsupported)

// sameReading reads in as st with both readers and returns whether it
// was accepted, and how the readers differ (nil when they agree).
func sameReading(st *ssz.Type, in []byte) (bool, error) {
	got := reflect.New(st.Go).Elem()
	want := reflect.New(st.Go).Elem()
	errGot := sszjson.UnmarshalValue(st, in, got)
	errWant := sszjson.OracleUnmarshalValue(st, in, want)
	if err := sameError(errGot, errWant); err != nil {
		return false, err
	}
	if errGot == nil && !reflect.DeepEqual(got.Interface(), want.Interface()) {
		return true, fmt.Errorf("values differ:\n new %+v\n old %+v", got.Interface(), want.Interface())
	}
	return errGot == nil, nil
}

// sameError compares two readers' errors: nil alike, or *Error alike in
// Path, Offset, message and every sentinel.
func sameError(got, want error) error {
	if got == nil || want == nil {
		if got != nil || want != nil {
			return fmt.Errorf("error %v, oracle's %v", got, want)
		}
		return nil
	}
	var g, w *sszjson.Error
	if !errors.As(got, &g) || !errors.As(want, &w) {
		return fmt.Errorf("error %v (%T), oracle's %v (%T)", got, got, want, want)
	}
	if g.Path != w.Path || g.Offset != w.Offset || got.Error() != want.Error() {
		return fmt.Errorf("error %q (path %q, byte %d),\n  oracle's %q (path %q, byte %d)", got, g.Path, g.Offset, want, w.Path, w.Offset)
	}
	for _, s := range diffSentinels {
		if errors.Is(got, s) != errors.Is(want, s) {
			return fmt.Errorf("error %v is %v: %v; the oracle's %v", got, s, errors.Is(got, s), errors.Is(want, s))
		}
	}
	return nil
}

// node is a JSON value of a valid document, kept as written: a scalar's
// token, an object's keys (quoted) and members, an array's elements.
type node struct {
	kind byte // '{', '[', '"', or 's' for a number or literal
	text string
	keys []string
	kids []*node
}

// parseJSON parses a valid JSON document into nodes.
func parseJSON(b []byte) (*node, error) {
	p := &jsonParser{b: b}
	n, err := p.value()
	if err == nil && p.ws() != len(b) {
		err = fmt.Errorf("data after the value at %d", p.i)
	}
	return n, err
}

type jsonParser struct {
	b []byte
	i int
}

func (p *jsonParser) ws() int {
	for p.i < len(p.b) && strings.IndexByte(" \t\r\n", p.b[p.i]) >= 0 {
		p.i++
	}
	return p.i
}

func (p *jsonParser) value() (*node, error) {
	if p.ws() >= len(p.b) {
		return nil, errors.New("end of input")
	}
	switch c := p.b[p.i]; c {
	case '{', '[':
		n := &node{kind: c}
		p.i++
		closer := byte(']')
		if c == '{' {
			closer = '}'
		}
		if p.ws() < len(p.b) && p.b[p.i] == closer {
			p.i++
			return n, nil
		}
		for {
			if c == '{' {
				k, err := p.value()
				if err != nil || k.kind != '"' {
					return nil, fmt.Errorf("bad key at %d", p.i)
				}
				if p.ws() >= len(p.b) || p.b[p.i] != ':' {
					return nil, fmt.Errorf("no colon at %d", p.i)
				}
				p.i++
				n.keys = append(n.keys, k.text)
			}
			v, err := p.value()
			if err != nil {
				return nil, err
			}
			n.kids = append(n.kids, v)
			if p.ws() >= len(p.b) {
				return nil, errors.New("unterminated")
			}
			switch p.b[p.i] {
			case ',':
				p.i++
				continue
			case closer:
				p.i++
				return n, nil
			}
			return nil, fmt.Errorf("bad separator at %d", p.i)
		}
	case '"':
		j := p.i + 1
		for j < len(p.b) && p.b[j] != '"' {
			if p.b[j] == '\\' {
				j++
			}
			j++
		}
		if j >= len(p.b) {
			return nil, errors.New("unterminated string")
		}
		n := &node{kind: '"', text: string(p.b[p.i : j+1])}
		p.i = j + 1
		return n, nil
	}
	j := p.i
	for j < len(p.b) && strings.IndexByte(",]}: \t\r\n", p.b[j]) < 0 {
		j++
	}
	n := &node{kind: 's', text: string(p.b[p.i:j])}
	p.i = j
	return n, nil
}

// rewriter writes nodes back as JSON, changed at random: members
// reordered, white space, numbers and decimal strings swapped, hex in
// upper case or as arrays of numbers, characters escaped, keys in other
// spellings, and now and then a fault (a member dropped, duplicated or
// unknown, an element dropped or repeated, a number misspelled).
type rewriter struct {
	r *rand.Rand
	// The chances of each change, per mille, drawn per document so that
	// some documents change much and others little.
	shuffle, space, number, upper, byteArray, escape, key, fault int
	// limit stops duplicating members and elements once the output is
	// that long: repeated at every level of a deep nesting, they would
	// double it at each.
	limit int
}

func newRewriter(r *rand.Rand, size int) *rewriter {
	w := &rewriter{r: r, limit: 2*size + 4096}
	for _, p := range []*int{&w.shuffle, &w.space, &w.number, &w.upper, &w.byteArray, &w.escape, &w.key} {
		*p = []int{0, 0, 20, 200, 1000}[r.IntN(5)]
	}
	w.fault = []int{0, 0, 0, 2, 20}[r.IntN(5)]
	return w
}

func (w *rewriter) chance(perMille int) bool { return perMille > 0 && w.r.IntN(1000) < perMille }

func (w *rewriter) ws(b []byte) []byte {
	if w.chance(w.space) {
		for range 1 + w.r.IntN(2) {
			b = append(b, " \n\t\r"[w.r.IntN(4)])
		}
	}
	return b
}

func (w *rewriter) write(b []byte, n *node) []byte {
	b = w.ws(b)
	switch n.kind {
	case '{':
		order := make([]int, len(n.kids))
		for i := range order {
			order[i] = i
		}
		if w.chance(w.shuffle) {
			w.r.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		}
		b = append(b, '{')
		first := true
		member := func(key string, kid *node) {
			if !first {
				b = append(b, ',')
			}
			first = false
			b = w.ws(b)
			b = append(b, w.keyText(key)...)
			b = w.ws(b)
			b = append(b, ':')
			b = w.write(b, kid)
		}
		for _, i := range order {
			switch {
			case w.chance(w.fault / 2):
				continue // a member dropped
			case len(b) < w.limit && w.chance(w.fault/2):
				member(n.keys[i], n.kids[i]) // a member twice
			case w.chance(w.fault / 4):
				member(`"zz_unknown"`, n.kids[i])
			}
			member(n.keys[i], n.kids[i])
		}
		b = w.ws(b)
		return append(b, '}')
	case '[':
		b = append(b, '[')
		first := true
		for _, kid := range n.kids {
			reps := 1
			switch {
			case w.chance(w.fault / 2):
				reps = 0
			case w.chance(w.fault / 2):
				reps = 2
			}
			for r := range reps {
				if r > 0 && len(b) >= w.limit {
					break
				}
				if !first {
					b = append(b, ',')
				}
				first = false
				b = w.write(b, kid)
			}
		}
		b = w.ws(b)
		return append(b, ']')
	case '"':
		return append(b, w.str(n.text)...)
	}
	// A number or literal.
	if isDigits(n.text) {
		switch {
		case w.chance(w.fault):
			return append(b, []string{"-", "0", "+", ".0", "e1", "00"}[w.r.IntN(6)]+n.text...)
		case w.chance(w.number):
			return append(b, `"`+n.text+`"`...)
		}
	}
	return append(b, n.text...)
}

// keyText is a key, respelled now and then as a proof path step may
// spell it (folded case, no underscores), or escaped.
func (w *rewriter) keyText(q string) string {
	if !w.chance(w.key) {
		return w.str(q)
	}
	s := q[1 : len(q)-1]
	switch w.r.IntN(4) {
	case 0:
		s = strings.ToUpper(s)
	case 1:
		s = strings.ReplaceAll(s, "_", "")
	case 2: // GoName-like
		parts := strings.Split(s, "_")
		for i, p := range parts {
			if p != "" {
				parts[i] = strings.ToUpper(p[:1]) + p[1:]
			}
		}
		s = strings.Join(parts, "")
	case 3:
		if s != "" {
			i := w.r.IntN(len(s))
			s = s[:i] + fmt.Sprintf(`\u%04x`, s[i]) + s[i+1:]
		}
	}
	return `"` + s + `"`
}

// str is a string token, changed now and then: a decimal string as a
// number, hex in upper case or as an array of byte numbers, a character
// escaped, or (a fault) a digit dropped or misspelled.
func (w *rewriter) str(q string) string {
	s := q[1 : len(q)-1]
	switch {
	case isDigits(s) && w.chance(w.number):
		return s
	case isDigits(s) && w.chance(w.fault):
		return `"` + []string{"-", "0", "+", " ", "x"}[w.r.IntN(5)] + s + `"`
	case strings.HasPrefix(s, "0x") && w.chance(w.byteArray) && len(s)%2 == 0 && len(s) < 400:
		var b strings.Builder
		b.WriteByte('[')
		for i := 2; i+1 < len(s); i += 2 {
			x, err := strconv.ParseUint(s[i:i+2], 16, 8)
			if err != nil {
				return q
			}
			if i > 2 {
				b.WriteByte(',')
			}
			if w.chance(w.number) {
				fmt.Fprintf(&b, `"%d"`, x)
			} else {
				fmt.Fprintf(&b, "%d", x)
			}
		}
		b.WriteByte(']')
		return b.String()
	case strings.HasPrefix(s, "0x") && w.chance(w.upper):
		s = "0x" + strings.ToUpper(s[2:])
	case strings.HasPrefix(s, "0x") && len(s) > 2 && w.chance(w.fault):
		i := 2 + w.r.IntN(len(s)-2)
		s = s[:i] + []string{"", "g", "0", "00", "G"}[w.r.IntN(5)] + s[i+1:]
	}
	if s != "" && !strings.Contains(s, `\`) && w.chance(w.escape) {
		i := w.r.IntN(len(s))
		s = s[:i] + fmt.Sprintf(`\u%04X`, s[i]) + s[i+1:]
	}
	return `"` + s + `"`
}

func isDigits(s string) bool {
	return s != "" && strings.Trim(s, "0123456789") == ""
}

// interesting are the bytes mutateBytes puts into a document.
var interesting = []byte("{}[]\",:0123456789abcdefABCDEFxX-+.eE tfnul\\\n\x00\x1f\x7f\xff")

// mutateBytes changes one to three bytes of a document, or cuts it:
// half of the places are where the document's structure is (brackets,
// quotes, colons, commas), the others anywhere.
func mutateBytes(r *rand.Rand, in []byte) []byte {
	out := bytes.Clone(in)
	var marks []int
	for i, c := range out {
		if strings.IndexByte(`{}[]":,`, c) >= 0 {
			marks = append(marks, i)
		}
	}
	for range 1 + r.IntN(3) {
		if len(out) == 0 {
			out = append(out, interesting[r.IntN(len(interesting))])
			continue
		}
		i := r.IntN(len(out))
		if len(marks) > 0 && r.IntN(2) == 0 {
			i = min(marks[r.IntN(len(marks))]+r.IntN(3)-1, len(out)-1)
			i = max(i, 0)
		}
		switch r.IntN(7) {
		case 0, 1:
			out[i] = interesting[r.IntN(len(interesting))]
		case 2:
			out[i] = byte(r.Uint32())
		case 3:
			out = append(out[:i], out[i+1:]...)
		case 4:
			out = append(out[:i], append([]byte{interesting[r.IntN(len(interesting))]}, out[i:]...)...)
		case 5:
			if r.IntN(4) == 0 {
				out = out[:i]
			}
		case 6: // a span repeated
			j := min(len(out), i+1+r.IntN(40))
			out = append(out[:j], append(bytes.Clone(out[i:j]), out[j:]...)...)
		}
	}
	return out
}

// diffDoc compares the readers on doc and on variants of it (rewrites,
// byte mutations, both), counting each kind of input in stats.
func diffDoc(st *ssz.Type, doc []byte, r *rand.Rand, variants int, kind string, stats *diffStats) error {
	ok, err := sameReading(st, doc)
	stats.add(kind, ok)
	if err != nil {
		return fmt.Errorf("%s: %w\ninput %.300q", kind, err, doc)
	}
	tree, perr := parseJSON(doc)
	for i := range variants {
		var in []byte
		var what string
		switch {
		case perr == nil && i%3 == 0:
			in, what = newRewriter(r, len(doc)).write(nil, tree), "rewritten"
		case perr == nil && i%3 == 1:
			in, what = mutateBytes(r, newRewriter(r, len(doc)).write(nil, tree)), "rewritten+mutated"
		default:
			in, what = mutateBytes(r, doc), "byte-mutated"
		}
		ok, err := sameReading(st, in)
		stats.add(what, ok)
		if err != nil {
			return fmt.Errorf("%s, %s: %w\ninput %.600q", kind, what, err, in)
		}
	}
	return nil
}

// diffTypes are the types random values are made of.
func diffTypes(t *testing.T) []*ssz.Type {
	min := ssz.MinimalSpec()
	var out []*ssz.Type
	for _, c := range []struct {
		g    reflect.Type
		spec ssz.SpecValues
	}{
		{reflect.TypeFor[kinds](), nil},
		{reflect.TypeFor[named8](), nil},
		{reflect.TypeFor[wide](), nil},
		{reflect.TypeFor[vectors](), nil},
		{reflect.TypeFor[memUnions](), nil},
		{reflect.TypeFor[memPtrs](), nil},
		{reflect.TypeFor[memU256s](), nil},
		{reflect.TypeFor[memBitlists](), nil},
		{reflect.TypeFor[spectest.ComplexTestStruct](), nil},
		{reflect.TypeFor[spectest.BitsStruct](), nil},
		{reflect.TypeFor[spectest.VarTestStruct](), nil},
		{reflect.TypeFor[spectest.ProgressiveComplexTestStruct](), nil},
		{reflect.TypeFor[spectest.ProgressiveBitsStruct](), nil},
		{reflect.TypeFor[spectest.CompatibleUnionABCA](), nil},
		{reflect.TypeFor[phase0.BeaconState](), min},
		{reflect.TypeFor[phase0.BeaconBlockBody](), nil},
		{reflect.TypeFor[altair.SyncCommittee](), min},
		{reflect.TypeFor[capella.SignedBLSToExecutionChange](), nil},
		{reflect.TypeFor[deneb.ExecutionPayload](), nil},
		{reflect.TypeFor[electra.BeaconState](), min},
		{reflect.TypeFor[electra.SignedBeaconBlock](), min},
		{reflect.TypeFor[fulu.BeaconState](), min},
		{reflect.TypeFor[gloas.BeaconState](), min},
		{reflect.TypeFor[gloas.SignedBeaconBlock](), min},
		{reflect.TypeFor[gloas.Builder](), nil},
	} {
		var opts []ssz.Option
		if c.spec != nil {
			opts = append(opts, ssz.WithSpec(c.spec))
		}
		st, err := ssz.TypeOf(c.g, opts...)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, st)
	}
	return out
}

// parallel runs f(i) for i in [0, n) on every processor and returns
// the first errors (at most 20).
func parallel(n int, f func(i int) error) []error {
	var mu sync.Mutex
	var errs []error
	var next atomic.Int64
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				if err := f(i); err != nil {
					mu.Lock()
					if len(errs) < 20 {
						errs = append(errs, err)
					}
					mu.Unlock()
				}
			}
		})
	}
	wg.Wait()
	return errs
}

// TestDecoderMatchesOracle holds the reader to the oracle on random
// values of many types, each written by Marshal and then rewritten and
// mutated; on the hostile documents; on the memory tests' shapes; and on
// every spec vector's value.yaml (as JSON) and Marshal of its
// serialization, each also rewritten and mutated.
func TestDecoderMatchesOracle(t *testing.T) {
	var stats diffStats
	values, variants := 80, 30
	if testing.Short() {
		values, variants = 6, 6
	}
	types := diffTypes(t)
	errs := parallel(len(types)*values, func(i int) error {
		st := types[i%len(types)]
		r := rand.New(rand.NewPCG(uint64(i), 7))
		src := &sszrand.Filler{Rand: sszrand.NewRand(uint64(i)), MaxList: 1 + i%6, MaxBits: 100}
		v := reflect.New(st.Go).Elem()
		if err := sszwalk.Fill(st, v, src); err != nil {
			return err
		}
		js, err := sszjson.MarshalValue(st, v)
		if err != nil {
			return err
		}
		if err := diffDoc(st, js, r, variants, "random value", &stats); err != nil {
			return fmt.Errorf("%s: %w", st, err)
		}
		return nil
	})
	for _, err := range errs {
		t.Error(err)
	}

	kt, err := ssz.TypeFor[kinds]()
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(1, 2))
	for _, c := range hostileCases(t) {
		if err := diffDoc(kt, c.in, r, variants/4, "hostile", &stats); err != nil {
			t.Errorf("%s: %v", c.name, err)
		}
	}
	for _, s := range memShapes() {
		s.n = 40
		if len(s.elem) > 1000 {
			s.n = 1 // the escaped hex: megabytes each
		}
		st, err := ssz.TypeOf(reflect.TypeOf(s.into()).Elem())
		if err != nil {
			t.Fatal(err)
		}
		for _, in := range [][]byte{s.doc(s.elem), s.doc(s.bad)} {
			if err := diffDoc(st, in, r, variants/2, "memory shape", &stats); err != nil {
				t.Errorf("%s: %v", s.name, err)
			}
		}
	}
	diffSpecVectors(t, &stats, variants/6)
	stats.log(t)
}

// diffSpecVectors compares the readers on every valid spec case with a
// value.yaml: the value.yaml as JSON, and Marshal of the case's value
// (from its serialization), each with variants.
func diffSpecVectors(t *testing.T, stats *diffStats, variants int) {
	dir, err := spectest.Dir()
	if err != nil {
		t.Logf("no spec vectors: %v", err)
		return
	}
	cases, err := spectest.Cases(dir)
	if err != nil {
		t.Fatal(err)
	}
	var todo []*spectest.Case
	for i, c := range cases {
		// -short: one case in five (TestSpecVectors reads them all).
		if c.Valid && c.Type != nil && (!testing.Short() || i%5 == 0) {
			todo = append(todo, c)
		}
	}
	errs := parallel(len(todo), func(i int) error {
		c := todo[i]
		if err := c.Load(); err != nil {
			return err
		}
		defer func() { c.Serialized, c.Value = nil, nil }()
		r := rand.New(rand.NewPCG(uint64(i), 3))
		v := reflect.New(c.Type.Go).Elem()
		if err := ssz.UnmarshalValue(c.Type, c.Serialized, v); err != nil {
			return err
		}
		js, err := sszjson.MarshalValue(c.Type, v)
		if err != nil {
			return err
		}
		n := variants
		if len(js) > 100<<10 {
			n = min(n, 1)
		}
		if err := diffDoc(c.Type, js, r, n, "spec Marshal", stats); err != nil {
			return fmt.Errorf("%s: %w", c, err)
		}
		if c.Value == nil {
			return nil
		}
		yj, err := yamlToJSON(c.Value)
		if err != nil {
			return err
		}
		if err := diffDoc(c.Type, yj, r, n, "spec value.yaml", stats); err != nil {
			return fmt.Errorf("%s: %w", c, err)
		}
		return nil
	})
	for _, err := range errs {
		t.Error(err)
	}
}

// TestParseResponseMatchesOracle holds ParseResponse to the oracle's on
// responses around random values, rewritten and mutated.
func TestParseResponseMatchesOracle(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	st, err := ssz.TypeFor[phase0.BeaconBlockBody]()
	if err != nil {
		t.Fatal(err)
	}
	n := 3000
	if testing.Short() {
		n = 300
	}
	src := &sszrand.Filler{Rand: sszrand.NewRand(5), MaxList: 2, MaxBits: 40}
	v := reflect.New(st.Go).Elem()
	if err := sszwalk.Fill(st, v, src); err != nil {
		t.Fatal(err)
	}
	js, err := sszjson.MarshalValue(st, v)
	if err != nil {
		t.Fatal(err)
	}
	doc := []byte(`{"version":"phase0","execution_optimistic":false,"finalized":true,"dependent_root":"0x01","data":` + string(js) + `}`)
	tree, err := parseJSON(doc)
	if err != nil {
		t.Fatal(err)
	}
	accepted := 0
	for i := range n {
		in := doc
		switch i % 3 {
		case 1:
			in = newRewriter(r, len(doc)).write(nil, tree)
		case 2:
			in = mutateBytes(r, newRewriter(r, len(doc)).write(nil, tree))
		}
		got, errGot := sszjson.ParseResponse(in)
		want, errWant := sszjson.OracleParseResponse(in)
		if err := sameError(errGot, errWant); err != nil {
			t.Fatalf("%v\ninput %.300q", err, in)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("response %+v, oracle's %+v", got, want)
		}
		if errGot == nil {
			accepted++
		}
	}
	t.Logf("%d responses, %d accepted", n, accepted)
}
