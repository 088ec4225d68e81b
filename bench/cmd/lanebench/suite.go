package main

import (
	"fmt"
	"io"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/plan"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// -suite libssz: the benchmark matrix of libssz's "use Keccak-256 instead
// of SHA-256 for hash_tree_root" change, row for row under its names,
// each row for SHA-256 and Keccak-256, under the PR's strategy and
// lanehash's, on every kernel class this CPU can show. docs/research.md
// reads it.

// The two strategies of the suite.
const (
	// suitePR is the PR's strategy: one object at a time, each tree level
	// hashed in one batch (its hash_pairs).
	suitePR = "pr"
	// suiteLanehash is lanehash's: the plan's Root, which runs instances
	// in lockstep where the value has many (a list of containers, a
	// state's registry) and tiles a wide list level by level otherwise;
	// on merkle/ rows, the tree merkleizer plans use (sched.Tree).
	suiteLanehash = "lanehash"
)

// kernelClass is a class of CPU as a pair of kernels forced by name: what
// lanes would run on a CPU of that class (this CPU runs every class it
// has the instructions of).
type kernelClass struct {
	Name, Title string
	SHA, Keccak string
}

// kernelClasses are every class the suite knows; suiteClasses keeps those
// this CPU runs.
var kernelClasses = []kernelClass{
	{"auto", "automatic kernels (this CPU)", "sha256/auto", "keccak256/auto"},
	{"avx512", "AVX-512 without SHA-NI (avx512x16 / avx512x8)", "sha256/avx512x16", "keccak256/avx512x8"},
	{"avx2", "AVX2 only (avx2x8 / avx2x4)", "sha256/avx2x8", "keccak256/avx2x4"},
	{"shani", "SHA-NI without AVX-512 (shanix4 / avx2x4)", "sha256/shanix4", "keccak256/avx2x4"},
	// The PR's own pairing on a CPU with both (its Ryzen 9 9950X3D is a
	// Zen 5 like this one): SHA-256 on SHA-NI, as hashtree runs it, and
	// Keccak-256 on 8 AVX-512 lanes.
	{"shani+avx512", "the PR's pairing: SHA-NI SHA-256 (shanix2) against AVX-512 Keccak (avx512x8)", "sha256/shanix2", "keccak256/avx512x8"},
	{"generic", "pure Go, no SIMD (genericx1 / genericx1)", "sha256/genericx1", "keccak256/genericx1"},
}

// suiteClasses returns the classes whose two kernels this CPU runs,
// naming the automatic choice in the first.
func suiteClasses(only []string) []kernelClass {
	avail := map[string]bool{"sha256/auto": true, "keccak256/auto": true}
	for _, k := range lanes.Kernels() {
		if k.Available {
			avail[k.Name] = true
		}
	}
	var out []kernelClass
	for _, c := range kernelClasses {
		if !avail[c.SHA] || !avail[c.Keccak] || (len(only) > 0 && !slices.Contains(only, c.Name)) {
			continue
		}
		if c.Name == "auto" {
			for _, h := range []lanes.Hash{lanes.SHA256, lanes.Keccak256} {
				if k, err := lanes.Select(h, h.String()+"/auto"); err == nil {
					c.Title += ", " + k.Name()
				}
			}
		}
		out = append(out, c)
	}
	return out
}

// suitePass is one pass of a row: its root and the pairs it hashed.
type suitePass func() ([32]byte, uint64, error)

// suiteCase is a row's value, its reference root and its passes.
type suiteCase interface {
	reference(h lanes.Hash) ([32]byte, error)
	prepare(perLevel bool, h lanes.Hash, kernel string) (suitePass, error)
}

// valueCase is a hash_tree_root/ row: one SSZ value of type T.
type valueCase[T any] struct {
	v *T
}

func (c *valueCase[T]) reference(h lanes.Hash) ([32]byte, error) {
	return ssz.HashTreeRoot(c.v, refHash(h))
}

func (c *valueCase[T]) prepare(perLevel bool, h lanes.Hash, kernel string) (suitePass, error) {
	if perLevel {
		w, err := walkerFor(h, kernel)
		if err != nil {
			return nil, err
		}
		t, err := ssz.TypeFor[T]()
		if err != nil {
			return nil, err
		}
		rv := reflect.ValueOf(c.v)
		return func() ([32]byte, uint64, error) {
			w.reset()
			r, err := w.rootOf(t, rv)
			return r, w.pairs(), err
		}, nil
	}
	p, err := plan.PlanFor[T](plan.WithHash(h), plan.WithKernel(kernel), plan.WithWorkers(1))
	if err != nil {
		return nil, err
	}
	return func() ([32]byte, uint64, error) {
		p.ResetStats()
		r, err := p.Root(c.v)
		return r, p.Stats().Pairs(), err
	}, nil
}

// walkers hold one object walker per kernel for the whole suite: its
// plans are compiled once.
var walkers = map[string]*objectWalker{}

func walkerFor(h lanes.Hash, kernel string) (*objectWalker, error) {
	if w, ok := walkers[kernel]; ok {
		return w, nil
	}
	w, err := newObjectWalker(h, kernel)
	if err != nil {
		return nil, err
	}
	walkers[kernel] = w
	return w, nil
}

func value[T any](v T) suiteCase { return &valueCase[T]{v: &v} }

// suiteRow is one row of the PR's matrix.
type suiteRow struct {
	Name string
	// build makes the row's value; maxValidators caps the beacon states
	// (-quick and the tests scale them down), and scaled says what was
	// built when the cap bit.
	build func(maxValidators int) (c suiteCase, scaled string)
	// noHash rows (primitives, pack) hash nothing: both hash functions
	// cost the same, and the ratio says so (so do rows that hashed no
	// pair, such as merkleize of one chunk).
	noHash bool
}

func fixed(c func() suiteCase) func(int) (suiteCase, string) {
	return func(int) (suiteCase, string) { return c(), "" }
}

// suiteRows is the PR's matrix in its order: merkle.rs, then
// hash_tree_root.rs, then the states.
func suiteRows() []suiteRow {
	var rows []suiteRow
	add := func(name string, noHash bool, c func() suiteCase) {
		rows = append(rows, suiteRow{Name: name, build: fixed(c), noHash: noHash})
	}
	pair := func(a, b byte) []byte { return append(filled(32, a), filled(32, b)...) }
	add("merkle/hash_nodes/single", false, func() suiteCase { return &chunkCase{data: pair(0xaa, 0xbb), pairOnly: true} })
	add("merkle/mix_in_length/single", false, func() suiteCase {
		d := pair(0xcc, 0)
		d[32], d[33], d[34] = 0x40, 0x42, 0x0f // 1,000,000 little-endian
		return &chunkCase{data: d, pairOnly: true}
	})
	for _, n := range []int{1, 4, 16, 64, 256, 1024, 4096} {
		add(fmt.Sprintf("merkle/merkleize/%d", n), false, func() suiteCase { return &chunkCase{data: suiteChunks(n), depth: nextPow2Depth(n)} })
	}
	for _, nl := range [][2]int{{64, 1024}, {256, 4096}, {1024, 1048576}, {65536, 262144}, {65537, 262144}} {
		add(fmt.Sprintf("merkle/merkleize_with_limit/chunks/%d_of_%d", nl[0], nl[1]), false, func() suiteCase {
			return &chunkCase{data: suiteChunks(nl[0]), depth: nextPow2Depth(nl[1])}
		})
	}
	for _, n := range []int{32, 256, 1024, 32768} {
		add(fmt.Sprintf("merkle/pack/%d", n), true, func() suiteCase {
			d := make([]byte, n)
			for i := range d {
				d[i] = byte(i)
			}
			return &chunkCase{data: d, packOnly: true}
		})
	}
	for _, bits := range []int{64, 512, 2048, 8192} {
		add(fmt.Sprintf("merkle/pack_bits/%d", bits), true, func() suiteCase {
			d := make([]byte, (bits+7)/8)
			for i := range d {
				d[i] = byte(i)
			}
			return &chunkCase{data: d, packOnly: true, bits: bits}
		})
	}
	var b32 [32]byte
	for i := range b32 {
		b32[i] = 0xab
	}
	var u128 [16]byte
	for i := range u128 {
		u128[i] = 0xff
	}
	for _, p := range []struct {
		name string
		c    func() suiteCase
	}{
		{"bool", func() suiteCase { return value(boolBox{true}) }},
		{"u8", func() suiteCase { return value(u8Box{0xAB}) }},
		{"u16", func() suiteCase { return value(u16Box{0x1234}) }},
		{"u32", func() suiteCase { return value(u32Box{0x12345678}) }},
		{"u64", func() suiteCase { return value(u64Box{0x123456789abcdef0}) }},
		{"u128", func() suiteCase { return value(u128Box{u128}) }},
		{"bytes32", func() suiteCase { return value(bytes32Box{b32}) }},
	} {
		add("hash_tree_root/primitives/"+p.name, true, p.c)
	}
	add("hash_tree_root/vec_u64/100", false, func() suiteCase { return value(vecU64x100{countUp(100)}) })
	add("hash_tree_root/vec_u64/1000", false, func() suiteCase { return value(vecU64x1000{countUp(1000)}) })
	add("hash_tree_root/vec_u64/100000", false, func() suiteCase { return value(vecU64x100000{countUp(100000)}) })
	for _, n := range []int{100, 1000, 10000} {
		add(fmt.Sprintf("hash_tree_root/list_validator/%d", n), false, func() suiteCase { return value(listValidator{suiteValidators(n)}) })
	}
	add("hash_tree_root/vector_bytes32/100", false, func() suiteCase { return value(vecRoot100{countRoots(100)}) })
	add("hash_tree_root/vector_bytes32/1000", false, func() suiteCase { return value(vecRoot1000{countRoots(1000)}) })
	add("hash_tree_root/bitfields/bitlist/64", false, func() suiteCase { return value(bitlist64{bitlistBytes(64, 3)}) })
	add("hash_tree_root/bitfields/bitvector/64", false, func() suiteCase { return value(bitvector64{bitvectorBytes(64)}) })
	add("hash_tree_root/bitfields/bitvector/512", false, func() suiteCase { return value(bitvector512{bitvectorBytes(512)}) })
	add("hash_tree_root/bitfields/bitlist/2048", false, func() suiteCase { return value(bitlist2048{bitlistBytes(2048, 3)}) })
	add("hash_tree_root/bitfields/bitlist/4096", false, func() suiteCase { return value(bitlist4096{bitlistBytes(4096, 3)}) })
	add("hash_tree_root/bitfields/bitvector/4096", false, func() suiteCase { return value(bitvector4096{bitvectorBytes(4096)}) })
	add("hash_tree_root/containers/validator", false, func() suiteCase { return value(suiteValidator(42)) })
	add("hash_tree_root/containers/beacon_block_header", false, func() suiteCase { return value(suiteHeader(42)) })
	for v := 0; v < 4; v++ {
		add(fmt.Sprintf("hash_tree_root/unions/%d", v), false, func() suiteCase { return value(suiteUnion(v)) })
	}
	for _, n := range []int{100, 1000, 10000} {
		add(fmt.Sprintf("hash_tree_root/variable_container/%d", n), false, func() suiteCase { return variableCase(n) })
	}
	add("hash_tree_root/nested_container/10", false, func() suiteCase {
		return value(nested10{suiteHeader(42), suiteValidators(10), 123})
	})
	add("hash_tree_root/nested_container/100", false, func() suiteCase {
		return value(nested100{suiteHeader(42), suiteValidators(100), 123})
	})
	add("hash_tree_root/nested_container/1000", false, func() suiteCase {
		return value(nested1000{suiteHeader(42), suiteValidators(1000), 123})
	})
	for _, n := range []int{100, 1000, 100000} {
		add(fmt.Sprintf("hash_tree_root/list_u64/%d", n), false, func() suiteCase { return value(listU64{countUp(n)}) })
	}
	add("hash_tree_root/consensus_containers/fork", false, func() suiteCase { return value(suiteFork()) })
	add("hash_tree_root/consensus_containers/checkpoint", false, func() suiteCase { return value(suiteCheckpoint(42)) })
	add("hash_tree_root/consensus_containers/eth1_data", false, func() suiteCase { return value(suiteEth1Data(42)) })
	add("hash_tree_root/consensus_containers/attestation_data", false, func() suiteCase { return value(suiteAttestationData(42)) })
	add("hash_tree_root/consensus_containers/pending_attestation", false, func() suiteCase { return value(suitePendingAttestation(42)) })
	for _, n := range []int{16384, 100000, 300000, 1000000} {
		rows = append(rows, suiteRow{Name: fmt.Sprintf("hash_tree_root/beacon_state/%d", n), build: func(maxValidators int) (suiteCase, string) {
			m, scaled := n, ""
			if maxValidators > 0 && n > maxValidators {
				m, scaled = maxValidators, fmt.Sprintf("scaled to %d validators", maxValidators)
			}
			return &valueCase[phase0.BeaconState]{v: suiteState(m)}, scaled
		}})
	}
	return rows
}

// variableCase is variable_container/n.
func variableCase(n int) suiteCase {
	var fixed2 [32]byte
	fixed2[0] = 7
	switch n {
	case 100:
		return value(variable100{42, filled(n, 0xCC), fixed2, countUp(n)})
	case 1000:
		return value(variable1000{42, filled(n, 0xCC), fixed2, countUp(n)})
	}
	return value(variable10000{42, filled(n, 0xCC), fixed2, countUp(n)})
}

// suiteResult is one measured cell: a row on one kernel class, strategy
// and hash function.
type suiteResult struct {
	Row      string `json:"row"`
	Class    string `json:"class"`
	Strategy string `json:"strategy"`
	Hash     string `json:"hash"`
	Kernel   string `json:"kernel"`
	// NsPerOp is the median CPU time of one hash_tree_root (one
	// criterion iteration) in ns.
	NsPerOp float64 `json:"cpu_ns_per_op"`
	// Pairs is the pair hashes one op performs.
	Pairs uint64 `json:"pairs"`
	// Root is the op's root, equal to the reference's (checked before
	// timing); pack rows give the SHA-256 of their packed chunks.
	Root string `json:"root"`
	// Scaled says what a -quick run built instead of the row's size.
	Scaled string `json:"scaled,omitempty"`
	NoHash bool   `json:"no_hash,omitempty"`
}

func (r suiteResult) nsPerPair() float64 {
	if r.Pairs == 0 {
		return 0
	}
	return r.NsPerOp / float64(r.Pairs)
}

// suiteConfig is what -suite reads from the flags.
type suiteConfig struct {
	quick   bool
	classes []string // empty: every class this CPU runs
	rows    string   // a substring rows must contain; empty: all
	// target is the CPU time of one timed batch, samples how many
	// batches give the median.
	target  time.Duration
	samples int
	// maxValidators caps the beacon states (0: no cap).
	maxValidators int
	// checkOnly checks every root against the reference and times
	// nothing (the tests).
	checkOnly bool
}

// measureOp returns the median CPU ns of one call of pass: batches of k
// calls, k grown until a batch takes target, then samples batches (only
// one more where a single call exceeds 100 ms).
func measureOp(pass suitePass, target time.Duration, samples int) (float64, error) {
	batch := func(k int) (time.Duration, error) {
		c0 := processCPU()
		for i := 0; i < k; i++ {
			if _, _, err := pass(); err != nil {
				return 0, err
			}
		}
		return processCPU() - c0, nil
	}
	k := 1
	var t time.Duration
	for {
		var err error
		if t, err = batch(k); err != nil {
			return 0, err
		}
		if t >= target || k >= 1<<26 {
			break
		}
		grow := 2.0
		if t > 0 {
			grow = min(max(1.2*float64(target)/float64(t), 1.5), 100)
		}
		k = int(float64(k) * grow)
	}
	per := []float64{float64(t) / float64(k)}
	if t > 100*time.Millisecond {
		samples = min(samples, 2)
	}
	for len(per) < samples {
		t, err := batch(k)
		if err != nil {
			return 0, err
		}
		per = append(per, float64(t)/float64(k))
	}
	slices.Sort(per)
	return per[len(per)/2], nil
}

// runSuite measures every row on every class, both hashes and both
// strategies, each root checked against the reference before it is
// timed. progress gets a line per row.
func runSuite(sc suiteConfig, progress io.Writer) ([]suiteResult, []kernelClass, error) {
	return runSuiteRows(sc, suiteRows(), progress)
}

// runSuiteRows is runSuite over the given rows.
func runSuiteRows(sc suiteConfig, rows []suiteRow, progress io.Writer) ([]suiteResult, []kernelClass, error) {
	classes := suiteClasses(sc.classes)
	if len(classes) == 0 {
		return nil, nil, fmt.Errorf("-classes %q: none of them runs on this CPU", strings.Join(sc.classes, ","))
	}
	var out []suiteResult
	start := time.Now()
	for _, row := range rows {
		if sc.rows != "" && !strings.Contains(row.Name, sc.rows) {
			continue
		}
		c, scaled := row.build(sc.maxValidators)
		fmt.Fprintf(progress, "[%s] %s %s\n", time.Since(start).Round(time.Second), row.Name, scaled)
		for _, h := range []lanes.Hash{lanes.SHA256, lanes.Keccak256} {
			want, err := c.reference(h)
			if err != nil {
				return nil, nil, fmt.Errorf("%s: reference %s root: %w", row.Name, h, err)
			}
			for _, cl := range classes {
				kernel := cl.SHA
				if h == lanes.Keccak256 {
					kernel = cl.Keccak
				}
				for _, strategy := range []string{suitePR, suiteLanehash} {
					pass, err := c.prepare(strategy == suitePR, h, kernel)
					if err != nil {
						return nil, nil, fmt.Errorf("%s, %s, %s: %w", row.Name, strategy, kernel, err)
					}
					root, pairs, err := pass()
					if err != nil {
						return nil, nil, fmt.Errorf("%s, %s, %s: %w", row.Name, strategy, kernel, err)
					}
					if root != want {
						return nil, nil, fmt.Errorf("%s, %s, %s: root %x, reference %x", row.Name, strategy, kernel, root, want)
					}
					if pc, ok := c.(interface{ checkPacked() error }); ok {
						if err := pc.checkPacked(); err != nil {
							return nil, nil, fmt.Errorf("%s, %s, %s: %w", row.Name, strategy, kernel, err)
						}
					}
					var ns float64
					if !sc.checkOnly {
						ns, err = measureOp(pass, sc.target, sc.samples)
					}
					if err != nil {
						return nil, nil, fmt.Errorf("%s, %s, %s: %w", row.Name, strategy, kernel, err)
					}
					out = append(out, suiteResult{Row: row.Name, Class: cl.Name, Strategy: strategy, Hash: h.String(), Kernel: kernel,
						NsPerOp: ns, Pairs: pairs, Root: hexRoot(root), Scaled: scaled, NoHash: row.noHash || pairs == 0})
				}
			}
		}
	}
	return out, classes, nil
}

// suiteCell finds one result.
func suiteCell(rs []suiteResult, row, class, strategy, hash string) (suiteResult, bool) {
	for _, r := range rs {
		if r.Row == row && r.Class == class && r.Strategy == strategy && r.Hash == hash {
			return r, true
		}
	}
	return suiteResult{}, false
}

// keccakOverSHA is a row's keccak ÷ sha2 on one class and strategy.
func keccakOverSHA(rs []suiteResult, row, class, strategy string) (float64, bool) {
	s, ok1 := suiteCell(rs, row, class, strategy, "sha256")
	k, ok2 := suiteCell(rs, row, class, strategy, "keccak256")
	if !ok1 || !ok2 || s.NsPerOp <= 0 {
		return 0, false
	}
	return k.NsPerOp / s.NsPerOp, true
}

// formatDuration writes ns the way criterion prints times.
func formatDuration(ns float64) string {
	switch {
	case ns < 1e3:
		return strconv.FormatFloat(ns, 'f', 1, 64) + " ns"
	case ns < 1e6:
		return strconv.FormatFloat(ns/1e3, 'f', 2, 64) + " µs"
	case ns < 1e9:
		return strconv.FormatFloat(ns/1e6, 'f', 2, 64) + " ms"
	}
	return strconv.FormatFloat(ns/1e9, 'f', 2, 64) + " s"
}

// ratioText is a keccak ÷ sha2 cell: bold where Keccak-256 is faster
// (below 0.97, outside the noise of equal costs), marked on rows that
// hash nothing.
func ratioText(ratio float64, ok, noHash bool) string {
	if !ok {
		return "–"
	}
	s := strconv.FormatFloat(ratio, 'f', 2, 64)
	if noHash {
		return s + " (no hash)"
	}
	if ratio < keccakWins {
		return "**" + s + "**"
	}
	return s
}

// keccakWins is the keccak ÷ sha2 below which a row counts as a Keccak
// win: equal costs measure within a few per cent of 1.
const keccakWins = 0.97

// suiteRowNames lists the rows of rs in order.
func suiteRowNames(rs []suiteResult) []string {
	var names []string
	for _, r := range rs {
		if !slices.Contains(names, r.Row) {
			names = append(names, r.Row)
		}
	}
	return names
}

// writeSuiteMarkdown prints one table per kernel class in the PR's layout
// (benchmark, sha2, keccak, keccak ÷ sha2), for the PR's strategy and
// lanehash's side by side, with the ns per pair each kernel reached.
func writeSuiteMarkdown(w io.Writer, m machine, rs []suiteResult, classes []kernelClass) error {
	fmt.Fprintf(w, "# libssz's Keccak-256 matrix on %s\n\n", m.CPU)
	fmt.Fprintf(w, "%s (%s), %s/%s, GOMAXPROCS=%d, %s; load average at the start %s.\n\n", m.CPU, m.Microarchitecture, m.OS, m.Arch, m.GOMAXPROCS, m.GoVersion, m.LoadAverage)
	fmt.Fprintln(w, "Times are CPU time of one hash_tree_root (median), one thread. keccak ÷ sha2 below 1 (bold) is a row Keccak-256 wins. ns/pair is the op's time over the pairs it hashed.")
	fmt.Fprintln(w, "PR: one object at a time, each tree level hashed in one Pairs call (libssz's hash_pairs). lanehash: the plan's Root (lockstep across a value's instances, wide lists tiled); on merkle/ rows, sched.Tree.")
	fmt.Fprintln(w)
	for _, cl := range classes {
		fmt.Fprintf(w, "## %s\n\n", cl.Title)
		head := []string{"benchmark", "sha2 · PR", "keccak · PR", "keccak ÷ sha2 · PR", "sha2 · lanehash", "keccak · lanehash", "keccak ÷ sha2 · lanehash", "ns/pair sha2 · keccak (PR)"}
		var body [][]string
		wins := map[string]int{}
		for _, name := range suiteRowNames(rs) {
			row := []string{name}
			scaled := ""
			for _, s := range []string{suitePR, suiteLanehash} {
				sha, ok1 := suiteCell(rs, name, cl.Name, s, "sha256")
				kec, ok2 := suiteCell(rs, name, cl.Name, s, "keccak256")
				if !ok1 || !ok2 {
					row = append(row, "–", "–", "–")
					continue
				}
				scaled = sha.Scaled
				ratio, ok := keccakOverSHA(rs, name, cl.Name, s)
				if ok && ratio < keccakWins && !sha.NoHash {
					wins[s]++
				}
				row = append(row, formatDuration(sha.NsPerOp), formatDuration(kec.NsPerOp), ratioText(ratio, ok, sha.NoHash))
			}
			sha, _ := suiteCell(rs, name, cl.Name, suitePR, "sha256")
			kec, _ := suiteCell(rs, name, cl.Name, suitePR, "keccak256")
			if sha.Pairs > 0 && kec.Pairs > 0 {
				row = append(row, fmt.Sprintf("%.1f · %.1f", sha.nsPerPair(), kec.nsPerPair()))
			} else {
				row = append(row, "–")
			}
			if scaled != "" {
				row[0] += " (" + scaled + ")"
			}
			body = append(body, row)
		}
		if err := writeTable(w, head, body, 1); err != nil {
			return err
		}
		fmt.Fprintf(w, "\nKeccak-256 wins %d rows under the PR's strategy and %d under lanehash's (of %d rows that hash).\n\n", wins[suitePR], wins[suiteLanehash], len(suiteRowNames(rs))-countNoHash(rs))
	}
	return nil
}

func countNoHash(rs []suiteResult) int {
	n := 0
	for _, name := range suiteRowNames(rs) {
		for _, r := range rs {
			if r.Row == name {
				if r.NoHash {
					n++
				}
				break
			}
		}
	}
	return n
}
