// Command json shows package sszjson: a fulu BeaconState written as the
// beacon API's JSON (and the spec tests'), read back strictly, its root
// checked against the reference implementation; a beacon-API response
// unwrapped with Envelope; and the error a hostile edit gets, with the
// path and byte of the fault.
//
//	go run ./examples/json -n 100000
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"log"
	"os"
	"time"

	"github.com/lanehash/lanehash"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/fulu"
	"github.com/lanehash/lanehash/ssz/sszjson"
)

func main() {
	n := flag.Int("n", 10_000, "validators")
	flag.Parse()
	state := fulu.SyntheticBeaconState(*n, 1)
	want, err := ssz.HashTreeRoot(state, ssz.SHA256)
	if err != nil {
		log.Fatal(err)
	}

	// Written: the canonical form, compact.
	t0 := time.Now()
	js, err := sszjson.Marshal(state)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("Marshal: %d validators, %d bytes of JSON in %v\n", *n, len(js), time.Since(t0).Round(time.Millisecond))

	// One validator, indented, as `lanehash show -path 'validators[0]'` prints it.
	one, err := sszjson.MarshalIndent(state.Validators[0], "", "  ")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("validators[0]:\n%s\n", one)

	// Read back inside a beacon-API response, as a node serves it.
	response := append(append([]byte(`{"version":"fulu","execution_optimistic":false,"finalized":true,"data":`), js...), '}')
	data, version, err := sszjson.Envelope(response)
	if err != nil {
		log.Fatal(err)
	}
	t0 = time.Now()
	var back fulu.BeaconState
	if err := sszjson.Unmarshal(data, &back); err != nil {
		log.Fatal(err)
	}
	took := time.Since(t0)
	root, err := lanehash.HashTreeRoot(&back)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("Unmarshal of the %s response's data in %v: root %x\n", version, took.Round(time.Millisecond), root)
	if root != want {
		fmt.Printf("the root read back differs from the reference's %x\n", want)
		os.Exit(1)
	}

	// Strict: a negative balance is refused, named by path and byte.
	bad := bytes.Replace(js, []byte(`"effective_balance":"`), []byte(`"effective_balance":"-`), 1)
	err = sszjson.Unmarshal(bad, new(fulu.BeaconState))
	var je *sszjson.Error
	if !errors.As(err, &je) || !errors.Is(err, sszjson.ErrNumber) || je.Path != "validators[0].effective_balance" {
		fmt.Printf("want ErrNumber at validators[0].effective_balance, got %v\n", err)
		os.Exit(1)
	}
	fmt.Printf("a hostile edit: %v\n  (errors.Is ErrNumber, Path %q, Offset %d)\n", err, je.Path, je.Offset)
}
