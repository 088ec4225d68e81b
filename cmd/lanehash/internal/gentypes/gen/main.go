// Command gen writes cmd/lanehash/types_gen.go, the lanehash command's
// type registry, from the fork packages under ssz/consensus. Run it
// through go generate in cmd/lanehash.
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/lanehash/lanehash/cmd/lanehash/internal/gentypes"
)

func main() {
	dir := flag.String("consensus", "../../ssz/consensus", "the ssz/consensus folder")
	out := flag.String("out", "types_gen.go", "the file to write")
	flag.Parse()
	entries, err := gentypes.Scan(*dir)
	if err == nil {
		var src []byte
		if src, err = gentypes.Generate(entries); err == nil {
			err = os.WriteFile(*out, src, 0o644)
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
