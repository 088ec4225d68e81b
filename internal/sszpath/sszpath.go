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
// It never builds the long string first: a vector of n elements under a
// long path would otherwise copy it n times.
func Join(path, sep, elem string) string {
	if len(path)+len(sep)+len(elem) <= Max {
		return path + sep + elem
	}
	return elide(path, sep+elem)
}

// elide returns path+tail cut to about Max bytes, the middle replaced by
// "…". Cuts fall on rune boundaries.
func elide(path, tail string) string {
	const keep = (Max - len("…")) / 2
	head := path
	if len(path) > keep {
		head = path[:runeStart(path, keep)]
	}
	rest := Max - len("…") - len(head)
	if len(path)-len(head)+len(tail) <= rest {
		return path + tail // nothing left to elide
	}
	// The last rest bytes of path[len(head):] + tail.
	var end string
	if len(tail) >= rest {
		end = tail[runeStart(tail, len(tail)-rest):]
	} else {
		p := path[len(head):]
		end = p[runeStart(p, len(p)-(rest-len(tail))):] + tail
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
