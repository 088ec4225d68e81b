package spectest

import (
	"encoding/hex"
	"fmt"
	"math/big"
	"reflect"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/lanehash/lanehash/ssz"
)

// DecodeYAML decodes a value.yaml document into a new value of t's Go type,
// driven by the descriptor: integers up to uint64 are plain numbers,
// uint128/uint256 decimal strings, bitfields and byte sequences 0x hex (byte
// sequences may also be lists of numbers), containers maps keyed by the
// field names in any case, with or without underscores (snake_case keys
// match Go's CamelCase names), and unions maps {selector, value}.
func DecodeYAML(t *ssz.Type, data []byte) (reflect.Value, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return reflect.Value{}, err
	}
	if doc.Kind != yaml.DocumentNode || len(doc.Content) != 1 {
		return reflect.Value{}, fmt.Errorf("value.yaml: not one document")
	}
	v := reflect.New(t.Go).Elem()
	if err := decodeNode(t, doc.Content[0], v, "value"); err != nil {
		return reflect.Value{}, err
	}
	return v, nil
}

func decodeNode(t *ssz.Type, n *yaml.Node, v reflect.Value, path string) error {
	fail := func(format string, args ...any) error {
		return fmt.Errorf("%s (line %d): %s", path, n.Line, fmt.Sprintf(format, args...))
	}
	switch t.Kind {
	case ssz.KindBool:
		b, err := strconv.ParseBool(n.Value)
		if n.Kind != yaml.ScalarNode || err != nil {
			return fail("bad boolean %q", n.Value)
		}
		v.SetBool(b)
	case ssz.KindUint8, ssz.KindUint16, ssz.KindUint32, ssz.KindUint64:
		x, err := strconv.ParseUint(n.Value, 0, int(8*t.Size))
		if n.Kind != yaml.ScalarNode || err != nil {
			return fail("bad %s %q", t.Kind, n.Value)
		}
		v.SetUint(x)
	case ssz.KindUint128, ssz.KindUint256:
		x, ok := new(big.Int).SetString(n.Value, 0)
		if n.Kind != yaml.ScalarNode || !ok || x.Sign() < 0 || x.BitLen() > int(8*t.Size) {
			return fail("bad %s %q", t.Kind, n.Value)
		}
		le := make([]byte, t.Size)
		x.FillBytes(le)
		for i, j := 0, len(le)-1; i < j; i, j = i+1, j-1 {
			le[i], le[j] = le[j], le[i]
		}
		return ssz.UnmarshalValue(t, le, v)
	case ssz.KindBitvector, ssz.KindBitlist, ssz.KindProgressiveBitlist:
		b, err := hexBytes(n)
		if err != nil {
			return fail("%v", err)
		}
		return ssz.UnmarshalValue(t, b, v)
	case ssz.KindVector, ssz.KindList, ssz.KindProgressiveList:
		if n.Kind == yaml.ScalarNode && t.Elem.Kind == ssz.KindUint8 {
			b, err := hexBytes(n)
			if err != nil {
				return fail("%v", err)
			}
			return ssz.UnmarshalValue(t, b, v)
		}
		if n.Kind != yaml.SequenceNode {
			return fail("want a sequence")
		}
		count := len(n.Content)
		if t.Kind == ssz.KindVector && uint64(count) != t.Length {
			return fail("%d elements for %s", count, t)
		}
		if v.Kind() == reflect.Slice {
			v.Set(reflect.MakeSlice(t.Go, count, count))
		}
		for i, e := range n.Content {
			if err := decodeNode(t.Elem, e, v.Index(i), fmt.Sprintf("%s[%d]", path, i)); err != nil {
				return err
			}
		}
	case ssz.KindContainer, ssz.KindProgressiveContainer:
		if n.Kind != yaml.MappingNode {
			return fail("want a mapping")
		}
		if v.Kind() == reflect.Pointer {
			v.Set(reflect.New(t.Go.Elem()))
			v = v.Elem()
		}
		byKey := map[string]*ssz.Field{}
		for i := range t.Fields {
			byKey[normalKey(t.Fields[i].Name)] = &t.Fields[i]
		}
		seen := map[string]bool{}
		for i := 0; i+1 < len(n.Content); i += 2 {
			key := normalKey(n.Content[i].Value)
			f, ok := byKey[key]
			if !ok {
				return fail("unknown field %q", n.Content[i].Value)
			}
			seen[key] = true
			if err := decodeNode(f.Type, n.Content[i+1], fieldForSet(v, f), path+"."+f.Name); err != nil {
				return err
			}
		}
		for k, f := range byKey {
			if !seen[k] {
				return fail("missing field %s", f.Name)
			}
		}
	case ssz.KindUnion:
		return decodeUnionNode(t, n, v, path)
	case ssz.KindCompatibleUnion:
		return decodeCompatibleUnionNode(t, n, v, path)
	default:
		return fail("unsupported kind %s", t.Kind)
	}
	return nil
}

// decodeUnionNode reads {selector: n, value: …} by serializing the option
// value and letting the codec build the union.
func decodeUnionNode(t *ssz.Type, n *yaml.Node, v reflect.Value, path string) error {
	var sel *yaml.Node
	var val *yaml.Node
	for i := 0; i+1 < len(n.Content); i += 2 {
		switch n.Content[i].Value {
		case "selector":
			sel = n.Content[i+1]
		case "value":
			val = n.Content[i+1]
		}
	}
	if n.Kind != yaml.MappingNode || sel == nil {
		return fmt.Errorf("%s: want {selector, value}", path)
	}
	s, err := strconv.ParseUint(sel.Value, 0, 8)
	if err != nil || int(s) >= len(t.Options) {
		return fmt.Errorf("%s: bad selector %q", path, sel.Value)
	}
	b := []byte{byte(s)}
	if opt := t.Options[s]; opt != nil {
		if val == nil {
			return fmt.Errorf("%s: missing value", path)
		}
		ov := reflect.New(opt.Go).Elem()
		if err := decodeNode(opt, val, ov, path+".value"); err != nil {
			return err
		}
		enc, err := ssz.MarshalValue(opt, ov)
		if err != nil {
			return err
		}
		b = append(b, enc...)
	}
	return ssz.UnmarshalValue(t, b, v)
}

// decodeCompatibleUnionNode reads {selector: n, data: …} into a
// CompatibleUnion: the selector must be one of the options, and data is
// decoded as that option.
func decodeCompatibleUnionNode(t *ssz.Type, n *yaml.Node, v reflect.Value, path string) error {
	var sel, data *yaml.Node
	for i := 0; i+1 < len(n.Content); i += 2 {
		switch n.Content[i].Value {
		case "selector":
			sel = n.Content[i+1]
		case "data":
			data = n.Content[i+1]
		default:
			return fmt.Errorf("%s: unknown key %q", path, n.Content[i].Value)
		}
	}
	if n.Kind != yaml.MappingNode || sel == nil || data == nil {
		return fmt.Errorf("%s: want {selector, data}", path)
	}
	s, err := strconv.ParseUint(sel.Value, 0, 8)
	if err != nil || int(s) >= len(t.Options) || t.Options[s] == nil {
		return fmt.Errorf("%s: selector %q is not an option", path, sel.Value)
	}
	opt := t.Options[s]
	ov := reflect.New(opt.Go).Elem()
	if err := decodeNode(opt, data, ov, path+".data"); err != nil {
		return err
	}
	if v.Kind() == reflect.Pointer {
		v.Set(reflect.New(t.Go.Elem()))
		v = v.Elem()
	}
	v.Field(0).SetUint(s)
	v.Field(1).Set(ov)
	return nil
}

// fieldForSet returns the settable field f of struct v, allocating nil
// embedded pointers on the way.
func fieldForSet(v reflect.Value, f *ssz.Field) reflect.Value {
	for i, x := range f.Index {
		if i > 0 && v.Kind() == reflect.Pointer {
			if v.IsNil() {
				v.Set(reflect.New(v.Type().Elem()))
			}
			v = v.Elem()
		}
		v = v.Field(x)
	}
	return v
}

// normalKey folds snake_case and CamelCase names to one form.
func normalKey(s string) string {
	return strings.ToLower(strings.ReplaceAll(s, "_", ""))
}

func hexBytes(n *yaml.Node) ([]byte, error) {
	if n.Kind != yaml.ScalarNode || !strings.HasPrefix(n.Value, "0x") {
		return nil, fmt.Errorf("want 0x hex, got %q", n.Value)
	}
	return hex.DecodeString(n.Value[2:])
}
