package spectest

import (
	"bytes"
	"fmt"
	"reflect"
	"strings"

	"github.com/lanehash/lanehash/ssz"
)

// KnownDefect reports whether c is one of the invalid
// basic_progressive_list cases that release v1.6.0-alpha.4 generated
// wrongly: "…_one_byte_more" cases carry no extra byte, and the
// "proglist_<type>_0_…_one_byte_less" cases are the empty list. Their bytes
// are therefore a correct encoding of ProgressiveList[<type>] (a whole
// number of elements), which a correct decoder must accept.
func KnownDefect(c *Case) bool {
	if c.Valid || c.Handler != "basic_progressive_list" || c.Type == nil || c.Type.Elem == nil {
		return false
	}
	if !strings.HasSuffix(c.Name, "_one_byte_more") && !strings.HasSuffix(c.Name, "_one_byte_less") {
		return false
	}
	return uint64(len(c.Serialized))%c.Type.Elem.Size == 0
}

// checkDefect checks a known-defective invalid case the only way that is
// right for its bytes: they must decode and re-encode unchanged. (If a
// fixed release adds the missing byte, KnownDefect no longer matches and
// the case is checked as invalid.)
func checkDefect(c *Case) error {
	v := reflect.New(c.Type.Go).Elem()
	if err := ssz.UnmarshalValue(c.Type, c.Serialized, v); err != nil {
		return fmt.Errorf("%s: defective vector (a valid encoding) did not decode: %w", c, err)
	}
	enc, err := ssz.MarshalValue(c.Type, v)
	if err != nil || !bytes.Equal(enc, c.Serialized) {
		return fmt.Errorf("%s: defective vector did not re-encode unchanged (%v)", c, err)
	}
	return nil
}
