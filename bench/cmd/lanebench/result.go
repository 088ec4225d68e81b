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
	// Clock is the time base of this row's per-object figures and ratios
	// ("cpu" or "wall", see assignClocks): CPU time for one worker, wall
	// time for more, where CPU time summed over threads would hide what
	// the workers gain.
	Clock string `json:"clock"`
	// OtherCores is how many cores other processes (and the hypervisor)
	// kept busy, on average, while this row's timed passes ran, or nil
	// where the OS does not tell (/proc/stat): what explains a worker
	// speed-up that a quiet machine would not show.
	OtherCores *float64 `json:"other_cores,omitempty"`
	// LaneFill is the fraction of kernel lanes that carried real work, or
	// 0 where the strategy does not report it.
	LaneFill float64 `json:"lane_fill"`
	// Speedup is the time of one-at-a-time SHA-256 with the automatic
	// kernel on the same workload and workers divided by this row's time
	// (both on the row's clock).
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

// The two clocks a row's figures can be on.
const (
	clockCPU  = "cpu"
	clockWall = "wall"
)

// assignClocks sets every row's Clock: CPU time on the rows of one
// worker when all of them have it (on a machine shared with other jobs,
// wall time includes waiting for a core, CPU time does not), wall time
// on the rows of more workers (their CPU time is summed over threads, so
// it cannot show what the workers gain) and wherever the OS gives no
// CPU time. The text, the tables and the chart all read this one field.
func assignClocks(rs []result) {
	cpu := true
	for _, r := range rs {
		if r.Workers == 1 && r.CPU <= 0 {
			cpu = false
		}
	}
	for i := range rs {
		if cpu && rs[i].Workers == 1 {
			rs[i].Clock = clockCPU
		} else {
			rs[i].Clock = clockWall
		}
	}
}

// baseTime is the row's time on its clock.
func (r result) baseTime() time.Duration {
	if r.Clock == clockCPU {
		return r.CPU
	}
	return r.Elapsed
}

// clockTitle names a clock for headers and labels.
func clockTitle(clock string) string {
	if clock == clockCPU {
		return "CPU"
	}
	return "wall"
}

// nsPerObject is the time per object on the row's clock.
func (r result) nsPerObject() float64 {
	if r.Objects == 0 {
		return 0
	}
	return float64(r.baseTime().Nanoseconds()) / float64(r.Objects)
}

// wallNsPerObject is the wall time per object, whatever the row's clock.
func (r result) wallNsPerObject() float64 {
	if r.Objects == 0 {
		return 0
	}
	return float64(r.Elapsed.Nanoseconds()) / float64(r.Objects)
}

// cpuNsPerObject is the CPU time per object, whatever the row's clock.
func (r result) cpuNsPerObject() float64 {
	if r.Objects == 0 {
		return 0
	}
	return float64(r.CPU.Nanoseconds()) / float64(r.Objects)
}

// nsPerPair is the time per pair hash on the row's clock.
func (r result) nsPerPair() float64 {
	if r.Pairs == 0 {
		return 0
	}
	return float64(r.baseTime().Nanoseconds()) / float64(r.Pairs)
}

// pairsPerSecond is the pair-hash rate on the row's clock.
func (r result) pairsPerSecond() float64 {
	if r.baseTime() <= 0 {
		return 0
	}
	return float64(r.Pairs) / r.baseTime().Seconds()
}
