package main

import "time"

// result is one measured combination of workload, strategy, hash function,
// kernel and worker count.
type result struct {
	Workload string `json:"workload"`
	// Unit is what one of Objects is: validator, object, uint64, root.
	Unit     string `json:"unit"`
	Strategy string `json:"strategy"`
	Hash     string `json:"hash"`
	Kernel   string `json:"kernel"`
	Workers  int    `json:"workers"`
	Objects  int    `json:"objects"`
	// Pairs is the number of 64-byte pair hashes one pass performs.
	Pairs uint64 `json:"pairs"`
	// Elapsed is the median wall time of one pass over all objects.
	Elapsed time.Duration `json:"elapsed_ns"`
	// CPU is the median CPU time of the process over one pass, summed
	// over its threads (0 where the OS does not tell): on a busy machine
	// it stays near the work done while wall time grows.
	CPU time.Duration `json:"cpu_ns"`
	// LaneFill is the fraction of kernel lanes that carried real work, or
	// 0 where the strategy does not report it.
	LaneFill float64 `json:"lane_fill"`
	// Speedup is the time of one-at-a-time SHA-256 with the automatic
	// kernel on the same workload and workers divided by this row's time
	// (CPU time where every row has it, else wall time: see ratioTime).
	Speedup float64 `json:"speedup_vs_one_at_a_time_sha256"`
	// SpeedupOwnHash is the time of one-at-a-time with this row's hash
	// function and kernel on the same workload and workers divided by
	// this row's time: what the strategy gains for that hash.
	SpeedupOwnHash float64 `json:"speedup_vs_one_at_a_time_same_hash"`
	// KeccakOverSHA is, on Keccak-256 rows of the automatic kernel, this
	// row's time divided by the SHA-256 row with the same workload,
	// strategy, workers and automatic kernel choice: above 1, Keccak-256
	// is slower.
	KeccakOverSHA float64 `json:"keccak_over_sha256,omitempty"`
	// Root is the first root of the pass (hex), so runs can be compared.
	Root string `json:"root"`
}

// ratioTime is the time ratios compare: CPU time when cpu is true (the
// run measured it on every row, see cpuClock), else wall time.
func (r result) ratioTime(cpu bool) time.Duration {
	if cpu {
		return r.CPU
	}
	return r.Elapsed
}

// chartNsPerObject is the time per object the chart draws: CPU time
// when cpu is true, else wall time.
func (r result) chartNsPerObject(cpu bool) float64 {
	if cpu {
		return r.cpuNsPerObject()
	}
	return r.nsPerObject()
}

// cpuClock reports whether every row of rs has a CPU time, so that
// ratios and the chart can use CPU time, which on a busy machine stays
// near the work done while wall time grows with the wait for a core.
func cpuClock(rs []result) bool {
	for _, r := range rs {
		if r.CPU <= 0 {
			return false
		}
	}
	return len(rs) > 0
}

// clockName names the clock cpuClock chose, for headers and footnotes.
func clockName(cpu bool) string {
	if cpu {
		return "CPU time"
	}
	return "wall time"
}

func (r result) nsPerObject() float64 {
	if r.Objects == 0 {
		return 0
	}
	return float64(r.Elapsed.Nanoseconds()) / float64(r.Objects)
}

func (r result) cpuNsPerObject() float64 {
	if r.Objects == 0 {
		return 0
	}
	return float64(r.CPU.Nanoseconds()) / float64(r.Objects)
}

func (r result) nsPerPair() float64 {
	if r.Pairs == 0 {
		return 0
	}
	return float64(r.Elapsed.Nanoseconds()) / float64(r.Pairs)
}

func (r result) pairsPerSecond() float64 {
	if r.Elapsed <= 0 {
		return 0
	}
	return float64(r.Pairs) / r.Elapsed.Seconds()
}
