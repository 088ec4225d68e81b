// Package fieldfold is the one rule by which a name a user writes (a
// proof path's step in package proof, a JSON key in ssz/sszjson) names
// a field when it is not spelled exactly: both sides folded, ASCII
// letters in lower case, no underscores, and pubkey for publickey.
//
// Only ASCII is folded: every other byte stands for itself, so no key
// matches a field through Unicode's case mappings (the KELVIN SIGN is
// not k, İ is not i), and a name matches exactly what its bytes spell.
// The last rule is there because go-eth2-client (v0.30.1) names the
// spec's pubkey PublicKey in Validator, DepositData, DepositMessage and
// gloas' Builder without a json tag on the field (its json names sit on
// private mirror structs), and it is the only spec name its types spell
// other than by case and underscores; so validators[3].pubkey reaches
// its PublicKey, and Validators[3].PublicKey the spec types' Pubkey.
package fieldfold

// Fold returns s folded.
func Fold(s string) string {
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if c := s[i]; c != '_' {
			b = append(b, LowerASCII(c))
		}
	}
	if n := string(b); n != "publickey" {
		return n
	}
	return "pubkey"
}

// LowerASCII lower-cases an ASCII letter and leaves every other byte.
func LowerASCII(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + ('a' - 'A')
	}
	return c
}

// FoldsTo reports whether s, its ASCII letters lower-cased and without
// its underscores, is exactly want, without building that form (the
// pubkey rule is the caller's: want is compared as it is).
func FoldsTo[S ~string | ~[]byte](s S, want string) bool {
	w := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '_' {
			continue
		}
		if w == len(want) || want[w] != LowerASCII(c) {
			return false
		}
		w++
	}
	return w == len(want)
}
