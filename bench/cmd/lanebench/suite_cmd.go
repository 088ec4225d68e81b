package main

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"time"
)

// suiteDocument is -suite's JSON output.
type suiteDocument struct {
	Suite    string        `json:"suite"`
	Quick    bool          `json:"quick"`
	Machine  machine       `json:"machine"`
	TimeBase string        `json:"time_base"`
	Classes  []kernelClass `json:"classes"`
	Results  []suiteResult `json:"results"`
}

// suiteTimeBase says what a suite figure is.
const suiteTimeBase = "cpu_ns_per_op is the median CPU time of the process over one hash_tree_root (one thread, one worker), from batches of calls each of at least the target time."

// suiteCSVColumns are -suite's CSV columns.
var suiteCSVColumns = []string{"row", "class", "strategy", "hash", "kernel", "cpu ns/op", "pairs", "ns/pair", "keccak÷sha2", "root", "scaled", "no hash", "cpu model"}

// suiteOptions are the measurement settings of a run: -quick scales the
// states down and measures shorter batches.
func suiteOptions(cfg *config) suiteConfig {
	sc := suiteConfig{quick: cfg.quick, classes: splitList(cfg.classes), rows: cfg.rows, target: 8 * time.Millisecond, samples: 3}
	if cfg.quick {
		sc.target, sc.maxValidators = time.Millisecond, 16384
	}
	return sc
}

// runSuiteCommand is lanebench -suite libssz.
func runSuiteCommand(cfg *config, stdout, stderr io.Writer) error {
	prog := newProgress(stderr, cfg.quiet)
	m, _ := thisMachine()
	start := time.Now()
	rs, classes, err := runSuite(suiteOptions(cfg), prog.w)
	if err != nil {
		return err
	}
	prog.note("measured in %s", time.Since(start).Round(time.Second))
	switch cfg.format {
	case "markdown":
		if cfg.quick {
			fmt.Fprintln(stdout, "Quick run (-quick): shorter batches, and the beacon states above 16,384 validators scaled down (marked).")
			fmt.Fprintln(stdout)
		}
		err = writeSuiteMarkdown(stdout, m, rs, classes)
	case "json":
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		err = enc.Encode(suiteDocument{Suite: cfg.suite, Quick: cfg.quick, Machine: m, TimeBase: suiteTimeBase, Classes: classes, Results: rs})
	case "csv":
		cw := csv.NewWriter(stdout)
		if err = cw.Write(suiteCSVColumns); err != nil {
			return err
		}
		for _, r := range rs {
			ratio := ""
			if x, ok := keccakOverSHA(rs, r.Row, r.Class, r.Strategy); ok && r.Hash == "keccak256" {
				ratio = strconv.FormatFloat(x, 'f', 3, 64)
			}
			if err = cw.Write([]string{r.Row, r.Class, r.Strategy, r.Hash, r.Kernel, strconv.FormatFloat(r.NsPerOp, 'f', 1, 64),
				strconv.FormatUint(r.Pairs, 10), strconv.FormatFloat(r.nsPerPair(), 'f', 2, 64), ratio, r.Root, r.Scaled,
				strconv.FormatBool(r.NoHash), m.CPU}); err != nil {
				return err
			}
		}
		cw.Flush()
		err = cw.Error()
	default:
		err = fmt.Errorf("-suite: -format %s is not a suite format (markdown, csv or json)", cfg.format)
	}
	if err != nil {
		return err
	}
	if cfg.svg != "" {
		paths, err := writeSuiteCharts(cfg.svg, m, rs, classes)
		if err != nil {
			return err
		}
		for _, p := range paths {
			prog.note("chart written to %s", p)
		}
	}
	return nil
}
