package main

import (
	"bufio"
	"fmt"
	"os"
	"runtime"
	"strconv"
	"strings"
	"time"
)

// What else the machine ran while lanebench measured: the figures of
// one worker are CPU time and hold on a busy machine, but a speed-up of
// more workers is wall time and needs the cores to be free. The kernel
// counts every CPU's busy time in /proc/stat; the process's own CPU time
// subtracted from it leaves what other processes used.

// userHz is the unit of /proc/stat's counters (USER_HZ), 100 per second
// on every Linux ABI.
const userHz = 100

// systemBusy returns the CPU time all processors have spent busy since
// boot (user, nice, system, irq, softirq and steal: the time a
// hypervisor gave this machine's virtual CPUs to someone else counts as
// held), and whether the OS reports it.
func systemBusy() (time.Duration, bool) {
	f, err := os.Open("/proc/stat")
	if err != nil {
		return 0, false
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	if !sc.Scan() {
		return 0, false
	}
	fields := strings.Fields(sc.Text())
	if len(fields) < 9 || fields[0] != "cpu" {
		return 0, false
	}
	var ticks uint64
	// user nice system idle iowait irq softirq steal: skip idle (4) and
	// iowait (5).
	for i, f := range fields[1:9] {
		if i == 3 || i == 4 {
			continue
		}
		v, err := strconv.ParseUint(f, 10, 64)
		if err != nil {
			return 0, false
		}
		ticks += v
	}
	return time.Duration(ticks) * (time.Second / userHz), true
}

// otherMeter measures how many cores other processes held over a span:
// start it, run, then read it.
type otherMeter struct {
	busy, own time.Duration
	start     time.Time
	ok        bool
}

// startOther starts measuring.
func startOther() otherMeter {
	busy, ok := systemBusy()
	return otherMeter{busy: busy, own: processCPU(), start: time.Now(), ok: ok && processCPU() > 0}
}

// cores returns the average number of cores other processes kept busy
// since m started, or nil where the OS does not tell.
func (m otherMeter) cores() *float64 {
	if !m.ok {
		return nil
	}
	busy, ok := systemBusy()
	wall := time.Since(m.start)
	if !ok || wall <= 0 {
		return nil
	}
	own := processCPU() - m.own
	others := (busy - m.busy) - own
	// Tick rounding (10 ms) can make a short span's figure a little
	// negative, or more than the cores this process left over; clamp it
	// to what can be true.
	left := max(float64(runtime.NumCPU())-float64(own)/float64(wall), 0)
	c := min(max(float64(others)/float64(wall), 0), left)
	return &c
}

// workerGainFloor is the speed-up of the most workers over one below
// which lanebench explains it: with two free cores a worker-split
// workload gains well above it.
const workerGainFloor = 1.3

// heldCores is the number of cores other processes must hold for
// lanebench to blame them for a low speed-up.
const heldCores = 0.25

// workerWarnings explains each workload whose speed-up of its most
// workers over one (wall time, lockstep, automatic kernels) is below
// workerGainFloor: busy when other processes held cores while it ran
// (from the rows' OtherCores, else the load average), otherwise that
// the workload did not split further on free cores.
func workerWarnings(rs []result, chosen map[string]string) []string {
	var out []string
	for _, name := range workloadOrder(rs) {
		one, most := 0, 0
		for _, r := range rs {
			if r.Workload == name {
				if one == 0 || r.Workers < one {
					one = r.Workers
				}
				most = max(most, r.Workers)
			}
		}
		if most <= one {
			continue
		}
		worst, worstHash := 0.0, ""
		held, known := 0.0, false
		for _, h := range summaryHashes {
			base, ok1 := find(rs, name, strategyLockstep, h.name, chosen[h.name], one)
			wide, ok2 := find(rs, name, strategyLockstep, h.name, chosen[h.name], most)
			if !ok1 || !ok2 || wide.Elapsed <= 0 {
				continue
			}
			gain := float64(base.Elapsed) / float64(wide.Elapsed)
			if worstHash == "" || gain < worst {
				worst, worstHash = gain, h.title
			}
			for _, r := range []result{base, wide} {
				if r.OtherCores != nil {
					held, known = max(held, *r.OtherCores), true
				}
			}
		}
		if worstHash == "" || worst >= workerGainFloor {
			continue
		}
		load, loadOK := loadAverage()
		lead := fmt.Sprintf("warning: %s: %d workers over %d is %.2f× (%s, wall time)", name, most, one, worst, worstHash)
		switch {
		case known && held >= heldCores:
			out = append(out, fmt.Sprintf("%s because other processes kept %.1f cores busy while it ran (load average %s): the workers waited for a core; measure on a quiet machine.", lead, held, load))
		case !known && loadOK:
			out = append(out, fmt.Sprintf("%s; the load average is %s: if other processes hold cores, the workers waited for them.", lead, load))
		case known:
			out = append(out, fmt.Sprintf("%s with the cores free (other processes held %.1f): this workload does not split further at this size (try a larger -n).", lead, held))
		default:
			out = append(out, lead+"; this OS does not tell whether other processes held cores.")
		}
	}
	return out
}
