package sszjson

import "bytes"

// Finding where a value ends without parsing it: what counts an array's
// elements before it is read, and what scans an object's members once
// the one-pass read of it stops. It is most of what the reader does
// besides parsing (a list of validators is skipped whole once, by its
// count), so it looks for a string's closing quote with bytes.IndexByte
// (vector instructions where the platform has them) rather than a byte
// or a word at a time, and tells an escaped quote by the backslashes
// before it.

// stringEnd returns the end (one past the closing quote) of the string
// whose opening quote is at b[i], or -1 when it is unterminated. A
// backslash escapes the byte after it, so a quote ends the string when
// an even number of backslashes (none included) precede it: the same
// end as stepping over the byte after each backslash.
func stringEnd(b []byte, i int) int {
	j := i + 1
	for {
		q := bytes.IndexByte(b[j:], '"')
		if q < 0 {
			return -1
		}
		q += j
		k := q - 1
		for b[k] == '\\' { // stops at the opening quote at the latest
			k--
		}
		if (q-1-k)%2 == 0 {
			return q + 1
		}
		j = q + 1
	}
}

// nestedEnd returns the end of the object or array whose opening
// bracket is at b[i], counting brackets outside strings (it does not
// recurse). When it is unterminated, end is -1 and open is the opening
// quote of the string left unterminated, or -1 when it is the brackets
// that are.
func nestedEnd(b []byte, i int) (end, open int) {
	depth := 0
	for i < len(b) {
		switch b[i] {
		case '"':
			j := stringEnd(b, i)
			if j < 0 {
				return -1, i
			}
			i = j
			continue
		case '{', '[':
			depth++
		case '}', ']':
			depth--
			if depth == 0 {
				return i + 1, -1
			}
		}
		i++
	}
	return -1, -1
}
