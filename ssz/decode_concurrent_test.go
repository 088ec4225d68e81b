package ssz_test

import (
	"bytes"
	"sync"
	"testing"

	"github.com/lanehash/lanehash/internal/sszrand"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/gloas"
)

// TestUnmarshalConcurrent decodes one block body from 4 goroutines at
// once: the decoder's shared state (the descriptor cache, the memoized
// minimum sizes) is safe for concurrent use (run under -race), and every
// decode encodes back to the input.
func TestUnmarshalConcurrent(t *testing.T) {
	enc := randomEncoding[gloas.BeaconBlockBody](t, sszrand.Filler{Rand: sszrand.NewRand(3), MaxList: 4, MaxBits: 64})
	var wg sync.WaitGroup
	errs := make(chan error, 4)
	for range 4 {
		wg.Go(func() {
			for range 10 {
				var back gloas.BeaconBlockBody
				if err := ssz.Unmarshal(enc, &back); err != nil {
					errs <- err
					return
				}
				if again, err := ssz.Marshal(&back); err != nil || !bytes.Equal(again, enc) {
					errs <- err
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Errorf("concurrent decode: %v (nil: did not encode back)", err)
	}
}
