package breaker22json

import (
	"errors"
	"fmt"
	"testing"

	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/sszjson"
)

type Empty struct{}

type HasEmpty struct {
	A uint8
	E Empty
}

func describe(err error) string {
	var e *sszjson.Error
	if errors.As(err, &e) {
		return fmt.Sprintf("path=%q off=%d err=%v", e.Path, e.Offset, e.Err)
	}
	return fmt.Sprint(err)
}

func TestProbe(t *testing.T) {
	_, err := ssz.TypeFor[Empty]()
	t.Logf("TypeFor Empty: %v", err)
	_, err = ssz.TypeFor[HasEmpty]()
	t.Logf("TypeFor HasEmpty: %v", err)
	for _, doc := range []string{`{"version": tru, "data": 1}`, `{"version": 1x, "data": 1}`, `{"finalized": tru, "data": 1}`} {
		_, err := sszjson.ParseResponse([]byte(doc))
		t.Logf("%s: %s", doc, describe(err))
	}
	var b struct{ R [2]byte }
	err = sszjson.Unmarshal([]byte(`{"r":"\u0030x0g"}`), &b)
	t.Logf("hex escape: %s", describe(err))
}
