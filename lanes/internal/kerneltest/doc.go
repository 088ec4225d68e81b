// Package kerneltest holds the test and benchmark bodies the amd64 kernel
// packages (avx2, avx512, shani) share, parameterised by a Kernel: the
// package's raw functions, its lane width and an independent reference
// hash. Each kernel package keeps thin Test and Benchmark functions that
// call these bodies, so test and benchmark names stay per package.
//
// It must not import package lanes or lanes/lanestest: the kernel
// packages' own tests (package avx2, not avx2_test) import it, and lanes
// imports the kernel packages, which would be an import cycle.
package kerneltest
