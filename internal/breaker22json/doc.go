// Package breaker22json holds adversarial tests of ssz/sszjson's reader
// (Unmarshal, UnmarshalValue, ParseResponse), written against its
// documentation (docs/json.md, the package doc) with an independent
// oracle: the spec vectors' value.yaml rewritten by this package's own
// JSON writer in every accepted form and with injected faults, a model
// of the documented error order, integer and hex oracles, aliasing,
// concurrency and memory checks.
//
// Tests that fail on purpose (each a finding; see the test's comment for
// the root cause):
//
//   - TestUnionCopyExceedsBound, TestFoldedKeysExceedBound: the memory
//     bound (value's heap plus at most the input) is exceeded.
//   - TestLongFoldedKeyRefused: a key that names a field is refused.
//   - TestHexBadDigitOffsetAfterEscape: a wrong Offset.
//   - TestResponseBadTokenForStringMetadata, TestUnionNoneBadTokenIsSyntax:
//     a wrong sentinel (ErrType for input that is not JSON).
package breaker22json
