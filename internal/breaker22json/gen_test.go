package breaker22json

import (
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/lanehash/lanehash/internal/sszlayout"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/sszjson"
)

// The oracle: a value.yaml document, walked with its SSZ type, is written
// as JSON by this file's own writer (not sszjson's), in any of the forms
// docs/json.md says the reader takes (numbers or decimal strings, escapes,
// keys in any order and in any of the names a field has, upper-case hex,
// arrays of numbers for byte strings, white space anywhere), with at most
// one fault injected whose error (sentinel, path, byte) follows from the
// documented rules alone.

// want is the documented error of an injected fault.
type want struct {
	what     string
	sentinel error
	path     string
	off      int  // -1: any
	anyPath  bool // the path is not checked
	syntaxed bool
}

type gen struct {
	r      *rand.Rand
	buf    []byte
	site   int   // sites seen so far
	target int   // the site to fault (-1: none)
	fault  *want // the fault injected
	plain  bool  // no variations: the canonical form
}

func (g *gen) s(s string) { g.buf = append(g.buf, s...) }

// ws writes random JSON white space.
func (g *gen) ws() {
	if g.plain || g.r.IntN(4) != 0 {
		return
	}
	for n := g.r.IntN(3) + 1; n > 0; n-- {
		g.buf = append(g.buf, " \t\n\r"[g.r.IntN(4)])
	}
}

// here reports whether the current site is the one to fault.
func (g *gen) here() bool {
	g.site++
	return g.site-1 == g.target
}

func join(path, step string) string {
	if path == "" || strings.HasPrefix(step, "[") {
		return path + step
	}
	return path + "." + step
}

// str writes s as a JSON string, escaping some of its characters with
// \u escapes (or short escapes) when variations are on.
func (g *gen) str(s string) {
	g.buf = append(g.buf, '"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !g.plain && g.r.IntN(12) == 0 {
			if c == '/' && g.r.IntN(2) == 0 {
				g.s(`\/`)
			} else {
				g.s(fmt.Sprintf(`\u%04x`, c))
				if g.r.IntN(2) == 0 {
					// upper-case hex in the escape
					n := len(g.buf)
					copy(g.buf[n-4:], strings.ToUpper(string(g.buf[n-4:])))
				}
			}
			continue
		}
		g.buf = append(g.buf, c)
	}
	g.buf = append(g.buf, '"')
}

// keyFor returns a key naming field i of t: the spec name, or the Go
// name, folded (ASCII case, underscores) as the docs allow.
func (g *gen) keyFor(t *ssz.Type, i int) string {
	name := sszlayout.FieldName(t, i)
	if g.plain {
		return name
	}
	switch g.r.IntN(6) {
	case 0:
		name = t.Fields[i].Name
	case 1:
		name = strings.ToUpper(name)
	case 2:
		name = strings.ReplaceAll(name, "_", "")
	case 3:
		var b strings.Builder
		for _, c := range name {
			if g.r.IntN(3) == 0 {
				b.WriteByte('_')
			}
			if g.r.IntN(2) == 0 {
				b.WriteString(strings.ToUpper(string(c)))
			} else {
				b.WriteRune(c)
			}
		}
		if g.r.IntN(2) == 0 {
			b.WriteByte('_')
		}
		name = b.String()
	}
	return name
}

// fieldNodes maps each field of t to its yaml value node.
func fieldNodes(t *ssz.Type, n *yaml.Node) ([]*yaml.Node, error) {
	if n.Kind != yaml.MappingNode {
		return nil, fmt.Errorf("want a mapping for %s", t)
	}
	out := make([]*yaml.Node, len(t.Fields))
	for j := 0; j+1 < len(n.Content); j += 2 {
		k := fold(n.Content[j].Value)
		found := false
		for i := range t.Fields {
			if fold(sszlayout.FieldName(t, i)) == k || fold(t.Fields[i].Name) == k {
				out[i], found = n.Content[j+1], true
				break
			}
		}
		if !found {
			return nil, fmt.Errorf("yaml key %q names no field of %s", n.Content[j].Value, t)
		}
	}
	for i, x := range out {
		if x == nil {
			return nil, fmt.Errorf("yaml lacks field %d of %s", i, t)
		}
	}
	return out, nil
}

func fold(s string) string { return strings.ToLower(strings.ReplaceAll(s, "_", "")) }

// value writes the JSON of yaml node n as a value of t at path.
func (g *gen) value(t *ssz.Type, n *yaml.Node, path string) error {
	switch t.Kind {
	case ssz.KindBool:
		return g.boolean(n, path)
	case ssz.KindUint8, ssz.KindUint16, ssz.KindUint32, ssz.KindUint64, ssz.KindUint128, ssz.KindUint256:
		return g.uint(t, n, path)
	case ssz.KindBitvector, ssz.KindBitlist, ssz.KindProgressiveBitlist:
		return g.hex(t, n, path, false)
	case ssz.KindVector, ssz.KindList, ssz.KindProgressiveList:
		return g.seq(t, n, path)
	case ssz.KindContainer, ssz.KindProgressiveContainer:
		return g.container(t, n, path)
	case ssz.KindUnion, ssz.KindCompatibleUnion:
		return g.union(t, n, path)
	}
	return fmt.Errorf("kind %s", t.Kind)
}

func (g *gen) boolean(n *yaml.Node, path string) error {
	if g.here() {
		lo := len(g.buf)
		switch g.r.IntN(4) {
		case 0:
			g.s("1")
			g.fault = &want{what: "bool as 1", sentinel: sszjson.ErrType, path: path, off: lo}
		case 1:
			g.s(`"` + n.Value + `"`)
			g.fault = &want{what: "bool as string", sentinel: sszjson.ErrType, path: path, off: lo}
		case 2:
			g.s("null")
			g.fault = &want{what: "bool as null", sentinel: sszjson.ErrType, path: path, off: lo}
		default:
			g.s("tru")
			g.fault = &want{what: "bool as tru", sentinel: sszjson.ErrSyntax, path: path, off: lo}
		}
		return nil
	}
	g.s(n.Value)
	return nil
}

func (g *gen) uint(t *ssz.Type, n *yaml.Node, path string) error {
	digits := n.Value
	x, ok := new(big.Int).SetString(digits, 10)
	if !ok || x.Sign() < 0 {
		return fmt.Errorf("yaml integer %q", digits)
	}
	if x.BitLen() > int(8*t.Size) {
		return fmt.Errorf("yaml integer %q too large for %s", digits, t)
	}
	digits = x.String() // canonical
	if g.here() {
		lo := len(g.buf)
		bad := func(what, s string, sentinel error) {
			g.s(s)
			g.fault = &want{what: what, sentinel: sentinel, path: path, off: lo}
		}
		limit := new(big.Int).Lsh(big.NewInt(1), uint(8*t.Size))
		switch g.r.IntN(14) {
		case 0:
			bad("2^bits", limit.String(), sszjson.ErrNumber)
		case 1:
			bad("2^bits quoted", `"`+limit.String()+`"`, sszjson.ErrNumber)
		case 2:
			bad("negative", "-"+digits, sszjson.ErrNumber)
		case 3:
			bad("negative quoted", `"-`+digits+`"`, sszjson.ErrNumber)
		case 4:
			bad("leading zero quoted", `"0`+digits+`"`, sszjson.ErrNumber)
		case 5:
			bad("exponent", digits+"e0", sszjson.ErrNumber)
		case 6:
			bad("fraction", digits+".0", sszjson.ErrNumber)
		case 7:
			bad("null", "null", sszjson.ErrType)
		case 8:
			bad("empty string", `""`, sszjson.ErrNumber)
		case 9:
			bad("hex", `"0x1"`, sszjson.ErrNumber)
		case 10:
			bad("sign", `"+`+digits+`"`, sszjson.ErrNumber)
		case 11:
			bad("object", `{}`, sszjson.ErrType)
		case 12:
			bad("2^bits-1 with 0 prefix", `"0`+new(big.Int).Sub(limit, big.NewInt(1)).String()+`"`, sszjson.ErrNumber)
		default:
			bad("negative zero", "-0", sszjson.ErrNumber)
		}
		return nil
	}
	if g.plain {
		g.s(`"` + digits + `"`)
		return nil
	}
	switch g.r.IntN(3) {
	case 0:
		g.s(digits)
	case 1:
		g.s(`"` + digits + `"`)
	default:
		g.str(digits)
	}
	return nil
}

// hex writes a "0x" hex string node (or, for a byte string given as a
// yaml sequence, its bytes) as hex.
func (g *gen) hex(t *ssz.Type, n *yaml.Node, path string, bytesArray bool) error {
	var digits string
	switch n.Kind {
	case yaml.ScalarNode:
		if !strings.HasPrefix(n.Value, "0x") {
			return fmt.Errorf("yaml hex %q", n.Value)
		}
		digits = strings.ToLower(n.Value[2:])
	case yaml.SequenceNode:
		for _, e := range n.Content {
			x, err := strconv.ParseUint(e.Value, 10, 8)
			if err != nil {
				return err
			}
			digits += fmt.Sprintf("%02x", x)
		}
	default:
		return fmt.Errorf("yaml node for %s", t)
	}
	if g.here() {
		lo := len(g.buf)
		k := g.r.IntN(5)
		if k == 2 && len(digits) == 0 {
			k = 0
		}
		switch k {
		case 0:
			g.s(`"0x` + digits + `0"`)
			g.fault = &want{what: "odd hex", sentinel: sszjson.ErrHex, path: path, off: lo}
		case 1:
			g.s(`"` + digits + `"`)
			g.fault = &want{what: "no 0x", sentinel: sszjson.ErrHex, path: path, off: lo}
			if len(digits) >= 2 && digits[0] == '0' && digits[1] == 'x' {
				g.fault = nil // cannot happen: digits are hex
			}
		case 2:
			i := g.r.IntN(len(digits))
			bad := []byte(digits)
			bad[i] = "gG:/ xX"[g.r.IntN(7)]
			g.s(`"0x` + string(bad) + `"`)
			g.fault = &want{what: "bad digit", sentinel: sszjson.ErrHex, path: path, off: lo + 3 + i}
		case 3:
			g.s(`"0x` + digits + `00"`)
			s := ssz.ErrSize
			if t.Kind == ssz.KindList || t.Kind == ssz.KindBitlist {
				s = ssz.ErrListTooLong
			}
			g.fault = &want{what: "one byte more", sentinel: s, path: path, off: lo}
			if t.Kind == ssz.KindProgressiveList || t.Kind == ssz.KindProgressiveBitlist ||
				(t.Kind == ssz.KindList && uint64(len(digits)/2+1) <= t.Limit) ||
				(t.Kind == ssz.KindBitlist) {
				// Still valid or not simply decided: write a number instead.
				g.buf = g.buf[:lo]
				g.s("12")
				g.fault = &want{what: "number for hex", sentinel: sszjson.ErrType, path: path, off: lo}
			}
		default:
			g.s("12")
			g.fault = &want{what: "number for hex", sentinel: sszjson.ErrType, path: path, off: lo}
		}
		return nil
	}
	if g.plain {
		g.s(`"0x` + digits + `"`)
		return nil
	}
	if bytesArray && g.r.IntN(3) == 0 {
		// An array of numbers.
		g.s("[")
		for i := 0; i < len(digits); i += 2 {
			if i > 0 {
				g.ws()
				g.s(",")
			}
			g.ws()
			x, _ := strconv.ParseUint(digits[i:i+2], 16, 8)
			if g.r.IntN(2) == 0 {
				g.s(strconv.FormatUint(x, 10))
			} else {
				g.s(`"` + strconv.FormatUint(x, 10) + `"`)
			}
		}
		g.ws()
		g.s("]")
		return nil
	}
	b := []byte(digits)
	if g.r.IntN(2) == 0 {
		for i := range b {
			if g.r.IntN(2) == 0 {
				b[i] = strings.ToUpper(string(b[i]))[0]
			}
		}
	}
	g.str("0x" + string(b))
	return nil
}

func (g *gen) seq(t *ssz.Type, n *yaml.Node, path string) error {
	if sszlayout.IsBytes(t) {
		return g.hex(t, n, path, true)
	}
	if n.Kind != yaml.SequenceNode {
		return fmt.Errorf("want a sequence for %s, got %v", t, n.Kind)
	}
	if g.here() {
		lo := len(g.buf)
		switch g.r.IntN(2) {
		case 0:
			g.s("{}")
			g.fault = &want{what: "object for array", sentinel: sszjson.ErrType, path: path, off: lo}
		default:
			g.s(`"x"`)
			g.fault = &want{what: "string for array", sentinel: sszjson.ErrType, path: path, off: lo}
		}
		return nil
	}
	g.s("[")
	for i, e := range n.Content {
		if i > 0 {
			g.ws()
			g.s(",")
		}
		g.ws()
		if err := g.value(t.Elem, e, join(path, "["+strconv.Itoa(i)+"]")); err != nil {
			return err
		}
	}
	g.ws()
	g.s("]")
	return nil
}

func (g *gen) container(t *ssz.Type, n *yaml.Node, path string) error {
	nodes, err := fieldNodes(t, n)
	if err != nil {
		return err
	}
	order := make([]int, len(nodes))
	for i := range order {
		order[i] = i
	}
	if !g.plain {
		g.r.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
	}
	lo := len(g.buf)
	type extra struct {
		at  int    // before member at (len(order): at the end)
		key string // the unknown key, or
		dup int    // the field given twice (-1)
	}
	var x *extra
	if g.here() {
		switch g.r.IntN(4) {
		case 0: // a field missing
			i := g.r.IntN(len(order))
			f := order[i]
			order = append(order[:i:i], order[i+1:]...)
			g.fault = &want{what: "missing field", sentinel: sszjson.ErrMissingField, path: join(path, sszlayout.FieldName(t, f)), off: lo}
			if len(order) == 0 {
				g.fault.what = "missing only field"
			}
		case 1: // an unknown key
			x = &extra{at: g.r.IntN(len(order) + 1), key: "zz_unknown", dup: -1}
		case 2: // a field twice
			x = &extra{at: 1 + g.r.IntN(len(order)), dup: order[g.r.IntN(len(order))]}
			// the second occurrence must come after the first
			first := 0
			for j, f := range order {
				if f == x.dup {
					first = j
				}
			}
			if x.at <= first {
				x.at = first + 1
			}
		default:
			g.s(`[]`)
			g.fault = &want{what: "array for object", sentinel: sszjson.ErrType, path: path, off: lo}
			return nil
		}
	}
	g.s("{")
	wrote := 0
	member := func(key string, f int) error {
		if wrote > 0 {
			g.ws()
			g.s(",")
		}
		wrote++
		g.ws()
		klo := len(g.buf)
		if f < 0 {
			g.str(key)
			g.fault = &want{what: "unknown key", sentinel: sszjson.ErrUnknownField, path: join(path, key), off: klo}
			g.ws()
			g.s(":")
			g.ws()
			g.s("0")
			return nil
		}
		g.str(key)
		g.ws()
		g.s(":")
		g.ws()
		return g.value(t.Fields[f].Type, nodes[f], join(path, sszlayout.FieldName(t, f)))
	}
	for j := 0; j <= len(order); j++ {
		if x != nil && x.at == j {
			if x.dup < 0 {
				if err := member(x.key, -1); err != nil {
					return err
				}
			} else {
				// Written in the canonical form so no other fault hides in it.
				klo := 0
				if wrote > 0 {
					g.ws()
					g.s(",")
				}
				wrote++
				g.ws()
				klo = len(g.buf)
				g.str(g.keyFor(t, x.dup))
				g.s(":")
				save := g.target
				g.target = -1
				if err := g.value(t.Fields[x.dup].Type, nodes[x.dup], "?"); err != nil {
					return err
				}
				g.target = save
				g.fault = &want{what: "duplicate field", sentinel: sszjson.ErrDuplicateField, path: join(path, sszlayout.FieldName(t, x.dup)), off: klo}
			}
		}
		if j < len(order) {
			if err := member(g.keyFor(t, order[j]), order[j]); err != nil {
				return err
			}
		}
	}
	g.ws()
	g.s("}")
	return nil
}

func (g *gen) union(t *ssz.Type, n *yaml.Node, path string) error {
	if n.Kind != yaml.MappingNode {
		return fmt.Errorf("want a mapping for %s", t)
	}
	valueKey := "value"
	if t.Kind == ssz.KindCompatibleUnion {
		valueKey = "data"
	}
	var sel, val *yaml.Node
	for j := 0; j+1 < len(n.Content); j += 2 {
		switch n.Content[j].Value {
		case "selector":
			sel = n.Content[j+1]
		case valueKey:
			val = n.Content[j+1]
		}
	}
	if sel == nil {
		return errors.New("union without selector")
	}
	s, err := strconv.Atoi(sel.Value)
	if err != nil {
		return err
	}
	opt := t.Options[s]
	lo := len(g.buf)
	kind := -1
	if g.here() {
		kind = g.r.IntN(4)
	}
	g.s("{")
	g.ws()
	selFirst := g.plain || g.r.IntN(2) == 0
	writeSel := func() {
		g.str("selector")
		g.ws()
		g.s(":")
		g.ws()
		slo := len(g.buf)
		switch kind {
		case 0:
			g.s(`"` + sel.Value + `"`)
			g.fault = &want{what: "selector as string", sentinel: sszjson.ErrType, path: join(path, "selector"), off: slo}
		case 1:
			g.s(strconv.Itoa(len(t.Options) + 1))
			g.fault = &want{what: "selector not an option", sentinel: ssz.ErrUnion, path: join(path, "selector"), off: slo}
		default:
			g.s(sel.Value)
		}
	}
	writeVal := func() error {
		g.str(valueKey)
		g.ws()
		g.s(":")
		g.ws()
		if opt == nil {
			g.s("null")
			return nil
		}
		save := g.target
		if kind >= 0 {
			g.target = -1
		}
		err := g.value(opt, val, join(path, valueKey))
		g.target = save
		return err
	}
	switch {
	case kind == 2: // the value missing
		writeSel()
		g.fault = &want{what: "union value missing", sentinel: sszjson.ErrMissingField, path: join(path, valueKey), off: lo}
	case kind == 3: // an unknown key
		writeSel()
		g.s(",")
		klo := len(g.buf)
		g.s(`"zz":1,`)
		if err := writeVal(); err != nil {
			return err
		}
		g.fault = &want{what: "union unknown key", sentinel: sszjson.ErrUnknownField, path: join(path, "zz"), off: klo}
	case selFirst:
		writeSel()
		g.ws()
		g.s(",")
		g.ws()
		if err := writeVal(); err != nil {
			return err
		}
	default:
		if err := writeVal(); err != nil {
			return err
		}
		g.ws()
		g.s(",")
		g.ws()
		writeSel()
	}
	g.ws()
	g.s("}")
	return nil
}
