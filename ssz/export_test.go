package ssz

import "reflect"

// ReflectEncode is the serialization of v by the reflect encoder the
// compiled one replaced (the oracle of TestEncoderMatchesOracle), for
// the external tests' reference: t must describe its Go type.
func ReflectEncode(t *Type, v reflect.Value) ([]byte, error) {
	v, err := checkValue(t, v)
	if err != nil {
		return nil, err
	}
	return prevAppendValue(nil, t, v)
}
