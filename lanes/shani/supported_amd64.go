//go:build !purego

package shani

import "golang.org/x/sys/cpu"

// Supported reports whether this CPU can run the kernels of this
// package: the SHA extensions (CPUID leaf 7, EBX bit 29, which
// golang.org/x/sys/cpu does not report on amd64) and SSSE3 for the
// byte shuffles. Every CPU with SHA-NI also has SSE4.1, checked too so
// a virtual machine reporting an odd mix is rejected.
func Supported() bool { return supported }

var supported = detect()

func detect() bool {
	if !cpu.X86.HasSSSE3 || !cpu.X86.HasSSE41 {
		return false
	}
	if maxLeaf, _, _, _ := cpuid(0, 0); maxLeaf < 7 {
		return false
	}
	_, ebx, _, _ := cpuid(7, 0)
	return ebx&(1<<29) != 0
}
