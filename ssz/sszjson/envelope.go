package sszjson

import (
	"encoding/json"
)

// Envelope returns the value of the "data" key of a beacon-API response
// document, {"version": "fulu", "execution_optimistic": false,
// "finalized": true, "data": {…}}, as a slice of doc, and the string of
// its "version" key ("" when it has none). The other keys may hold any
// JSON; each key may appear once. A document that is not a JSON object,
// or is one without a "data" key, is an *Error wrapping ErrNoEnvelope;
// other faults are *Error wrapping ErrSyntax, ErrDuplicateField or
// ErrType (a version that is not a string). The data is not checked:
// Unmarshal it.
func Envelope(doc []byte) (data []byte, version string, err error) {
	d := &decoder{data: doc}
	lo, hi, err := d.document()
	if err != nil {
		return nil, "", d.convert(nil, err)
	}
	if doc[lo] != '{' {
		return nil, "", &Error{Offset: int64(lo), Err: ErrNoEnvelope}
	}
	n := &node{d: d, lo: lo, hi: hi}
	dlo, dhi := -1, -1
	seenVersion := false
	err = n.members('{', func(_, klo, khi, vlo, vhi int) error {
		key, err := d.str(klo, khi)
		if err != nil {
			return err
		}
		switch string(key) {
		case "data":
			if dlo >= 0 {
				return failAt(klo, "data", ErrDuplicateField, "data given twice")
			}
			dlo, dhi = vlo, vhi
			return nil
		case "version":
			if seenVersion {
				return failAt(klo, "version", ErrDuplicateField, "version given twice")
			}
			seenVersion = true
			if doc[vlo] != '"' {
				return failAt(vlo, "version", ErrType, "want a string, got %s", jsonKind(doc[vlo]))
			}
			s, err := d.str(vlo, vhi)
			if err != nil {
				return withStep(err, "version")
			}
			version = string(s)
			return nil
		}
		if !json.Valid(doc[vlo:vhi]) {
			return failAt(vlo, stepName(key), ErrSyntax, "not JSON")
		}
		return nil
	})
	if err != nil {
		return nil, "", d.convert(nil, err)
	}
	if dlo < 0 {
		return nil, "", &Error{Offset: int64(lo), Err: ErrNoEnvelope}
	}
	return doc[dlo:dhi], version, nil
}
