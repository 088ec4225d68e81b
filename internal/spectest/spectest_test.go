package spectest

import (
	"errors"
	"fmt"
	"runtime"
	"runtime/debug"
	"sync"
	"testing"
)

// casesOrSkip returns every case of the vectors folder, skipping the test
// (failing it under CI=true) when the folder is missing.
func casesOrSkip(t testing.TB) []*Case {
	t.Helper()
	dir := RequireDir(t)
	cases, err := Cases(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(cases) == 0 {
		t.Fatalf("no cases found in %s", dir)
	}
	return cases
}

// TestSpecVectors runs every case with the reference codec and root.
func TestSpecVectors(t *testing.T) {
	cases := casesOrSkip(t)
	// The run allocates many short-lived YAML nodes and values; collecting
	// less often saves a good part of its time.
	defer debug.SetGCPercent(debug.SetGCPercent(400))
	errs := make([]error, len(cases))
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				errs[i] = Check(cases[i], nil)
				// Drop the loaded bytes: the test keeps only the outcome.
				cases[i].Serialized, cases[i].Value, cases[i].loaded = nil, nil, false
			}
		}()
	}
	for i := range cases {
		next <- i
	}
	close(next)
	wg.Wait()

	passed, failed, unknown := 0, 0, 0
	for _, err := range errs {
		if err == nil {
			passed++
			continue
		}
		failed++
		if errors.Is(err, ErrUnknownType) {
			unknown++
			if unknown <= 3 {
				t.Error(err)
			}
			continue
		}
		if failed-unknown <= 40 {
			t.Error(err)
		}
	}
	if unknown > 3 {
		t.Errorf("… and %d more cases of unknown type", unknown-3)
	}
	if failed-unknown > 40 {
		t.Errorf("… and %d more failures", failed-unknown-40)
	}
	fmt.Printf("spectests: %d passed, %d failed\n", passed, failed)
}
