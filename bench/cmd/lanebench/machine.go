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

// writeMachine prints the benchmark header: the machine, the kernels it
// can run, the automatic kernels, and what calibration measured and
// chose (lanes.Calibration), so a reader knows which kernel each "auto"
// row ran and why.
func writeMachine(w io.Writer, kernels []string, chosen map[string]string) {
	fmt.Fprintf(w, "machine: %s, %s/%s, GOMAXPROCS=%d, %s\n", cpuModel(), runtime.GOOS, runtime.GOARCH, runtime.GOMAXPROCS(0), runtime.Version())
	features := cpuFeatures()
	// x/sys/cpu does not report the SHA extensions; a registered SHA-NI
	// kernel (there are two widths) says this CPU has them.
	if slices.ContainsFunc(kernels, func(k string) bool { return strings.HasPrefix(k, "sha256/shani") }) {
		features = append(features, "SHA-NI")
	}
	fmt.Fprintf(w, "features: %s\n", strings.Join(features, " "))
	fmt.Fprintf(w, "kernels: %s\n", strings.Join(kernels, " "))
	for _, h := range []string{"sha256", "keccak256"} {
		if k, ok := chosen[h]; ok {
			fmt.Fprintf(w, "automatic %s: %s\n", h, k)
		}
	}
	for _, line := range strings.Split(lanes.Calibration().String(), "\n") {
		fmt.Fprintf(w, "%s\n", line)
	}
}
