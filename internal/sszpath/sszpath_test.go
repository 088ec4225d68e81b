package sszpath

import (
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestJoin(t *testing.T) {
	long := strings.Repeat("é", 300) // two bytes a rune: cuts must fall between them
	for _, c := range []struct{ path, sep, elem string }{
		{"Validator", ".", "Slashed"},
		{strings.Repeat("a", Max-3), "[", "7]"},
		{strings.Repeat("a", Max), ".", "Field"},
		{"Top", ".", long},
		{long, "[", "12345]"},
		{long + long, ".", long},
	} {
		got := Join(c.path, c.sep, c.elem)
		full := c.path + c.sep + c.elem
		if len(full) <= Max {
			if got != full {
				t.Errorf("Join(%.20q…) = %q, want it unchanged", c.path, got)
			}
			continue
		}
		if len(got) > Max+utf8.UTFMax {
			t.Errorf("Join of %d bytes: %d bytes, want at most about %d", len(full), len(got), Max)
		}
		if !utf8.ValidString(got) || !strings.Contains(got, "…") {
			t.Errorf("Join of %d bytes = %q: want valid UTF-8 with the middle elided", len(full), got)
		}
		head, tail, _ := strings.Cut(got, "…")
		if !strings.HasPrefix(full, head) || !strings.HasSuffix(full, tail) || len(head) < min(len(c.path), Max/3) || len(tail) < Max/3 {
			t.Errorf("Join = %q: not a long head and tail of the full path", got)
		}
	}
}

// TestJoinRepeated: a path built step by step, each step bounded, keeps
// the head and the tail of the path built whole.
func TestJoinRepeated(t *testing.T) {
	whole, step := "Top", "Top"
	for i := range 200 {
		name := "Field" + strings.Repeat("x", i%37)
		whole, step = whole+"."+name, Field(step, name)
		if len(step) > Max+utf8.UTFMax {
			t.Fatalf("step %d: %d bytes", i, len(step))
		}
	}
	head, tail, ok := strings.Cut(step, "…")
	if !ok || !strings.HasPrefix(whole, head) || !strings.HasSuffix(whole, tail) {
		t.Errorf("built step by step: %q; not a head and tail of the whole path", step)
	}
	if got := Index("a", 12); got != "a[12]" {
		t.Errorf("Index = %q", got)
	}
}

func TestQuote(t *testing.T) {
	if got, want := Quote("Validators[3].Slashed"), `"Validators[3].Slashed"`; got != want {
		t.Errorf("Quote of a short string = %s, want %s", got, want)
	}
	exact := strings.Repeat("a", QuoteMax)
	if got := Quote(exact); got != `"`+exact+`"` {
		t.Errorf("Quote of %d bytes = %s, want it whole", QuoteMax, got)
	}
	for _, s := range []string{strings.Repeat("a", QuoteMax+1), strings.Repeat("é", 1<<19)} {
		got := Quote(s)
		if len(got) > QuoteMax+40 || !strings.Contains(got, "…") || !strings.Contains(got, strconv.Itoa(len(s))+" bytes") {
			t.Errorf("Quote of %d bytes = %q: want at most about %d bytes, cut, with the length", len(s), got, QuoteMax)
		}
		if strings.Contains(got, `\x`) {
			t.Errorf("Quote of %d bytes = %q: cut inside a rune", len(s), got)
		}
	}
}
