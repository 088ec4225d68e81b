package sszjson_test

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"reflect"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/lanehash/lanehash/internal/spectest"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/sszjson"
)

// TestSpecVectors holds the form to the consensus spec's own values:
// for every valid case of the vectors (ssz_generic and ssz_static, every
// preset and fork) with a value.yaml,
//
//   - value.yaml, turned into JSON as it stands (integers as JSON
//     numbers, byte vectors of uint8 as arrays of numbers, value.yaml's
//     keys), reads with Unmarshal into a value whose serialization is the
//     case's serialized.ssz_snappy;
//   - Marshal of the value decoded from serialized.ssz_snappy, parsed by
//     encoding/json alone, is value.yaml's document (compared by
//     sameForm: numbers and decimal strings alike, hex strings and arrays
//     of bytes alike, keys ignoring case and underscores), and reads back
//     with Unmarshal into the same serialization.
//
// Neither check goes through the package's writer and reader together
// only: the first reads the spec's text, the second compares the written
// text with the spec's through encoding/json and yaml.v3.
func TestSpecVectors(t *testing.T) {
	dir := spectest.RequireDir(t)
	cases, err := spectest.Cases(dir)
	if err != nil {
		t.Fatal(err)
	}
	var todo []*spectest.Case
	for _, c := range cases {
		if c.Valid && c.Type != nil {
			todo = append(todo, c)
		}
	}
	errs := make([]error, len(todo))
	var checked [2]int
	var mu sync.Mutex
	var wg sync.WaitGroup
	next := make(chan int)
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				c := todo[i]
				has, err := checkCase(c)
				errs[i] = err
				c.Serialized, c.Value = nil, nil
				mu.Lock()
				if has {
					checked[0]++
				} else {
					checked[1]++
				}
				mu.Unlock()
			}
		}()
	}
	for i := range todo {
		next <- i
	}
	close(next)
	wg.Wait()
	failed := 0
	for _, err := range errs {
		if err != nil {
			failed++
			if failed <= 30 {
				t.Error(err)
			}
		}
	}
	if checked[0] < 1000 {
		t.Errorf("only %d cases have a value.yaml", checked[0])
	}
	t.Logf("%d valid cases with value.yaml checked, %d without (serialized only: written and read back), %d failed", checked[0], checked[1], failed)
}

// checkCase runs one valid case; has reports whether it has a value.yaml.
func checkCase(c *spectest.Case) (has bool, err error) {
	if err := c.Load(); err != nil {
		return false, err
	}
	// From SSZ: written, read back.
	v := reflect.New(c.Type.Go).Elem()
	if err := ssz.UnmarshalValue(c.Type, c.Serialized, v); err != nil {
		return false, fmt.Errorf("%s: decode: %w", c, err)
	}
	js, err := sszjson.MarshalValue(c.Type, v)
	if err != nil {
		return false, fmt.Errorf("%s: Marshal: %w", c, err)
	}
	back := reflect.New(c.Type.Go).Elem()
	if err := sszjson.UnmarshalValue(c.Type, js, back); err != nil {
		return false, fmt.Errorf("%s: Unmarshal of Marshal: %w", c, err)
	}
	if enc, err := ssz.MarshalValue(c.Type, back); err != nil || !bytes.Equal(enc, c.Serialized) {
		return false, fmt.Errorf("%s: Marshal read back serializes differently (%v)", c, err)
	}
	if c.Value == nil {
		return false, nil
	}
	// From value.yaml: as JSON, read.
	yj, err := yamlToJSON(c.Value)
	if err != nil {
		return true, fmt.Errorf("%s: value.yaml: %w", c, err)
	}
	fromYAML := reflect.New(c.Type.Go).Elem()
	if err := sszjson.UnmarshalValue(c.Type, yj, fromYAML); err != nil {
		return true, fmt.Errorf("%s: Unmarshal of value.yaml: %w", c, err)
	}
	if enc, err := ssz.MarshalValue(c.Type, fromYAML); err != nil || !bytes.Equal(enc, c.Serialized) {
		return true, fmt.Errorf("%s: value.yaml read serializes differently from serialized.ssz_snappy (%v)", c, err)
	}
	// Written from SSZ, compared with value.yaml by encoding/json.
	var got, want any
	if err := decodeNumbers(js, &got); err != nil {
		return true, fmt.Errorf("%s: Marshal's output: %w", c, err)
	}
	if err := decodeNumbers(yj, &want); err != nil {
		return true, err
	}
	if path, ok := sameForm(got, want, ""); !ok {
		return true, fmt.Errorf("%s: Marshal differs from value.yaml at %q", c, path)
	}
	return true, nil
}

func decodeNumbers(b []byte, v *any) error {
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	return d.Decode(v)
}

// yamlToJSON writes a YAML document as JSON: mappings as objects in
// their order, sequences as arrays, integers as numbers, strings as
// strings, booleans and null as themselves.
func yamlToJSON(doc []byte) ([]byte, error) {
	var n yaml.Node
	if err := yaml.Unmarshal(doc, &n); err != nil {
		return nil, err
	}
	var b bytes.Buffer
	var walk func(n *yaml.Node) error
	walk = func(n *yaml.Node) error {
		switch n.Kind {
		case yaml.DocumentNode:
			return walk(n.Content[0])
		case yaml.MappingNode:
			b.WriteByte('{')
			for i := 0; i+1 < len(n.Content); i += 2 {
				if i > 0 {
					b.WriteByte(',')
				}
				k, _ := json.Marshal(n.Content[i].Value)
				b.Write(k)
				b.WriteByte(':')
				if err := walk(n.Content[i+1]); err != nil {
					return err
				}
			}
			b.WriteByte('}')
		case yaml.SequenceNode:
			b.WriteByte('[')
			for i, e := range n.Content {
				if i > 0 {
					b.WriteByte(',')
				}
				if err := walk(e); err != nil {
					return err
				}
			}
			b.WriteByte(']')
		case yaml.ScalarNode:
			switch n.Tag {
			case "!!int":
				x, err := strconv.ParseUint(n.Value, 0, 64)
				if err != nil {
					return fmt.Errorf("line %d: %w", n.Line, err)
				}
				b.WriteString(strconv.FormatUint(x, 10))
			case "!!bool", "!!null":
				b.WriteString(n.Value)
			case "!!str":
				s, _ := json.Marshal(n.Value)
				b.Write(s)
			default:
				return fmt.Errorf("line %d: scalar %s %q", n.Line, n.Tag, n.Value)
			}
		default:
			return fmt.Errorf("line %d: YAML node kind %d", n.Line, n.Kind)
		}
		return nil
	}
	if err := walk(&n); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// sameForm compares two JSON documents parsed by encoding/json (numbers
// as json.Number) as the same value: numbers and strings of the same
// decimal digits alike, a hex string and an array of byte numbers alike,
// object keys ignoring case and underscores. It returns where they first
// differ.
func sameForm(a, b any, path string) (string, bool) {
	switch x := a.(type) {
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok || len(x) != len(y) {
			return path, false
		}
		ny := map[string]any{}
		for k, v := range y {
			ny[foldKey(k)] = v
		}
		for k, v := range x {
			w, ok := ny[foldKey(k)]
			if !ok {
				return path + "." + k, false
			}
			if p, ok := sameForm(v, w, path+"."+k); !ok {
				return p, false
			}
		}
		return "", true
	case []any:
		if _, ok := b.(string); ok {
			return sameForm(b, a, path)
		}
		y, ok := b.([]any)
		if !ok || len(x) != len(y) {
			return path, false
		}
		for i := range x {
			if p, ok := sameForm(x[i], y[i], fmt.Sprintf("%s[%d]", path, i)); !ok {
				return p, false
			}
		}
		return "", true
	case string:
		if y, ok := b.([]any); ok && strings.HasPrefix(x, "0x") {
			raw, err := hex.DecodeString(x[2:])
			if err != nil || len(raw) != len(y) {
				return path, false
			}
			for i, e := range y {
				if n, ok := e.(json.Number); !ok || n.String() != strconv.Itoa(int(raw[i])) {
					return fmt.Sprintf("%s[%d]", path, i), false
				}
			}
			return "", true
		}
		return path, scalar(x) == scalar(b)
	case json.Number:
		return path, scalar(x) == scalar(b)
	}
	return path, reflect.DeepEqual(a, b)
}

// scalar is a number's or string's text.
func scalar(v any) string {
	switch x := v.(type) {
	case json.Number:
		return "n:" + x.String()
	case string:
		if _, err := strconv.ParseUint(x, 10, 64); err == nil || (len(x) > 0 && strings.Trim(x, "0123456789") == "") {
			return "n:" + x
		}
		return "s:" + x
	}
	return fmt.Sprint(v)
}

// foldKey is a key without case or underscores.
func foldKey(k string) string { return strings.ReplaceAll(strings.ToLower(k), "_", "") }
