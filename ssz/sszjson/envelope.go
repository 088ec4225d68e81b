package sszjson

import "fmt"

// responseKeys are the keys a beacon-API response gives beside "data"
// (the beacon-APIs spec's response metadata), and the JSON kind of each
// one's value: 's' a string, 'b' a boolean.
var responseKeys = map[string]byte{
	"version":                   's',
	"execution_optimistic":      'b',
	"finalized":                 'b',
	"dependent_root":            's',
	"execution_payload_blinded": 'b',
	"execution_payload_value":   's',
	"consensus_block_value":     's',
}

// A Response is a beacon-API response document in its parts, as
// ParseResponse finds them.
type Response struct {
	// Data is the value of the "data" key, a slice of the document.
	Data []byte
	// Offset is the byte of the document where Data starts.
	Offset int
	// Version is the string of the "version" key, "" when there is none.
	Version string
	// Keys are the document's keys other than "data", in its order: each
	// a response's metadata key, at most once.
	Keys []string
}

// ParseResponse splits a beacon-API response, {"version": "fulu",
// "execution_optimistic": false, "finalized": true, "data": {…}}, into
// its parts. A response is a JSON object with a "data" key whose other
// keys are all the beacon-APIs spec's response metadata: "version",
// "dependent_root", "execution_payload_value" and
// "consensus_block_value" (strings), "execution_optimistic",
// "finalized" and "execution_payload_blinded" (booleans). Keys are
// compared exactly (after unescaping), each may appear once. A document
// that is not an object, has any other key (an *Error naming the key,
// at its byte) or no "data" is an *Error wrapping ErrNoEnvelope; a key
// given twice is ErrDuplicateField, a metadata value of the wrong JSON
// kind ErrType, anything that is not JSON ErrSyntax. The data is not
// checked: Unmarshal it.
func ParseResponse(doc []byte) (*Response, error) {
	d := &decoder{data: doc}
	lo := d.ws(0)
	if lo == len(doc) {
		return nil, rootError(fail(lo, ErrSyntax, "no value"))
	}
	if doc[lo] != '{' {
		return nil, &Error{Offset: int64(lo), Err: fmt.Errorf("%w: %s, not an object", ErrNoEnvelope, jsonKind(doc[lo]))}
	}
	r := &Response{Offset: -1}
	hi, err := d.members(lo, '{', func(_, klo, khi, vlo, vhi int) error {
		key, err := d.str(klo, khi)
		if err != nil {
			return err
		}
		if string(key) == "data" {
			if r.Offset >= 0 {
				return failAt(klo, "data", ErrDuplicateField, "data given twice")
			}
			r.Data, r.Offset = doc[vlo:vhi], vlo
			return nil
		}
		kind, ok := responseKeys[string(key)]
		if !ok {
			return failAt(klo, stepName(key), ErrNoEnvelope, "%q is no key of a response (data and its metadata)", truncate(key))
		}
		name := string(key)
		for _, k := range r.Keys {
			if k == name {
				return failAt(klo, name, ErrDuplicateField, "%s given twice", name)
			}
		}
		r.Keys = append(r.Keys, name)
		switch kind {
		case 'b':
			_, err = d.boolean(vlo, vhi)
		default:
			if doc[vlo] != '"' {
				// Other JSON is of the wrong kind, a token that is no
				// JSON (tru, 1x) not JSON, as for the boolean keys.
				return withStep(d.scalarError(vlo, d.endOf(vlo), "a string"), name)
			}
			var s []byte
			if s, err = d.str(vlo, vhi); err == nil && name == "version" {
				r.Version = string(s)
			}
		}
		return withStep(err, name)
	})
	if err != nil {
		return nil, rootError(err)
	}
	if end := d.ws(hi); end != len(doc) {
		return nil, rootError(fail(end, ErrSyntax, "data after the value: %s", d.quote(end)))
	}
	if r.Offset < 0 {
		return nil, &Error{Offset: int64(lo), Err: fmt.Errorf("%w: no data key", ErrNoEnvelope)}
	}
	return r, nil
}

// Envelope returns the value of the "data" key of a beacon-API response
// document as a slice of doc, and the string of its "version" key (""
// when it has none): ParseResponse's Data and Version, with its errors.
func Envelope(doc []byte) (data []byte, version string, err error) {
	r, err := ParseResponse(doc)
	if err != nil {
		return nil, "", err
	}
	return r.Data, r.Version, nil
}
