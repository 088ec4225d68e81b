package ssz

import (
	"reflect"
	"strings"
)

// specName is the name a field's json tag gives it: the part before the
// first comma, "" when there is no json tag, the tag gives no name
// (json:",omitempty") or it hides the field from JSON (json:"-"). Clients
// such as go-eth2-client spell the consensus specification's field names
// there, so this is how a path in the spec's terms finds a Go field whose
// name differs (validators[3].pubkey reaching PublicKey).
func specName(tag reflect.StructTag) string {
	name, _, _ := strings.Cut(tag.Get("json"), ",")
	if name == "-" {
		return ""
	}
	return name
}
