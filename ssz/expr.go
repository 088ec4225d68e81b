package ssz

import (
	"errors"
	"fmt"
	"math/bits"
	"strconv"
	"strings"
)

// errMissingName is returned by evalExpr when the expression names a value
// the spec does not have; callers then fall back to the static tag.
var errMissingName = errors.New("missing spec value")

// evalExpr evaluates a dynssz expression: unsigned integers and spec value
// names combined with + - * / and parentheses, with the usual precedence.
// Overflow, underflow and division by zero are errors. lookup reports
// whether a name is known.
func evalExpr(s string, lookup func(string) (uint64, bool)) (uint64, error) {
	p := exprParser{s: s, lookup: lookup}
	v, err := p.sum()
	if err != nil {
		return 0, err
	}
	p.space()
	if p.i != len(p.s) {
		return 0, fmt.Errorf("unexpected %q in expression %q", p.s[p.i:], s)
	}
	return v, nil
}

type exprParser struct {
	s      string
	i      int
	lookup func(string) (uint64, bool)
}

func (p *exprParser) space() {
	for p.i < len(p.s) && (p.s[p.i] == ' ' || p.s[p.i] == '\t') {
		p.i++
	}
}

func (p *exprParser) sum() (uint64, error) {
	v, err := p.product()
	for err == nil {
		p.space()
		if p.i >= len(p.s) || (p.s[p.i] != '+' && p.s[p.i] != '-') {
			break
		}
		op := p.s[p.i]
		p.i++
		var w uint64
		if w, err = p.product(); err != nil {
			break
		}
		var c uint64
		if op == '+' {
			v, c = bits.Add64(v, w, 0)
		} else {
			v, c = bits.Sub64(v, w, 0)
		}
		if c != 0 {
			err = fmt.Errorf("overflow in expression %q", p.s)
		}
	}
	return v, err
}

func (p *exprParser) product() (uint64, error) {
	v, err := p.factor()
	for err == nil {
		p.space()
		if p.i >= len(p.s) || (p.s[p.i] != '*' && p.s[p.i] != '/') {
			break
		}
		op := p.s[p.i]
		p.i++
		var w uint64
		if w, err = p.factor(); err != nil {
			break
		}
		if op == '*' {
			hi, lo := bits.Mul64(v, w)
			if hi != 0 {
				err = fmt.Errorf("overflow in expression %q", p.s)
			}
			v = lo
		} else {
			if w == 0 {
				err = fmt.Errorf("division by zero in expression %q", p.s)
				break
			}
			v /= w
		}
	}
	return v, err
}

func (p *exprParser) factor() (uint64, error) {
	p.space()
	if p.i >= len(p.s) {
		return 0, fmt.Errorf("expression %q ends early", p.s)
	}
	c := p.s[p.i]
	switch {
	case c == '(':
		p.i++
		v, err := p.sum()
		if err != nil {
			return 0, err
		}
		p.space()
		if p.i >= len(p.s) || p.s[p.i] != ')' {
			return 0, fmt.Errorf("missing ) in expression %q", p.s)
		}
		p.i++
		return v, nil
	case c >= '0' && c <= '9':
		j := p.i
		for j < len(p.s) && p.s[j] >= '0' && p.s[j] <= '9' {
			j++
		}
		v, err := strconv.ParseUint(p.s[p.i:j], 10, 64)
		if err != nil {
			return 0, fmt.Errorf("bad number in expression %q", p.s)
		}
		p.i = j
		return v, nil
	case c == '_' || (c|0x20 >= 'a' && c|0x20 <= 'z'):
		j := p.i
		for j < len(p.s) && (p.s[j] == '_' || p.s[j]|0x20 >= 'a' && p.s[j]|0x20 <= 'z' || p.s[j] >= '0' && p.s[j] <= '9') {
			j++
		}
		name := p.s[p.i:j]
		p.i = j
		v, ok := p.lookup(strings.TrimSpace(name))
		if !ok {
			return 0, fmt.Errorf("%w %s", errMissingName, name)
		}
		return v, nil
	}
	return 0, fmt.Errorf("unexpected %q in expression %q", p.s[p.i:], p.s)
}
