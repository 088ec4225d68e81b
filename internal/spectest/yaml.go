package spectest

import (
	"encoding/hex"
	"fmt"
	"github.com/lanehash/lanehash/proof"
	"math/big"
	"reflect"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/lanehash/lanehash/internal/sszwalk"
	"github.com/lanehash/lanehash/ssz"
)

// DecodeYAML decodes a value.yaml document into a new value of t's Go type,
// driven by the descriptor: integers up to uint64 are plain numbers,
// uint128/uint256 decimal strings, bitfields and byte sequences 0x hex (byte
// sequences may also be lists of numbers), containers maps keyed by the
// field names in any case, with or without underscores (snake_case keys
// match Go's CamelCase names), unions maps {selector, value} and
// compatible unions maps {selector, data}. The walk itself is
// sszwalk.Fill's; this file reads the YAML nodes.
func DecodeYAML(t *ssz.Type, data []byte) (reflect.Value, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return reflect.Value{}, err
	}
	if doc.Kind != yaml.DocumentNode || len(doc.Content) != 1 {
		return reflect.Value{}, fmt.Errorf("value.yaml: not one document")
	}
	v := reflect.New(t.Go).Elem()
	if err := sszwalk.Fill(t, v, yamlNode{doc.Content[0]}); err != nil {
		return reflect.Value{}, err
	}
	return v, nil
}

// yamlNode is the sszwalk.Source of one YAML node.
type yamlNode struct{ n *yaml.Node }

func (y yamlNode) fail(format string, args ...any) error {
	return fmt.Errorf("line %d: %s", y.n.Line, fmt.Sprintf(format, args...))
}

// Nil is false: value.yaml spells out every value, zero ones too.
func (y yamlNode) Nil(*ssz.Type) bool { return false }

// Leaf reads scalars: booleans, integers, and 0x hex for bitfields and
// byte sequences (which Elems reads when they are lists of numbers).
func (y yamlNode) Leaf(t *ssz.Type, v reflect.Value) (bool, error) {
	n := y.n
	switch t.Kind {
	case ssz.KindBool:
		b, err := strconv.ParseBool(n.Value)
		if n.Kind != yaml.ScalarNode || err != nil {
			return true, y.fail("bad boolean %q", n.Value)
		}
		v.SetBool(b)
	case ssz.KindUint8, ssz.KindUint16, ssz.KindUint32, ssz.KindUint64:
		x, err := strconv.ParseUint(n.Value, 0, int(8*t.Size))
		if n.Kind != yaml.ScalarNode || err != nil {
			return true, y.fail("bad %s %q", t.Kind, n.Value)
		}
		v.SetUint(x)
	case ssz.KindUint128, ssz.KindUint256:
		x, ok := new(big.Int).SetString(n.Value, 0)
		if n.Kind != yaml.ScalarNode || !ok || x.Sign() < 0 || x.BitLen() > int(8*t.Size) {
			return true, y.fail("bad %s %q", t.Kind, n.Value)
		}
		le := make([]byte, t.Size)
		x.FillBytes(le)
		for i, j := 0, len(le)-1; i < j; i, j = i+1, j-1 {
			le[i], le[j] = le[j], le[i]
		}
		// The codec stores the bytes in every Go form of the type; v is
		// the pointee when t.Go is *uint256.Int.
		u := reflect.New(t.Go).Elem()
		if err := ssz.UnmarshalValue(t, le, u); err != nil {
			return true, err
		}
		v.Set(reflect.Indirect(u))
	case ssz.KindBitvector, ssz.KindBitlist, ssz.KindProgressiveBitlist:
		return true, y.unmarshalHex(t, v)
	case ssz.KindVector, ssz.KindList, ssz.KindProgressiveList:
		if n.Kind == yaml.ScalarNode && t.Elem.Kind == ssz.KindUint8 {
			return true, y.unmarshalHex(t, v)
		}
		return false, nil
	default:
		return false, nil
	}
	return true, nil
}

// unmarshalHex decodes a 0x hex scalar as t's serialization into v.
func (y yamlNode) unmarshalHex(t *ssz.Type, v reflect.Value) error {
	if y.n.Kind != yaml.ScalarNode || !strings.HasPrefix(y.n.Value, "0x") {
		return y.fail("want 0x hex, got %q", y.n.Value)
	}
	b, err := hex.DecodeString(y.n.Value[2:])
	if err != nil {
		return y.fail("%v", err)
	}
	return ssz.UnmarshalValue(t, b, v)
}

// Elems reads a sequence; a vector must have all its elements.
func (y yamlNode) Elems(t *ssz.Type) ([]sszwalk.Source, error) {
	if y.n.Kind != yaml.SequenceNode {
		return nil, y.fail("want a sequence")
	}
	if t.Kind == ssz.KindVector && uint64(len(y.n.Content)) != t.Length {
		return nil, y.fail("%d elements for %s", len(y.n.Content), t)
	}
	srcs := make([]sszwalk.Source, len(y.n.Content))
	for i, e := range y.n.Content {
		srcs[i] = yamlNode{e}
	}
	return srcs, nil
}

// Fields reads a mapping with one key per field, in any order.
func (y yamlNode) Fields(t *ssz.Type) ([]sszwalk.Source, error) {
	if y.n.Kind != yaml.MappingNode {
		return nil, y.fail("want a mapping")
	}
	srcs := make([]sszwalk.Source, len(t.Fields))
	for i := 0; i+1 < len(y.n.Content); i += 2 {
		// The spec's snake_case key names a field by the rule proof paths
		// and cache handles use (proof.FieldIndex), one rule for all.
		f, err := proof.FieldIndex(t, y.n.Content[i].Value)
		if err != nil {
			return nil, y.fail("unknown field %q", y.n.Content[i].Value)
		}
		srcs[f] = yamlNode{y.n.Content[i+1]}
	}
	for i, s := range srcs {
		if s == nil {
			return nil, y.fail("missing field %s", t.Fields[i].Name)
		}
	}
	return srcs, nil
}

// Option reads {selector, value} (a Union; no value for None) or
// {selector, data} (a CompatibleUnion, no other keys).
func (y yamlNode) Option(t *ssz.Type) (int, sszwalk.Source, error) {
	valueKey := "value"
	if t.Kind == ssz.KindCompatibleUnion {
		valueKey = "data"
	}
	var sel, val *yaml.Node
	for i := 0; i+1 < len(y.n.Content); i += 2 {
		switch k := y.n.Content[i].Value; {
		case k == "selector":
			sel = y.n.Content[i+1]
		case k == valueKey:
			val = y.n.Content[i+1]
		case t.Kind == ssz.KindCompatibleUnion:
			return 0, nil, y.fail("unknown key %q", k)
		}
	}
	if y.n.Kind != yaml.MappingNode || sel == nil {
		return 0, nil, y.fail("want {selector, %s}", valueKey)
	}
	s, err := strconv.ParseUint(sel.Value, 0, 8)
	if err != nil || int(s) >= len(t.Options) {
		return 0, nil, y.fail("bad selector %q", sel.Value)
	}
	if t.Options[s] == nil {
		return int(s), nil, nil
	}
	if val == nil {
		return 0, nil, y.fail("missing %s", valueKey)
	}
	return int(s), yamlNode{val}, nil
}
