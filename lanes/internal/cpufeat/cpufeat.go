// Package cpufeat is the one place lanehash asks the CPU what it can
// run. golang.org/x/sys/cpu answers for everything but SHA-NI (it
// already folds the OS's XGETBV report in: AVX and AVX2 are false unless
// the OS saves ymm state, AVX-512 unless it saves opmask and zmm state);
// SHA-NI, which x/sys/cpu does not report on amd64, is read here with
// CPUID. The kernel packages and the lanes registry both use this
// package, so the answers cannot disagree.
package cpufeat
