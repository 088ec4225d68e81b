package main

import (
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/lanehash/lanehash/internal/cputime"
	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// registryLimit is VALIDATOR_REGISTRY_LIMIT: a registry root is the root
// of a List[Validator, 2^40].
const registryLimit = 1 << 40

// hashOf maps a -hash value to its hash function.
var hashOf = map[string]lanes.Hash{"sha256": lanes.SHA256, "keccak256": lanes.Keccak256}

// kernelNames returns the kernels to measure for h: "<hash>/auto" first.
func kernelNames(h lanes.Hash, choice string) []string {
	auto := h.String() + "/auto"
	switch choice {
	case "auto":
		return []string{auto}
	case "all":
		names := []string{auto}
		for _, k := range lanes.Kernels() {
			if k.Hash == h && k.Available {
				names = append(names, k.Name)
			}
		}
		return names
	}
	var names []string
	for _, name := range splitList(choice) {
		if strings.HasPrefix(name, h.String()+"/") {
			names = append(names, name)
		}
	}
	return names
}

// buildWorkloads builds the workloads cfg names, and reads the caller's
// files, whose roots it returns.
func buildWorkloads(cfg *config) ([]workload, []fileRoot, error) {
	var ws []workload
	var files []fileRoot
	for _, name := range cfg.workloads {
		switch name {
		case "registry":
			vals := phase0.RandomValidators(cfg.n, cfg.seed)
			ws = append(ws, &containers[phase0.Validator]{label: fmt.Sprintf("registry n=%d", cfg.n), items: vals, limit: registryLimit})
		case "state":
			w, err := forks[cfg.fork].synthetic(cfg.n, cfg.seed)
			if err != nil {
				return nil, nil, err
			}
			ws = append(ws, w)
		case "small":
			ws = append(ws, smallWorkloads(smallCount(cfg.n), cfg.seed)...)
		case "wide":
			ws = append(ws, wideWorkloads(cfg.n, cfg.seed)...)
		}
	}
	if cfg.state != "" {
		data, err := os.ReadFile(cfg.state)
		if err != nil {
			return nil, nil, err
		}
		sw, root, err := forks[cfg.fork].file(cfg.state, data)
		if err != nil {
			return nil, nil, err
		}
		ws = append(ws, sw...)
		files = append(files, root)
	}
	if cfg.registry != "" {
		data, err := os.ReadFile(cfg.registry)
		if err != nil {
			return nil, nil, err
		}
		const size = 121
		if len(data) == 0 || len(data)%size != 0 {
			return nil, nil, fmt.Errorf("%s: %d bytes is not a whole number of %d-byte validators", cfg.registry, len(data), size)
		}
		rw, root, err := registryWorkloads(cfg.registry, data, len(data)/size)
		if err != nil {
			return nil, nil, err
		}
		ws = append(ws, rw...)
		files = append(files, root)
	}
	return ws, files, nil
}

// smallCount is how many of each small container the small workload
// hashes: a quarter of n, capped so that a large -n spends its time on
// the registry and the state.
func smallCount(n int) int { return min(max(n/4, 1), 10_000) }

// job is one measurement: a workload hashed with one strategy, hash
// function, kernel and worker count.
type job struct {
	w        workload
	strategy string
	hash     lanes.Hash
	kernel   string
	workers  int
}

// planJobs lists the measurements of a run, workload by workload. The
// quick run measures every strategy on the fewest workers and the other
// worker counts on the lockstep strategy only: its summary compares one
// worker with all on lanehash's own strategy, and the other strategies'
// multi-worker rows would double its time for numbers it does not print.
func planJobs(cfg *config, ws []workload) []job {
	fewest := slices.Min(cfg.workers)
	var jobs []job
	for _, w := range ws {
		for _, hn := range cfg.hashes {
			h := hashOf[hn]
			for _, s := range w.strategies() {
				for _, k := range kernelNames(h, cfg.kernels) {
					for _, wk := range cfg.workers {
						if wk != fewest && !cfg.all && s != strategyLockstep {
							continue
						}
						jobs = append(jobs, job{w, s, h, k, wk})
					}
				}
			}
		}
	}
	return jobs
}

func run(cfg *config, stdout, stderr io.Writer) error {
	if cfg.suite != "" {
		return runSuiteCommand(cfg, stdout, stderr)
	}
	prog := newProgress(stderr, cfg.quiet)
	m, chosen := thisMachine()
	// A person's formats (summary, Markdown) carry the header; CSV and
	// JSON write only data to stdout, so the header goes with the
	// progress to stderr (and JSON carries the machine inside).
	text := cfg.format == "summary" || cfg.format == "markdown"
	header := prog.w
	if text {
		header = stdout
	}
	writeMachine(header, m)
	fmt.Fprintln(header)

	prog.note("building workloads (n=%d, seed=%d)...", cfg.n, cfg.seed)
	ws, files, err := buildWorkloads(cfg)
	if err != nil {
		return err
	}
	for _, f := range files {
		fmt.Fprintf(header, "%s: %s, %d validators, hash_tree_root (SHA-256) %s\n", f.Path, f.Type, f.Validators, f.Root)
	}
	if len(files) > 0 {
		fmt.Fprintln(header)
	}
	jobs := planJobs(cfg, ws)
	if len(jobs) == 0 {
		return fmt.Errorf("no kernel matches -kernels %q", cfg.kernels)
	}
	var results []result
	roots := map[string]string{} // workload and hash → root, to check every strategy agrees
	prog.begin(len(jobs))
	for i, j := range jobs {
		prog.step(i, j.w.name(), fmt.Sprintf("%s · %s · %d worker(s)", j.strategy, j.kernel, j.workers))
		r, err := measure(j, cfg.reps, roots)
		if err != nil {
			return errorf(j.w, j.strategy, j.kernel, j.workers, err)
		}
		if strings.HasSuffix(r.Kernel, "/auto") {
			r.Kernel = chosen[j.hash.String()]
		}
		results = append(results, r)
	}
	prog.end()
	compare(results, chosen)
	warnings := workerWarnings(results, chosen)
	switch cfg.format {
	case "summary":
		writeSummary(stdout, results, chosen, warnings)
	case "markdown":
		err = writeMarkdown(stdout, results)
	case "csv":
		err = writeCSV(stdout, m, results)
	case "json":
		err = writeJSON(stdout, document{Machine: m, TimeBase: timeBaseOf(results), Files: files, Warnings: warnings, Results: results})
	}
	if err != nil {
		return err
	}
	// The JSON document holds its warnings; the other formats print them
	// where a person reads: after a text table, or on stderr beside CSV.
	if cfg.format != "json" && cfg.format != "summary" {
		out := stdout
		if !text {
			out = stderr
		}
		for _, w := range warnings {
			fmt.Fprintln(out, w)
		}
	}
	if cfg.svg != "" {
		if err := writeChart(cfg.svg, results, chosen, kernelColumns(ws)); err != nil {
			return err
		}
		prog.note("chart written to %s", cfg.svg)
	}
	return nil
}

// measure times reps passes of j after an untimed warm-up pass, and
// checks the root against the one the workload's first measurement
// computed (roots holds them by workload and hash).
func measure(j job, reps int, roots map[string]string) (result, error) {
	p, err := j.w.prepare(j.strategy, j.hash, j.kernel, j.workers)
	if err != nil {
		return result{}, err
	}
	o, err := p() // warm-up, not timed
	if err != nil {
		return result{}, err
	}
	key := j.w.name() + "|" + j.hash.String()
	if want, ok := roots[key]; !ok {
		roots[key] = hexRoot(o.root)
	} else if got := hexRoot(o.root); got != want {
		return result{}, fmt.Errorf("root %s differs from the first strategy's %s", got, want)
	}
	times := make([]time.Duration, reps)
	cpu := make([]time.Duration, reps)
	others := startOther()
	for r := range times {
		c0, t0 := processCPU(), time.Now()
		if o, err = p(); err != nil {
			return result{}, err
		}
		times[r], cpu[r] = time.Since(t0), processCPU()-c0
	}
	held := others.cores()
	slices.Sort(times)
	slices.Sort(cpu)
	return result{
		Workload: j.w.name(), Unit: j.w.unit(), Strategy: j.strategy, Hash: j.hash.String(), Kernel: j.kernel,
		Workers: j.workers, Objects: j.w.objects(), Pairs: o.pairs, Elapsed: times[len(times)/2], CPU: cpu[len(cpu)/2],
		OtherCores: held, LaneFill: laneFill(j.strategy, o.laneFill), Root: hexRoot(o.root),
	}, nil
}

// processCPU is the user+system CPU time the process has used, or 0
// where the OS does not report it (internal/cputime owns the clock). On
// a machine shared with other jobs wall time includes waiting for a
// core; CPU time does not.
func processCPU() time.Duration {
	ns, _ := cputime.Process()
	return time.Duration(ns)
}

// laneFill reports the lockstep strategy's lane fill; the others do not
// run lockstep lanes.
func laneFill(strategy string, fill float64) float64 {
	if strategy != strategyLockstep {
		return 0
	}
	return fill
}

// compare sets every row's clock (assignClocks) and fills the speed-up
// and Keccak÷SHA-256 columns from the rows' times on it; the rows a ratio
// relates have the same worker count, so the same clock.
func compare(rs []result, chosen map[string]string) {
	assignClocks(rs)
	type key struct {
		workload, strategy, hash, kernel string
		workers                          int
	}
	at := map[key]time.Duration{}
	for _, r := range rs {
		at[key{r.Workload, r.Strategy, r.Hash, r.Kernel, r.Workers}] = r.baseTime()
	}
	sha := chosen["sha256"]
	ratio := func(num, den time.Duration) float64 {
		if num <= 0 || den <= 0 {
			return 0
		}
		return float64(num) / float64(den)
	}
	for i := range rs {
		r := &rs[i]
		t := r.baseTime()
		if base, ok := at[key{r.Workload, strategyOneAtATime, "sha256", sha, r.Workers}]; ok {
			r.Speedup = ratio(base, t)
		}
		if base, ok := at[key{r.Workload, strategyOneAtATime, r.Hash, r.Kernel, r.Workers}]; ok {
			r.SpeedupOwnHash = ratio(base, t)
		}
		if r.Hash == "keccak256" && r.Kernel == chosen["keccak256"] {
			if s, ok := at[key{r.Workload, r.Strategy, "sha256", sha, r.Workers}]; ok {
				r.KeccakOverSHA = ratio(t, s)
			}
		}
	}
}

// kernelColumns are the chart's kernel panel: the first workload on
// lockstep, and the root vectors on per-level, the research question's
// wide-tree case.
func kernelColumns(ws []workload) []kernelColumn {
	var cols []kernelColumn
	if len(ws) > 0 {
		cols = append(cols, kernelColumn{ws[0].name(), strategyLockstep})
	}
	for _, w := range ws {
		if _, ok := w.(*wideTree[rootVector]); ok {
			cols = append(cols, kernelColumn{w.name(), strategyPerLevel})
		}
	}
	return cols
}
