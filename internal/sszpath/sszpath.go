// Package sszpath builds the paths that name a part of an SSZ value in
// errors ("BeaconState.validators[7].pubkey"), bounded in length.
//
// Paths are built for every field and element a walk passes (the
// reference root, the encoder, a plan's checks, a cache's nodes; not the
// decoder, which builds one only for the error it returns), and
// Go types built with reflect.StructOf take field names and tags of any
// length: unbounded, a path would repeat every long name above it, so a
// walk or a compiled plan would cost its elements' count times its
// names' length, quadratic in nesting depth. So a path longer than Max
// bytes keeps its head (the top of the value) and its tail (the
// innermost field and index, where a defect is) with "…" between.
package sszpath

import (
	"strconv"
	"unicode/utf8"
)

// Max is the longest path kept whole, in bytes; a longer one is elided
// to about Max.
const Max = 256

// Field is path + "." + name, bounded by Max.
func Field(path, name string) string { return Join(path, ".", name) }

// Index is path + "[i]", bounded by Max.
func Index(path string, i int) string {
	var b [24]byte
	return Join(path, "[", string(strconv.AppendInt(b[:0], int64(i), 10))+"]")
}

// Join is path + sep + elem, elided in the middle when longer than Max.
// It builds no string longer than Max: a walk joins a long name to every
// element's path, and copying it whole each time would cost the walk its
// length per element.
func Join(path, sep, elem string) string {
	n := len(path) + len(sep) + len(elem)
	if n <= Max {
		return path + sep + elem
	}
	const keep = (Max - len("…")) / 2
	head := path
	if len(path) > keep {
		head = path[:runeStart(path, keep)]
	}
	// end is the last rest bytes of path[len(head):] + sep + elem.
	rest := Max - len("…") - len(head)
	var end string
	switch {
	case len(elem) >= rest:
		end = elem[runeStart(elem, len(elem)-rest):]
	case len(sep)+len(elem) >= rest:
		t := sep + elem // short: under rest + len(sep)
		end = t[runeStart(t, len(t)-rest):]
	default:
		p := path[len(head):]
		end = p[runeStart(p, max(len(p)-(rest-len(sep)-len(elem)), 0)):] + sep + elem
	}
	return head + "…" + end
}

// runeStart returns the first rune boundary of s at or after i.
func runeStart(s string, i int) int {
	for i < len(s) && !utf8.RuneStart(s[i]) {
		i++
	}
	return i
}

// QuoteMax is the most bytes of a string Quote puts in a message.
const QuoteMax = 80

// Quote quotes s for an error message: whole (strconv.Quote) up to
// QuoteMax bytes, else its first QuoteMax/2 bytes, "…" and its length, so
// that a message naming a request's field or path stays short whatever
// the request held (a path can be megabytes, and an error is logged).
func Quote(s string) string {
	if len(s) <= QuoteMax {
		return strconv.Quote(s)
	}
	return strconv.Quote(s[:runeStart(s, QuoteMax/2)]) + "… (" + strconv.Itoa(len(s)) + " bytes)"
}
