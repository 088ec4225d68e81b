package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"runtime"
	"slices"
	"strings"

	"github.com/lanehash/lanehash/lanes"
	"golang.org/x/sys/cpu"
)

// cpuModel returns the processor's marketing name where the OS tells it.
func cpuModel() string {
	f, err := os.Open("/proc/cpuinfo")
	if err != nil {
		return runtime.GOARCH
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		key, value, ok := strings.Cut(sc.Text(), ":")
		if ok && strings.TrimSpace(key) == "model name" {
			return strings.TrimSpace(value)
		}
	}
	return runtime.GOARCH
}

// cpuFeatures lists the instruction-set extensions the kernels care about.
func cpuFeatures() []string {
	var fs []string
	add := func(ok bool, name string) {
		if ok {
			fs = append(fs, name)
		}
	}
	switch runtime.GOARCH {
	case "amd64":
		add(cpu.X86.HasAVX, "AVX")
		add(cpu.X86.HasAVX2, "AVX2")
		add(cpu.X86.HasAVX512F, "AVX512F")
		add(cpu.X86.HasAVX512VL, "AVX512VL")
		add(cpu.X86.HasAVX512BW, "AVX512BW")
	case "arm64":
		add(cpu.ARM64.HasASIMD, "ASIMD")
		add(cpu.ARM64.HasSHA2, "SHA2")
		add(cpu.ARM64.HasSHA3, "SHA3")
	}
	return fs
}

// machine describes where a run measured: written as the text header
// of the summary and Markdown, and inside the JSON document, so that no
// figure travels without its CPU.
type machine struct {
	CPU               string   `json:"cpu"`
	Microarchitecture string   `json:"microarchitecture"`
	OS                string   `json:"os"`
	Arch              string   `json:"arch"`
	GOMAXPROCS        int      `json:"gomaxprocs"`
	GoVersion         string   `json:"go_version"`
	Features          []string `json:"features"`
	// Kernels are the kernels this CPU runs; Automatic maps each hash
	// function to its automatic kernel.
	Kernels   []string          `json:"kernels"`
	Automatic map[string]string `json:"automatic"`
	// LoadAverage is /proc/loadavg's 1-, 5- and 15-minute figures when
	// the description was taken.
	LoadAverage string `json:"load_average,omitempty"`
	// Calibration is lanes.Calibration's report, line by line.
	Calibration []string `json:"calibration"`
}

// thisMachine describes this machine, and returns the automatic kernel
// of each hash function beside.
func thisMachine() (machine, map[string]string) {
	var names []string
	chosen := map[string]string{}
	for _, k := range lanes.Kernels() {
		if k.Available {
			names = append(names, k.Name)
		}
	}
	for _, h := range []lanes.Hash{lanes.SHA256, lanes.Keccak256} {
		if k, err := lanes.Select(h, h.String()+"/auto"); err == nil {
			chosen[h.String()] = k.Name()
		}
	}
	return describeMachine(names, chosen), chosen
}

// describeMachine takes the description: kernels are those this CPU
// runs, chosen the automatic kernel of each hash.
func describeMachine(kernels []string, chosen map[string]string) machine {
	features := cpuFeatures()
	// x/sys/cpu does not report the SHA extensions; a registered SHA-NI
	// kernel (there are two widths) says this CPU has them.
	if slices.ContainsFunc(kernels, func(k string) bool { return strings.HasPrefix(k, "sha256/shani") }) {
		features = append(features, "SHA-NI")
	}
	cal := lanes.Calibration()
	load, _ := loadAverage()
	return machine{
		CPU: cpuModel(), Microarchitecture: cal.Microarchitecture, OS: runtime.GOOS, Arch: runtime.GOARCH,
		GOMAXPROCS: runtime.GOMAXPROCS(0), GoVersion: runtime.Version(), Features: features,
		Kernels: kernels, Automatic: chosen, LoadAverage: load,
		Calibration: strings.Split(cal.String(), "\n"),
	}
}

// writeMachine prints the benchmark header: the machine, the kernels it
// can run, the automatic kernels, and what calibration measured and
// chose (lanes.Calibration), so a reader knows which kernel each "auto"
// row ran and why.
func writeMachine(w io.Writer, m machine) {
	fmt.Fprintf(w, "machine: %s, %s/%s, GOMAXPROCS=%d, %s\n", m.CPU, m.OS, m.Arch, m.GOMAXPROCS, m.GoVersion)
	if m.LoadAverage != "" {
		fmt.Fprintf(w, "load average: %s\n", m.LoadAverage)
	}
	fmt.Fprintf(w, "features: %s\n", strings.Join(m.Features, " "))
	fmt.Fprintf(w, "kernels: %s\n", strings.Join(m.Kernels, " "))
	for _, h := range []string{"sha256", "keccak256"} {
		if k, ok := m.Automatic[h]; ok {
			fmt.Fprintf(w, "automatic %s: %s\n", h, k)
		}
	}
	for _, line := range m.Calibration {
		fmt.Fprintf(w, "%s\n", line)
	}
}
