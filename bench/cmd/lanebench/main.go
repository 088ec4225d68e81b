// Command lanebench measures what each way of hashing SSZ objects costs
// on this machine: one container at a time (lanehash's own path over the
// same plan, the way SSZ libraries hash; bench/compare measures the
// libraries themselves), one tree level across many containers
// (per-level batching) and lanehash's lockstep plans, for SHA-256 and
// Keccak-256, with one worker or all.
//
// With no flags it is the quick answer a newcomer reads in seconds: a
// synthetic validator registry and beacon state hashed on the automatic
// kernels, printed as a short summary (CPU ns per validator per
// strategy, the speed-up, Keccak-256 ÷ SHA-256, lane fill; wall time of
// one worker against all, with a warning when other processes held the
// cores). -all is the full sweep, every kernel this CPU runs, a few
// small containers and two wide trees too, printed as a Markdown table
// (or CSV or JSON, which write only data to stdout); -svg draws it. One
// clock throughout: CPU time for one worker, wall time for more.
// -state and -registry print the root of the caller's file first.
// Run with -h for the flags.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
)

// config is everything the flags choose.
type config struct {
	// all is the full sweep: every strategy at every worker count. The
	// quick run measures more than one worker on the lockstep strategy
	// only, which is what its summary compares.
	all       bool
	n         int
	reps      int
	seed      uint64
	hashes    []string
	kernels   string
	workers   []int
	workloads []string
	format    string
	svg       string
	state     string
	fork      string
	registry  string
	quiet     bool
	// suite is -suite: "libssz" runs the PR matrix instead of the
	// workloads; quick, classes and rows narrow it.
	suite   string
	quick   bool
	classes string
	rows    string
}

func main() {
	cfg, err := parseFlags(os.Args[1:], os.Stderr)
	if errors.Is(err, flag.ErrHelp) {
		os.Exit(0)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "lanebench:", err)
		os.Exit(2)
	}
	if err := run(cfg, os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "lanebench:", err)
		os.Exit(1)
	}
}

func parseFlags(args []string, stderr io.Writer) (*config, error) {
	fs := flag.NewFlagSet("lanebench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	cfg := &config{}
	fs.BoolVar(&cfg.all, "all", false, "the full sweep: every kernel this CPU runs, every strategy at every worker count, and small containers too (changes the defaults of -kernels, -workloads and -format)")
	fs.IntVar(&cfg.n, "n", 50_000, "number of validators in the synthetic registry and state (small containers use n/4, at most 10,000)")
	fs.IntVar(&cfg.reps, "reps", 3, "passes per measurement; the median is reported")
	fs.Uint64Var(&cfg.seed, "seed", 1, "seed of the synthetic data")
	hashes := fs.String("hash", "sha256,keccak256", "hash functions to measure, comma-separated")
	fs.StringVar(&cfg.kernels, "kernels", "", `kernels to measure: "auto" (the automatic choice; the default), "all" (every kernel this CPU runs, and the automatic choice; the default with -all), or comma-separated names such as sha256/avx2x8`)
	workers := fs.String("workers", "1,max", `worker counts, comma-separated; "max" is GOMAXPROCS`)
	workloads := fs.String("workloads", "", "workloads: registry (List[Validator, 2^40]), state (a beacon state with n validators), small (Checkpoint, Fork, AttestationData, BeaconBlockHeader, Validator), wide (wide trees: a List[uint64, 2^40] of n elements and about n/8192 Vector[Root, 8192]); default registry,state, and all four with -all")
	fs.StringVar(&cfg.format, "format", "", "output format: summary (the default), markdown (the default with -all), csv or json; csv and json write only data to stdout (json holds the machine too), the header and progress go to stderr")
	fs.StringVar(&cfg.svg, "svg", "", "also write a chart to this SVG file: ns per object of every workload, strategy and worker count on the automatic kernels (log scale; CPU time for one worker, wall time for more), and every kernel on one workload")
	fs.StringVar(&cfg.state, "state", "", "also measure this serialized BeaconState of -fork (SSZ bytes, as a beacon node's debug endpoint returns them): its root is printed first, then it is rooted from its bytes (RootBytes) and decoded then rooted, side by side")
	fs.StringVar(&cfg.fork, "fork", "fulu", "fork of the -state file and of the synthetic state: "+strings.Join(forkNames(), ", "))
	fs.StringVar(&cfg.registry, "registry", "", "also measure this file of serialized validators (121 bytes each, as in a state's registry): the root of List[Validator, 2^40] holding them is printed first, then element roots and the list root from the bytes, and the list root after decoding")
	fs.BoolVar(&cfg.quiet, "q", false, "do not print progress")
	fs.StringVar(&cfg.suite, "suite", "", `"libssz": the benchmark matrix of libssz's Keccak-256 change, row for row under its names, for SHA-256 and Keccak-256, the PR's strategy and lanehash's, on every kernel class this CPU runs (docs/research.md); -format markdown (the default), csv or json; -svg draws one chart per class`)
	fs.BoolVar(&cfg.quick, "quick", false, "with -suite: shorter batches and the beacon states above 16,384 validators scaled down (marked in the output)")
	fs.StringVar(&cfg.classes, "classes", "", "with -suite: kernel classes to measure, comma-separated (auto, avx512, avx2, shani, shani+avx512, generic); default every class this CPU runs")
	fs.StringVar(&cfg.rows, "rows", "", "with -suite: only the rows whose name contains this text")
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: lanebench [flags]\n\n")
		fmt.Fprintf(fs.Output(), "Measures one-at-a-time, per-level and lockstep hashing of SSZ objects\nfor SHA-256 and Keccak-256. With no flags: a quick summary on the\nautomatic kernels; -all: the full sweep over every kernel this CPU runs.\n\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	// -all changes the defaults of the flags the caller left alone.
	if cfg.kernels == "" {
		cfg.kernels = pick(cfg.all, "all", "auto")
	}
	if *workloads == "" {
		*workloads = pick(cfg.all, "registry,state,small,wide", "registry,state")
	}
	if cfg.format == "" {
		cfg.format = pick(cfg.all || cfg.suite != "", "markdown", "summary")
	}
	switch cfg.suite {
	case "":
		if cfg.quick || cfg.classes != "" || cfg.rows != "" {
			return nil, fmt.Errorf("-quick, -classes and -rows go with -suite libssz")
		}
	case "libssz":
		if cfg.format == "summary" {
			return nil, fmt.Errorf("-suite: -format summary is not a suite format (markdown, csv or json)")
		}
		for _, c := range splitList(cfg.classes) {
			if !slices.ContainsFunc(kernelClasses, func(k kernelClass) bool { return k.Name == c }) {
				return nil, fmt.Errorf("-classes: unknown class %q (want auto, avx512, avx2, shani, shani+avx512 or generic)", c)
			}
		}
	default:
		return nil, fmt.Errorf("-suite %q: the only suite is libssz", cfg.suite)
	}
	if fs.NArg() > 0 {
		return nil, fmt.Errorf("unexpected argument %q (flags only; see -h)", fs.Arg(0))
	}
	if cfg.n < 1 {
		return nil, fmt.Errorf("-n %d: need at least one validator", cfg.n)
	}
	if cfg.reps < 1 {
		return nil, fmt.Errorf("-reps %d: need at least one pass", cfg.reps)
	}
	for _, h := range splitList(*hashes) {
		if h != "sha256" && h != "keccak256" {
			return nil, fmt.Errorf("-hash: unknown hash function %q (want sha256 or keccak256)", h)
		}
		cfg.hashes = append(cfg.hashes, h)
	}
	for _, w := range splitList(*workers) {
		if w == "max" {
			cfg.workers = appendUnique(cfg.workers, runtime.GOMAXPROCS(0))
			continue
		}
		n, err := strconv.Atoi(w)
		if err != nil || n < 1 {
			return nil, fmt.Errorf("-workers: %q is not a positive number or max", w)
		}
		cfg.workers = appendUnique(cfg.workers, n)
	}
	for _, w := range splitList(*workloads) {
		switch w {
		case "registry", "state", "small", "wide":
			cfg.workloads = append(cfg.workloads, w)
		default:
			return nil, fmt.Errorf("-workloads: unknown workload %q (want registry, state, small or wide)", w)
		}
	}
	switch cfg.format {
	case "summary", "markdown", "csv", "json":
	default:
		return nil, fmt.Errorf("-format %q: want summary, markdown, csv or json", cfg.format)
	}
	if _, ok := forks[cfg.fork]; !ok {
		return nil, fmt.Errorf("-fork %q: want one of %s", cfg.fork, strings.Join(forkNames(), ", "))
	}
	if len(cfg.hashes) == 0 || len(cfg.workers) == 0 {
		return nil, fmt.Errorf("nothing to measure: -hash and -workers need at least one value")
	}
	return cfg, nil
}

// pick returns ifAll for the full sweep and quick otherwise.
func pick(all bool, ifAll, quick string) string {
	if all {
		return ifAll
	}
	return quick
}

func splitList(s string) []string {
	var out []string
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}

func appendUnique(xs []int, x int) []int {
	for _, y := range xs {
		if y == x {
			return xs
		}
	}
	return append(xs, x)
}
