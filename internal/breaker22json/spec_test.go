package breaker22json

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"reflect"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/lanehash/lanehash/internal/spectest"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/sszjson"
)

func specCases(t *testing.T) []*spectest.Case {
	dir := os.Getenv("LANEHASH_SPECTESTS")
	if dir == "" {
		dir = "/work/shared/spectests-v1.7.0-alpha.13"
	}
	cases, err := spectest.Cases(dir)
	if err != nil {
		t.Fatal(err)
	}
	return cases
}

func yamlRoot(data []byte) (*yaml.Node, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, err
	}
	if doc.Kind != yaml.DocumentNode || len(doc.Content) != 1 {
		return nil, errors.New("not one yaml document")
	}
	return doc.Content[0], nil
}

// errMatches checks err against the documented error w.
func errMatches(err error, w *want) string {
	var e *sszjson.Error
	if !errors.As(err, &e) {
		return fmt.Sprintf("want *sszjson.Error (%s), got %v", w.what, err)
	}
	var bad []string
	if !errors.Is(err, w.sentinel) {
		bad = append(bad, fmt.Sprintf("sentinel: want %v", w.sentinel))
	}
	if !w.anyPath && e.Path != w.path {
		bad = append(bad, fmt.Sprintf("path: want %q", w.path))
	}
	if w.off >= 0 && e.Offset != int64(w.off) {
		bad = append(bad, fmt.Sprintf("offset: want %d", w.off))
	}
	if bad == nil {
		return ""
	}
	return fmt.Sprintf("%s: got path=%q off=%d %v; %v", w.what, e.Path, e.Offset, e.Err, bad)
}

// TestSpecValuesOracle: every valid case with a value.yaml, written by
// this package's own writer in the canonical form and in random accepted
// forms, must read into a value whose SSZ is serialized.ssz_snappy; each
// with one injected fault must be refused with the documented error.
func TestSpecValuesOracle(t *testing.T) {
	cases := specCases(t)
	variants, faults := 3, 6
	if testing.Short() {
		variants, faults = 1, 2
	}
	var mu sync.Mutex
	var nAccept, nFault, nCases atomic.Int64
	failures := 0
	report := func(format string, args ...any) {
		mu.Lock()
		defer mu.Unlock()
		failures++
		if failures <= 40 {
			t.Errorf(format, args...)
		}
	}
	work := make(chan *spectest.Case)
	var wg sync.WaitGroup
	for w := 0; w < 2; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for c := range work {
				if err := c.Load(); err != nil || c.Value == nil || c.Type == nil {
					continue
				}
				root, err := yamlRoot(c.Value)
				if err != nil {
					report("%s: yaml: %v", c, err)
					continue
				}
				nCases.Add(1)
				seed := uint64(len(c.Path)) * 7919
				for _, ch := range c.Path {
					seed = seed*31 + uint64(ch)
				}
				// Accepted forms.
				sites := 0
				for k := 0; k <= variants; k++ {
					g := &gen{r: rand.New(rand.NewPCG(seed, uint64(k))), target: -1, plain: k == 0}
					if err := g.value(c.Type, root, ""); err != nil {
						report("%s: writer: %v", c, err)
						break
					}
					sites = g.site
					v := reflect.New(c.Type.Go).Elem()
					if err := sszjson.UnmarshalValue(c.Type, g.buf, v); err != nil {
						report("%s: variant %d refused: %v\n%s", c, k, err, clip(g.buf))
						continue
					}
					got, err := ssz.MarshalValue(c.Type, v)
					if err != nil {
						report("%s: variant %d: ssz.Marshal: %v", c, k, err)
						continue
					}
					if !bytes.Equal(got, c.Serialized) {
						report("%s: variant %d: WRONG VALUE: ssz differs\n%s", c, k, clip(g.buf))
					}
					nAccept.Add(1)
				}
				// One fault each.
				for k := 0; k < faults && sites > 0; k++ {
					r := rand.New(rand.NewPCG(seed, uint64(1000+k)))
					g := &gen{r: r, target: r.IntN(sites)}
					if err := g.value(c.Type, root, ""); err != nil {
						report("%s: writer: %v", c, err)
						break
					}
					if g.fault == nil {
						continue
					}
					v := reflect.New(c.Type.Go).Elem()
					err := sszjson.UnmarshalValue(c.Type, g.buf, v)
					if err == nil {
						report("%s: fault %q at %s ACCEPTED\n%s", c, g.fault.what, g.fault.path, clip(g.buf))
						continue
					}
					if msg := errMatches(err, g.fault); msg != "" {
						report("%s: %s\n%s", c, msg, clipAt(g.buf, g.fault.off))
					}
					nFault.Add(1)
				}
			}
		}()
	}
	for _, c := range cases {
		if c.Valid {
			work <- c
		}
	}
	close(work)
	wg.Wait()
	t.Logf("%d cases, %d accepted documents checked, %d faulted documents checked, %d failures", nCases.Load(), nAccept.Load(), nFault.Load(), failures)
}

func clip(b []byte) string {
	if len(b) > 300 {
		return string(b[:300]) + "…(" + strconv.Itoa(len(b)) + " bytes)"
	}
	return string(b)
}

func clipAt(b []byte, off int) string {
	lo := max(0, off-80)
	hi := min(len(b), off+80)
	return fmt.Sprintf("…%s…", b[lo:hi])
}
